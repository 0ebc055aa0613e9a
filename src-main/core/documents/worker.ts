import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { Failure } from '../failure';
import { runDocumentJob } from './document-jobs';
import { createDocumentStore } from './document-store';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

/*
 * The document worker's entry (bundled as out/main/document-worker.js). It lives as long as the
 * console: started once, it reads every document answer (bytes, transferred) and keeps the decoded
 * copies for paging, so the main thread neither parses, decodes nor holds them. A crash or a
 * runaway heap ends only this worker (its documents are then re-opened by the user); the decoder
 * starts a new one on the next document.
 */

const store = createDocumentStore({ prefix: 'w' });

function answer({ id, job }: WorkerRequest): WorkerReply {
  try {
    const value = runDocumentJob(store, job);
    return { id, ok: true, value, heapBytes: getHeapStatistics().used_heap_size };
  } catch (error) {
    if (error instanceof Failure) return { id, ok: false, error: error.error };
    return { id, ok: false, bug: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

// A read hands the document's bytes back: transferred, so they are not copied once more.
function transferOf(reply: WorkerReply): ArrayBuffer[] {
  const value = reply.ok ? (reply.value as { bytes?: unknown }) : undefined;
  return value?.bytes instanceof ArrayBuffer ? [value.bytes] : [];
}

parentPort?.on('message', (request: WorkerRequest) => {
  const reply = answer(request);
  parentPort?.postMessage(reply, transferOf(reply));
});
