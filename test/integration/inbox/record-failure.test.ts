import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDeliveryHandler } from '../../../src-main/core/inbox/delivery-handler';
import type { DeliveryStore } from '../../../src-main/core/inbox/delivery-store';
import { createRateLimiter } from '../../../src-main/core/inbox/rate-limit';
import { createInboxSettings } from '../../../src-main/core/inbox/inbox-settings';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';
import { samplePayload, send } from './helpers';

describe('the inbox when its database refuses a write', () => {
  it('never acknowledges a delivery it could not record', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-inbox-full-'));
    const settings = createInboxSettings(dataDir, createMemorySecretStore());
    await settings.configure('p1', { enabled: true });
    await settings.clearSharedHeader('p1');
    const logs: string[] = [];
    const diskFull = {
      record: () => {
        throw new Error('SQLITE_FULL: database or disk is full');
      },
    } as unknown as DeliveryStore;
    const handle = createDeliveryHandler({
      settings,
      store: diskFull,
      announce: () => undefined,
      wait: async () => true,
      log: (line) => logs.push(line),
      hosts: () => new Set([`127.0.0.1:${(server.address() as AddressInfo).port}`]),
      rate: createRateLimiter(),
      refused: () => undefined,
    });
    const server = createServer((request, response) => void handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/inbox/p1`;
      const answer = await send(url, { body: samplePayload(1) });
      expect(answer.status).toBe(503);
      expect(answer.json.error.code).toBe('not_recorded');
      expect(logs.join('\n')).toMatch(/could not record a delivery: SQLITE_FULL/);
      expect(logs.join('\n')).not.toContain('FT-000001');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
