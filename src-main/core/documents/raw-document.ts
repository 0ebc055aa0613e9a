import { Failure } from '../failure';

/** A document as operation 8 returns it (API.md): contents are base64. */
export interface RawDocumentInput {
  filename: string;
  contents: string;
  contentType: string;
}

/** Checks the shape of the service's answer; a missing or mistyped key is a bad response. */
export function checkRawDocument(raw: unknown): RawDocumentInput {
  if (raw === null || typeof raw !== 'object') {
    throw new Failure(
      'bad_response',
      'The service answered the document request with something that is not a document.',
    );
  }
  const record = raw as Record<string, unknown>;
  for (const key of ['filename', 'contents', 'contentType'] as const) {
    if (typeof record[key] !== 'string') {
      throw new Failure(
        'bad_response',
        `The service's document has no text "${key}", so it cannot be shown.`,
      );
    }
  }
  return record as unknown as RawDocumentInput;
}
