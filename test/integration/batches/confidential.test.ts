import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAndKill, useCrashSandbox } from './child-run';
import { assessment, jobEnded, openReadBatch, openService, readAll } from './helpers';
import { expectEachOnce } from './scenario';

const setup = useCrashSandbox();

/** Every file under the console's data folder whose raw bytes hold `value` (the batches.db, its -wal, the audit...). */
function filesHolding(value: string): string[] {
  const files = readdirSync(setup.sandbox.consoleDir, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile(),
  );
  return files
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => readFileSync(path).includes(Buffer.from(value)));
}

describe('a completion with a confidential field', () => {
  it('keeps the value out of every file, asks for it again after a kill -9, and completes each row once', async () => {
    const secret = `bank-ref-${randomUUID()}`;
    const bankReference = {
      name: 'Bank reference',
      code: 'BANKREF',
      fieldId: '{processId}',
      confidential: true,
    };
    const action = {
      kind: 'complete',
      stepName: assessment,
      fields: [
        { name: 'Outcome', code: 'OUTCOME', value: 'Accepted', fieldId: '{processId}' },
        { ...bankReference, value: secret },
      ],
    };
    const dataDir = setup.sandbox.consoleDir;
    const first = await openReadBatch(setup.sandbox, {
      forms: 60,
      failEvery: Number.MAX_SAFE_INTEGER,
      concurrency: 4,
    });
    const { batchId, chosen, waiting } = first;
    const profileId = first.profile.id;
    await first.close();

    const run = runAndKill(
      // About 2 s for the 60 rows, so the kill at half of them lands mid-run on any machine.
      {
        dataDir,
        baseUrl: setup.sandbox.url,
        key: setup.sandbox.key,
        profileId,
        batchId,
        rows: chosen,
        action,
        ratePerSecond: 30,
      },
      Math.floor(waiting / 2),
    );
    const { child } = run;
    const last = await run.ended;
    expect(child.signalCode).toBe('SIGKILL');
    expect(last?.done ?? 0).toBeLessThan(waiting);
    // Killed mid-run: batches.db and its -wal as the crash left them.
    expect(readdirSync(join(dataDir, 'batches'))).toContain('batches.db');
    expect(filesHolding(secret)).toEqual([]);

    const second = openService(dataDir, setup.sandbox.url, setup.sandbox.key, { profileId });
    try {
      const { service, client, audit } = second;
      const asks =
        /confidential field "BANKREF".*Resume with the value of "BANKREF" again; nothing is sent without it\./;
      const before = service.store.summary(batchId);
      expect(before.job).toMatchObject({ kind: 'run', status: 'paused' });
      expect(before.job.kind !== 'idle' && before.job.reason).toMatch(asks);
      // The same need, machine-readable, for the form that asks for it: the code and name, no value.
      expect(before.job).toMatchObject({ needsValues: [{ code: 'BANKREF', name: 'Bank reference' }] });

      // Without the value the run stays paused and says what it needs; nothing is sent.
      const refused = await service.resume(batchId);
      expect(refused.job).toMatchObject({ status: 'paused', reason: expect.stringMatching(asks) });
      expect(refused.counts.action).toEqual(before.counts.action);
      await expect(
        service.resume(batchId, [{ ...bankReference, code: 'OTHER', value: secret }]),
      ).rejects.toThrow(/This run sends no field "OTHER"; give the value of "BANKREF"\./);

      const resumed = await service.resume(batchId, [{ ...bankReference, value: secret }]);
      expect(resumed.job).toMatchObject({ status: 'running', needsValues: [] });
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const counts = await expectEachOnce(service, client, audit, profileId, batchId, chosen);
      expect(counts.done).toBe(waiting);
      // The service got the value itself on every row, never the mask.
      const rows = service.store.rows(batchId).filter((row) => chosen.includes(row.rowNo));
      const processes = await readAll(
        client,
        profileId,
        rows.map((row) => row.processId!),
      );
      for (const process of processes) {
        expect(process.fields.find((field) => field.code === 'BANKREF')?.value).toBe(secret);
      }
    } finally {
      await second.close();
    }
    expect(filesHolding(secret)).toEqual([]);
  }, 60_000);
});
