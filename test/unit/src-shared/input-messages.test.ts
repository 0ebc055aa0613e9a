import '../../../src-renderer/zod-config';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calls, type CallName } from '../../../src-shared/contract';
import { describeIssues } from '../../../src-shared/input-errors';
import { plainIssueMessage } from '../../../src-shared/issue-messages';
import { profileInputSchema } from '../../../src-shared/profile';
import { inboxConfigureInput } from '../../../src-shared/workbench-inputs';
import { formProblems, typedNumber } from '../../../src-renderer/lib/form-validation';

/** What main's door answers for an input, as the renderer shows it. */
function doorSays(name: CallName, input: unknown): string {
  const parsed = calls[name].input.safeParse(input, { error: plainIssueMessage });
  expect(parsed.success).toBe(false);
  return describeIssues(parsed.error!.issues, input);
}

const profile = {
  name: 'Sandbox',
  baseUrl: 'http://127.0.0.1:4010',
  environment: 'test',
  authScheme: 'headers',
  keyName: 'console',
  caFile: null,
  proxy: { mode: 'none' },
  timeouts: { connectMs: 5000, headersMs: 15000, bodyIdleMs: 30000, overallMs: 60000 },
  endpoints: {},
};
const profileId = randomUUID();

describe('messages a person can act on (issue 15 item 10)', () => {
  it('a timeout that is not a number names the input and its range, not "expected number, received NaN"', () => {
    const input = { ...profile, timeouts: { ...profile.timeouts, connectMs: typedNumber('abc') } };
    const sentence = 'Connect timeout: enter a number of milliseconds between 500 and 60,000.';
    expect(doorSays('profiles.save', input)).toBe(sentence);
    const inForm = formProblems(profileInputSchema, input, { connectMs: 'Connect timeout' });
    expect(inForm.get('timeouts.connectMs')).toBe(sentence.slice(0, -1));
    expect(
      formProblems(
        profileInputSchema,
        { ...input, timeouts: { ...profile.timeouts, connectMs: typedNumber('') } },
        { connectMs: 'Connect timeout' },
      ).get('timeouts.connectMs'),
    ).toBe(sentence.slice(0, -1));
  });

  it('a receiver cap past the safe integers says the range, not "expected int to be <=9007199254740991"', () => {
    const input = { profileId, limits: { maxDeliveries: Number('99999999999999999999') } };
    expect(doorSays('inbox.configure', input)).toBe(
      'Deliveries kept: enter a number of deliveries between 1 and 1,000,000.',
    );
    const size = formProblems(
      inboxConfigureInput,
      { profileId, limits: { maxBytes: 1024 } },
      { maxBytes: 'MiB kept' },
    );
    expect(size.get('limits.maxBytes')).toBe('MiB kept must be at least 64 KiB (65536)');
  });

  it('a note over the limit says its length and the limit, not "Too big: expected string to have <=20000 characters"', () => {
    const input = {
      profileId,
      processId: randomUUID(),
      intentId: randomUUID(),
      contents: 'x'.repeat(20_412),
    };
    expect(doorSays('notes.add', input)).toBe(
      'Note is 20,412 characters long; shorten it to 20,000 or fewer.',
    );
  });

  it('no issue of these forms reaches a person in zod’s own words', () => {
    const inputs = [
      { profileId, reply: { delayMs: Number.NaN } },
      { profileId, limits: { perSecond: 1.5 } },
      { profileId, limits: { maxDeliveries: -1 } },
    ];
    for (const input of inputs) {
      expect(doorSays('inbox.configure', input)).not.toMatch(/Invalid input|Too (big|small)|expected/);
    }
  });
});
