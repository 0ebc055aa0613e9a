import { cpus, loadavg, totalmem } from 'node:os';
import { createDocumentDecoder } from '../../src-main/core/documents/document-decoder';
import { maxDocumentBytes } from '../../src-main/core/documents/limits';
import { rawDocument } from '../unit/src-main/core/documents/service-request-fixture';

/*
 * The console opening a document of the largest size it takes made of nothing but empty
 * elements (`<r><a/><a/>…</r>`, 32 MiB, 8.4 million elements): the time until it answers and
 * the peak resident memory of this process, which holds the document worker as the console does
 * (a worker thread). Prints figures, never fails on time.
 * Run: node_modules/.bin/tsx test/bench/document-many-elements.bench.ts
 */

const MiB = 1024 * 1024;
const open = '<r>';
const close = '</r>';
const count = Math.floor((maxDocumentBytes - open.length - close.length) / 4);
const raw = rawDocument(`${open}${'<a/>'.repeat(count)}${close}`);

// tsx registers its loader in the main thread only; the worker gets a preload that registers it.
const preload = `data:text/javascript,${encodeURIComponent(
  `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register();`,
)}`;
const decoder = createDocumentDecoder({
  workerUrl: new URL('../../src-main/core/documents/worker.ts', import.meta.url),
  workerExecArgv: ['--import', preload],
  timeoutMs: 120_000,
});

console.log(
  `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
);
decoder.start();
await new Promise((resolve) => setTimeout(resolve, 1000));
const rss = () => process.memoryUsage.rss() / MiB;
const before = rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
const started = performance.now();
const view = await decoder.decode(raw);
const ms = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, rss());
console.log(
  `${count.toLocaleString('en')} empty elements (${(maxDocumentBytes / MiB).toFixed(0)} MiB): answered in ` +
    `${(ms / 1000).toFixed(1)} s; RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB ` +
    `(sampled every 10 ms; maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB).`,
);
console.log(`Tree: ${view.nodeCount ?? 'none'} nodes; warnings: ${JSON.stringify(view.warnings)}`);
await decoder.close();
