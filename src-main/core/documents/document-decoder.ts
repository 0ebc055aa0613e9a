import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { DocumentView } from '../../../src-shared/documents';
import { Failure } from '../failure';
import { answerBytes, type DocumentAnswerBytes } from './document-answer';
import { checkEncodedLength } from './decode-base64';
import {
  workerHandOverMs,
  workerHeapMb,
  workerRenewalMs,
  workerTimeoutMs,
  workerYoungHeapMb,
} from './limits';
import { checkRawDocument } from './raw-document';
import type { DocumentJob, DocumentJobResults, WorkerReply, WorkerRequest } from './worker-protocol';

/** Where the worker lives and how it is run. */
export interface DocumentDecoderOptions {
  /** The worker script: the built out/main/document-worker.js, or worker.ts under tests. */
  workerUrl: URL;
  /** Node flags for the worker, e.g. a TypeScript loader when the worker is a .ts file. */
  workerExecArgv?: string[];
  /** How long the worker may take over one job; default 20 s. */
  timeoutMs?: number;
}

type PageJob = Exclude<DocumentJob, { type: 'open' | 'read' }>;

/**
 * Opens every document in the one long-lived worker (small ones too: one path) and pages the
 * copies it keeps. Main hands over the answer's bytes and keeps nothing of the document.
 */
export interface DocumentDecoder {
  /**
   * Reads, checks and decodes one answer of the documents operation from its bytes (which are
   * transferred: the caller's buffer is empty afterwards); rejects with a Failure for bad data.
   */
  open(answer: DocumentAnswerBytes, documentId?: string): Promise<DocumentView>;
  /**
   * Reads and checks an answer like `open` and gives back the document's original bytes (for
   * Save as), decoded in the worker so main neither parses the JSON nor decodes the base64.
   */
  read(answer: DocumentAnswerBytes): Promise<DocumentJobResults['read']>;
  /** `open` for an answer that is already an object (the tests' documents). */
  decode(raw: unknown, documentId?: string): Promise<DocumentView>;
  /** A page of an open document, from the worker's kept copy. */
  page<J extends PageJob>(job: J): Promise<DocumentJobResults[J['type']]>;
  /** Starts the worker now, so the first document does not wait for it. */
  start(): void;
  /** Stops the worker and refuses pending and new work with a 'cancelled' Failure. */
  close(): Promise<void>;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (reason: Error) => void;
  timer: NodeJS.Timeout;
}

