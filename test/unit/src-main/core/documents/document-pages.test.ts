import { describe, expect, it } from 'vitest';
import { runDocumentJob } from '../../../../../src-main/core/documents/document-jobs';
import {
  createDocumentStore,
  documentGoneMessage,
} from '../../../../../src-main/core/documents/document-store';
import { decodeDocument } from '../../../../../src-main/core/documents/decode-document';
import { Failure } from '../../../../../src-main/core/failure';
import { openJob, rawDocument, serviceRequestOfSize } from './service-request-fixture';

const MiB = 1024 * 1024;
const xml = serviceRequestOfSize(MiB / 4);

function opened(raw = rawDocument(xml)) {
  const store = createDocumentStore({ prefix: 'm' });
  const view = runDocumentJob(store, openJob(raw));
  return { store, view, ref: view.documentRef };
}

function failureOf(run: () => unknown): Failure {
  try {
    run();
  } catch (error) {
    if (error instanceof Failure) return error;
    throw error;
  }
  throw new Error('expected a Failure');
}

describe('the first answer', () => {
  it('carries the form view, the counts, the root’s first children and the first lines, not the whole document', () => {
    const { view } = opened();
    const whole = decodeDocument(rawDocument(xml));
    expect(view.form).toEqual(whole.form);
    expect(view.nodeCount).toBe(whole.nodeCount);
    expect(view.tree?.root).toMatchObject({ path: '0', name: 'ServiceRequest' });
    expect(view.tree?.firstChildren.total).toBe(whole.tree?.children.length);
    expect(view.text?.lineCount).toBe(whole.pretty!.split('\n').length - 1);
    expect(view.text?.lines).toEqual(whole.pretty!.split('\n').slice(0, 200));
    expect(JSON.stringify(view).length).toBeLessThan(JSON.stringify(whole).length / 10);
  });
});

describe('paging an open document', () => {
  it('gives the children of a node by path, page by page, as the whole tree has them', () => {
    const { store, ref } = opened();
    const whole = decodeDocument(rawDocument(xml)).tree!;
    const request = runDocumentJob(store, { type: 'tree', ref, path: '0.1', offset: 0, limit: 2 });
    expect(request.total).toBe(whole.children[1]!.children.length);
    expect(request.children.map((child) => [child.path, child.name])).toEqual([
      ['0.1.0', whole.children[1]!.children[0]!.name],
      ['0.1.1', whole.children[1]!.children[1]!.name],
    ]);
    const group = runDocumentJob(store, { type: 'tree', ref, path: '0.1.1', offset: 1, limit: 1 });
    expect(group.children[0]).toMatchObject({
      path: '0.1.1.1',
      text: whole.children[1]!.children[1]!.children[1]!.text,
    });
  });

  it('gives the raw view’s lines by range, the same as the whole pretty text, for every range', () => {
    const { store, ref, view } = opened();
    const lines = decodeDocument(rawDocument(xml)).pretty!.split('\n').slice(0, -1);
    const total = view.text!.lineCount;
    for (const [from, to] of [
      [0, 1],
      [3, 70],
      [total - 50, total],
      [1234, 1500],
    ] as const) {
      expect(runDocumentJob(store, { type: 'text', ref, fromLine: from, toLine: to }).lines).toEqual(
        lines.slice(from, to),
      );
    }
  });

  it('pages texts that span lines and documents kept as plain text', () => {
    const multi = '<r a="x&#10;y">\n  one\n  two\n<c>three\nfour</c><d/></r>';
    const { store, ref, view } = opened(rawDocument(multi));
    const lines = decodeDocument(rawDocument(multi)).pretty!.split('\n').slice(0, -1);
    expect(view.text!.lineCount).toBe(lines.length);
    expect(runDocumentJob(store, { type: 'text', ref, fromLine: 2, toLine: 5 }).lines).toEqual(
      lines.slice(2, 5),
    );

    const plain = opened(rawDocument('first\nsecond\nthird', 'text/plain', 'notes.txt'));
    expect(plain.view.text).toEqual({ fromLine: 0, lineCount: 3, lines: ['first', 'second', 'third'] });
    expect(
      runDocumentJob(plain.store, { type: 'text', ref: plain.ref, fromLine: 1, toLine: 2 }).lines,
    ).toEqual(['second']);
  });

  it('answers beyond the end with an empty page, and an unknown path with a sentence', () => {
    const { store, ref, view } = opened();
    const total = view.text!.lineCount;
    expect(runDocumentJob(store, { type: 'text', ref, fromLine: total + 10, toLine: total + 20 })).toEqual({
      fromLine: total + 10,
      lineCount: total,
      lines: [],
    });
    const past = runDocumentJob(store, { type: 'tree', ref, path: '0', offset: 1_000_000, limit: 10 });
    expect(past.children).toEqual([]);
    const missing = failureOf(() =>
      runDocumentJob(store, { type: 'tree', ref, path: '0.999999.3', offset: 0, limit: 10 }),
    );
    expect(missing.error.code).toBe('not_found');
    expect(missing.message).toMatch(/no element at 0\.999999\.3/);
  });

  it('searches the whole tree and returns the matches by page', () => {
    const { store, ref } = opened();
    const first = runDocumentJob(store, { type: 'search', ref, query: 'postcode', offset: 0, limit: 3 });
    expect(first.total).toBeGreaterThan(3);
    expect(first.paths).toHaveLength(3);
    const rest = runDocumentJob(store, { type: 'search', ref, query: 'PostCode', offset: 3, limit: 1000 });
    expect(rest.total).toBe(first.total);
    expect(new Set([...first.paths, ...rest.paths]).size).toBe(first.total);
  });

  it('says plainly that a closed document must be opened again, and Copy gives the original text', () => {
    const { store, ref } = opened();
    expect(runDocumentJob(store, { type: 'source', ref }).text).toBe(xml);
    expect(runDocumentJob(store, { type: 'close', ref })).toEqual({ closed: true, open: 0 });
    const gone = failureOf(() => runDocumentJob(store, { type: 'text', ref, fromLine: 0, toLine: 10 }));
    expect(gone.error).toEqual({ code: 'not_found', message: documentGoneMessage });
  });
});
