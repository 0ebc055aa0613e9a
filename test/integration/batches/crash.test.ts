import { describe, expect, it } from 'vitest';
import { runAndKill, useCrashSandbox } from './child-run';
import { jobEnded, openReadBatch, openService } from './helpers';
import { expectEachOnce } from './scenario';

const setup = useCrashSandbox();

describe('a batch run killed with kill -9 halfway', () => {
  it('resumes after a restart and sends nothing twice, loses nothing', async () => {
    const dataDir = setup.sandbox.consoleDir;
    const first = await openReadBatch(setup.sandbox, { forms: 500, concurrency: 8 });
    const { batchId, chosen, waiting } = first;
    const profileId = first.profile.id;
    await first.close();

    const run = runAndKill(
      { dataDir, baseUrl: setup.sandbox.url, key: setup.sandbox.key, profileId, batchId, rows: chosen },
      Math.floor(waiting / 2),
    );
    const { child } = run;
    const last = await run.ended;
    expect(child.signalCode).toBe('SIGKILL');
    expect(last?.done ?? 0).toBeLessThan(waiting);

    const second = openService(dataDir, setup.sandbox.url, setup.sandbox.key, { profileId });
    try {
      const { service, client, audit } = second;
      const before = service.store.summary(batchId);
      expect(before.job).toMatchObject({ kind: 'run', status: 'paused' });
      expect(before.job.kind !== 'idle' && before.job.reason).toMatch(
        /The console stopped while this batch was running/,
      );
      const inFlight = before.counts.action.sending;
      await service.resume(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const counts = await expectEachOnce(service, client, audit, profileId, batchId, chosen);
      const readBack = service.journal
        .all(batchId)
        .filter((line) => /on reading back after the console stopped/.test(line.message ?? ''));
      console.log(
        `batch kill -9: ${waiting} rows, killed at ${last?.done} done with ${inFlight} journaled but unsettled; ` +
          `${readBack.length} found done on reading back; outcomes ${JSON.stringify(counts)}`,
      );
      expect(counts.done).toBe(waiting);
    } finally {
      await second.close();
    }
  }, 60_000);
});