/** Creates the decoder; the worker is started on the first document (or start()) and then kept. */
export function createDocumentDecoder(options: DocumentDecoderOptions): DocumentDecoder {
  const timeoutMs = options.timeoutMs ?? workerTimeoutMs;
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let nextId = 1;
  let closed = false;
  let ending: Promise<unknown> = Promise.resolve();

  const cancelled = () =>
    new Failure('cancelled', 'The console is closing, so the document was not decoded.');

  // A stuck or broken worker takes its kept documents with it; later pages of them say so.
  function stopWorker(reason: Failure): void {
    const stopping = worker;
    worker = undefined;
    if (stopping) ending = stopping.terminate();
    for (const [id, entry] of pending) {
      pending.delete(id);
      clearTimeout(entry.timer);
      entry.reject(reason);
    }
  }

  function startWorker(): Worker {
    const started = new Worker(options.workerUrl, {
      execArgv: options.workerExecArgv ?? [],
      resourceLimits: {
        maxOldGenerationSizeMb: workerHeapMb,
        maxYoungGenerationSizeMb: workerYoungHeapMb,
      },
    });
    started.on('message', (reply: WorkerReply) => {
      const entry = pending.get(reply.id);
      if (!entry) return;
      pending.delete(reply.id);
      clearTimeout(entry.timer);
      if (reply.ok && 'value' in reply) entry.resolve(reply.value);
      else if ('error' in reply) entry.reject(new Failure(reply.error.code, reply.error.message));
      else entry.reject(new Error(`The document worker failed: ${reply.bug}`));
    });
    started.once('error', (error: Error & { code?: string }) => {
      if (worker === started) stopWorker(crashed(error.code));
    });
    started.once('exit', (code) => {
      if (worker === started) stopWorker(crashed(`exit code ${code}`));
    });
    // An idle worker must not keep a test runner or the browser shell's process alive.
    started.unref();
    return started;
  }

  // V8 keeps a heap it has grown; when the worker has held no document for a while, a fresh
  // worker gives the memory of a 10 MiB decode back to the system. Not at once: a document opened
  // right after the last was closed would wait ~100 ms for the new worker to load and then run its
  // first parse cold. The worker collects its garbage itself when a large document closes
  // (worker.ts), so that next document is not decoded on top of the last one's garbage.
  let renewal: NodeJS.Timeout | undefined;
  function renew(): void {
    if (closed || !worker || pending.size > 0) return;
    const old = worker;
    worker = startWorker();
    ending = old.terminate();
  }
  function renewWhenIdle(): void {
    clearTimeout(renewal);
    renewal = setTimeout(renew, workerRenewalMs);
    renewal.unref();
  }

  function post(job: DocumentJob, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (closed) return Promise.reject(cancelled());
    // Any job means the worker is in use again (an open adds a document): no renewal now.
    clearTimeout(renewal);
    worker ??= startWorker();
    const target = worker;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (worker === target) stopWorker(timedOut(timeoutMs));
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      target.postMessage({ id, job } satisfies WorkerRequest, transfer);
    });
  }

  // A renewed (or stopped) worker may still be giving its heap back, slowly on a loaded machine; a
  // new document waits for that, up to a bound, so two decoding heaps do not stand side by side.
  async function predecessorGone(): Promise<void> {
    await Promise.race([ending.catch(() => undefined), sleep(workerHandOverMs, undefined, { ref: false })]);
    if (closed) throw cancelled();
  }

  async function open(caller: DocumentAnswerBytes, documentId?: string): Promise<DocumentView> {
    if (closed) throw cancelled();
    const answer = takeOver(caller);
    await predecessorGone();
    const job: DocumentJob = { type: 'open', answer, ...(documentId === undefined ? {} : { documentId }) };
    // Transferred, not cloned: the worker takes the buffer over and main's copy is gone at once.
    return (await post(job, [answer.bytes])) as DocumentView;
  }

  return {
    open,
    async read(caller) {
      if (closed) throw cancelled();
      const answer = takeOver(caller);
      await predecessorGone();
      return (await post({ type: 'read', answer }, [answer.bytes])) as DocumentJobResults['read'];
    },
    async decode(raw, documentId) {
      if (closed) throw cancelled();
      // An oversized document is refused before it is encoded or a worker is started.
      checkEncodedLength(checkRawDocument(raw).contents.length);
      return open(
        { bytes: answerBytes(raw), secrets: [], profileName: 'test', operation: 'reading a document' },
        documentId,
      );
    },
    async page<J extends PageJob>(job: J) {
      if (closed) throw cancelled();
      type Result = DocumentJobResults[J['type']];
      // A handle from a worker that has since stopped is unknown to the new one: not_found.
      const result = (await post(job)) as Result;
      if (job.type === 'close' && (result as DocumentJobResults['close']).open === 0) renewWhenIdle();
      return result;
    },
    start() {
      if (!closed) worker ??= startWorker();
    },
    async close() {
      closed = true;
      clearTimeout(renewal);
      stopWorker(cancelled());
      await ending;
    },
  };
}

/**
 * The answer with its bytes moved (not copied) into a buffer of the decoder's own: the caller's is
 * empty at once, as `open` promises, even when the post waits for a replaced worker to go.
 */
function takeOver(answer: DocumentAnswerBytes): DocumentAnswerBytes {
  const bytes = answer.bytes as ArrayBuffer & { transfer?: () => ArrayBuffer };
  return bytes.transfer ? { ...answer, bytes: bytes.transfer() } : answer;
}

function timedOut(timeoutMs: number): Failure {
  const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`;
  return new Failure('timeout', `Decoding the document took longer than ${limit}, so it was stopped.`);
}

function crashed(detail: string | undefined): Failure {
  if (detail === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new Failure(
      'bad_response',
      `The document needs more than the ${workerHeapMb} MB of memory the console allows for decoding one document.`,
    );
  }
  return new Failure(
    'internal',
    `The document decoder stopped unexpectedly${detail ? ` (${detail})` : ''}, so the document could not be shown.`,
  );
}
