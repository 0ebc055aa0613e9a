import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedStepHeader } from '../../../src-main/core/embedded-default';
import { createKeyringSecretStore } from '../../../src-main/core/secrets/keyring-secret-store';
import { demoSeed } from '../../../src-sandbox/seed/demo-seed';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox/server';
import type { CreatedApiKey } from '../../../src-sandbox/security/api-keys';
import type { Delivery } from '../../../src-shared/inbox';
import { startTestInbox, type TestInbox } from './helpers';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

// The demo seed's REST API step: where a failed call is allocated, and the header it sends.
const restStep = demoSeed.processTypes[0]!.steps[0]!.rest!;
const failureUser = restStep.failureUser;
const backOfficeHeader = (restStep.headers ?? [])[0]!;

interface Running {
  t: TestInbox;
  sandbox: RunningSandbox;
  key: CreatedApiKey;
}

async function start(
  options: { restStepTimeoutMs?: number; inbox?: Parameters<typeof startTestInbox>[0] } = {},
): Promise<Running> {
  const t = await startTestInbox(options.inbox);
  cleanups.push(() => t.stop());
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-inbox-sandbox-'));
  const sandbox = await startSandbox({
    dataDir,
    port: 0,
    outboundUrl: t.inbox.deliveryUrl('p1')!,
    restStepTimeoutMs: options.restStepTimeoutMs,
  });
  cleanups.push(async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { t, sandbox, key: sandbox.createApiKey('Inbox test key') };
}

async function json(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; key?: CreatedApiKey } = {},
) {
  const response = await request(url, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.key ? { 'x-api-key': init.key.apiKey, 'x-api-secret': init.key.apiSecret } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's bodies are asserted by value.
  return { status: response.statusCode, body: (await response.body.json()) as any };
}

async function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Submits the fly-tipping form, then waits for its delivery and for the step's recorded call. */
async function submitAndWait({ t, sandbox, key }: Running) {
  const submitted = await json(`${sandbox.url}/forms/report-fly-tipping/submissions`, {
    method: 'POST',
    body: { answers: { FirstName: 'Ada', PostCode: 'M1 1AA' } },
  });
  expect(submitted.status).toBe(201);
  const processId: string = submitted.body.processId;
  // A refused delivery has no parsed payload: it is found by the start of its body instead.
  const delivery = await until<Delivery>(
    () =>
      t.inbox
        .list({ limit: 1000 })
        .map((summary) => t.inbox.get(summary.id))
        .find((found) => found.processId === processId || found.rawExcerpt?.includes(processId)),
    'the delivery',
  );
  const process = await until(async () => {
    const read = await json(`${sandbox.url}/open-api/processes/${processId}`, { key });
    return read.body.steps[0].restCall ? read.body : undefined;
  }, 'the REST step to record its call');
  return { submitted: submitted.body, delivery, process };
}

describe('the reference service delivering to the inbox', () => {
  it("is what the embedded default's receiver requires: the header the demo step sends", () => {
    // Core may not import the service, so it keeps its own copy of the seed's header.
    expect({ name: backOfficeHeader.name, value: backOfficeHeader.value }).toEqual(embeddedStepHeader);
  });

  it("records the step's payload and the service records the configured reply as the step's response", async () => {
    const running = await start();
    await running.t.inbox.configure('p1', { reply: { body: { BackOfficeReference: 'BO-1042' } } });
    const { submitted, delivery, process } = await submitAndWait(running);
    expect(delivery).toMatchObject({
      status: 'new',
      method: 'POST',
      processId: process.processId,
      externalReference: submitted.externalReference,
      replyStatus: 200,
    });
    expect(delivery.externalReference).toBe(process.externalReference);
    expect(delivery.view?.documents).toEqual([
      {
        name: 'service-request.xml',
        contentType: 'text/xml',
        href: process.documents[0].href,
        documentId: process.documents[0].documentId,
      },
    ]);
    expect(delivery.view?.fields).toContainEqual({ label: 'First name', code: 'FirstName', value: 'Ada' });
    expect(delivery.view?.fields).toContainEqual({ label: 'Postcode', code: 'PostCode', value: 'M1 1AA' });
    expect(delivery.headers[backOfficeHeader.name.toLowerCase()]).toBe('[redacted]');
    expect(JSON.stringify(delivery)).not.toContain(backOfficeHeader.value);

    const step = process.steps[0];
    expect(step.restCall.response).toMatchObject({ status: 200, body: { BackOfficeReference: 'BO-1042' } });
    expect(step.restCall.error).toBeNull();
    expect(step.completedOn).not.toBeNull();
  });

  it('a configured 500 leaves the step current, records the failure and allocates it to the failure user', async () => {
    const running = await start();
    await running.t.inbox.configure('p1', { reply: { status: 500, body: { message: 'Rehearsed failure' } } });
    const { delivery, process } = await submitAndWait(running);
    expect(delivery).toMatchObject({
      status: 'new',
      replyStatus: 500,
      replyBody: { message: 'Rehearsed failure' },
    });
    const step = process.steps[0];
    expect(process.steps).toHaveLength(1);
    expect(step.completedOn).toBeNull();
    expect(step.restCall.response.status).toBe(500);
    expect(step.restCall.error).toContain('HTTP 500');
    expect(process.allocatedUser).toBe(failureUser);
    const current = await json(
      `${running.sandbox.url}/open-api/processes/${process.processId}/current-step`,
      {
        key: running.key,
      },
    );
    expect(current.body.stepId).toBe(step.stepId);
  });

  it("a delay past the service's time limit is recorded here and a timeout there", async () => {
    const running = await start({ restStepTimeoutMs: 300 });
    await running.t.inbox.configure('p1', { reply: { delayMs: 1_500 } });
    const { delivery, process } = await submitAndWait(running);
    expect(delivery).toMatchObject({ status: 'new', replyStatus: 200 });
    expect(process.steps[0].restCall.response).toBeNull();
    expect(process.steps[0].restCall.error).toContain('within 0.3 s');
    expect(process.allocatedUser).toBe(failureUser);
    // The reply was never received: the inbox says the service timed out, not that it answered.
    const gaveUpAfter = await until(
      () => running.t.inbox.get(delivery.id).senderGaveUpAfterMs ?? undefined,
      'the inbox to note that the service stopped waiting',
    );
    // The service's 0.3 s clock starts before the inbox hears the request, so the inbox can count a
    // little less (298 ms was seen under load); what matters is that it is the service's limit,
    // not the 1.5 s reply it was holding.
    expect(gaveUpAfter).toBeGreaterThan(200);
    expect(gaveUpAfter).toBeLessThan(1_500);
  });

  it("checks the step's header against a shared header secret kept in the real keychain", async () => {
    if (process.env.PROCESS_CONSOLE_KEYRING_SESSION !== '1') {
      throw new Error('This test needs a real keychain: run it through scripts/with-keyring.sh.');
    }
    const running = await start({ inbox: { secrets: createKeyringSecretStore() } });
    cleanups.push(async () => void (await running.t.inbox.clearSharedHeader('p1')));
    const view = await running.t.inbox.setSharedHeader('p1', backOfficeHeader.name, backOfficeHeader.value);
    expect(view.hasSecret).toBe(true);
    const accepted = await submitAndWait(running);
    expect(accepted.delivery).toMatchObject({ status: 'new', replyStatus: 200 });
    expect(accepted.process.steps[0].completedOn).not.toBeNull();

    await running.t.inbox.setSharedHeader('p1', backOfficeHeader.name, 'not-what-the-step-sends');
    const refused = await submitAndWait(running);
    expect(refused.delivery).toMatchObject({ status: 'rejected', replyStatus: 401 });
    expect(refused.delivery.reason).toBe(`The ${backOfficeHeader.name} header does not match.`);
    expect(refused.process.steps[0].restCall.response.status).toBe(401);
    expect(refused.process.allocatedUser).toBe(failureUser);
  });
});
