/*
 * Seeded random XML for the tree builder's differential test: documents that mix every feature
 * the parser treats specially, and single-character damage to them. No Math.random, so a
 * failure reproduces from its seed.
 */

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// \u1680 and \ufeff are name characters to the validator but whitespace to the parser.
const elementNames = [
  'a',
  'b',
  'Item',
  'ns:x',
  'a-b',
  'a.b',
  '_u',
  'é',
  '名前',
  'x1',
  'toString',
  'valueOf',
  'a\u1680b',
];
const reservedNames = ['__proto__', 'constructor', 'prototype'];
const attributeNames = ['id', 'n', 'xml:lang', 'a-b', 'toString', 'hasOwnProperty', '_x', 'é'];
const valuePieces = [
  'x',
  ' ',
  '007',
  '&amp;',
  '&lt;',
  '&#233;',
  '&#x1F600;',
  '>',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\u00a0',
  'a b',
  '&unknown;',
  '/',
];
const textPieces = [
  'hello',
  ' ',
  '  ',
  '\n  ',
  '\r\n',
  '\r',
  '\t',
  '&amp;',
  '&lt;b&gt;',
  '&#32;',
  '&#xA0;',
  '\u00a0',
  'é',
  '–',
  'x y',
  '&apos;',
  ']]',
  '>',
  '\u2028',
  '/',
];
const cdataPieces = ['', ' ', ' x ', '<y> & z', ']]', '\r\n', '&amp;', ']'];
const spaces = [' ', ' ', ' ', '\n', '\t', '\r\n', '  '];
const oddMarkup = [
  '<!x>',
  '<!x/>',
  '<!y a="1">',
  '<![x]]>',
  "<?p '?>'?>",
  '<!-- a -- b -->',
  '<!---->',
  '<!Dx>',
  "<!z a='>",
  '<![]]>',
  '<!xml>',
  // A CR before a comment and an LF after it are two line ends, not one CR LF.
  'a\r<!-- c -->\nb',
];
// The parser reads a quoted `?>` as part of an instruction, the validator does not: what the
// validator took for an attribute value, the parser reads as markup (names it never checked).
const desyncs = [
  '<:@>a<b/>',
  '<:@ k="1">a<b/>',
  '<:@/>',
  '<#text/>',
  '<#text>',
  '</__proto__>',
  '<!xml>a<b/>',
  '<>',
];

/** Random documents over a seeded generator. */
export class XmlGenerator {
  constructor(private readonly random: () => number) {}

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  chance(probability: number): boolean {
    return this.random() < probability;
  }

  below(count: number): number {
    return Math.floor(this.random() * count);
  }

  /** A whole document: prolog, one root (sometimes none or two), epilog. */
  document(): string {
    let xml = this.chance(0.1) ? '\ufeff' : '';
    if (this.chance(0.4)) xml += `<?xml version="1.0" encoding="utf-8"?>${this.pick(spaces)}`;
    if (this.chance(0.2)) xml += `<!-- top -->${this.pick(spaces)}`;
    if (this.chance(0.1)) xml += `<?pi at the top?>${this.pick(spaces)}`;
    xml += this.chance(0.05) ? this.chain() : this.element(this.below(5));
    if (this.chance(0.03)) xml += this.element(1);
    if (this.chance(0.2)) xml += `${this.pick(spaces)}<!-- after -->`;
    if (this.chance(0.2)) xml += this.pick(spaces);
    return xml;
  }

  /** Elements nested around the maxNestedTags boundary. */
  chain(): string {
    const depth = this.pick([255, 256, 257, 258]);
    const inner = this.pick(['<e/>', '<e></e>', 'x', '']);
    return `${'<d>'.repeat(depth)}${inner}${'</d>'.repeat(depth)}`;
  }

  name(): string {
    return this.chance(0.01) ? this.pick(reservedNames) : this.pick(elementNames);
  }

  attributes(): string {
    let out = '';
    const used = new Set<string>();
    for (let n = this.below(4); n > 0; n--) {
      const name = this.chance(0.01) ? this.pick(reservedNames) : this.pick(attributeNames);
      if (used.has(name)) continue;
      used.add(name);
      const quote = this.chance(0.5) ? '"' : "'";
      let value = '';
      for (let p = this.below(4); p > 0; p--) value += this.pick(valuePieces);
      if (this.chance(0.1)) value += quote === '"' ? "'" : '"';
      const equals = this.chance(0.1) ? ` = ` : '=';
      out += `${this.pick(spaces)}${name}${equals}${quote}${value}${quote}`;
    }
    return out + (this.chance(0.1) ? this.pick(spaces) : '');
  }

  element(depth: number): string {
    const name = this.name();
    const open = `<${name}${this.attributes()}`;
    if (this.chance(0.25)) return `${open}${this.chance(0.5) ? ' ' : ''}/>`;
    let content = '';
    for (let n = this.below(5); n > 0; n--) content += this.item(depth);
    const close = this.chance(0.1) ? `</${name}${this.pick(spaces)}>` : `</${name}>`;
    return `${open}>${content}${close}`;
  }

  item(depth: number): string {
    const roll = this.random();
    if (roll < 0.35) return this.text();
    if (roll < 0.6) return depth > 0 ? this.element(depth - 1) : this.text();
    if (roll < 0.7) return `<!--${this.pick([' c ', '', '<a>', '-'])}-->`;
    if (roll < 0.78) return this.pick(['<?pi x?>', '<?pi a="1"?>', '<?p?>', '<?xml-stylesheet href="s"?>']);
    if (roll < 0.92) return `<![CDATA[${this.pick(cdataPieces)}${this.pick(cdataPieces)}]]>`;
    return this.chance(0.7) ? this.pick(oddMarkup) : `<?p '?><x y='?>${this.pick(desyncs)}'/>`;
  }

  text(): string {
    let out = '';
    for (let p = 1 + this.below(3); p > 0; p--) out += this.pick(textPieces);
    return out;
  }

  /** The document with one character inserted, deleted or replaced (XML-significant ones). */
  mutate(xml: string): string {
    const at = this.below(xml.length + 1);
    const character = this.pick([
      '<',
      '>',
      '/',
      '=',
      '"',
      "'",
      '&',
      ';',
      '!',
      '?',
      '[',
      ']',
      '-',
      ' ',
      '\r',
      '\n',
    ]);
    const kind = this.below(3);
    if (kind === 0) return xml.slice(0, at) + character + xml.slice(at);
    if (kind === 1) return xml.slice(0, at) + xml.slice(at + 1);
    return xml.slice(0, at) + character + xml.slice(at + 1);
  }
}
