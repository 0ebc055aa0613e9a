import { describe, expect, it } from 'vitest';
import type { XmlNode } from '../../../../../src-shared/documents';
import { maxXmlElements } from '../../../../../src-main/core/documents/limits';
import {
  elementCountWarning,
  reservedNameWarning,
  xmlTextWarning,
} from '../../../../../src-main/core/documents/xml-parser';
import { treeOfValidXml, type BuiltTree } from '../../../../../src-main/core/documents/xml-tree';
import { firstRefusal, tooManyElements } from '../../../../../src-main/core/documents/xml-well-formed';
import { seededRandom } from '../../../../support/xml-generator';
import { referenceTree } from '../../../../support/xml-reference';

/*
 * An outsider's review of the one-pass builder: shapes the differential test's generator does not
 * write (namespaces, quoted `>` and line ends, references out of range, CDATA and comment edges,
 * instructions with quotes, top-level leftovers), names that reach a prototype, and arbitrary
 * strings through the console's checks and the builder together.
 */

function shown(built: BuiltTree): unknown {
  if (!built.ok) return built.warning;
  const { lines, nodeCount } = built.tree;
  const walk = (node: XmlNode): unknown => [
    node.name,
    Object.entries(node.attributes),
    node.text,
    lines.get(node),
    node.children.map(walk),
  ];
  return [nodeCount, lines.size, walk(built.tree.root)];
}

const seen = (xml: string) => xmlTextWarning(xml) ?? shown(treeOfValidXml(xml));
const reference = (xml: string) => xmlTextWarning(xml) ?? shown(referenceTree(xml));

const shapes = [
  '<a:r xmlns:a="urn:x" xmlns="urn:y"><a:b a:c="1" xml:lang="en" d:e=\'2\'/></a:r>',
  '<r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"/>',
  '<r a="x>y" b=\'1\n2\r\n3\r4\'>t</r>',
  '<r a="&lt;&#65;&#x1F600;&#xD800;&#xDFFF;&#0;&#x110000;&#99999999999;&bogus;"/>',
  '<r>&#xD800;&#55296;&#xdc00;&#x10FFFF;&#xFFFE; &gt; x</r>',
  '<r>&#x1F600;&#128512;&#x00000041;&#x000000041;&#0000000065;&#13;&#10;&#32;x&#32;</r>',
  '<r>a&amp;lt;b &amp;amp;</r>',
  '<r><![CDATA[a]]]]><![CDATA[>b]]></r>',
  '<r><![CDATA[]]]></r>',
  '<r><![CDATA[ ]] ]>]]></r>',
  '<r>x<![CDATA[]]>y<![CDATA[\r\n]]>z</r>',
  '<r>a<!-- x -- y -->b<!-- - -->c <!---->  d</r>',
  '<r>a\r<!---->\nb</r>',
  '<?pi x?><r>a<?pi "?>"?>b\r<?p?>\nc</r>',
  '<?xml version="1.0"?><?a?><!--c--><r/><!--t--><?b?>',
  '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<r>x</r>',
  '<r/>text<!--c--> <?pi?> more',
  '<r>x</r>\n<!-- trailing -->\n',
  '<r><a / ></r>',
  '<r><a /></r>',
  '<r\t><a\tb="1"/></r\t>',
  '<r\u00a0a="1"/>',
  '<r><a\u00a0></a\u00a0></r>',
  '<r a = "1"  b= \'2\' c ="3" d="\u00a0v\u00a0" e="   "/>',
  '<r 1="x" 2="y" b="z"/>',
  '<r><1/><2>t</2></r>',
  '<r>\u00a0x\u00a0\u3000</r>',
  '<r>x<![CDAT[yy]]>z</r>',
];

