import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../../src-main/core/audit/audit-log';
import { bigAuditAction, scanAudit } from '../support/big-audit';
import { waitFor } from '../support/wait-for';

const repo = fileURLToPath(new URL('../..', import.meta.url));

describe('audit.jsonl on disk', () => {
  it('stays readable after the writing process is killed mid-append, and goes on whole', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-audit-kill-'));
    const script = join(dataDir, 'writer.mts');
    writeFileSync(
      script,
      `import { createAuditLog } from ${JSON.stringify(join(repo, 'src-main/core/audit/audit-log.ts'))};
      const log = createAuditLog(${JSON.stringify(dataDir)});
      const intent = (n) => ({ kind: 'intent', actionId: 'a' + n, at: new Date().toISOString(), action: 'note.add',
        profileId: 'p', profileName: 'P', environment: 'test', keyName: 'K', processId: 'x', externalReference: null,
        processTypeId: null, stepId: null, stepName: null, fields: [], note: { contents: 'n'.repeat(4000), visibleToAccounts: false },
        idempotencyKey: null });
      await log.intent(intent(0));
      console.log('ready');
      for (let n = 1; ; n += 1) await log.intent(intent(n));`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`writer exited early (${code})`)));
    });
    // Kill it mid-stream: once it has appended a good run of records and is still appending.
    const file = join(dataDir, 'audit.jsonl');
    await waitFor(() => readFileSync(file, 'utf8').split('\n').length > 20, {
      what: 'the writer to append 20 records to audit.jsonl',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const log = createAuditLog(dataDir);
    const before = await log.list({ limit: 1_000_000 });
    expect(before.length).toBeGreaterThan(1);
    await log.intent({ ...before[0]!.intent, actionId: 'after-crash' });
    await log.outcome({
      kind: 'outcome',
      actionId: 'after-crash',
      at: new Date().toISOString(),
      outcome: 'succeeded',
      status: 201,
      errorCode: null,
      message: 'Note added.',
      attempts: 1,
      processId: 'x',
    });
    const [latest] = await log.list({ limit: 1 });
    expect(latest).toMatchObject({ intent: { actionId: 'after-crash' }, outcome: { status: 201 } });
    const lines = readFileSync(join(dataDir, 'audit.jsonl'), 'utf8').trimEnd().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ kind: 'outcome', actionId: 'after-crash' });
  });

  it('keeps file and index consistent when killed while writing and indexing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-audit-index-kill-'));
    const script = join(dataDir, 'writer.mts');
    writeFileSync(
      script,
      `import { createAuditLog } from ${JSON.stringify(join(repo, 'src-main/core/audit/audit-log.ts'))};
      import { bigAuditAction } from ${JSON.stringify(join(repo, 'test/support/big-audit.ts'))};
      const log = createAuditLog(${JSON.stringify(dataDir)});
      for (let n = 0; ; n += 1) {
        const { intent, outcome } = bigAuditAction(n);
        await log.intent(intent);
        if (outcome) await log.outcome(outcome);
        // Reading keeps the index following the file, so the kill lands in either.
        await log.page({ limit: 1 });
        if (n === 20) console.log('ready');
      }`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`writer exited early (${code})`)));
    });
    const file = join(dataDir, 'audit.jsonl');
    await waitFor(() => readFileSync(file, 'utf8').split('\n').length > 200, {
      what: 'the writer to append 200 lines to audit.jsonl',
      timeoutMs: 60_000,
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const log = createAuditLog(dataDir);
    const scanned = scanAudit(file).reverse();
    const page = await log.page({ limit: 10_000 });
    expect(page.total).toBe(scanned.length);
    expect(page.records).toEqual(scanned);
    const next = bigAuditAction(100_000);
    await log.intent(next.intent);
    const [latest] = await log.list({ limit: 1 });
    expect(latest!.intent.actionId).toBe(next.intent.actionId);
    expect((await log.page()).total).toBe(scanned.length + 1);
    log.close();
  }, 120_000);
});
