import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { Failure } from '../failure';
import { runDocumentJob } from './document-jobs';
import { createDocumentStore } from './document-store';
import { collectAfterClosingBytes } from './limits';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

/*
 * The document worker's entry (bundled as out/main/document-worker.js). It lives as long as the
 * console: started once, it reads every document answer (bytes, transferred) and keeps the decoded
 * copies for paging, so the main thread neither parses, decodes nor holds them. A crash or a
 * runaway heap ends only this worker (its documents are then re-opened by the user); the decoder
 * starts a new one on the next document.
 */

const store = createDocumentStore({ prefix: 'w' });

/*
 * A full collection when a large document closes: V8 would keep a 10 MiB decode's garbage
 * (~60 MiB) until the next document's parse grows the heap, and decode that one on top of it.
 * Measured with a 1 MiB document left open and five 10 MiB opened and closed in turn, the
 * process's peak grew 124 MiB with this, 166-214 MiB with it only after the last document's close.
 * Not for small ones (limits.ts): the collection held the next 1 MiB open up by ~40 ms.
 * A worker cannot be started with --expose-gc (Node refuses V8 flags in a worker's execArgv), so
 * the flag is set here and the function taken from a fresh context (contexts made later, such as a
 * renewed worker's, see a `gc` global too: harmless). The decoder still renews an idle worker.
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function answer({ id, job }: WorkerRequest): WorkerReply {
  try {
    return { id, ok: true, value: runDocumentJob(store, job) };
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
  const keptBefore = store.keptBytes();
  const reply = answer(request);
  parentPort?.postMessage(reply, transferOf(reply));
  // After the reply, so the close is answered at once; a job posted meanwhile waits for it.
  const freed = keptBefore - store.keptBytes();
  if (request.job.type === 'close' && freed >= collectAfterClosingBytes) collectGarbage();
});
