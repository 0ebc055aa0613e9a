import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, field, isErrorBody, startTestSandbox, vendorStartSample, type TestSandbox } from './helpers';

/** mulberry32: a small seeded PRNG, so every run sends the same requests. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = prng(20260603);
const chance = (p: number) => random() < p;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const total = 2400;

let t: TestSandbox;
let ids: { processId: string; stepId: string; documentId: string };
beforeAll(async () => {
  t = await startTestSandbox();
  const ft3 = (await t.call('GET', '/open-api/processes/external-reference/FT-000003')).json;
  ids = { processId: ft3.processId, stepId: ft3.steps[1].stepId, documentId: ft3.documents[0].documentId };
});
afterAll(() => t.stop());

function randomString(): string {
  return pick([
    () => '',
    () => 'x'.repeat(Math.floor(random() * 300)),
    () => 'y'.repeat(20_000),
    () => '日本語 ✓ 😀',
    () => '\u0000\u0007\u001b[31m',
    () => '<xml>&amp;</xml>"\'',
    () => '%00%2e%2e%2f',
    () => String(random()),
  ])();
}

function randomValue(depth = 0): unknown {
  const kinds = depth > 3 ? 6 : 8;
  switch (Math.floor(random() * kinds)) {
    case 0:
      return null;
    case 1:
      return random() * 1e12 - 5e11;
    case 2:
      return chance(0.5);
    case 3:
      return randomString();
    case 4:
      return '00000000-0000-0000-0000-00000000000' + Math.floor(random() * 10);
    case 5:
      return [];
    case 6:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, () => [
          randomString().slice(0, 20),
          randomValue(depth + 1),
        ]),
      );
  }
}

function randomGuid(): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function randomId(): string {
  return pick([
    ids.processId,
    ids.stepId,
    ids.documentId,
    ids.processId.toUpperCase(),
    randomGuid(),
    '00000000-0000-0000-0000-000000000000',
    'not-a-guid',
    '',
    'a'.repeat(250),
    '%E0%A4%A',
    '..%2F..%2Fetc%2Fpasswd',
    encodeURIComponent('日本'),
    'FT-000003',
  ]);
}

function routes(): Array<[string, string, () => unknown]> {
  const process = () => pick([ids.processId, randomId()]);
  return [
    ['POST', '/open-api/processes', () => vendorStartSample()],
    ['GET', `/open-api/processes/${process()}`, () => undefined],
    [
      'GET',
      `/open-api/processes/external-reference/${pick(['FT-000003', 'BW-000001', randomId()])}`,
      () => undefined,
    ],
    [
      'GET',
      `/open-api/processes/external-reference/${pick(['FT-000003', randomId()])}/steps`,
      () => undefined,
    ],
    ['GET', `/open-api/processes/${process()}/steps`, () => undefined],
    ['GET', `/open-api/processes/${process()}/current-step`, () => undefined],
    [
      'POST',
      `/open-api/processes/${process()}/notes`,
      () => ({ contents: 'fuzz', visibleToAccounts: false }),
    ],
    [
      'POST',
      `/open-api/processes/${process()}/steps/${pick([ids.stepId, randomId()])}/complete`,
      () => ({ fields: [field('OUTCOME', 'Accepted')] }),
    ],
    ['GET', `/open-api/documents/${pick([ids.documentId, randomId()])}`, () => undefined],
    ['POST', '/open-api/token', () => 'grant_type=client_credentials&client_id=a&client_secret=b'],
    [
      'POST',
      `/forms/${pick(['report-fly-tipping', 'bulky-waste', randomId()])}/submissions`,
      () => ({ answers: { FirstName: 'Fuzz' } }),
    ],
    ['GET', '/admin/api-keys', () => undefined],
    ['DELETE', `/admin/api-keys/${randomId()}`, () => undefined],
    ['GET', `/${randomId()}/${randomId()}`, () => undefined],
  ];
}

function mutate(body: unknown): unknown {
  if (chance(0.15)) return body;
  if (chance(0.1)) return randomValue();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return randomValue();
  const copy: Record<string, unknown> = JSON.parse(JSON.stringify(body));
  const keys = Object.keys(copy);
  for (let n = 0; n < 1 + Math.floor(random() * 3); n++) {
    const key = pick(keys.length ? keys : ['x']);
    const action = Math.floor(random() * 5);
    if (action === 0) delete copy[key];
    else if (action === 1) copy[key] = randomValue();
    else if (action === 2) copy[randomString().slice(0, 30) || 'k'] = randomValue();
    else if (action === 3 && Array.isArray(copy[key])) (copy[key] as unknown[]).push(randomValue());
    else if (Array.isArray(copy[key]) && (copy[key] as unknown[]).length) {
      const items = copy[key] as Array<Record<string, unknown>>;
      const item = items[0]!;
      if (item && typeof item === 'object') item[pick(Object.keys(item).concat('x'))] = randomValue();
    }
  }
  return copy;
}

function encode(body: unknown): string {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  if (chance(0.05)) return text.slice(0, Math.floor(random() * text.length));
  if (chance(0.03)) return text.replace('{', '{"__proto__":{"polluted":1},');
  if (chance(0.02)) return '{"constructor":{"prototype":{"polluted":1}}}';
  return text;
}

function headers(): Record<string, string> {
  const result: Record<string, string> = {};
  const scheme = random();
  if (scheme < 0.7) Object.assign(result, { 'x-api-key': t.key.apiKey, 'x-api-secret': t.key.apiSecret });
  else if (scheme < 0.78)
    result.authorization = `Basic ${Buffer.from(`${t.key.apiKey}:${t.key.apiSecret}`).toString('base64')}`;
  else if (scheme < 0.8) Object.assign(result, { 'x-api-key': t.key.apiKey, 'x-api-secret': 'wrong' });
  else if (scheme < 0.9)
    result.authorization = pick([
      'Basic !!!',
      'Bearer ',
      'Bearer abc',
      'Basic ' + 'QQ=='.repeat(100),
      'Digest x',
      'basic',
    ]);
  const contentType = random();
  result['content-type'] =
    contentType < 0.7
      ? 'application/json'
      : pick([
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'multipart/form-data',
          'application/json; charset=latin1',
          'application/vnd.api+json',
          'garbage',
        ]);
  if (chance(0.15))
    result['idempotency-key'] = pick([
      'k1',
      'k2',
      'x'.repeat(300),
      'with space',
      randomString()
        .replace(/[^\x20-\x7e]/g, '')
        .slice(0, 50) || 'k3',
    ]);
  if (chance(0.05)) result['content-encoding'] = pick(['gzip', 'br', 'nope']);
  return result;
}

describe('fuzz', () => {
  it(`answers ${total} random and mutated requests with JSON and never a 5xx`, async () => {
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    async function one(): Promise<void> {
      const [routeMethod, path, makeBody] = pick(routes());
      const method = chance(0.9) ? routeMethod : pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
      const base = makeBody();
      const body =
        method === 'GET' || (base === undefined && chance(0.7))
          ? undefined
          : encode(typeof base === 'string' ? base : mutate(base ?? {}));
      const response = await request(`${t.url}${path}`, {
        method: method as 'GET',
        headers: headers(),
        body,
      });
      const text = await response.body.text();
      sent += 1;
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const where = `${method} ${path.slice(0, 80)} -> ${response.statusCode}`;
      if (response.statusCode >= 500) problems.push(`${where}: ${text.slice(0, 200)}`);
      if (response.statusCode === 204 || method === 'HEAD') return;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        problems.push(`${where}: not JSON: ${text.slice(0, 100)}`);
        return;
      }
      if (response.statusCode >= 400 && !isErrorBody(json))
        problems.push(`${where}: not the error shape: ${text.slice(0, 200)}`);
      if (/\n\s+at /.test(text)) problems.push(`${where}: stack trace`);
    }
    const workers = Array.from({ length: 16 }, async () => {
      while (sent < total) await one();
    });
    await Promise.all(workers);
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(total);
    // The mix reaches deep (2xx) as well as every kind of refusal.
    expect([...statuses.keys()].some((status) => status >= 200 && status < 300)).toBe(true);
    expect([400, 401, 404, 405, 415, 422].every((status) => statuses.has(status))).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const health = await call(t.url, 'GET', '/health');
    expect(health.status).toBe(200);
    const process = await t.call('GET', `/open-api/processes/${ids.processId}`);
    expect(process.status).toBe(200);
  });
});
