import {
  depthWarning,
  doctypeWarning,
  reservedNameWarning,
} from '../../../../../src-main/core/documents/xml-parser';

/*
 * XML documents the document tests share: hostile ones (attacks.test.ts) and the validator's
 * quirks (xml-well-formed.test.ts); the tree builder's differential test runs them all too.
 */

const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n ')}
]>
<lolz>&lol9;</lolz>`;

/** Hostile documents, each with the warning the console shows for it. */
export const xmlAttacks: [string, string, string | RegExp][] = [
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

/** Documents on which the validator's verdict is surprising, accepted or refused. */
export const validatorQuirks = [
  '\ufeff<a/>',
  '<a b="1" = c=\'2\'/>',
  '<a>&#;&#x;&lt;&amp</a>',
  '<r><!x></r>',
  '<a/><b/>',
  '<a/',
  '<r><![CDATA[<not a tag>]]><!-- <nor> this --><?pi x?></r>',
  '<r __proto__="1" __proto__="2"/>',
  '<\u00a0a></a>',
  '      <?xml version="1.0"?><a/>',
  '<a b="1" b="2"/>',
  '<a></a >',
  '<a c="x>y" d=\'"\'/>',
  '<a>&unknown;&#12a;</a>',
  '<a>&abcdefghijklmnopqrstuvwxyz;</a>',
  '<a></a>\n<!-- after -->\n',
];
