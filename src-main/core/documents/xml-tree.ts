import type { XmlNode } from '../../../src-shared/documents';
import { maxXmlDepth, maxXmlElements, shorten } from './limits';
import { decodeXmlReferences } from './xml-entities';
import { depthWarning, elementCountWarning, reservedNameWarning } from './xml-parser';
import { elementLines, type LineCounts } from './xml-pretty-lines';
import {
  advanceNormalised,
  eachAttribute,
  isJsSpace,
  normalised,
  readTagBounds,
  tagClose,
  unclosedTagMessage,
  type TagBounds,
  valueOf,
} from './xml-tree-scan';

/** The element tree of a parsed document. */
export interface XmlTree {
  root: XmlNode;
  /** Elements in the tree, the root included. */
  nodeCount: number;
  /** Each element's lines in the pretty text, counted as the tree is built (no second walk). */
  lines: LineCounts;
}

/** The tree, or the sentence saying why the text does not make one. */
export type BuiltTree = { ok: true; tree: XmlTree } | { ok: false; warning: string };

/*
 * One pass from the text to the tree: what fast-xml-parser's ordered output and its conversion
 * gave, without the ordered output (a third of a 10 MiB open went on building it, then on
 * converting it). The reference is still the parser: test/support/xml-reference.ts, and a
 * differential test holds the two equal on every kind of text the validator lets through,
 * parser quirks included (a `<!x>` opens an element; a closing tag closes whatever is open).
 */

class Stop extends Error {}

// Most elements have no attributes: they share one frozen empty record (120,000 fewer objects
// kept for a 10 MiB document).
const noAttributes: Record<string, string> = Object.freeze({});

const couldNotParse = (why: string) =>
  new Stop(`This XML could not be parsed (${shorten(why).replace(/\.$/, '')}); it is shown as raw text.`);

function isReserved(name: string): boolean {
  return name === '__proto__' || name === 'constructor' || name === 'prototype';
}

/**
 * The tree of a text that passed xmlTextWarning (xml-parser.ts), or the parser's sentence for
 * what it refuses (a reserved name, too deep, too many elements, no single root). Linear; never throws for bad text.
 */
export function treeOfValidXml(xml: string): BuiltTree {
  try {
    return new TreeBuilder(xml).build();
  } catch (error) {
    if (error instanceof Stop) return { ok: false, warning: error.message };
    throw error;
  }
}

// Open elements by depth; depth 0 is the document, whose text and extra roots are dropped.
class TreeBuilder {
  private readonly nodes: (XmlNode | undefined)[] = [undefined];
  private readonly texts = [''];
  private readonly elementSinceText = [false];
  private readonly childLines = [0];
  private readonly entries = [0];
  private readonly converted = [true];
  private depth = 0;
  private pending = '';
  private readonly bounds: TagBounds = { close: -1, space: -1 };
  private nodeCount = 0;
  private elements = 0;
  private roots = 0;
  private root: XmlNode | undefined;
  private reservedInRoot = false;
  private readonly lines: LineCounts = new Map();

  constructor(private readonly xml: string) {}

  build(): BuiltTree {
    const { xml } = this;
    const end = xml.length;
    for (let i = 0; i < end;) {
      const lt = xml.indexOf('<', i);
      if (lt === -1) break; // text after the last tag is never saved
      // Line ends are normalised per piece, before a comment joins two pieces: a CR before it
      // and an LF after it are two line ends, as in the parser's text, normalised first.
      if (lt > i) this.pending += normalised(xml.slice(i, lt));
      const c1 = xml.charCodeAt(lt + 1);
      const c2 = xml.charCodeAt(lt + 2);
      if (c1 === 47) i = this.closingTag(lt);
      else if (c1 === 63) {
        const close = tagClose(xml, lt + 1, true);
        if (close === -1) throw couldNotParse('Pi Tag is not closed.');
        this.saveText(); // an instruction splits the text around it (and is dropped)
        i = close + 2;
      } else if (c1 === 33 && c2 === 45 && xml.charCodeAt(lt + 3) === 45) {
        const close = xml.indexOf('-->', lt + 4);
        if (close === -1) throw couldNotParse('Comment is not closed.');
        i = close + 3; // a comment does not split the text: its two sides join with no space
      } else if (c1 === 33 && c2 === 68) throw couldNotParse('Invalid Tag instead of DOCTYPE');
      else if (c1 === 33 && c2 === 91) i = this.cdata(lt);
      else i = this.openingTag(lt);
    }
    while (this.depth > 0) this.close();
    if (this.roots !== 1 || this.root === undefined) {
      const problem = this.roots === 0 ? 'holds no element' : 'has more than one root element';
      return { ok: false, warning: `This XML ${problem}; it is shown as raw text.` };
    }
    if (this.reservedInRoot) return { ok: false, warning: reservedNameWarning };
    return { ok: true, tree: { root: this.root, nodeCount: this.nodeCount, lines: this.lines } };
  }

  private closingTag(lt: number): number {
    const close = this.xml.indexOf('>', lt);
    if (close === -1) throw couldNotParse('Closing Tag is not closed.');
    // Only a name of 9 or more characters (with spaces around) can be a reserved one.
    if (close - lt > 10 && isReserved(this.xml.slice(lt + 2, close).trim()))
      throw new Stop(reservedNameWarning);
    this.saveText();
    // The parser does not match the name: the closing tag closes whatever element is open.
    if (this.depth > 0) this.close();
    this.pending = '';
    return close + 1;
  }

