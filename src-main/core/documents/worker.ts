import { parentPort, workerData } from 'node:worker_threads';
import { Failure } from '../failure';
import { decodeDocument } from './decode-document';
import type { WorkerJob, WorkerReply } from './worker-protocol';

/*
 * The document worker's entry (bundled as out/main/document-worker.js): decodes the one document
 * it was started with, posts the reply and ends. One worker per large document keeps a crash or
 * a runaway heap confined to that document and returns its memory when it ends.
 */

function run(job: WorkerJob): WorkerReply {
  try {
    return { ok: true, value: decodeDocument(job.raw, job.documentId) };
  } catch (error) {
    if (error instanceof Failure) return { ok: false, error: error.error };
    return { ok: false, bug: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

if (parentPort) parentPort.postMessage(run(workerData as WorkerJob));