describe('the one-pass XML tree on shapes its generator does not write', () => {
  it('equals the reference exactly on each', () => {
    for (const xml of shapes) expect([xml, seen(xml)]).toEqual([xml, reference(xml)]);
  });

  it('equals the reference on every one-character deletion or insertion the validator accepts', () => {
    const inserts = ['<', '>', '/', '?', '!', '-', '[', ']', '"', "'", '=', '&', ';', '#', ' ', '\r'];
    inserts.push('\n', '\u00a0', 'x', ':', '\t', '<a>', '</a>', '<!--', '-->', ']]>', '<?', '?>');
    let accepted = 0;
    for (const shape of shapes)
      for (let i = 0; i <= shape.length; i++) {
        const damaged = [shape.slice(0, i) + shape.slice(i + 1)];
        for (const insert of inserts) damaged.push(shape.slice(0, i) + insert + shape.slice(i));
        for (const xml of damaged) {
          if (xmlTextWarning(xml) !== undefined) continue;
          accepted++;
          if (JSON.stringify(seen(xml)) !== JSON.stringify(reference(xml)))
            expect([xml, seen(xml)]).toEqual([xml, reference(xml)]);
        }
      }
    expect(accepted).toBeGreaterThan(10_000);
  });
});

describe('names that reach a prototype or shadow its methods', () => {
  const reserved = ['__proto__', 'constructor', 'prototype'];
  const shadowing = ['hasOwnProperty', 'toString', '__defineGetter__', 'valueOf', 'isPrototypeOf'];
  const at = (depth: number, inner: string) => '<r>'.repeat(depth) + inner + '</r>'.repeat(depth);

  it('refuses __proto__, constructor and prototype as element or attribute at every depth', () => {
    for (const name of reserved)
      for (const depth of [0, 1, 5, 200]) {
        for (const xml of [
          at(depth, `<${name}/>`),
          at(depth, `<${name}>x</${name}>`),
          at(depth, `<a ${name}="1"/>`),
        ])
          expect([xml.length, seen(xml)]).toEqual([xml.length, reservedNameWarning]);
      }
  });

  it('keeps the other names as plain data and leaves Object.prototype alone', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    for (const name of shadowing)
      for (const depth of [0, 3]) {
        const xml = at(depth, `<${name} ${name}="1" b="2"><${name}>t</${name}></${name}>`);
        const built = treeOfValidXml(xml);
        expect(shown(built)).toEqual(reference(xml));
        const walk = (node: XmlNode): void => {
          expect(Object.getPrototypeOf(node.attributes)).toBe(Object.prototype);
          for (const value of Object.values(node.attributes)) expect(typeof value).toBe('string');
          expect(Array.isArray(node.children)).toBe(true);
          node.children.forEach(walk);
        };
        if (built.ok) walk(built.tree.root);
      }
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('arbitrary strings', () => {
  it('never make the checks or the builder throw, refused text included', () => {
    const random = seededRandom(99);
    const alphabet = [
      '<',
      '>',
      '/',
      '?',
      '!',
      '-',
      '[',
      ']',
      '"',
      "'",
      '=',
      '&',
      ';',
      '#',
      'x',
      'a',
      'CDATA',
      ' ',
      '\r',
      '\n',
      '\u00a0',
      ':@',
      '__proto__',
      'toString',
    ];
    for (let n = 0; n < 20_000; n++) {
      let xml = '';
      for (let k = Math.floor(random() * 40); k > 0; k--)
        xml += alphabet[Math.floor(random() * alphabet.length)];
      expect(() => xmlTextWarning(xml)).not.toThrow();
      expect(() => treeOfValidXml(xml)).not.toThrow();
    }
  });
});

describe('a document of millions of empty elements', () => {
  const elements = (count: number) => `<r>${'<a/>'.repeat(count - 1)}</r>`;

  it(
    'is refused by the checks past 2,000,000 elements, before any tree is built',
    { timeout: 60_000 },
    () => {
      expect(maxXmlElements).toBe(2_000_000);
      expect(xmlTextWarning(elements(maxXmlElements))).toBeUndefined();
      expect(xmlTextWarning(elements(maxXmlElements + 1))).toBe(elementCountWarning);
      // The walk stops at the limit: the rest of the text is never read, broken or not.
      expect(firstRefusal(`${elements(maxXmlElements + 1)}<`, maxXmlElements)).toBe(tooManyElements);
      expect(elementCountWarning).toBe(
        'This document has more than 2,000,000 elements, too many to show as a tree; it is shown as raw text.',
      );
    },
  );

  it('is refused by the builder too, when handed one without the checks', { timeout: 60_000 }, () => {
    expect(treeOfValidXml(elements(maxXmlElements + 1))).toEqual({ ok: false, warning: elementCountWarning });
  });
});
