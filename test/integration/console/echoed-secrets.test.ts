import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { dispatch } from '../../../src-main/handlers';
import type { Result } from '../../../src-shared/result';
import { sourceDocumentWorker } from '../../support/document-worker';

/**
 * A misconfigured gateway that quotes credentials back, against the console's core through the
 * handler table. A fake service is right here: the reference service never echoes a secret, so
 * only a hostile local server (plain node:http on 127.0.0.1) can perform this attack on demand.
 * It echoes what it received (X-Api-Key, X-Api-Secret, Authorization, the token request's form)
 * into an error message, a response header and a successful body, the key and secret also in hex
 * and base64 (alone, and inside a longer base64 text at each offset); nothing of it may be kept.
 */

const processId = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
const stepId = '9a1d6c3e-2b4f-4e8a-8c1d-7f2e5b0a9c44';
const issuedTokens: string[] = [];

/** Everything the request carried that a careless gateway would quote. */
async function echoOf(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  const form = new URLSearchParams(body);
  const values = {
    'x-api-key': String(request.headers['x-api-key'] ?? ''),
    'x-api-secret': String(request.headers['x-api-secret'] ?? ''),
    authorization: request.headers.authorization ?? '',
    client_id: form.get('client_id') ?? '',
    client_secret: form.get('client_secret') ?? '',
  };
  return [
    ...Object.entries(values).map(([name, value]) => `${name}=${value}`),
    `raw=${body}`,
    ...Object.entries(values)
      .filter(([, value]) => value !== '')
      .map(([name, value]) => `${name} as bytes=${bytesSpelled(value)}`),
  ].join(' ');
}

/** `value`'s bytes as a debugging gateway may quote them: hex, base64, and inside longer base64. */
function bytesSpelled(value: string): string {
  const bytes = Buffer.from(value);
  const inside = ['', 'a', 'ab'].map((lead) => Buffer.from(`{"echo":"${lead}${value}"}`));
  return [
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
    bytes.toString('base64'),
    bytes.toString('base64url'),
    ...inside.map((quoted) => quoted.toString('base64')),
    ...inside.map((quoted) => quoted.toString('base64url')),
  ].join(' ');
}

function reply(response: ServerResponse, status: number, body: unknown, echo: string): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'x-debug-echo': echo.replace(/[^\x20-\x7e]/g, '?'),
    'www-authenticate': `Basic realm="${echo.replace(/"/g, "'")}"`,
  });
  response.end(text);
}

async function hostile(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const echo = await echoOf(request);
  const said = (code: string) => ({ error: { code, message: `Gateway rejected ${echo}`, details: [] } });
  const path = request.url ?? '';
  if (path === '/open-api/token') {
    if (echo.includes('client_id=refused-')) return reply(response, 401, said('invalid_client'), echo);
    const token = `sentinel-token-${randomBytes(8).toString('hex')}`;
    issuedTokens.push(token);
    // Its own headers quote the token it issues, as a debugging gateway might.
    return reply(
      response,
      200,
      { access_token: token, token_type: 'Bearer', expires_in: 3600 },
      `${echo} ${token}`,
    );
  }
  if (request.method === 'GET' && path === `/open-api/processes/${processId}`) {
    return reply(response, 200, processBody(echo), echo);
  }
  return reply(response, path.includes('external-reference') ? 404 : 400, said('bad_request'), echo);
}

/** A valid process whose free-text parts quote the request back. */
function processBody(echo: string) {
  return {
    processId,
    processTypeId: '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01',
    processTypeName: 'Report fly-tipping',
    externalReference: 'FT-000003',
    status: 'InProgress',
    startedDate: '2026-06-03T09:14:22',
    completedDate: null,
    location: echo,
    allocatedUser: echo,
    steps: [
      { stepId, kind: 'Standard', name: 'Assess', startedOn: '2026-06-03T09:14:22', completedOn: null },
    ],
    notes: [],
    documents: [],
    accounts: [],
    fields: [],
  };
}

let server: Server;
let core: Core;
let dataDir: string;
let exportDir: string;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => void hostile(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'pc-echo-'));
  exportDir = mkdtempSync(join(tmpdir(), 'pc-echo-exports-'));
  core = await createCore({
    shell: 'web',
    dataDir,
    documentWorker: sourceDocumentWorker,
    chooseSavePath: async (name) => join(exportDir, `${randomUUID()}-${name}`),
  });
});

