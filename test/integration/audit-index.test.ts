import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog, type AuditLog } from '../../src-main/core/audit/audit-log';
import { selectRecords, type AuditFilter } from '../../src-main/core/audit/audit-query';
import type { AuditRecord } from '../../src-shared/logs';
import {
  bigAuditAction,
  bigAuditProcessId,
  bigAuditReference,
  scanAudit,
  writeBigAudit,
} from '../support/big-audit';

const actions = 200_000;
const torn = '{"kind":"outcome","actionId":"action-torn","at":"2026-0';
const ids = (records: AuditRecord[]) => records.map((record) => record.intent.actionId);

describe('the audit index over a year of changes (200,000 actions, a torn last line)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-audit-index-'));
  const file = join(dataDir, 'audit.jsonl');
  let log: AuditLog;
  let scan: AuditRecord[];

  beforeAll(() => {
    writeBigAudit(file, actions, { tail: torn });
    scan = scanAudit(file);
  }, 120_000);
  afterAll(() => {
    log?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds in the background: pages say how far it is, and writes go on meanwhile', async () => {
    log = createAuditLog(dataDir);
    const first = await log.page();
    expect(first.indexing).toMatchObject({ totalBytes: statSync(file).size });
    // The console goes on while the index builds: a change is audited and a page answers.
    const { intent, outcome } = bigAuditAction(actions);
    await log.intent(intent);
    await log.outcome(outcome!);
    const during = await log.page({ limit: 5 });
    expect(during.indexing).not.toBeNull();
    expect(during.indexing!.indexedBytes).toBeLessThan(during.indexing!.totalBytes);

    const built = await log.list({ limit: 3 });
    // The torn line was ended by the next append and skipped, as a full read skips it.
    expect(ids(built)).toEqual([`action-${actions}`, `action-${actions - 1}`, `action-${actions - 2}`]);
    expect(built[0]!.outcome).toMatchObject({ outcome: outcome!.outcome });
    const page = await log.page();
    expect(page.indexing).toBeNull();
    expect(page.total).toBe(actions + 1);
    scan = scanAudit(file);
    expect(scan).toHaveLength(actions + 1);
  }, 300_000);

  it('answers each filter with the records a scan of the file finds, newest first, with the count', async () => {
    const filters: AuditFilter[] = [
      { profileId: 'profile-2' },
      { environment: 'live' },
      { processId: bigAuditProcessId(1234) },
      { processId: bigAuditReference(4321) },
      { action: 'note.add', outcome: 'failed' },
      { outcome: 'pending' },
      { from: '2025-07-01T00:00:00Z', to: '2025-07-02T12:00:00Z' },
      { text: 'tell THE', profileId: 'profile-1' },
      { text: 'FT-0042' },
    ];
    for (const filter of filters) {
      const expected = selectRecords(scan, filter).reverse();
      const page = await log.page({ ...filter, limit: 50 });
      expect(page.total, JSON.stringify(filter)).toBe(expected.length);
      expect(page.records, JSON.stringify(filter)).toEqual(expected.slice(0, 50));
    }
  }, 120_000);

  it('pages through every record exactly once, in order', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await log.page({ cursor, limit: 10_000 });
      seen.push(...ids(page.records));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(ids(scan).reverse());
    const profile = selectRecords(scan, { profileId: 'profile-3' }).reverse();
    const pagedProfile: string[] = [];
    cursor = undefined;
    do {
      const page = await log.page({ profileId: 'profile-3', cursor, limit: 777 });
      pagedProfile.push(...ids(page.records));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pagedProfile).toEqual(ids(profile));
  }, 120_000);

  it('rebuilds an index that was deleted, one left behind by another writer, and one of another file', async () => {
    log.close();
    rmSync(join(dataDir, 'audit-index.sqlite'));
    rmSync(join(dataDir, 'audit-index.sqlite-wal'), { force: true });
    log = createAuditLog(dataDir);
    expect(ids(await log.list({ limit: 2 }))).toEqual(ids(scan.slice(-2)).reverse());

    // Behind: lines appended while this console was closed.
    log.close();
    writeBigAudit(file, 3, { from: actions + 1 });
    log = createAuditLog(dataDir);
    expect(ids(await log.list({ limit: 1 }))).toEqual([`action-${actions + 3}`]);

    // Another file of the same length under the same name: its last line differs, so it is rebuilt.
    log.close();
    const text = readFileSync(file, 'utf8');
    rmSync(file);
    appendFileSync(file, text.replace(/"action-(\d+)"/g, '"other-$1"'));
    log = createAuditLog(dataDir);
    const rebuilt = await log.page({ limit: 1 });
    expect(rebuilt.total).toBe(actions + 4);
    expect(ids(rebuilt.records)).toEqual([`other-${actions + 3}`]);
  }, 300_000);

  it('streams an export of every matching record with progress, and a cancel leaves no file', async () => {
    const target = join(dataDir, 'exports', 'audit.csv');
    const progress: number[] = [];
    const exported = await log.exportTo(
      target,
      'csv',
      { profileId: 'profile-0' },
      {
        onProgress: ({ written }) => progress.push(written),
      },
    );
    const expected = selectRecords(scanAudit(file), { profileId: 'profile-0' });
    expect(exported.count).toBe(expected.length);
    expect(readFileSync(target, 'utf8').trimEnd().split('\r\n')).toHaveLength(expected.length + 1);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(expected.length);

    const stop = new AbortController();
    const cancelled = join(dataDir, 'exports', 'cancelled.jsonl');
    const run = log.exportTo(cancelled, 'jsonl', {}, { signal: stop.signal, onProgress: () => stop.abort() });
    await expect(run).rejects.toMatchObject({ error: { code: 'cancelled' } });
    expect(readFileSync(target, 'utf8').length).toBeGreaterThan(0);
    expect(() => statSync(cancelled)).toThrow();
    const leftovers = (await import('node:fs')).readdirSync(join(dataDir, 'exports'));
    expect(leftovers).toEqual(['audit.csv']);
  }, 120_000);
});
