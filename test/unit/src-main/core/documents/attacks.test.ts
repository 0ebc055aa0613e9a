import { Buffer } from 'node:buffer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedDocument } from '../../../../../src-shared/documents';
import { decodeDocument } from '../../../../../src-main/core/documents/decode-document';
import { Failure } from '../../../../../src-main/core/failure';
import { rawDocument } from './service-request-fixture';
import { xmlAttacks } from './xml-corpus';

/*
 * Hostile documents: each must end in a typed result (a DecodedDocument with a warning, or a
 * Failure) and leave Object.prototype exactly as it was. The time bound catches a decoder that
 * blows up (entity expansion, a quadratic scan: minutes or hours), not a slow one: speed is the
 * benchmarks' business, and a tight bound only measures how loaded the machine is.
 */
const blowUpMs = 10_000;

type Outcome = { decoded: DecodedDocument } | { failure: Failure };

function attempt(raw: ReturnType<typeof rawDocument>): { outcome: Outcome; ms: number } {
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = { decoded: decodeDocument(raw) };
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    outcome = { failure: error };
  }
  return { outcome, ms: performance.now() - started };
}

function decodedOf(outcome: Outcome): DecodedDocument {
  if ('failure' in outcome) throw new Error(`unexpected Failure: ${outcome.failure.message}`);
  return outcome.decoded;
}

describe('fast-xml-parser attack inputs', () => {
  let prototypeKeys: string[];
  beforeAll(() => {
    prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  });
  afterAll(() => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  });

  it.each(xmlAttacks)('%s: raw text and a warning, without blowing up', (_name, xml, warning) => {
    const { outcome, ms } = attempt(rawDocument(xml));
    const decoded = decodedOf(outcome);
    expect(ms).toBeLessThan(blowUpMs);
    expect(decoded.kind).toBe('xml');
    expect(decoded.text).toBe(xml);
    expect(decoded.tree).toBeUndefined();
    expect(decoded.warnings).toEqual([warning instanceof RegExp ? expect.stringMatching(warning) : warning]);
    expect(decoded.warnings[0].length).toBeLessThan(300);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  });

  it('200,000 numeric references in text and in an attribute decode without blowing up', () => {
    const text = attempt(rawDocument(`<r>${'&#65;&#x1F600;'.repeat(100_000)}</r>`));
    expect(text.ms).toBeLessThan(blowUpMs);
    expect(decodedOf(text.outcome).tree?.text).toBe('A😀'.repeat(100_000));
    const attribute = attempt(rawDocument(`<r a="${'&#233;'.repeat(200_000)}"/>`));
    expect(attribute.ms).toBeLessThan(blowUpMs);
    expect(decodedOf(attribute.outcome).tree?.attributes.a).toBe('é'.repeat(200_000));
  });

  it('entity-like names stay literal and nothing reaches a prototype', () => {
    const { outcome } = attempt(rawDocument('<r><toString>&lol9;</toString><valueOf a="&#0;"/></r>'));
    const tree = decodedOf(outcome).tree;
    expect(tree?.children[0]).toEqual({ name: 'toString', attributes: {}, text: '&lol9;', children: [] });
    expect(tree?.children[1].attributes).toEqual({ a: '&#0;' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['a character outside the alphabet', `${Buffer.from('<a/>').toString('base64')}!`],
    ['URL-safe base64', Buffer.from('<a>??>>></a>').toString('base64url')],
    ['missing padding', Buffer.from('<a/>x').toString('base64').replace(/=+$/, '')],
    ['a NUL in the middle', `PGEv\u0000Pg==`],
    ['padding in the middle', 'PGEv==PGEvPg=='],
  ])('bad base64 (%s) ends in a bad_response Failure', (_name, contents) => {
    const { outcome, ms } = attempt({ filename: 'x.xml', contentType: 'text/xml', contents });
    expect(ms).toBeLessThan(blowUpMs);
    expect('failure' in outcome && outcome.failure.error.code).toBe('bad_response');
  });
});