  // CDATA is kept verbatim, even empty. `<![` without `CDATA[` is read the same way, from
  // nine characters on (a backwards range is swapped, as `substring` does) to the first `]]>`.
  private cdata(lt: number): number {
    const { xml } = this;
    const close = xml.indexOf(']]>', lt);
    if (close === -1) throw couldNotParse('CDATA is not closed.');
    this.saveText();
    const start = xml.startsWith('<![CDATA[', lt) ? lt + 9 : advanceNormalised(xml, lt, 9);
    this.addText(normalised(start <= close ? xml.slice(start, close) : xml.slice(close, start)));
    return close + 3;
  }

  private openingTag(lt: number): number {
    const { xml } = this;
    if (!readTagBounds(xml, lt, this.bounds)) throw couldNotParse(unclosedTagMessage(xml, lt));
    const { close, space } = this.bounds;
    let name = xml.slice(lt + 1, space === -1 ? close : space);
    let expFrom = space === -1 ? lt + 1 : space + 1;
    while (expFrom < close && isJsSpace(xml.charCodeAt(expFrom))) expFrom++;
    let expTo = close;
    if (isReserved(name)) throw new Stop(reservedNameWarning);
    if (name === '#text') throw couldNotParse('Invalid tag name: #text');
    // Text before a child is saved, except at the top and (a parser quirk) inside `<!xml>`.
    if (this.depth > 0 && this.nodes[this.depth]!.name !== '!xml') this.saveText();
    this.pending = '';
    const selfClosing = expTo > expFrom && xml.charCodeAt(expTo - 1) === 47;
    if (selfClosing) {
      expTo--;
      if (name.endsWith('/')) {
        name = name.slice(0, -1);
        expFrom = expTo = -1;
      }
      if (isReserved(name)) throw new Stop(reservedNameWarning);
    }
    const sameAsName = expTo - expFrom === name.length && xml.slice(expFrom, expTo) === name;
    const converted =
      this.depth === 0 ? name !== '#text' : this.converted[this.depth] && !this.hides(this.depth);
    const node: XmlNode = {
      name,
      attributes: space === -1 || sameAsName ? noAttributes : this.attributes(expFrom, expTo, converted),
      text: '',
      children: [],
    };
    this.addElement(node, converted);
    if (selfClosing) this.finish(node, converted, '', 0, 0, this.depth);
    else {
      // The parser's maxNestedTags check: an element may open inside maxXmlDepth + 1 open ones.
      if (this.depth > maxXmlDepth) throw new Stop(depthWarning);
      this.open(node, converted);
    }
    return close + 1;
  }

  private attributes(from: number, to: number, converted: boolean): Record<string, string> {
    let attributes: Record<string, string> | undefined;
    eachAttribute(this.xml, from, to, (name, raw) => {
      attributes ??= {};
      // Refused after the parse, and only within the root; never assigned to a record.
      if (isReserved(name)) this.reservedInRoot ||= converted;
      else attributes[name] = valueOf(raw);
    });
    return attributes ?? noAttributes;
  }

  private saveText(): void {
    if (this.pending === '') return;
    const value = decodeXmlReferences(this.pending.trim());
    this.pending = '';
    if (value !== '') this.addText(value);
  }

  // Pieces either side of a child element are separate words; other pieces join as they are.
  private addText(piece: string): void {
    const d = this.depth;
    this.entries[d]++;
    if (d === 0) return;
    const text = this.texts[d];
    this.texts[d] = text === '' ? piece : this.elementSinceText[d] ? `${text} ${piece}` : text + piece;
    this.elementSinceText[d] = false;
  }

  private addElement(node: XmlNode, converted: boolean): void {
    // xmlTextWarning counted the tags the validator reads; this counts the few more it skips.
    if (++this.elements > maxXmlElements) throw new Stop(elementCountWarning);
    const d = this.depth;
    this.entries[d]++;
    if (converted) this.nodeCount++;
    if (d > 0) {
      this.nodes[d]!.children.push(node);
      this.elementSinceText[d] = true;
    } else if (node.name !== '#text' && ++this.roots === 1) this.root = node;
  }

  private open(node: XmlNode, converted: boolean): void {
    const d = ++this.depth;
    this.nodes[d] = node;
    this.texts[d] = '';
    this.elementSinceText[d] = false;
    this.childLines[d] = 0;
    this.entries[d] = 0;
    this.converted[d] = converted;
  }

  private close(): void {
    const d = this.depth--;
    const node = this.nodes[d]!;
    this.nodes[d] = undefined;
    this.finish(node, this.converted[d], this.texts[d], this.childLines[d], this.entries[d], d - 1);
  }

  // An element named `:@` collides with the parser's attributes key: the conversion saw no name
  // and no content in it, and took its entries for attributes when it had none of its own.
  private hides(d: number): boolean {
    return this.nodes[d]!.name === ':@';
  }

  private finish(
    node: XmlNode,
    converted: boolean,
    text: string,
    childLines: number,
    entries: number,
    parent: number,
  ) {
    if (node.name === ':@') {
      node.name = '';
      node.children = [];
      text = '';
      if (node.attributes === noAttributes && entries > 0) {
        node.attributes = {};
        for (let n = 0; n < entries; n++) node.attributes[n] = '[object Object]';
      }
    }
    node.text = text;
    const lines = elementLines(node, childLines);
    if (converted) this.lines.set(node, lines);
    this.childLines[parent] += lines;
  }
}
