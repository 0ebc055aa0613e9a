import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeDocument } from '../../src-main/core/documents/decode-document';
import { firstAnswer } from '../../src-main/core/documents/document-pages';
import { openDocument } from '../../src-main/core/documents/open-document';
import {
  createDocumentDecoder,
  type DocumentDecoderOptions,
} from '../../src-main/core/documents/document-decoder';
import { Failure } from '../../src-main/core/failure';
import { rawDocument, serviceRequestOfSize } from '../unit/src-main/core/documents/service-request-fixture';
import { waitFor } from '../support/wait-for';

/*
 * The worker path, run from the TypeScript sources. `--import tsx` registers tsx's loader in the
 * main thread only (it checks isMainThread), so the worker is given a one-line preload that calls
 * tsx's register() itself; the built app runs out/main/document-worker.js with no flags.
 */
const tsxApi = import.meta.resolve('tsx/esm/api');
const preload = `data:text/javascript,${encodeURIComponent(`import { register } from ${JSON.stringify(tsxApi)}; register();`)}`;
const sourceWorker: DocumentDecoderOptions = {
  workerUrl: new URL('../../src-main/core/documents/worker.ts', import.meta.url),
  workerExecArgv: ['--import', preload],
};
const MiB = 1024 * 1024;
const big = rawDocument(serviceRequestOfSize(4 * MiB));
const decoders: { close(): Promise<void> }[] = [];

function decoderWith(options: Partial<DocumentDecoderOptions> = {}) {
  const decoder = createDocumentDecoder({ ...sourceWorker, ...options });
  decoders.push(decoder);
  return decoder;
}

function workerScript(code: string): URL {
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

async function failureOf(run: Promise<unknown>): Promise<Failure> {
  try {
    await run;
  } catch (error) {
    if (error instanceof Failure) return error;
    throw error;
  }
  throw new Error('expected a Failure');
}

afterAll(async () => {
  await Promise.all(decoders.map((decoder) => decoder.close()));
});

describe('decoding large documents in a worker', () => {
  it('keeps the event loop answering while a 4 MiB document decodes, with the in-thread result', async () => {
    const decoder = decoderWith();
    const gaps: number[] = [];
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const viaWorker = await decoder.decode(big, 'doc-4mib');
    const workerMs = performance.now() - started;
    clearInterval(ticker);

    const blockStarted = performance.now();
    const inThread = decodeDocument(big, 'doc-4mib');
    const blockedMs = performance.now() - blockStarted;

    // The worker's first answer is the in-thread pipeline's, under the worker's own handle.
    const opened = openDocument(big, 'doc-4mib');
    expect(viaWorker).toEqual(firstAnswer(opened, viaWorker.documentRef));
    expect(viaWorker.documentRef).toMatch(/^w-/);
    expect(viaWorker.nodeCount).toBe(inThread.nodeCount);
    expect(viaWorker.kind).toBe('xml');
    expect(viaWorker.form?.groups).toHaveLength(5);
    const longestGap = Math.max(...gaps);
    console.log(
      `4 MiB decode: worker ${workerMs.toFixed(0)} ms with ${gaps.length} ticks, longest gap ${longestGap.toFixed(0)} ms; ` +
        `in-thread it blocks for ${blockedMs.toFixed(0)} ms`,
    );
    expect(gaps.length).toBeGreaterThan(10);
    // The main thread still copies the job in and the result out; that is far shorter than decoding.
    expect(longestGap).toBeLessThan(Math.max(100, blockedMs / 2));
  });

  it('decodes a small document through the worker too, not in the main thread', async () => {
    const small = await decoderWith().decode(rawDocument('<ServiceRequest><Request/></ServiceRequest>'));
    expect(small.tree?.root.name).toBe('ServiceRequest');
    expect(small.documentRef).toMatch(/^w-/);
    const noWorker = decoderWith({ workerUrl: new URL('file:///nonexistent/document-worker.js') });
    const failure = await failureOf(noWorker.decode(rawDocument('<a/>')));
    expect(failure.error.code).toBe('internal');
  });

  it('re-throws the worker’s expected failures as the same Failure', async () => {
    const damaged = { ...big, contents: `${big.contents.slice(0, 1000)}*${big.contents.slice(1001)}` };
    const failure = await failureOf(decoderWith().decode(damaged));
    expect(failure.error).toEqual({
      code: 'bad_response',
      message:
        "The document's contents are not valid base64: character 1001 ('*') is not in the base64 alphabet.",
    });
  });

  it('refuses a document over 32 MiB before starting a worker', async () => {
    const decoder = decoderWith({ workerUrl: new URL('file:///nonexistent/document-worker.js') });
    const failure = await failureOf(decoder.decode({ ...big, contents: 'A'.repeat(46_000_000) }));
    expect(failure.error.code).toBe('bad_response');
    expect(failure.message).toMatch(/up to 32\.0 MiB/);
  });
});

describe('a worker that misbehaves', () => {
  const small = rawDocument('<a/>');

  it('is stopped after its time limit with a timeout Failure', async () => {
    const decoder = decoderWith({
      workerUrl: workerScript('setInterval(() => {}, 1000);'),
      timeoutMs: 300,
    });
    const started = performance.now();
    const failure = await failureOf(decoder.decode(small));
    expect(failure.error).toEqual({
      code: 'timeout',
      message: 'Decoding the document took longer than 300 ms, so it was stopped.',
    });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('ends in a typed Failure when it throws or exits without answering', async () => {
    const thrower = decoderWith({
      workerUrl: workerScript('throw new Error("boom");'),
    });
    expect((await failureOf(thrower.decode(small))).error.code).toBe('internal');
    const quitter = decoderWith({ workerUrl: workerScript('process.exit(3);') });
    const failure = await failureOf(quitter.decode(small));
    expect(failure.error).toEqual({
      code: 'internal',
      message: 'The document decoder stopped unexpectedly (exit code 3), so the document could not be shown.',
    });
  });

  it('is cancelled by close(), as are documents waiting for a worker and later calls', async () => {
    // The worker leaves a mark when it runs, so the test knows the first document is being decoded.
    const mark = join(mkdtempSync(join(tmpdir(), 'pc-worker-')), 'started');
    const decoder = decoderWith({
      workerUrl: workerScript(
        `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(mark)}, ''); setInterval(() => {}, 1000);`,
      ),
    });
    const running = failureOf(decoder.decode(small));
    const queued = failureOf(decoder.decode(small));
    await waitFor(() => existsSync(mark), { what: 'the worker to start on the first document' });
    await decoder.close();
    expect((await running).error.code).toBe('cancelled');
    expect((await queued).error.code).toBe('cancelled');
    expect((await failureOf(decoder.decode(small))).error.code).toBe('cancelled');
  });
});
