import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src-sandbox/server';
import type { CreatedApiKey } from '../../../src-sandbox/security/api-keys';

/** The demo process types. */
export const flyTippingTypeId = '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01';
export const bulkyWasteTypeId = '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f02';

/** How a test request authenticates. */
export type Auth = 'none' | { bearer: string } | { key: CreatedApiKey; scheme?: 'headers' | 'basic' };

/** A response read whole. */
export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies freely; the contract is asserted by value.
  json: any;
}

/** A sandbox started for a test, with a key and the staff passwords of its new data folder. */
export interface TestSandbox {
  sandbox: RunningSandbox;
  url: string;
  dataDir: string;
  key: CreatedApiKey;
  passwords: Record<string, string>;
  logs: string[];
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  stop(): Promise<void>;
}

/** Options of one test request. */
export interface CallOptions {
  body?: unknown;
  raw?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  auth?: Auth;
}

/** A fresh temporary data folder. */
export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'pc-sandbox-'));
}

/** Starts the service on a free port with a new data folder (the demo seed unless told). */
export async function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? tempDataDir();
  const logs: string[] = [];
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({ port: 0, ...options, dataDir, log: (line) => logs.push(line) });
  } catch (error) {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const key = sandbox.createApiKey('Integration test key');
  const url = sandbox.url;
  return {
    sandbox,
    url,
    dataDir,
    key,
    passwords: sandbox.firstRunPasswords ?? {},
    logs,
    call: (method, path, callOptions = {}) => call(url, method, path, { auth: { key }, ...callOptions }),
    stop: async () => {
      await sandbox.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends one request and reads the whole response. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...authHeaders(options.auth ?? 'none'), ...options.headers };
  let body: string | Buffer | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  if (options.contentType !== undefined) headers['content-type'] = options.contentType;
  const response = await request(`${base}${path}`, { method: method as 'GET', headers, body });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, json };
}

function authHeaders(auth: Auth): Record<string, string> {
  if (auth === 'none') return {};
  if ('bearer' in auth) return { authorization: `Bearer ${auth.bearer}` };
  if (auth.scheme === 'basic') {
    return {
      authorization: `Basic ${Buffer.from(`${auth.key.apiKey}:${auth.key.apiSecret}`).toString('base64')}`,
    };
  }
  return { 'x-api-key': auth.key.apiKey, 'x-api-secret': auth.key.apiSecret };
}

/** HTTP Basic for a staff user. */
export function staffAuth(user: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

/** The vendor's documented start sample: three Text fields, empty accounts and documents. */
export function vendorStartSample(processTypeId = flyTippingTypeId) {
  return {
    processTypeId,
    accounts: [],
    documents: [],
    notes: [{ contents: 'Started from the vendor sample', visibleToAccounts: false }],
    fields: [1, 2, 3].map((n) => ({
      name: `Field value ${n}`,
      value: `Value ${n}`,
      fieldId: `00000000-0000-0000-0000-00000000000${n}`,
      code: `FIELDVALUE${n}`,
      description: '',
      fieldType: 'Text',
      confidential: false,
    })),
  };
}

/** A field for complete-step requests. */
export function field(code: string, value: string, fieldId = '11111111-2222-4333-8444-555555555555') {
  return { name: code, value, fieldId, code, description: '', fieldType: 'Text', confidential: false };
}

/** Polls until `check` returns a value (REST API steps run after the reply). */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Asserts nothing: returns true when a body has the error shape of API.md. */
export function isErrorBody(json: unknown): boolean {
  if (json === null || typeof json !== 'object') return false;
  const error = (json as { error?: unknown }).error;
  if (error === null || typeof error !== 'object') return false;
  const { code, message, details } = error as Record<string, unknown>;
  return (
    typeof code === 'string' && typeof message === 'string' && message.length > 0 && Array.isArray(details)
  );
}
