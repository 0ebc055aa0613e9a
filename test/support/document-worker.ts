import type { DocumentDecoderOptions } from '../../src-main/core/documents/document-decoder';

/*
 * The document worker run from the TypeScript sources. `--import tsx` registers tsx's loader in
 * the main thread only (it checks isMainThread), so the worker gets a one-line preload that calls
 * tsx's register() itself; the built console runs out/main/document-worker.js with no flags.
 */
const tsxApi = import.meta.resolve('tsx/esm/api');
const preload = `data:text/javascript,${encodeURIComponent(`import { register } from ${JSON.stringify(tsxApi)}; register();`)}`;

/** Worker options for tests that build a core from the sources. */
export const sourceDocumentWorker: Pick<DocumentDecoderOptions, 'workerUrl' | 'workerExecArgv'> = {
  workerUrl: new URL('../../src-main/core/documents/worker.ts', import.meta.url),
  workerExecArgv: ['--import', preload],
};
