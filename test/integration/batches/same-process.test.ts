import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assessment,
  completeAccepted,
  createInput,
  input,
  jobEnded,
  openService,
  readAll,
  restStepsSettled,
  stepNames,
  submitForms,
} from './helpers';
import { useBatchSandbox } from './limiter';

/**
 * One process named twice in a batch, by lines that differ: its id and its external reference.
 * The input drops only equal lines, so both rows are read and find the same process; a run sends
 * its change once per process and says of the later row which row it is the same process as.
 */

const setup = useBatchSandbox();

/** Four processes waiting at the assessment, in a batch of their references and then their ids. */
async function batchNamingEachTwice(folder: string) {
  const console_ = openService(join(setup.sandbox.consoleDir, folder), setup.sandbox.url, setup.sandbox.key);
  const { service, client, profile } = console_;
  service.settings({ profileId: profile.id, concurrency: 8, ratePerSecond: 1000 });
  const started = await submitForms(setup.sandbox.url, 4, Number.MAX_SAFE_INTEGER);
  const ids = started.map((p) => p.processId);
  await restStepsSettled(client, profile.id, ids);
  const lines = [...started.map((p) => p.externalReference), ...ids];
  const made = createInput({ profileId: profile.id, text: lines.join('\n') });
  if (!made.ok) throw new Error(made.message);
  const { batchId } = service.create(made.value).batch;
  await service.read(batchId);
  expect((await jobEnded(service, batchId)).status).toBe('finished');
  return { ...console_, started, ids, batchId };
}

describe('a batch that names one process by its id and by its reference', () => {
  it('adds one note to each process; the later rows are skipped, naming the row they repeat', async () => {
    const console_ = await batchNamingEachTwice('notes');
    const { service, client, profile, started, ids, batchId } = console_;
    try {
      const action = { kind: 'note', contents: 'Checked once by the back office.', visibleToAccounts: false };
      const review = await service.run(input('batches.run', { batchId, action }));
      expect(review).toMatchObject({
        kind: 'review',
        count: 4,
        skipped: [{ reason: 'same process as an earlier row', count: 4 }],
        sentence: '4 will be sent; 4 will be skipped: 4 same process as an earlier row.',
      });
      await service.run(input('batches.run', { batchId, action, confirm: '' }));
      expect((await jobEnded(service, batchId)).status).toBe('finished');

      const processes = await readAll(client, profile.id, ids);
      for (const process of processes) {
        const notes = process.notes.filter((note) => note.contents === action.contents);
        expect(notes, process.externalReference).toHaveLength(1);
      }
      const rows = service.get(batchId, input('batches.get', { batchId, limit: 100 })).rows;
      expect(rows.slice(0, 4).map((row) => row.action)).toEqual(['done', 'done', 'done', 'done']);
      expect(rows.slice(4).map((row) => [row.action, row.actionMessage])).toEqual(
        started.map((p, index) => [
          'skipped',
          `Skipped: the same process as row ${index + 1} ("${p.externalReference}"), which this run acts on; nothing was sent twice.`,
        ]),
      );
    } finally {
      await console_.close();
    }
  }, 60_000);

  it('completes each step once: one row done per process, the other skipped, none failed', async () => {
    const console_ = await batchNamingEachTwice('completion');
    const { service, client, profile, batchId } = console_;
    try {
      const before = service.get(batchId, input('batches.get', { batchId, limit: 100 })).rows;
      // submitForms fails the first process's back office call: it is not at the assessment.
      const waiting = [
        ...new Set(before.filter((row) => row.currentStep?.name === assessment).map((row) => row.processId!)),
      ];
      expect(waiting).toHaveLength(3);
      await service.run(input('batches.run', { batchId, action: completeAccepted, confirm: '' }));
      expect((await jobEnded(service, batchId)).status).toBe('finished');

      for (const process of await readAll(client, profile.id, waiting)) {
        const names = stepNames(process);
        expect(
          names.filter((name) => name === assessment),
          process.externalReference,
        ).toHaveLength(1);
        expect(
          names.filter((name) => name === 'Arrange collection'),
          process.externalReference,
        ).toHaveLength(1);
      }
      const rows = service.get(batchId, input('batches.get', { batchId, limit: 100 })).rows;
      for (const processId of waiting) {
        const [first, second] = rows.filter((row) => row.processId === processId);
        expect([first!.action, second!.action], processId).toEqual(['done', 'skipped']);
      }
      expect(rows.filter((row) => row.action === 'failed')).toEqual([]);

      // Both rows of each completed process show the step the service's answer moved it to.
      for (const processId of waiting) {
        const steps = rows.filter((row) => row.processId === processId).map((row) => row.currentStep?.name);
        expect(steps, processId).toEqual([steps[0], steps[0]]);
        expect(steps[0], processId).not.toBe(assessment);
      }
      // A second completion: the default choice (rows at the step) has none of them; chosen by hand,
      // each is skipped as done since read, not sent to.
      const review = (rowNos?: number[]) =>
        service.run(input('batches.run', { batchId, action: completeAccepted, rows: rowNos })).then(
          () => 'a review',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
      const none = `No chosen row was read at step "${assessment}"; read the batch (or choose other rows) first.`;
      expect(await review()).toBe(none);
      const both = rows.filter((row) => waiting.includes(row.processId!)).map((row) => row.rowNo);
      expect(await review(both)).toBe(
        `${none} 0 will be sent; ${both.length} will be skipped: ${both.length} completed since read.`,
      );
    } finally {
      await console_.close();
    }
  }, 60_000);
});
