import { rawDocumentSchema } from '../../../src-shared/api';
import { redactBase64, redactText } from '../../../src-shared/redaction';
import { parseAnswer } from '../client/parse';
import { decodeBase64Strict } from './decode-base64';
import { freeBytes } from './own-bytes';
import type { DocumentBytes } from './open-document';

/** A documents-operation answer as main hands it to the worker: the bytes, not yet read. */
export interface DocumentAnswerBytes {
  /** The body exactly as received; transferred to the worker, never copied as a string. */
  bytes: ArrayBuffer;
  /** The profile's secret values, which the answer is cleaned of before anything is kept. */
  secrets: readonly string[];
  /** For the sentences of a bad answer: the profile's name and what was asked ('reading a document'). */
  profileName: string;
  operation: string;
}

/**
 * Reads the answer where main used to: UTF-8 text, JSON, the contract's shape with the client's
 * own sentences, strict base64, and the secret values a misconfigured gateway may echo cleaned
 * out of every string kept. Cleaning the parsed strings covers what cleaning the text did (JSON escapes are
 * resolved by then, as redactBody's second pass does) and only the three strings are kept.
 */
export function readDocumentAnswer(answer: DocumentAnswerBytes): DocumentBytes {
  const { secrets } = answer;
  // The text is a temporary of this one expression.
  const document = parseAnswer(
    rawDocumentSchema,
    textOf(answer),
    { name: answer.profileName },
    answer.operation,
  );
  return {
    filename: redactText(document.filename, secrets),
    contentType: redactText(document.contentType, secrets),
    // The base64 text is a temporary too: only the decoded bytes leave this function.
    bytes: decodeBase64Strict(redactBase64(document.contents, secrets)),
  };
}

/**
 * The answer as text. The job lets go of the bytes, and their memory goes at once rather than
 * at the next collection (13 MiB for a 10 MiB document, otherwise held through the whole parse).
 */
function textOf(answer: DocumentAnswerBytes): string {
  const bytes = takeBytes(answer);
  const text = new TextDecoder().decode(bytes);
  freeBytes(bytes);
  return text;
}

/** The answer's bytes, leaving an empty buffer behind so the job no longer holds them. */
function takeBytes(answer: DocumentAnswerBytes): Uint8Array {
  const bytes = new Uint8Array(answer.bytes);
  answer.bytes = new ArrayBuffer(0);
  return bytes;
}

/** The bytes of an answer that is already an object (tests, and the reference's own encoder). */
export function answerBytes(raw: unknown): ArrayBuffer {
  return new TextEncoder().encode(JSON.stringify(raw)).buffer as ArrayBuffer;
}
