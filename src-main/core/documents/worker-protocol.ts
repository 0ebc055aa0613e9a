import type { CallError } from '../../../src-shared/result';
import type { DocumentView, SearchPage, TextPage, TreePage } from '../../../src-shared/documents';
import type { DocumentAnswerBytes } from './document-answer';

/** One piece of work on documents; `ref` is the handle `open` gave. */
export type DocumentJob =
  | { type: 'open'; answer: DocumentAnswerBytes; documentId?: string }
  | { type: 'read'; answer: DocumentAnswerBytes }
  | { type: 'tree'; ref: string; path: string; offset: number; limit: number }
  | { type: 'text'; ref: string; fromLine: number; toLine: number }
  | { type: 'search'; ref: string; query: string; offset: number; limit: number }
  | { type: 'source'; ref: string }
  | { type: 'close'; ref: string };

/** What each job answers. */
export interface DocumentJobResults {
  open: DocumentView;
  /** The answer read and checked, its document's original bytes handed back (transferred). */
  read: { filename: string; contentType: string; bytes: ArrayBuffer };
  tree: TreePage;
  text: TextPage;
  search: SearchPage;
  source: { text: string };
  /** `open` counts the documents still kept where this one was. */
  close: { closed: boolean; open: number };
}

/** A job as posted to the long-lived worker, numbered so replies find their caller. */
export interface WorkerRequest {
  id: number;
  job: DocumentJob;
}

/**
 * The worker's reply to one request: the value, an expected failure to re-throw as a Failure, or
 * a bug (any other exception) to re-throw as an Error so it is logged, not shown.
 */
export type WorkerReply = { id: number } & (
  { ok: true; value: unknown } | { ok: false; error: CallError } | { ok: false; bug: string }
);
