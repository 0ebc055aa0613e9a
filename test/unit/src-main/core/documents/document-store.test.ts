import { describe, expect, it } from 'vitest';
import { runDocumentJob } from '../../../../../src-main/core/documents/document-jobs';
import { createDocumentStore } from '../../../../../src-main/core/documents/document-store';
import { Failure } from '../../../../../src-main/core/failure';
import { openJob, rawDocument, serviceRequestOfSize } from './service-request-fixture';

const MiB = 1024 * 1024;
const raw = rawDocument(serviceRequestOfSize(MiB));

// What the store counts for one of these documents, so the bounds below hold a known number.
function sizeOfOne(): number {
  const probe = createDocumentStore({ prefix: 'm' });
  runDocumentJob(probe, openJob(raw));
  return probe.keptBytes();
}
const one = sizeOfOne();

function isGone(run: () => unknown): boolean {
  try {
    run();
    return false;
  } catch (error) {
    return error instanceof Failure && error.error.code === 'not_found';
  }
}

describe('the kept copies', () => {
  it('stay under the size bound when ten 1 MiB documents are opened one after another, the oldest let go', () => {
    const store = createDocumentStore({ prefix: 'm', maxBytes: 3.5 * one });
    const refs: string[] = [];
    for (let count = 0; count < 10; count++) {
      refs.push(runDocumentJob(store, openJob(raw)).documentRef);
      expect(store.keptBytes()).toBeLessThanOrEqual(3.5 * one);
    }
    expect(store.size()).toBe(3);
    expect(
      isGone(() => runDocumentJob(store, { type: 'tree', ref: refs[0]!, path: '0', offset: 0, limit: 1 })),
    ).toBe(true);
    expect(
      isGone(() => runDocumentJob(store, { type: 'tree', ref: refs[9]!, path: '0', offset: 0, limit: 1 })),
    ).toBe(false);
  });

  it('keep the one most recently used when space runs out', () => {
    const store = createDocumentStore({ prefix: 'm', maxBytes: 2.5 * one });
    const first = runDocumentJob(store, openJob(raw)).documentRef;
    const second = runDocumentJob(store, openJob(raw)).documentRef;
    runDocumentJob(store, { type: 'text', ref: first, fromLine: 0, toLine: 1 });
    runDocumentJob(store, openJob(raw));
    expect(isGone(() => runDocumentJob(store, { type: 'text', ref: first, fromLine: 0, toLine: 1 }))).toBe(
      false,
    );
    expect(isGone(() => runDocumentJob(store, { type: 'text', ref: second, fromLine: 0, toLine: 1 }))).toBe(
      true,
    );
  });

  it('let a document go after it has been idle too long', () => {
    let clock = 0;
    const store = createDocumentStore({ prefix: 'm', idleMs: 1000, now: () => clock });
    const ref = runDocumentJob(store, openJob(rawDocument('<a><b/></a>'))).documentRef;
    clock = 900;
    expect(isGone(() => runDocumentJob(store, { type: 'tree', ref, path: '0', offset: 0, limit: 5 }))).toBe(
      false,
    );
    clock = 2000;
    expect(isGone(() => runDocumentJob(store, { type: 'tree', ref, path: '0', offset: 0, limit: 5 }))).toBe(
      true,
    );
    expect(store.keptBytes()).toBe(0);
  });
});
