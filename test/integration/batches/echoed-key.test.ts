import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchProgress } from '../../../src-shared/batches';
import { redacted } from '../../../src-shared/redaction';
import { createInput, input, jobEnded, openService } from './helpers';
import { limitedSandbox } from './limiter';

/*
 * Review (s24rc): a hostile or careless service that quotes the profile's API key and secret back
 * in what a batch read keeps (a step name, a process type name, the user, a REST call's error, an
 * error message, a Retry-After). The client cleans every answer of the request's secrets before
 * anyone reads it; this pins that nothing of them reaches a row, a progress event, an export or
 * any file of the console's data folder. The reference service never echoes, so the relay does.
 */

const started = limitedSandbox();

function filesHolding(dir: string, value: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => readFileSync(path).includes(Buffer.from(value)));
}

describe('a batch read from a service that echoes the API key and secret', () => {
  it('keeps neither in a row, a progress event, an export or a file', async () => {
    const { sandbox, limiter } = started;
    const { apiKey, apiSecret } = sandbox.key;
    const echo = `${apiKey} ${apiSecret}`;
    const pascal = JSON.stringify({
      ProcessId: randomUUID(),
      ProcessTypeId: randomUUID(),
      ProcessTypeName: `Type ${echo}`,
      ExternalReference: 'ref-1',
      Status: `Open ${echo}`,
      AllocatedUser: apiSecret,
      Steps: [
        {
          StepId: randomUUID(),
          Kind: 'manual',
          Name: `Step ${echo}`,
          StartedOn: '2026-01-02T03:04:05',
          CompletedOn: null,
        },
      ],
    });
    const camel = JSON.stringify({
      processId: randomUUID(),
      processTypeId: randomUUID(),
      externalReference: 'ref-2',
      status: 'Open',
      steps: [
        {
          stepId: randomUUID(),
          kind: 'restApi',
          name: 'Call the back office',
          startedOn: '2026-01-02T03:04:05',
          completedOn: null,
          restCall: { response: null, error: `Refused ${echo}` },
        },
      ],
    });
    limiter.state.answer = (method, path) =>
      method !== 'GET' ? null : path.endsWith('/ref-1') ? pascal : path.endsWith('/ref-2') ? camel : null;
    limiter.state.status = 400;
    limiter.state.stormMessage = `The key ${apiKey} with secret ${apiSecret} is not allowed here.`;
    limiter.state.storm = (method, path) => method === 'GET' && path.endsWith('/ref-3');

    const events: BatchProgress[] = [];
    const dataDir = join(sandbox.consoleDir, 'echo');
    const console_ = openService(dataDir, limiter.url, sandbox.key, { onProgress: (p) => events.push(p) });
    try {
      const { service, profile } = console_;
      service.settings({ profileId: profile.id, concurrency: 2, ratePerSecond: 1000 });
      const made = createInput({ profileId: profile.id, text: 'ref-1\nref-2\nref-3\nref-4' });
      if (!made.ok) throw new Error(made.message);
      const { batchId } = service.create(made.value).batch;
      await service.read(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');

      // Row 4 read again while the service limits it with the key as its Retry-After.
      let limitedOnce = false;
      limiter.state.status = 429;
      limiter.state.retryAfter = apiKey;
      limiter.state.storm = (method, path) => {
        if (method !== 'GET' || !path.endsWith('/ref-4') || limitedOnce) return false;
        limitedOnce = true;
        return true;
      };
      await service.read(batchId, [4]);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      expect(limitedOnce).toBe(true);

      const rows = service.get(batchId, input('batches.get', { batchId, limit: 100 })).rows;
      // The echoes were there to keep: each arrived, cleaned.
      expect(rows[0]!.currentStep?.name).toBe(`Step ${redacted} ${redacted}`);
      expect(rows[0]!.allocatedUser).toBe(redacted);
      expect(rows[1]!.restFailed).toBe(true);
      expect(rows[2]!.read).toBe('failed');
      expect(rows[2]!.readError).toContain(`The key ${redacted} with secret ${redacted}`);
      const exported = [
        await service.exportTo(batchId, 'csv', join(dataDir, 'rows.csv')),
        await service.exportTo(batchId, 'jsonl', join(dataDir, 'rows.jsonl')),
      ];
      expect(exported).toHaveLength(2);
      for (const secret of [apiKey, apiSecret]) {
        expect(JSON.stringify(rows)).not.toContain(secret);
        expect(JSON.stringify(service.list())).not.toContain(secret);
        expect(JSON.stringify(events)).not.toContain(secret);
      }
    } finally {
      await console_.close();
    }
    expect(filesHolding(dataDir, apiKey)).toEqual([]);
    expect(filesHolding(dataDir, apiSecret)).toEqual([]);
  }, 60_000);
});
