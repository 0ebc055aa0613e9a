import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../../../../src-main/core/history/history-store';

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'pc-history-'));
}

const lookup = (n: number) => ({ processId: `p-${n}`, externalReference: `FT-${n}`, status: 'InProgress' });

describe('history store', () => {
  it('keeps the last 50 lookups per profile, most recent first, without duplicates', () => {
    const dir = folder();
    const store = createHistoryStore(dir);
    for (let n = 1; n <= 55; n += 1) store.record('a', lookup(n));
    const again = store.record('a', { ...lookup(10), status: 'Completed' });
    expect(again.recent).toHaveLength(50);
    expect(again.recent.slice(0, 3).map((e) => e.processId)).toEqual(['p-10', 'p-55', 'p-54']);
    expect(again.recent.filter((e) => e.processId === 'p-10')).toHaveLength(1);
    expect(again.recent[0]).toMatchObject({ status: 'Completed', processTypeName: null });
    expect(store.list('b')).toEqual({ recent: [], pinned: [] });
    expect(createHistoryStore(dir).list('a')).toEqual(again);
  });

  it('pins from a recent lookup or a given entry, keeps pins apart from recents, and unpins', () => {
    const dir = folder();
    const store = createHistoryStore(dir, () => new Date('2026-06-03T09:00:00Z'));
    store.record('a', lookup(1));
    expect(store.pin('a', 'p-1', true).pinned.map((e) => e.processId)).toEqual(['p-1']);
    expect(store.pin('a', 'p-1', true).pinned).toHaveLength(1);
    const pinned = store.pin('a', 'p-2', true, { processId: 'ignored', externalReference: 'FT-2' });
    expect(pinned.pinned.map((e) => e.processId)).toEqual(['p-2', 'p-1']);
    expect(pinned.recent.map((e) => e.processId)).toEqual(['p-1']);
    store.record('a', { ...lookup(1), status: 'Completed' });
    expect(store.list('a').pinned[1]!.status).toBe('Completed');
    expect(() => store.pin('a', 'p-9', true)).toThrow(/look it up first/);
    expect(store.pin('a', 'p-1', false).pinned.map((e) => e.processId)).toEqual(['p-2']);
    expect(
      createHistoryStore(dir)
        .list('a')
        .pinned.map((e) => e.processId),
    ).toEqual(['p-2']);
  });

  it('forgets a deleted profile and treats odd ids as plain keys', () => {
    const dir = folder();
    const store = createHistoryStore(dir);
    store.record('a', lookup(1));
    store.record('constructor', lookup(2));
    expect(store.list('__proto__')).toEqual({ recent: [], pinned: [] });
    store.forget('a');
    expect(createHistoryStore(dir).list('a').recent).toEqual([]);
    expect(createHistoryStore(dir).list('constructor').recent).toHaveLength(1);
  });

  it('rejects a lookup without a process id', () => {
    expect(() =>
      createHistoryStore(folder()).record('a', { processId: ' ', externalReference: null }),
    ).toThrow(/needs a process id/);
  });

  it('moves a corrupt history.json aside and starts empty', () => {
    const dir = folder();
    writeFileSync(join(dir, 'history.json'), '{"version":1,"profiles":{"a":{"recent":7}}}');
    const store = createHistoryStore(dir);
    expect(store.problem).toMatch(/history\.json could not be used because its content is not valid/);
    store.record('a', lookup(1));
    const aside = readdirSync(dir).find((name) => name.startsWith('history.json.corrupt-'))!;
    expect(readFileSync(join(dir, aside), 'utf8')).toContain('"recent":7');
  });
});
