import type { CallError } from '../../../src-shared/result';
import type { DecodedDocument } from '../../../src-shared/documents';
import type { RawDocumentInput } from './decode-document';

/** What the runner hands a decoding worker, as its workerData. */
export interface WorkerJob {
  raw: RawDocumentInput;
  documentId?: string;
}

/**
 * The worker's one reply: the document, an expected failure to re-throw as a Failure, or a bug
 * (any other exception) to re-throw as an Error so it is logged, not shown.
 */
export type WorkerReply =
  { ok: true; value: DecodedDocument } | { ok: false; error: CallError } | { ok: false; bug: string };
