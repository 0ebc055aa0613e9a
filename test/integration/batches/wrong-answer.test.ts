import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import {
  completeAccepted,
  createInput,
  input,
  jobEnded,
  openReadBatch,
  openService,
  readAll,
  restStepsSettled,
  submitForms,
} from './helpers';
import { limitedSandbox } from './limiter';
import { expectEachOnce } from './scenario';

/*
 * Review finding (s24ra): a completion answered 200 with a well-formed answer about another
 * process (a confused gateway or cache replaying an earlier answer) was taken at its word: the row
 * said done, the audit said succeeded, and the step was never completed. An answer about another
 * process or step proves nothing: it is read back as an answer without a readable result.
 */

const setup = limitedSandbox();

describe('a completion answered 200 with the answer of another process', () => {
  it('is never done: the row says outcome unknown with what to check, the step is not complete', async () => {
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 3,
      failEvery: 100,
      concurrency: 1,
      baseUrl: setup.limiter.url,
    });
    const { service, client, profile, audit, batchId, chosen } = console_;
    try {
      expect(chosen).toHaveLength(2);
      // The first row's completion goes through; the second's is answered with the first's answer.
      const second = service.store.row(batchId, chosen[1]!).processId!;
      setup.limiter.state.answer = (method, path) =>
        method === 'POST' && path.includes(second) ? setup.limiter.state.lastPostAnswer : null;
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const counts = await expectEachOnce(service, client, audit, profile.id, batchId, chosen);
      expect(counts).toEqual({ done: 1, 'outcome unknown': 1 });
      expect(service.store.row(batchId, chosen[1]!).actionMessage).toMatch(
        /^The service accepted the change \(answer 200\) without saying its result, but reading it back does not show it yet\. Open process /,
      );
    } finally {
      await console_.close();
    }
  }, 60_000);
});

/*
 * Review finding (s26): a read answered 200 with another process (a confused gateway or cache) was
 * taken as the row's process. The table showed that process, and a run sent its change there, to
 * a process the batch never named, while the row said done. Both reads now fail the row instead.
 */
describe('a read answered 200 with another process', () => {
  it("fails the row's read, and a run's read before sending sends nothing to either process", async () => {
    const { sandbox, limiter } = setup;
    const [a, b] = await submitForms(sandbox.url, 2, Number.MAX_SAFE_INTEGER);
    const console_ = openService(mkdtempSync(join(sandbox.consoleDir, 'other-')), limiter.url, sandbox.key);
    const { service, client, profile } = console_;
    const note = { kind: 'note', contents: 'Checked by the back office.', visibleToAccounts: false };
    const notesOf = async () =>
      (await readAll(client, profile.id, [a!.processId, b!.processId])).map(
        (process) => process.notes.filter((n) => n.contents === note.contents).length,
      );
    try {
      await restStepsSettled(client, profile.id, [a!.processId, b!.processId]);
      const [bProcess] = await readAll(client, profile.id, [b!.processId]);
      const bBody = JSON.stringify(bProcess);
      const made = createInput({ profileId: profile.id, text: a!.externalReference });
      if (!made.ok) throw new Error(made.message);
      const { batchId } = service.create(made.value).batch;

      // The table's read, by reference: the row is not taken for B.
      limiter.state.answer = (method, path) =>
        method === 'GET' && path.includes(a!.externalReference) ? bBody : null;
      await service.read(batchId);
      await jobEnded(service, batchId);
      const [misread] = service.store.rows(batchId);
      expect([misread!.read, misread!.processId]).toEqual(['failed', null]);
      expect(misread!.readError).toBe(
        `The service answered the read of external reference ${a!.externalReference} with another process ` +
          `(${b!.externalReference}, ${b!.processId}), so the console took nothing from it. Read it again; ` +
          'if it keeps happening, something between the console and the service (a gateway or cache) mixes up answers.',
      );

      // Read right, then the run's read before sending, by id, is answered with B: nothing is sent.
      limiter.state.answer = () => null;
      await service.read(batchId, [1]);
      await jobEnded(service, batchId);
      expect(service.store.rows(batchId)[0]!.processId).toBe(a!.processId);
      limiter.state.answer = (method, path) =>
        method === 'GET' && path.includes(a!.processId) ? bBody : null;
      await service.run(input('batches.run', { batchId, action: note, confirm: '' }));
      await jobEnded(service, batchId);
      const [row] = service.store.rows(batchId);
      expect(row!.action).toBe('failed');
      expect(row!.actionMessage).toMatch(
        /^Nothing was sent: the process could not be read first\. The service answered the read of process /,
      );
      limiter.state.answer = () => null;
      expect(await notesOf()).toEqual([0, 0]);
    } finally {
      limiter.state.answer = () => null;
      await console_.close();
    }
  }, 60_000);
});
