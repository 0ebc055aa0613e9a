import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sampleAccount,
  samples,
  type FormCode,
} from '../../../src-renderer/features/inbox/test-form-samples';
import { call, startTestSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.stop());

describe('"Submit a test form" defaults', () => {
  it.each(Object.keys(samples) as FormCode[])('%s is accepted with its own defaults', async (formCode) => {
    // The panel sends the account only where the form makes it mandatory; sending it always is the
    // stricter check (the account's id must be valid whenever it is sent).
    const reply = await call(t.url, 'POST', `/forms/${formCode}/submissions`, {
      body: { answers: samples[formCode], account: sampleAccount },
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.json.externalReference).toMatch(/^[A-Z]+-\d{6}$/);
  });
});