afterAll(async () => {
  await core?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** Every form of a profile's credentials that must not be kept anywhere. */
function sentinelsOf(apiKey: string, apiSecret: string): string[] {
  const basic = Buffer.from(`${apiKey}:${apiSecret}`).toString('base64');
  const bytes = [apiKey, apiSecret].flatMap((value) => {
    const buffer = Buffer.from(value);
    const hex = buffer.toString('hex');
    return [hex, hex.toUpperCase(), buffer.toString('base64'), buffer.toString('base64url')];
  });
  return [apiKey, apiSecret, encodeURIComponent(apiSecret), basic, encodeURIComponent(basic), ...bytes];
}

/**
 * Whether a run of base64 in `text` decodes to text holding one of `values`: a secret inside a
 * longer base64 text is spelled differently at each offset, so no list of strings finds it.
 */
function base64Holding(text: string, values: readonly string[]): string | undefined {
  for (const [run] of text.matchAll(/[A-Za-z0-9+/_-]{16,}/g)) {
    const decoded = [0, 1, 2, 3].map((skip) => Buffer.from(run.slice(skip), 'base64').toString('latin1'));
    if (values.some((value) => decoded.some((bytes) => bytes.includes(value)))) return run;
  }
  return undefined;
}

const results: string[] = [];
/** Every key and secret used, to look for inside whatever base64 is kept. */
const plainValues: string[] = [];

async function call(name: string, input: unknown): Promise<Result<unknown>> {
  const result = await dispatch(core, name, input);
  results.push(JSON.stringify(result));
  return result;
}

/** A profile on the hostile service with fresh sentinel credentials; a `/` and `+` make encodings differ. */
async function profileFor(scheme: 'headers' | 'basic' | 'bearer', keyPrefix = 'sentinel-key') {
  const hex = randomBytes(8).toString('hex');
  const apiKey = `${keyPrefix}-${scheme}-${hex}`;
  const apiSecret = `sentinel/secret+${hex}=`;
  const saved = await call('profiles.save', {
    name: `Hostile ${scheme} ${hex}`,
    baseUrl,
    environment: 'test',
    authScheme: scheme,
    keyName: 'Echo key',
  });
  if (!saved.ok) throw new Error(`profile not saved: ${saved.error.message}`);
  const profileId = (saved.value as { id: string }).id;
  const stored = await call('profiles.setCredentials', { profileId, apiKey, apiSecret });
  if (!stored.ok) throw new Error(`credentials not stored: ${stored.error.message}`);
  plainValues.push(apiKey, apiSecret);
  return { profileId, sentinels: sentinelsOf(apiKey, apiSecret) };
}

async function readAndChange(profileId: string): Promise<Result<unknown>[]> {
  const field = {
    name: 'Outcome',
    value: 'Rejected',
    code: 'OUTCOME',
    fieldId: processId,
    description: '',
    fieldType: 'Text',
    confidential: false,
  };
  return [
    await call('processes.get', { profileId, processId }),
    await call('processes.getByReference', { profileId, externalReference: 'FT-000003' }),
    await call('notes.add', {
      profileId,
      processId,
      contents: 'Checked.',
      visibleToAccounts: false,
      intentId: randomUUID(),
    }),
    await call('steps.complete', { profileId, processId, stepId, intentId: randomUUID(), fields: [field] }),
  ];
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('a service that echoes credentials', () => {
  it('leaves no key, secret, Basic value or token in results, logs, audit, exports or data files', async () => {
    const sentinels: string[] = [];
    for (const scheme of ['headers', 'basic', 'bearer'] as const) {
      const profile = await profileFor(scheme);
      sentinels.push(...profile.sentinels);
      const [read, byReference, note, completion] = await readAndChange(profile.profileId);
      // The attack really happened: the service answered and its words reached the console.
      expect(read).toMatchObject({ ok: true, value: { location: expect.stringContaining('[redacted]') } });
      expect(byReference).toMatchObject({ ok: false, error: { code: 'not_found' } });
      expect(note).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(completion).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringContaining('Gateway rejected') },
      });
    }
    // The token request itself refused, quoting client_id and client_secret in its message.
    const refused = await profileFor('bearer', 'refused');
    sentinels.push(...refused.sentinels);
    const [tokenRefused] = await readAndChange(refused.profileId);
    expect(tokenRefused).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(issuedTokens.length).toBeGreaterThan(0);
    sentinels.push(...issuedTokens);

    const requestLog = await call('requests.list', {});
    expect(requestLog.ok && (requestLog.value as unknown[]).length).toBeGreaterThan(10);
    for (const format of ['csv', 'jsonl'] as const) {
      const exported = await call('audit.export', { format });
      expect(exported.ok).toBe(true);
    }
    const exports = filesUnder(exportDir).map((file) => readFileSync(file, 'latin1'));
    expect(exports).toHaveLength(2);
    const dataFiles = filesUnder(dataDir);
    expect(dataFiles.some((file) => file.endsWith('audit.jsonl'))).toBe(true);
    const kept = [
      ...results.map((text, index) => ({ where: `bridge result ${index}`, text })),
      ...exports.map((text, index) => ({ where: `audit export ${index}`, text })),
      ...dataFiles.map((file) => ({ where: file, text: readFileSync(file, 'latin1') })),
    ];
    for (const { where, text } of kept) {
      for (const sentinel of sentinels) {
        expect(text.includes(sentinel), `${where} holds ${sentinel}`).toBe(false);
      }
      expect(base64Holding(text, plainValues), `${where} holds a key or secret in base64`).toBeUndefined();
    }
  });
});
