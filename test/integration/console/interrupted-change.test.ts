import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { createCredentialVault } from '../../../src-main/core/secrets/credentials';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';
import { dispatch } from '../../../src-main/handlers';
import type { AuditPage } from '../../../src-shared/logs';
import { currentStepOf } from '../../../src-shared/process-paths';
import { sourceDocumentWorker } from '../../support/document-worker';
import { startLimiter, type Limiter } from '../batches/limiter';
import { clientFor, flyTippingTypeId, startTestSandbox, type RunningSandbox } from '../client/sandbox';

/**
 * Issue 33, finding 3: a single change in flight when the console dies. The relay in front of the
 * reference service holds the request (or the service's answer) while the console, a child process,
 * is killed with SIGKILL; a console started again on its data folder reads the change back and
 * records what it found, at start or when the process is opened, and sends nothing again.
 */

const childScript = fileURLToPath(new URL('./change-child.ts', import.meta.url));
const children = new Set<ChildProcess>();
const folders: string[] = [];
let sandbox: RunningSandbox;
let relay: Limiter;

beforeAll(async () => {
  sandbox = await startTestSandbox('interrupted-change');
  relay = await startLimiter(sandbox.url);
}, 60_000);

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await relay?.close();
  await sandbox?.stop();
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

/** The service itself, past the relay: what really happened. */
const direct = () => clientFor(sandbox.url, sandbox.key);

/**
 * Completes the current step of FT-000003 in a child console whose completion the relay holds
 * (`hold`), and kills the child with SIGKILL once the relay holds it. Answers the child's data
 * folder, its profile and the step.
 */
async function completeAndKill(hold: 'request' | 'answer', fields: { code: string; value: string }[]) {
  const { client, profileId } = direct();
  const process = await client.getProcessByReference(profileId, 'FT-000003');
  const step = currentStepOf(process)!;
  const killed = await changeAndKill(hold, 'steps.complete', {
    processId: process.processId,
    stepId: step.stepId,
    fields: fields.map((field) => ({ ...field, name: field.code, fieldId: process.processId })),
  });
  return { ...killed, process, step };
}

