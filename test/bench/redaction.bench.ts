/**
 * Benchmark (printed, never asserted): what cleaning one 64 KiB answer of secrets costs, as the
 * client and the request log do it for every answer. The profile's credential values (a key and
 * secret as long as the reference service's, their Basic value, a bearer token) are hunted in:
 * a JSON answer (redactJsonBody), the same text as HTML that is never parsed (redactBody), and the
 * log's copy with a change's three confidential values masked (keptBody). Each is timed once cold
 * (the forms worked out) and then as the median of 200 runs. Never fails on time (STYLE rule 22).
 * @bench-runs-bundled
 */
import { cpus, loadavg } from 'node:os';
import { credentialSecrets } from '../../src-shared/credential-secrets';
import { keptBody } from '../../src-shared/logged-body';
import { redactBody, redactJsonBody } from '../../src-shared/redaction';

const runs = 200;
const apiKey = '3f9a0c7e5b1d4a2f8e6c0b9d7a5f3e1c';
const apiSecret = 'Zm9vYmFyYmF6cXV4LXNlY3JldC12YWx1ZS0xMjM0NTY3';
const secrets = credentialSecrets(
  { apiKey, apiSecret },
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl',
);
const confidential = ['AB123456C', 'Zoë Ødegaard', '1 Acacia Avenue, Springfield'];

/** A process read's answer grown to 64 KiB: many short strings, ids and dates, no secret. */
function answerOf(size: number): string {
  const steps = [];
  for (let index = 0; JSON.stringify({ steps }).length < size; index += 1) {
    steps.push({
      stepId: `0b5f0f7e-3a43-4a8e-9d0c-${String(index).padStart(12, '0')}`,
      name: `Back office assessment ${index}`,
      startedOn: '2026-11-23T09:14:22.000Z',
      allocatedUser: 'j.smith@example.org',
      fields: [{ code: 'OUTCOME', value: 'Accepted', confidential: false }],
    });
  }
  return JSON.stringify({ processId: 'p-1', externalReference: 'FT-000003', steps });
}

function timed(work: () => unknown): { cold: number; median: number } {
  let started = performance.now();
  work();
  const cold = performance.now() - started;
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return { cold, median: times.sort((a, b) => a - b)[runs / 2]! };
}

const json = answerOf(64 * 1024);
const html = `<html><body><pre>${json.replace(/[{}"]/g, ' ')}</pre></body></html>`;
console.log(
  `${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
console.log(
  `${secrets.length} credential values, a ${(json.length / 1024).toFixed(0)} KiB answer, ${runs} runs`,
);
for (const [what, work] of [
  ['JSON answer, redactJsonBody', () => redactJsonBody(json, secrets)],
  ['HTML never parsed, redactBody', () => redactBody(html, secrets)],
  ['log copy with 3 confidential values, keptBody', () => keptBody(json, secrets, { confidential })],
] as const) {
  const { cold, median } = timed(work);
  console.log(`${what}: ${median.toFixed(3)} ms median (first run ${cold.toFixed(2)} ms)`);
}
