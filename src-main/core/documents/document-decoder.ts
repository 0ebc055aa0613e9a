import { Worker } from 'node:worker_threads';
import type { DecodedDocument } from '../../../src-shared/documents';
import { Failure } from '../failure';
import { checkEncodedLength, maxDecodedLength } from './decode-base64';
import { checkRawDocument, decodeDocument } from './decode-document';
import { workerHeapMb, workerThresholdBytes, workerTimeoutMs } from './limits';
import type { WorkerJob, WorkerReply } from './worker-protocol';

/** Where the worker lives and how it is run. */
export interface DocumentDecoderOptions {
  /** The worker script: the built out/main/document-worker.js, or worker.ts under tests. */
  workerUrl: URL;
  /** Node flags for the worker, e.g. a TypeScript loader when the worker is a .ts file. */
  workerExecArgv?: string[];
  /** Documents decoding to more bytes than this go to a worker; default 1 MiB. */
  workerThresholdBytes?: number;
  /** How long one worker may run; default 20 s. */
  timeoutMs?: number;
  /** Workers running at once; more documents wait their turn. Default 2. */
  maxWorkers?: number;
}

/** Decodes documents, the large ones off the main thread. */
export interface DocumentDecoder {
  /** Decodes one answer of the documents operation; rejects with a Failure for bad data. */
  decode(raw: unknown, documentId?: string): Promise<DecodedDocument>;
  /** Stops running workers and refuses waiting and new work with a 'cancelled' Failure. */
  close(): Promise<void>;
}

type Stop = (reason: Failure) => void;

/** Creates the decoder; small documents are decoded in this thread, large ones in a worker each. */
export function createDocumentDecoder(options: DocumentDecoderOptions): DocumentDecoder {
  const threshold = options.workerThresholdBytes ?? workerThresholdBytes;
  const timeoutMs = options.timeoutMs ?? workerTimeoutMs;
  const maxWorkers = Math.max(1, options.maxWorkers ?? 2);
  const running = new Set<Stop>();
  const ending = new Set<Promise<number>>();
  const waiting: { start: () => void; stop: Stop }[] = [];
  let busy = 0;
  let closed = false;

  const cancelled = () =>
    new Failure('cancelled', 'The console is closing, so the document was not decoded.');

  function runWorker(job: WorkerJob): Promise<DecodedDocument> {
    return new Promise<DecodedDocument>((resolve, reject) => {
      const worker = new Worker(options.workerUrl, {
        workerData: job,
        execArgv: options.workerExecArgv ?? [],
        resourceLimits: { maxOldGenerationSizeMb: workerHeapMb },
      });
      let settled = false;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        running.delete(stop);
        const end = worker.terminate();
        ending.add(end);
        void end.finally(() => ending.delete(end));
        settle();
      };
      const stop: Stop = (reason) => finish(() => reject(reason));
      const timer = setTimeout(() => stop(timedOut(timeoutMs)), timeoutMs);
      running.add(stop);
      worker.once('message', (reply: WorkerReply) => finish(() => settleReply(reply, resolve, reject)));
      worker.once('error', (error: Error & { code?: string }) => stop(crashed(error.code)));
      worker.once('exit', (code) => stop(crashed(`exit code ${code}`)));
    });
  }

  // A slot is taken before the worker starts and given back when it settles, so at most
  // maxWorkers documents are decoding at once, whatever the order of calls.
  function acquire(): Promise<void> {
    if (busy < maxWorkers) {
      busy++;
      return Promise.resolve();
    }
    return new Promise((start, stop) => {
      const take = () => {
        busy++;
        start();
      };
      waiting.push({ start: take, stop });
    });
  }

  function release(): void {
    busy--;
    waiting.shift()?.start();
  }

  return {
    async decode(raw, documentId) {
      if (closed) throw cancelled();
      const document = checkRawDocument(raw);
      if (maxDecodedLength(document.contents.length) <= threshold) {
        return decodeDocument(document, documentId);
      }
      checkEncodedLength(document.contents.length);
      await acquire();
      try {
        if (closed) throw cancelled();
        return await runWorker(documentId === undefined ? { raw: document } : { raw: document, documentId });
      } finally {
        release();
      }
    },
    async close() {
      closed = true;
      for (const entry of waiting.splice(0)) entry.stop(cancelled());
      for (const stop of [...running]) stop(cancelled());
      await Promise.allSettled([...ending]);
    },
  };
}

function settleReply(
  reply: WorkerReply,
  resolve: (value: DecodedDocument) => void,
  reject: (reason: Error) => void,
): void {
  if (reply.ok) resolve(reply.value);
  else if ('error' in reply) reject(new Failure(reply.error.code, reply.error.message));
  else reject(new Error(`The document worker failed: ${reply.bug}`));
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
