import { Buffer } from 'node:buffer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedDocument } from '../../../../../src-shared/documents';
import { decodeDocument } from '../../../../../src-main/core/documents/decode-document';
import {
  depthWarning,
  doctypeWarning,
  reservedNameWarning,
} from '../../../../../src-main/core/documents/xml-parser';
import { Failure } from '../../../../../src-main/core/failure';
import { rawDocument } from './service-request-fixture';

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

const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n ')}
]>
<lolz>&lol9;</lolz>`;

const xmlAttacks: [string, string, string | RegExp][] = [
  ['billion laughs (entity expansion)', laughs, doctypeWarning],
  ['an external entity', '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>', doctypeWarning],
  ['an entity declared without a DOCTYPE', '<!ENTITY x "y"><r>&x;</r>', doctypeWarning],
  ['a lower-case doctype', '<!doctype r><r/>', doctypeWarning],
  ['5,000-deep nesting', `${'<a>'.repeat(5000)}x${'</a>'.repeat(5000)}`, depthWarning],
  ['__proto__ tags', '<r><__proto__><polluted>yes</polluted></__proto__></r>', reservedNameWarning],
  [
    'constructor and prototype tags',
    '<r><constructor><prototype><polluted>1</polluted></prototype></constructor></r>',
    reservedNameWarning,
  ],
  ['a __proto__ attribute', '<r __proto__="polluted"/>', reservedNameWarning],
  ['a constructor attribute', '<r><x constructor="polluted"/></r>', reservedNameWarning],
  ['mismatched tags', '<ServiceRequest><Request></ServiceRequest>', /^This XML is not well-formed/],
  ['an unclosed document', '<ServiceRequest><Request>', /^This XML is not well-formed/],
  ['angle-bracket noise', '<<<>>></>', /^This XML is not well-formed/],
  ['a bare ampersand', '<r>Smith & Sons</r>', /^This XML is not well-formed/],
  [
    '200,000 ampersands without semicolons',
    `<r>${'&amp'.repeat(200_000)}</r>`,
    /^This XML is not well-formed/,
  ],
  ['two roots', '<a/><b/>', 'This XML has more than one root element; it is shown as raw text.'],
  ['an empty document', '', 'This XML document is empty.'],
];

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
