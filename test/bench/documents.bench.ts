import { Buffer } from 'node:buffer';
import { cpus, loadavg, totalmem } from 'node:os';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { classifyDocument } from '../../src-main/core/documents/classify';
import { decodeBase64Strict } from '../../src-main/core/documents/decode-base64';
import { decodeDocument } from '../../src-main/core/documents/decode-document';
import { createDocumentDecoder } from '../../src-main/core/documents/document-decoder';
import { xmlTextWarning } from '../../src-main/core/documents/xml-parser';
import { treeOfValidXml } from '../../src-main/core/documents/xml-tree';
import { passesXmlValidator } from '../../src-main/core/documents/xml-well-formed';
import { referenceTree } from '../support/xml-reference';
import { rawDocument, serviceRequestOfSize } from '../unit/src-main/core/documents/service-request-fixture';

/*
 * Benchmark (b) of the Console core issue: decoding 1 MiB and 10 MiB ServiceRequest-style
 * documents (repeated Request records, RequestSpecifics of varied length, escaped values)
 * against a bare `new XMLParser().parse(bytes)` of the same bytes. Prints medians, never fails
 * on time. Run: node_modules/.bin/tsx test/bench/documents.bench.ts
 */

const MiB = 1024 * 1024;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function measure(runs: number, work: () => unknown): number {
  work();
  work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function measureAsync(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

// The whole pipeline up to the tree model, without pretty text and form view.
function decodeToTree(contents: string): unknown {
  const bytes = decodeBase64Strict(contents);
  const { text } = classifyDocument(bytes, 'text/xml');
  return treeOfText(text ?? '');
}

// What the console runs on XML text: the checks, then the one-pass builder.
function treeOfText(text: string): unknown {
  return xmlTextWarning(text) ?? treeOfValidXml(text);
}

const peakRssMiB = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);
const rate = (bytes: number, ms: number) => `${(bytes / MiB / (ms / 1000)).toFixed(1).padStart(6)} MiB/s`;
const line = (label: string, bytes: number, ms: number, bareMs?: number) =>
  console.log(
    `  ${label.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms  ${rate(bytes, ms)}` +
      (bareMs === undefined ? '' : `  ratio ${(bareMs / ms).toFixed(2)}`),
  );

// tsx registers its loader in the main thread only; the worker gets a preload that registers it.
const preload = `data:text/javascript,${encodeURIComponent(
  `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register();`,
)}`;
const decoder = createDocumentDecoder({
  workerUrl: new URL('../../src-main/core/documents/worker.ts', import.meta.url),
  workerExecArgv: ['--import', preload],
});

console.log(
  `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}, fast-xml-parser ${await parserVersion()}`,
);
console.log('Medians of repeated runs; ratio = bare time / our time (target >= 0.8); MiB = 2^20 bytes.');
console.log(
  `Load average at the start: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);

for (const size of [1 * MiB, 10 * MiB]) {
  const xml = serviceRequestOfSize(size);
  const bytes = Buffer.from(xml);
  const raw = rawDocument(bytes);
  const runs = size > MiB ? 7 : 15;
  const probe = decodeDocument(raw);
  console.log(
    `\n${(bytes.length / MiB).toFixed(2)} MiB ServiceRequest (${probe.nodeCount} elements, ` +
      `${(raw.contents.length / MiB).toFixed(2)} MiB of base64), ${runs} runs each:`,
  );
  const bare = measure(runs, () => new XMLParser().parse(bytes));
  line('(b) bare new XMLParser().parse(bytes)', bytes.length, bare);
  line(
    '(a) ours: base64 -> tree + pretty + form',
    bytes.length,
    measure(runs, () => decodeDocument(raw)),
    bare,
  );
  line(
    '    ours: base64 -> validated tree only',
    bytes.length,
    measure(runs, () => decodeToTree(raw.contents)),
    bare,
  );
  // The well-formedness check before the parse: the validator's own pass, and the exact twin
  // that replaced it (the validator now runs only for a document the twin refuses).
  line(
    '    well-formed? XMLValidator.validate(text)',
    bytes.length,
    measure(runs, () => XMLValidator.validate(xml)),
  );
  line(
    '    well-formed? passesXmlValidator(text)',
    bytes.length,
    measure(runs, () => passesXmlValidator(xml)),
  );
  // Text to tree: the one-pass builder against the parse and conversion it replaced (the
  // reference the differential test holds it to), both after the same checks.
  line(
    '    text -> tree, old: checks, parse, convert',
    bytes.length,
    measure(Math.min(runs, 5), () => referenceTree(xml)),
  );
  line(
    '    text -> tree, new: checks, one-pass build',
    bytes.length,
    measure(runs, () => treeOfText(xml)),
  );
  line(
    '    one-pass builder alone',
    bytes.length,
    measure(runs, () => treeOfValidXml(xml)),
  );
  const viaWorker = await measureAsync(Math.min(runs, 5), () => decoder.decode(raw));
  line('    ours via decoder, first answer (worker)', bytes.length, viaWorker, bare);
  console.log(
    `  peak RSS of this process so far: ${peakRssMiB()} MiB; load average ${loadavg()[0].toFixed(2)}`,
  );
}
console.log(
  '\nBoth documents are over the 1 MiB threshold, so the decoder opens them in its one long-lived worker' +
    ' (started once, here compiled by tsx); that figure includes copying the base64 in and the first answer' +
    ' (form view, counts, first pages) back, not printing the whole pretty text. The built console is measured' +
    ' by document-open.bench.ts.',
);
await decoder.close();

async function parserVersion(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const manifest = JSON.parse(
    await readFile(new URL('../../node_modules/fast-xml-parser/package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  return manifest.version;
}
