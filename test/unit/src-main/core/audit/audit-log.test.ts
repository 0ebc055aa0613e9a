import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../../../src-main/core/audit/audit-log';
import { confidentialMask, type AuditIntent } from '../../../../../src-shared/logs';
import { intent, outcome } from './audit-fixtures';

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'pc-audit-'));
}

function lines(dir: string): unknown[] {
  return readFileSync(join(dir, 'audit.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('audit log', () => {
  it('appends one line per intent and outcome, in call order, mode 0600', async () => {
    const dir = folder();
    const log = createAuditLog(dir);
    await Promise.all([log.intent(intent('a1')), log.outcome(outcome('a1')), log.intent(intent('a2'))]);
    expect(lines(dir).map((line) => (line as { kind: string }).kind)).toEqual([
      'intent',
      'outcome',
      'intent',
    ]);
    if (process.platform !== 'win32') expect(statSync(join(dir, 'audit.jsonl')).mode & 0o777).toBe(0o600);
  });

  it.skipIf(process.platform === 'win32')(
    'keeps audit-index.sqlite and its -wal and -shm 0600 in a data folder that already existed',
    async () => {
      const modes = (dir: string) =>
        ['audit-index.sqlite', 'audit-index.sqlite-wal', 'audit-index.sqlite-shm'].map((name) =>
          (statSync(join(dir, name)).mode & 0o777).toString(8),
        );
      // A folder the user made (0755), not one the console made 0700.
      const dir = folder();
      chmodSync(dir, 0o755);
      const log = createAuditLog(dir);
      await log.intent(intent('a1'));
      await log.outcome(outcome('a1'));
      expect((await log.list()).map((record) => record.intent.actionId)).toEqual(['a1']);
      expect(modes(dir)).toEqual(['600', '600', '600']);
      log.close();
      // An index an older version left readable to others is narrowed when it opens again.
      for (const name of ['audit-index.sqlite', 'audit-index.sqlite-wal', 'audit-index.sqlite-shm'])
        if (existsSync(join(dir, name))) chmodSync(join(dir, name), 0o644);
      writeFileSync(join(dir, 'audit-index.sqlite-wal'), '', { flag: 'a', mode: 0o644 });
      const again = createAuditLog(dir);
      try {
        await again.intent(intent('a2'));
        expect((await again.list()).map((record) => record.intent.actionId)).toEqual(['a2', 'a1']);
        expect(modes(dir)).toEqual(['600', '600', '600']);
      } finally {
        again.close();
      }
    },
  );

  it('masks a confidential value even when the caller did not, and drops unknown properties', async () => {
    const dir = folder();
    const log = createAuditLog(dir);
    const fields = [
      {
        name: 'NI number',
        code: 'NINO',
        fieldId: 'f1',
        fieldType: 'Text',
        confidential: true,
        value: 'QQ123456C',
      },
      {
        name: 'Colour',
        code: 'COLOUR',
        fieldId: 'f2',
        fieldType: 'Text',
        confidential: false,
        value: 'blue',
      },
    ];
    const leaky = { ...intent('a1', { fields }), apiSecret: 'S3CRET' } as AuditIntent;
    await log.intent(leaky);
    const text = readFileSync(join(dir, 'audit.jsonl'), 'utf8');
    expect(text).not.toMatch(/QQ123456C|S3CRET/);
    const [record] = await log.list();
    expect(record!.intent.fields.map((field) => field.value)).toEqual([confidentialMask, 'blue']);
  });

  it('joins intents with outcomes, newest first, with a missing outcome as null', async () => {
    const log = createAuditLog(folder());
    await log.intent(intent('a1'));
    await log.intent(intent('a2', { at: '2026-06-03T10:00:00.000Z' }));
    await log.outcome(outcome('a1', { outcome: 'failed', status: 409, errorCode: 'conflict' }));
    const records = await log.list();
    expect(records.map((r) => [r.intent.actionId, r.outcome?.outcome ?? null])).toEqual([
      ['a2', null],
      ['a1', 'failed'],
    ]);
  });

  it('filters by profile, process (as named or as created) and time, with a limit', async () => {
    const log = createAuditLog(folder());
    await log.intent(intent('a1', { at: '2026-06-01T09:00:00.000Z' }));
    await log.intent(intent('a2', { at: '2026-06-02T09:00:00.000Z', profileId: 'profile-b' }));
    await log.intent(
      intent('a3', { at: '2026-06-03T09:00:00.000Z', action: 'process.start', processId: null }),
    );
    await log.outcome(outcome('a3', { processId: 'process-new' }));
    const ids = async (filter: Parameters<typeof log.list>[0]) =>
      (await log.list(filter)).map((r) => r.intent.actionId);
    expect(await ids({ profileId: 'profile-b' })).toEqual(['a2']);
    expect(await ids({ processId: 'process-new' })).toEqual(['a3']);
    expect(await ids({ processId: 'process-1' })).toEqual(['a2', 'a1']);
    expect(await ids({ from: '2026-06-02T00:00:00Z', to: '2026-06-02T23:59:59Z' })).toEqual(['a2']);
    expect(await ids({ limit: 1 })).toEqual(['a3']);
    await expect(log.list({ from: 'yesterday' })).rejects.toThrow(/"from" is not a date and time/);
  });

  it('skips a torn last line from a crash, and keeps the next line whole', async () => {
    const dir = folder();
    const first = createAuditLog(dir);
    await first.intent(intent('a1'));
    appendFileSync(join(dir, 'audit.jsonl'), '{"kind":"outcome","actionId":"a1","at":"2026-06-0');
    const reopened = createAuditLog(dir);
    expect((await reopened.list()).map((r) => [r.intent.actionId, r.outcome])).toEqual([['a1', null]]);
    await reopened.intent(intent('a2'));
    expect((await reopened.list()).map((r) => r.intent.actionId)).toEqual(['a2', 'a1']);
  });

  it('skips garbage lines and reads an absent file as empty', async () => {
    const dir = folder();
    expect(await createAuditLog(dir).list()).toEqual([]);
    writeFileSync(
      join(dir, 'audit.jsonl'),
      `not json\n{"kind":"intent"}\n${JSON.stringify(intent('a1'))}\n\n`,
    );
    expect((await createAuditLog(dir).list()).map((r) => r.intent.actionId)).toEqual(['a1']);
  });

  it('reports a write it cannot make as a Failure, so the change is not sent', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'audit.jsonl'), '');
    const log = createAuditLog(join(dir, 'audit.jsonl'));
    await expect(log.intent(intent('a1'))).rejects.toMatchObject({ error: { code: 'internal' } });
    await expect(log.intent(intent('a1'))).rejects.toThrow(
      /could not be written \(ENOTDIR\), so the change was not sent/,
    );
  });
});
