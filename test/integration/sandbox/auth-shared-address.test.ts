import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../../src-sandbox/security/api-keys';
import { staffAuth, startTestSandbox, type TestSandbox } from './helpers';

// Two client addresses on this machine: the whole of 127.0.0.0/8 reaches the loopback interface,
// so a client bound to 127.0.0.2 is another address to the service (request.ip).
const proxy = new Agent({ localAddress: '127.0.0.2' });
const elsewhere = new Agent({ localAddress: '127.0.0.1' });

let offsetMs = 0;
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ clock: () => new Date(Date.now() + offsetMs) });
});
afterAll(async () => {
  await t?.stop();
  await Promise.all([proxy.close(), elsewhere.close()]);
});

const path = '/open-api/processes/external-reference/FT-000003';

interface Answer {
  status: number;
  retryAfter: number | undefined;
  message: string | undefined;
  ms: number;
}

async function send(from: Agent, url: string, headers: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  const response = await request(`${t.url}${url}`, { dispatcher: from, headers });
  const body = (await response.body.json()) as { error?: { message?: string } };
  const retryAfter = response.headers['retry-after'];
  return {
    status: response.statusCode,
    retryAfter: typeof retryAfter === 'string' ? Number(retryAfter) : undefined,
    message: body.error?.message,
    ms: performance.now() - started,
  };
}

const withKey = (from: Agent, apiKey: string, apiSecret: string) =>
  send(from, path, { 'x-api-key': apiKey, 'x-api-secret': apiSecret });

describe('a guesser behind the address every user of a council proxy shares', () => {
  it('does not lock out a valid key never seen from that address', async () => {
    const colleague: CreatedApiKey = t.sandbox.createApiKey('Colleague behind the same proxy');
    const guesses = [
      ...Array.from({ length: 15 }, () =>
        withKey(proxy, t.key.apiKey, randomBytes(32).toString('base64url')),
      ),
      ...Array.from({ length: 30 }, () =>
        withKey(proxy, randomBytes(16).toString('hex'), randomBytes(32).toString('base64url')),
      ),
    ];
    const answers = await Promise.all(guesses);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(35);

    // The address is limited: an unknown key is still refused at once, with no hash.
    const unknown = await withKey(proxy, randomBytes(16).toString('hex'), 'x');
    expect(unknown.status).toBe(429);
    expect(unknown.retryAfter).toBeGreaterThan(0);
    // A valid key that has not failed passes: its secret is checked and verifies.
    expect((await withKey(proxy, colleague.apiKey, colleague.apiSecret)).status).toBe(200);
    expect((await withKey(proxy, colleague.apiKey, colleague.apiSecret)).status).toBe(200);
    // The key the guesser aimed at waits from that address, and passes from a clean one.
    const aimedAt = await withKey(proxy, t.key.apiKey, t.key.apiSecret);
    expect(aimedAt.status).toBe(429);
    expect(aimedAt.retryAfter).toBeLessThanOrEqual(60);
    expect((await withKey(elsewhere, t.key.apiKey, t.key.apiSecret)).status).toBe(200);
  });

  it('limits wrong staff passwords like wrong API keys, and the real admin still signs in', async () => {
    offsetMs += 61_000;
    const admin = staffAuth('admin', t.passwords.admin!);
    const before = await send(elsewhere, '/admin/api-keys', admin);
    expect(before.status).toBe(200);

    const started = performance.now();
    const flood = Promise.all(
      Array.from({ length: 72 }, (_, i) => send(proxy, '/admin/api-keys', staffAuth('admin', `guess-${i}`))),
    );
    // The real admin, from another address, while the flood runs.
    const during = await send(elsewhere, '/admin/api-keys', admin);
    const answers = await flood;
    const floodMs = performance.now() - started;
    const failed = answers.filter((a) => a.status === 401).length;
    console.log(
      `72 wrong admin passwords: ${floodMs.toFixed(0)} ms, ${failed} answered 401 (a scrypt each), ` +
        `${answers.length - failed} answered 429; the admin's sign-in: ${before.ms.toFixed(0)} ms before, ` +
        `${during.ms.toFixed(0)} ms during.`,
    );
    expect(during.status).toBe(200);
    expect(failed).toBeLessThanOrEqual(10);
    for (const answer of answers.filter((a) => a.status !== 401)) {
      expect(answer.status).toBe(429);
      expect(answer.retryAfter).toBeGreaterThan(0);
      expect(answer.message).toMatch(/^Too many wrong sign-ins .* wait \d+ seconds?, then sign in again/);
    }
    // From the guesser's address the attacked user waits.
    expect((await send(proxy, '/admin/api-keys', admin)).status).toBe(429);
    // Unknown user names fill the address's limit (each pays a decoy hash); then they wait with no
    // hash, while a known user who has not failed is still checked (403: not an Api Admin).
    const unknownNames = [];
    for (let i = 0; i < 6; i++)
      unknownNames.push((await send(proxy, '/admin/api-keys', staffAuth(`nobody-${i}`, 'x'))).status);
    expect(unknownNames).toEqual([401, 401, 401, 401, 401, 429]);
    const caseworker = staffAuth('caseworker', t.passwords.caseworker!);
    expect((await send(proxy, '/admin/api-keys', caseworker)).status).toBe(403);
    offsetMs += 61_000;
    expect((await send(proxy, '/admin/api-keys', admin)).status).toBe(200);
  });
});
