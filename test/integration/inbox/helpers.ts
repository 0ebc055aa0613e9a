import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { createInbox, type Inbox } from '../../../src-main/core/inbox/receiver';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';
import type { SecretStore } from '../../../src-main/core/secrets/secret-store';

/** A valid outbound payload as the reference service sends it, numbered so each is unique. */
export function samplePayload(n = 1) {
  return {
    SubscriptionId: '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0a01',
    ProcessId: `3f2a9c1e-0b7d-4e5f-9a1b-${n.toString(16).padStart(12, '0')}`,
    ExternalReference: `FT-${String(n).padStart(6, '0')}`,
    GeoTag: null,
    Documents: [
      {
        Name: 'service-request.xml',
        ContentType: 'text/xml',
        Links: [{ Rel: 'self', Href: `/open-api/documents/doc-${n}` }],
      },
    ],
    Fields: [{ Label: 'First name', Code: 'FirstName', ValueAsString: 'Ada' }],
  };
}

/** An inbox started for a test on a temp data folder, 127.0.0.1 and a free port. */
export interface TestInbox {
  inbox: Inbox;
  dataDir: string;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts an inbox with profile `p1` turned on (unless told otherwise). A profile turned on for the
 * first time requires a generated shared header; tests about other rules clear it (as a person may)
 * unless `keepSharedHeader` is set.
 */
export async function startTestInbox(
  options: { secrets?: SecretStore; enable?: string[]; dataDir?: string; keepSharedHeader?: boolean } = {},
): Promise<TestInbox> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pc-inbox-'));
  const inbox = createInbox({ dataDir, secrets: options.secrets ?? createMemorySecretStore() });
  for (const profileId of options.enable ?? ['p1']) {
    await inbox.configure(profileId, { enabled: true });
    if (!options.keepSharedHeader) await inbox.clearSharedHeader(profileId);
  }
  const { url } = await inbox.start();
  return {
    inbox,
    dataDir,
    url,
    stop: async () => {
      await inbox.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A response read whole. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies freely and assert by value.
  json: any;
}

/** Sends one request: `body` as JSON (with its content type) unless `raw` is given. */
export async function send(
  url: string,
  options: {
    method?: string;
    body?: unknown;
    raw?: string | Buffer | Readable;
    headers?: Record<string, string>;
    dispatcher?: Dispatcher;
    /** Aborts the request, as a sender with a time limit does. */
    signal?: AbortSignal;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  let body = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await request(url, {
    method: (options.method ?? 'POST') as Dispatcher.HttpMethod,
    headers,
    body,
    dispatcher: options.dispatcher,
    signal: options.signal,
  });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, json };
}
