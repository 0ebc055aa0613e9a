import { describe, expect, it } from 'vitest';
import type { XmlNode } from '../../../../../src-shared/documents';
import { decodeXmlReferences } from '../../../../../src-main/core/documents/xml-entities';
import { maxXmlDepth } from '../../../../../src-main/core/documents/limits';
import { depthWarning, xmlTextWarning } from '../../../../../src-main/core/documents/xml-parser';
import {
  escapeXmlAttribute,
  escapeXmlText,
  prettyPrint,
} from '../../../../../src-main/core/documents/xml-pretty';
import {
  treeOfValidXml,
  type BuiltTree,
  type XmlTree,
} from '../../../../../src-main/core/documents/xml-tree';
import { serviceRequestXml } from './service-request-fixture';

// What the console runs on a document's text: the checks, then the one-pass builder.
function builtOf(xml: string): BuiltTree {
  const refused = xmlTextWarning(xml);
  return refused === undefined ? treeOfValidXml(xml) : { ok: false, warning: refused };
}

function treeOf(xml: string): XmlTree {
  const built = builtOf(xml);
  if (!built.ok) throw new Error(built.warning);
  return built.tree;
}

const leaf = (name: string, text = '', attributes: Record<string, string> = {}): XmlNode => ({
  name,
  attributes,
  text,
  children: [],
});

describe('XML references', () => {
  it('resolves the five entities and character references once, leaving the rest as written', () => {
    expect(decodeXmlReferences('O&apos;Brien &amp; Sons &lt;Ltd&gt; &quot;x&quot;')).toBe(
      `O'Brien & Sons <Ltd> "x"`,
    );
    expect(decodeXmlReferences('&#233;&#xE9;&#x1F600;')).toBe('éé😀');
    expect(decodeXmlReferences('&amp;lt; is not &lt;')).toBe('&lt; is not <');
    expect(decodeXmlReferences('&nbsp;&copy;&unknown; & alone &#0; &#xD800; &#x110000;')).toBe(
      '&nbsp;&copy;&unknown; & alone &#0; &#xD800; &#x110000;',
    );
    expect(decodeXmlReferences('no references')).toBe('no references');
  });
});

describe('XML tree', () => {
  it('keeps ids and numbers as the document wrote them', () => {
    const { root } = treeOf('<r id="007" n="1e3"><Ref>000123</Ref><Amount>12.50</Amount><B>true</B></r>');
    expect(root).toEqual({
      name: 'r',
      attributes: { id: '007', n: '1e3' },
      text: '',
      children: [leaf('Ref', '000123'), leaf('Amount', '12.50'), leaf('B', 'true')],
    });
  });

  it('keeps element order and repeats, and counts elements', () => {
    const tree = treeOf('<r><a>1</a><b/><a>2</a><c><a/></c></r>');
    expect(tree.root.children.map((child) => child.name)).toEqual(['a', 'b', 'a', 'c']);
    expect(tree.nodeCount).toBe(6);
  });

  it('joins text pieces: CDATA to its neighbours, words either side of an element with a space', () => {
    expect(treeOf('<a>x<![CDATA[<y> & z]]>w</a>').root.text).toBe('x<y> & zw');
    expect(treeOf('<p>Hello <b>big</b> world</p>').root.text).toBe('Hello world');
  });

  it('keeps names such as toString verbatim and refuses names that reach a prototype', () => {
    expect(treeOf('<r><toString a="1"/><hasOwnProperty/></r>').root.children.map((c) => c.name)).toEqual([
      'toString',
      'hasOwnProperty',
    ]);
    expect(builtOf('<r><x constructor="1"/></r>')).toEqual({
      ok: false,
      warning: expect.stringMatching(/named __proto__, constructor or prototype/),
    });
  });

  it('reads the vendor layout with its escaped values', () => {
    const { root, nodeCount } = treeOf(serviceRequestXml());
    expect(root.name).toBe('ServiceRequest');
    expect(nodeCount).toBe(28);
    const client = root.children[0].children[1];
    expect(client.children.find((c) => c.name === 'LastName')?.text).toBe("O'Brien & Sons <Ltd>");
    expect(client.children.find((c) => c.name === 'NHSNumber')).toEqual(leaf('NHSNumber'));
  });
});

describe('XML tree semantics (those of fast-xml-parser, which the builder replaced)', () => {
  it('trims text before resolving references, drops whitespace-only text, keeps CDATA verbatim', () => {
    expect(
      treeOf('<r>  &#32;x&#32;  <e>\n\t </e><c><![CDATA[ <raw> &amp; ]]></c><n><![CDATA[]]></n></r>').root,
    ).toEqual({
      name: 'r',
      attributes: {},
      text: ' x ',
      children: [leaf('e'), leaf('c', ' <raw> &amp; '), leaf('n')],
    });
  });

  it('joins text around a child with a space, around a comment as it is, around an instruction with nothing', () => {
    const { root } = treeOf('<r>a <b/> c <!-- x --> d <?pi?> e<![CDATA[f]]></r>');
    expect(root.text).toBe('a c  def');
    expect(root.children).toEqual([leaf('b')]);
  });

  it('trims and resolves attribute values, keeps their order, normalises line ends', () => {
    const { root } = treeOf('<r\r\n z=" 1 &amp; 2 "\ta=\'x>y\' m="\r\nl1\rl2\r\n"/>');
    expect(root).toEqual(leaf('r', '', { z: '1 & 2', a: 'x>y', m: 'l1\nl2' }));
    expect(Object.keys(root.attributes)).toEqual(['z', 'a', 'm']);
  });

  it(`opens ${maxXmlDepth + 1} nested elements and refuses the next, as the parser's maxNestedTags does`, () => {
    const nested = (depth: number) => `${'<d>'.repeat(depth)}${'</d>'.repeat(depth)}`;
    expect(treeOf(nested(maxXmlDepth + 1)).nodeCount).toBe(maxXmlDepth + 1);
    expect(builtOf(nested(maxXmlDepth + 2))).toEqual({ ok: false, warning: depthWarning });
  });
});

describe('pretty printing', () => {
  it('indents, escapes text and attributes, and writes empty elements short', () => {
    const { root } = treeOf(
      '<r a="x &quot;y&quot; &lt;z&gt;"><n>O&apos;Brien &amp; Sons &lt;Ltd&gt;</n><e></e><g>t<k>v</k></g></r>',
    );
    expect(prettyPrint(root)).toBe(
      [
        '<r a="x &quot;y&quot; &lt;z&gt;">',
        "  <n>O'Brien &amp; Sons &lt;Ltd&gt;</n>",
        '  <e/>',
        '  <g>',
        '    t',
        '    <k>v</k>',
        '  </g>',
        '</r>',
        '',
      ].join('\n'),
    );
    expect(escapeXmlText('a & b < c > d')).toBe('a &amp; b &lt; c &gt; d');
    expect(escapeXmlAttribute('"a"\tb\nc')).toBe('&quot;a&quot;&#9;b&#10;c');
  });

  it('prints text that parses back to the same tree, non-ASCII included', () => {
    const { root } = treeOf(serviceRequestXml());
    const pretty = prettyPrint(root, 10);
    expect(treeOf(pretty).root).toEqual(root);
    expect(pretty).toContain('<FirstName>Seán</FirstName>');
    expect(pretty).toContain('does not work – tenant');
  });
});