/** Makes one change in a child console, and kills it with SIGKILL once the relay holds it. */
async function changeAndKill(
  hold: 'request' | 'answer',
  call: 'steps.complete' | 'processes.start',
  input: Record<string, unknown>,
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-interrupted-'));
  folders.push(dataDir);
  const heldBefore = relay.state.held;
  relay.state.hold = (method) => (method === 'POST' ? hold : null);
  const child = spawn(
    globalThis.process.execPath,
    [
      '--import',
      'tsx',
      childScript,
      JSON.stringify({ dataDir, baseUrl: relay.url, key: sandbox.key, call, input }),
    ],
    { cwd: fileURLToPath(new URL('../../../', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.add(child);
  const lines: unknown[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(JSON.parse(line)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killed = (async () => {
    while (relay.state.held === heldBefore && child.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 10));
    child.kill('SIGKILL');
  })();
  await Promise.all([exited, killed]);
  relay.state.hold = () => null;
  expect(child.signalCode).toBe('SIGKILL');
  const [{ profileId: consoleProfile }] = lines as [{ profileId: string }];
  // Killed before any answer came.
  expect(lines).toHaveLength(1);
  return { dataDir, profileId: consoleProfile };
}

/** The console started again on `dataDir`, with the key in its keychain or not. */
async function restart(dataDir: string, profileId: string, withKey: boolean): Promise<Core> {
  const secretStore = createMemorySecretStore();
  if (withKey) {
    await createCredentialVault({ store: secretStore }).set(profileId, {
      apiKey: sandbox.key.apiKey,
      apiSecret: sandbox.key.apiSecret,
    });
  }
  return createCore({ shell: 'web', dataDir, documentWorker: sourceDocumentWorker, secretStore });
}

/** The process view's Audit tab: the records of one process, as the bridge answers them. */
async function auditOf(core: Core, processId: string) {
  const result = await dispatch(core, 'audit.list', { processId });
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as AuditPage).records;
}

describe('a start in flight when the console is killed', () => {
  it('is found done by its reference at the next start, with one process started', async () => {
    const postsBefore = relay.state.postsRelayed;
    const reference = 'INTERRUPTED-START-1';
    const { dataDir, profileId } = await changeAndKill('answer', 'processes.start', {
      processTypeId: flyTippingTypeId,
      externalReference: reference,
      fields: [],
    });
    expect(relay.state.postsRelayed).toBe(postsBefore + 1);
    const { client, profileId: directProfile } = direct();
    const started = await client.getProcessByReference(directProfile, reference);
    const core = await restart(dataDir, profileId, true);
    try {
      await core.interrupted.idle();
      const [record, ...others] = await auditOf(core, reference);
      expect(others).toEqual([]);
      expect(record?.intent).toMatchObject({ action: 'process.start', externalReference: reference });
      expect(record?.outcome).toMatchObject({
        outcome: 'succeeded',
        processId: started.processId,
        externalReference: reference,
      });
      expect(record?.outcome?.message).toContain(`found process ${reference}. Nothing was sent again.`);
    } finally {
      await core.close();
    }
    expect(relay.state.postsRelayed).toBe(postsBefore + 1);
  }, 60_000);
});

describe('a completion in flight when the console is killed', () => {
  it('is found done at the next start, and recorded so, with nothing sent again', async () => {
    const postsBefore = relay.state.postsRelayed;
    const { dataDir, profileId, process, step } = await completeAndKill('answer', [
      { code: 'OUTCOME', value: 'Accepted' },
    ]);
    // The service completed the step: its answer was what the relay held.
    expect(relay.state.postsRelayed).toBe(postsBefore + 1);
    const core = await restart(dataDir, profileId, true);
    try {
      await core.interrupted.idle();
      const [record, ...others] = await auditOf(core, process.processId);
      expect(others).toEqual([]);
      expect(record?.intent).toMatchObject({ action: 'step.complete', stepId: step.stepId });
      expect(record?.outcome).toMatchObject({ outcome: 'succeeded', attempts: 0 });
      expect(record?.outcome?.message).toMatch(/^Succeeded \(found after the console restarted\)/);
      expect(record?.outcome?.message).toContain('Nothing was sent again.');
    } finally {
      await core.close();
    }
    // Sent once: the step completed once, with the value the console sent.
    expect(relay.state.postsRelayed).toBe(postsBefore + 1);
    const { client, profileId: directProfile } = direct();
    const after = await client.getProcess(directProfile, process.processId);
    expect(after.steps.find((candidate) => candidate.stepId === step.stepId)?.completedOn).not.toBeNull();
    expect(after.fields).toContainEqual(expect.objectContaining({ code: 'OUTCOME', value: 'Accepted' }));
  }, 60_000);

  it('is found not applied when its process is next opened, once the key is there', async () => {
    const postsBefore = relay.state.postsRelayed;
    const { dataDir, profileId, process, step } = await completeAndKill('request', [
      { code: 'CUSTOMERTOLD', value: 'Yes' },
    ]);
    expect(relay.state.postsRelayed).toBe(postsBefore);
    const core = await restart(dataDir, profileId, false);
    try {
      // No key at start: the change stays open rather than be guessed.
      await core.interrupted.idle();
      expect((await auditOf(core, process.processId)).map((record) => record.outcome)).toEqual([null]);

      await core.vault.set(profileId, { apiKey: sandbox.key.apiKey, apiSecret: sandbox.key.apiSecret });
      const opened = await dispatch(core, 'processes.get', { profileId, processId: process.processId });
      expect(opened.ok).toBe(true);
      const [record] = await auditOf(core, process.processId);
      expect(record?.intent).toMatchObject({ action: 'step.complete', stepId: step.stepId });
      expect(record?.outcome).toMatchObject({ outcome: 'failed', attempts: 0 });
      expect(record?.outcome?.message).toMatch(/^Not applied \(found after the console restarted\)/);
      expect(record?.outcome?.message).toContain(`step "${step.name}" of process FT-000003 still current`);
    } finally {
      await core.close();
    }
    expect(relay.state.postsRelayed).toBe(postsBefore);
  }, 60_000);
});
