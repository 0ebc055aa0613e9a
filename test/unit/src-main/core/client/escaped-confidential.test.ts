import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../../src-main/core/client/api-client';
import { createRequestLog } from '../../../../../src-main/core/request-log';
import { loggedBodyLimit } from '../../../../../src-shared/logged-body';
import { confidentialMask } from '../../../../../src-shared/logs';
import { valid } from '../../../../support/valid-input';
import { json, makePorts, makeProfile, processBody, startFake, step } from './helpers';

/*
 * A .NET service (System.Text.Json's default encoder) writes every character outside ASCII, and
 * + < > & ', as \uXXXX. One that keeps a change's confidential value in a field it does not mark
 * confidential answers the completion with the value spelled so. The request log keeps an answer
 * over its limit as cut text, never decoded; the value must be masked there as in a short answer.
 * The reference service never quotes a field value back, so a fake of the test's own does.
 */

const processId = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
const stepA = '9a1d6c3e-2b4f-4e8a-8c1d-7f2e5b0a9c44';
const stepB = 'b0a9c449-2b4f-4e8a-8c1d-7f2e5b0a9c44';
const surname = 'Zoë Ødegaard';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** JSON as System.Text.Json writes it by default. */
function dotNetJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[^\x20-\x7e]|[+<>&']/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/** A service answering a completion with the fields as sent, unmarked, and a note `padding` long. */
async function dotNetService(padding: number) {
  const fake = await startFake((request, response) => {
    const steps = [step(stepA, 'Assess')];
    if (request.method === 'GET') return json(response, 200, processBody(processId, steps));
    const sent = (JSON.parse(request.body) as { fields: Record<string, unknown>[] }).fields;
    const { notes: _none, ...done } = processBody(
      processId,
      [step(stepA, 'Assess', '2026-06-03T09:15:00'), step(stepB, 'Decide')],
      { fields: sent.map((field) => ({ ...field, confidential: false })) },
    );
    // The note comes last, so the value stands in the part of the answer the log keeps.
    const note = { noteId: 'n1', contents: 'x'.repeat(padding), visibleToAccounts: false, author: 'k' };
    const process = { ...done, notes: [{ ...note, createdOn: '2026-06-03T09:14:22' }] };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(dotNetJson({ completedStep: process.steps[0], currentStep: process.steps[1], process }));
  });
  const profile = makeProfile(fake.url);
  const requestLog = createRequestLog();
  const client = createApiClient({
    ...makePorts([profile]),
    recorder: requestLog,
    random: () => 0,
    readBackDelayMs: 0,
  });
  cleanups.push(
    () => fake.close(),
    () => client.close(),
  );
  return { client, profile, requestLog };
}

describe('a confidential value a .NET service quotes back with \\u escapes', () => {
  for (const [size, padding, cut] of [
    ['shorter than the log keeps', 1_000, false],
    ['longer than the log keeps', loggedBodyLimit + 5_000, true],
  ] as const) {
    it(`is masked in the request log in an answer ${size}`, async () => {
      const { client, profile, requestLog } = await dotNetService(padding);
      const field = {
        name: 'Surname',
        code: 'SURNAME',
        value: surname,
        fieldId: processId,
        confidential: true,
      };
      await client.completeStep(
        profile.id,
        valid('steps.complete', { processId, stepId: stepA, fields: [field] }),
      );
      const answer = requestLog.list().find((entry) => entry.method === 'POST')!.responseBody!;
      expect(answer.truncated).toBe(cut);
      expect(answer.text).toMatch(new RegExp(`"value": ?"${confidentialMask}"`));
      expect(answer.text).not.toContain('Zo\\u00EB \\u00D8degaard');
      expect(JSON.stringify(requestLog.list())).not.toContain(surname);
    });
  }
});
