import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Process } from '../../../src-shared/api';
import { confidentialMask } from '../../../src-shared/logs';
import { currentStepOf } from '../../../src-shared/process-paths';
import { valid } from '../../support/valid-input';
import { assessment, input, jobEnded, openReadBatch, openService } from './helpers';
import { limitedSandbox } from './limiter';

/*
 * A batch run sends its confidential values from memory through the client's one change path: a
 * service that quotes one back in refusing the completion (as it is, or its bytes in base64 and
 * hex) must not put it in the request log, in the row or in the audit. Nor may the reads a run makes of its processes (before each row's
 * change, and reading a change back after the console stopped), on a tenant that keeps the field
 * but does not mark it confidential. The reference service never quotes a field value and keeps
 * the mark it was sent, so the relay in front of it refuses each completion with a sentence that
 * quotes one, or writes the processes it relays with no field marked.
 */

const setup = limitedSandbox();

describe('a batch completion refused with a sentence quoting its confidential value', () => {
  it('fails the rows with the value masked, and the request log keeps none of it', async () => {
    const secret = `NI-${randomUUID()}`;
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 3,
      failEvery: 100,
      concurrency: 1,
      baseUrl: setup.limiter.url,
    });
    const { service, batchId, chosen, requests } = console_;
    try {
      expect(chosen).toHaveLength(2);
      // Its bytes too, in base64 and hex, as a gateway that logs what it refused may quote them.
      const spellings = [secret, Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('hex')];
      const [, base64, hex] = spellings;
      const sentence = `The value "${secret}" (base64 ${base64}, hex ${hex}) of field NINO is not valid.`;
      Object.assign(setup.limiter.state, {
        status: 400,
        stormMessage: sentence,
        storm: (method: string) => method === 'POST',
      });
      const action = {
        kind: 'complete',
        stepName: assessment,
        fields: [{ name: 'NINO', code: 'NINO', value: secret, fieldId: '{processId}', confidential: true }],
      };
      await service.run(input('batches.run', { batchId, action, rows: chosen, confirm: '' }));
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const masked = spellings.reduce((text, spelling) => text.replace(spelling, confidentialMask), sentence);
      for (const rowNo of chosen) {
        expect(service.store.row(batchId, rowNo)).toMatchObject({ action: 'failed' });
        expect(service.store.row(batchId, rowNo).actionMessage).toContain(masked);
      }
      const posts = requests.filter((entry) => entry.method === 'POST');
      expect(posts).toHaveLength(2);
      for (const post of posts) {
        const answer = JSON.parse(post.responseBody!.text) as { error: { message: string } };
        expect(answer.error.message).toBe(masked);
      }
      const audit = JSON.stringify(await console_.audit.list());
      expect(audit).toContain('of field NINO is not valid.');
      for (const spelling of spellings) {
        expect(JSON.stringify(requests)).not.toContain(spelling);
        expect(audit).not.toContain(spelling);
      }
    } finally {
      setup.limiter.state.storm = () => false;
      await console_.close();
    }
  }, 60_000);
});

describe('a run resumed after the console stopped, on a tenant that does not mark its field confidential', () => {
  it('reads its processes with the value masked in the request log', async () => {
    const secret = `bank-ref-${randomUUID()}`;
    const bankReference = {
      name: 'Bank reference',
      code: 'BANKREF',
      fieldId: '{processId}',
      confidential: true,
    };
    const outcome = { name: 'Outcome', code: 'OUTCOME', value: 'Accepted', fieldId: '{processId}' };
    const first = await openReadBatch(setup.sandbox, {
      forms: 3,
      failEvery: 100,
      concurrency: 1,
      dataDir: `${setup.sandbox.consoleDir}/resumed`,
    });
    const { service, client, profile, batchId, chosen } = first;
    expect(chosen).toHaveLength(2);
    const [sentBeforeStop, doneEarlier] = chosen.map((rowNo) => service.store.row(batchId, rowNo).processId!);
    const action = input('batches.run', {
      batchId,
      action: {
        kind: 'complete',
        stepName: assessment,
        fields: [outcome, { ...bankReference, value: secret }],
      },
    }).action;
    // Both completed with the value: the first row by this run before the console stopped (its
    // journal line still open), the second by hand earlier, so the run finds it off the step.
    const stepIds: string[] = [];
    for (const processId of [sentBeforeStop!, doneEarlier!]) {
      const { stepId } = currentStepOf(await client.getProcess(profile.id, processId))!;
      stepIds.push(stepId);
      const fields = [outcome, { ...bankReference, value: secret }].map((field) => ({
        ...field,
        fieldId: processId,
      }));
      await client.completeStep(profile.id, valid('steps.complete', { processId, stepId, fields }));
    }
    service.store.queueRun(batchId, chosen);
    service.store.setJob(batchId, { kind: 'run', status: 'running', reason: null, action, total: 2 });
    service.journal.open({
      intentId: randomUUID(),
      batchId,
      rowNo: chosen[0]!,
      action,
      processId: sentBeforeStop!,
      externalReference: service.store.row(batchId, chosen[0]!).externalReference!,
      stepId: stepIds[0]!,
      stepName: assessment,
      knownNotes: null,
    });
    await first.close();

    setup.limiter.state.rewrite = (method, _path, body) =>
      method === 'GET' ? body.replaceAll('"confidential":true', '"confidential":false') : body;
    const second = openService(`${setup.sandbox.consoleDir}/resumed`, setup.limiter.url, setup.sandbox.key, {
      profileId: profile.id,
    });
    try {
      await second.service.resume(batchId, [{ code: 'BANKREF', value: secret }]);
      expect((await jobEnded(second.service, batchId)).status).toBe('finished');
      expect(chosen.map((rowNo) => second.service.store.row(batchId, rowNo).action)).toEqual([
        'done',
        'skipped',
      ]);
      // What the request log view shows of each read: the field's value masked, as the run sent it.
      const shown = [sentBeforeStop!, doneEarlier!].map((processId) => {
        const read = second.requests.find(
          (entry) => entry.method === 'GET' && entry.path.includes(processId),
        )!;
        const fields = (JSON.parse(read.responseBody!.text) as Process).fields;
        return fields.find((field) => field.code === 'BANKREF');
      });
      const masked = expect.objectContaining({ value: confidentialMask, confidential: false });
      expect(shown).toEqual([masked, masked]);
      expect(JSON.stringify(second.requests)).not.toContain(secret);
    } finally {
      setup.limiter.state.rewrite = (_method, _path, body) => body;
      await second.close();
    }
  }, 60_000);
});
