import { describe, expect, it } from 'vitest';
import { mapResponse, readPath } from '../../../src-sandbox/engine/response-mapping';
import { canonicalJson } from '../../../src-sandbox/http/idempotency';

describe('response mapping', () => {
  it('follows dotted paths through objects and arrays, own properties only', () => {
    const body = { a: { b: [{ c: 'x' }] }, n: 3 };
    expect(readPath(body, 'a.b.0.c')).toBe('x');
    expect(readPath(body, 'a.missing.c')).toBeUndefined();
    expect(readPath(body, '__proto__')).toBeUndefined();
    expect(readPath(body, 'a.constructor')).toBeUndefined();
  });

  it('maps found values to fields, as text, and skips absent ones', () => {
    const fields = mapResponse(
      [
        { path: 'ref', code: 'REF' },
        { path: 'n', code: 'N', name: 'Number' },
        { path: 'gone', code: 'GONE' },
      ],
      { ref: 'BO-1', n: 3 },
    );
    expect(fields.map((f) => [f.code, f.name, f.value])).toEqual([
      ['REF', 'REF', 'BO-1'],
      ['N', 'Number', '3'],
    ]);
  });

  it('canonical JSON ignores key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
  });
});
