import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../../../../src-main/core/audit/audit-export';
import { createAuditLog } from '../../../../../src-main/core/audit/audit-log';
import { intent, outcome } from './audit-fixtures';

describe('audit export', () => {
  it('quotes CSV cells as RFC 4180 says', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(409)).toBe('409');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes a byte order mark, a header row and one CRLF-ended row per record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-export-'));
    const log = createAuditLog(dir);
    await log.intent(intent('a1', { note: { contents: '=1+1, "quoted"', visibleToAccounts: false } }));
    const { path } = await log.exportTo(join(dir, 'audit.csv'), 'csv');
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = text.slice(1).split('\r\n');
    expect(rows[0]).toMatch(/^actionId,at,action,profileId,/);
    expect(rows[1]).toContain(`"'=1+1, ""quoted"""`);
    expect(rows[1]).toContain(',pending,');
    expect(rows[2]).toBe('');
  });

  it('exports matching records oldest first as CSV or JSONL, atomically', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-export-'));
    const log = createAuditLog(dir);
    await log.intent(intent('a1'));
    await log.outcome(outcome('a1'));
    await log.intent(intent('a2', { profileId: 'profile-b' }));
    await log.intent(intent('a3'));
    const jsonl = await log.exportTo(join(dir, 'out', 'audit.jsonl'), 'jsonl', { profileId: 'profile-a' });
    expect(jsonl.count).toBe(2);
    const exported = readFileSync(jsonl.path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(exported.map((record) => [record.intent.actionId, record.outcome?.outcome ?? null])).toEqual([
      ['a1', 'succeeded'],
      ['a3', null],
    ]);
    const csv = await log.exportTo(join(dir, 'audit.csv'), 'csv');
    expect(csv.count).toBe(3);
    expect(readFileSync(csv.path, 'utf8').split('\r\n')).toHaveLength(5);
    await expect(log.exportTo('relative.csv', 'csv')).rejects.toThrow(/must be a full \(absolute\) path/);
    await expect(log.exportTo(join(dir, 'audit.jsonl'), 'jsonl')).rejects.toThrow(
      /cannot replace the audit log/,
    );
    expect(readFileSync(join(dir, 'audit.jsonl'), 'utf8').split('\n')).toHaveLength(5);
  });
});
