import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, environmentNetwork } from '../../../src-main/core/client/api-client';
import { startLoggingProxy, type LoggingProxy } from '../../support/logging-proxy';
import { valid } from '../../support/valid-input';
import { makePorts, makeProfile } from '../../unit/src-main/core/client/helpers';
import { startFaultProxy, type FaultProxy, type SeenLine } from './fault-proxy';
import {
  backOfficeFields,
  clientFor,
  flyTippingTypeId,
  startTestSandbox,
  type RunningSandbox,
} from './sandbox';

/**
 * The client's rules hold through a proxy that asks for Basic sign-in: a completion whose answer a
 * gateway loses is read back, not sent again; it carries its idempotency key; the request log has
 * the key redacted and never the proxy's credentials. The path: client → the sign-in proxy
 * (CONNECT) → the fault proxy (which replaces the answer with a 502) → the reference service.
 */

let sandbox: RunningSandbox;
let faults: FaultProxy;
let proxy: LoggingProxy;
const sends: SeenLine[] = [];
const signIn = { username: 'svc-console', password: 'Hedgerow-42' };
const token = Buffer.from(`${signIn.username}:${signIn.password}`).toString('base64');

beforeAll(async () => {
  sandbox = await startTestSandbox('proxied-change');
  faults = await startFaultProxy({ host: '127.0.0.1', port: sandbox.port }, (line) => {
    if (line.method !== 'POST') return 'none';
    sends.push(line);
    return 'bad-gateway';
  });
  proxy = await startLoggingProxy({ basic: signIn });
});
afterAll(async () => {
  await proxy?.close();
  await faults?.close();
  await sandbox?.stop();
});

describe('a change through a proxy that asks for sign-in', () => {
  it('is read back after a lost answer, sent once, and logged without the key or the proxy password', async () => {
    const direct = clientFor(sandbox.url, sandbox.key);
    const started = await direct.client.startProcess(
      direct.profileId,
      valid('processes.start', { processTypeId: flyTippingTypeId }),
    );
    const stepId = started.steps.find((step) => step.completedOn === null)!.stepId;
    const profile = makeProfile(faults.url, {
      name: 'Proxied tenant',
      keyName: sandbox.key.name,
      proxy: { mode: 'url', url: proxy.url },
    });
    const ports = makePorts([profile], sandbox.credentials);
    const client = createApiClient({
      ...ports,
      readBackDelayMs: 10,
      network: {
        ...environmentNetwork({}),
        proxyAuthorization: async (origin) => (origin === proxy.url ? `Basic ${token}` : null),
      },
    });
    try {
      const answer = await client.completeStep(
        profile.id,
        valid('steps.complete', {
          processId: started.processId,
          stepId,
          fields: backOfficeFields(started.processId, 'BO-proxied'),
          intentId: randomUUID(),
        }),
      );
      expect(answer.completedStep.name).toBe('Send to back office');
      expect(sends).toHaveLength(1);
      expect(ports.lines.at(-1)).toMatchObject({ outcome: 'succeeded' });
      // Every request crossed the proxy signed in; what crossed it was the requests themselves.
      expect(proxy.seen()).toContain(`proxy-authorization: Basic ${token}`);
      expect(proxy.seen().toLowerCase()).toContain('idempotency-key: ');
      const logged = JSON.stringify(ports.requests);
      for (const secret of [sandbox.key.apiKey, sandbox.key.apiSecret, token, signIn.password])
        expect(logged).not.toContain(secret);
      expect(ports.requests.some((entry) => entry.status === 502)).toBe(true);
    } finally {
      await Promise.all([client.close(), direct.client.close()]);
    }
  });
});
