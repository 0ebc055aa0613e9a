import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, type ApiClient } from '../../../src-main/core/client/api-client';
import type { Credentials } from '../../../src-main/core/ports';
import type { Dialect } from '../../../src-sandbox/dialects/vendor-dialect';
import { startSandbox } from '../../../src-sandbox/server';
import { makePorts, makeProfile } from '../../unit/src-main/core/client/helpers';

/** The demo seed's "Report fly-tipping" process type. */
export const flyTippingTypeId = '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01';

/** The reference service on a free port with a temp data folder, and an API key made for the test. */
export interface RunningSandbox {
  url: string;
  port: number;
  key: { keyId: string; name: string; apiKey: string; apiSecret: string };
  credentials: Credentials;
  stop(): Promise<void>;
}

/** Starts the reference service with the demo seed and creates a key named `name`. */
export async function startTestSandbox(
  name = 'console-integration',
  options: { dialect?: Dialect } = {},
): Promise<RunningSandbox> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-client-sandbox-'));
  const sandbox = await startSandbox({ dataDir, port: 0, host: '127.0.0.1', quiet: true, ...options });
  const key = await sandbox.createApiKey(name);
  let stopped = false;
  return {
    url: sandbox.url.replace(/\/+$/, ''),
    port: sandbox.port,
    key,
    credentials: { apiKey: key.apiKey, apiSecret: key.apiSecret },
    async stop() {
      if (stopped) return;
      stopped = true;
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A client with in-test ports (array-backed audit and request log, map-backed credentials). */
export function clientFor(
  baseUrl: string,
  key: RunningSandbox['key'],
  overrides: Parameters<typeof makeProfile>[1] = {},
  credentials: Credentials = { apiKey: key.apiKey, apiSecret: key.apiSecret },
): { client: ApiClient; profileId: string; ports: ReturnType<typeof makePorts> } {
  const profile = makeProfile(baseUrl, { name: 'Sandbox', keyName: key.name, ...overrides });
  const ports = makePorts([profile], credentials);
  const client = createApiClient({ ...ports, readBackDelayMs: 50 });
  return { client, profileId: profile.id, ports };
}

/** A field for completing "Send to back office": any GUID is a valid fieldId, the process id included. */
export function backOfficeFields(processId: string, reference: string) {
  return [{ name: 'Back office reference', value: reference, fieldId: processId, code: 'BACKOFFICEREF' }];
}
