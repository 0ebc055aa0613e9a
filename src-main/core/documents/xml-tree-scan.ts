import { decodeXmlReferences } from './xml-entities';

/*
 * The small scans xml-tree.ts makes, each the same as fast-xml-parser 5's OrderedObjParser
 * (the tree's reference) under the console's options, quirks included: the parser's `\s` and
 * `trim` whitespace (Unicode, not the validator's four), its quote-aware tag ends, its attribute
 * pattern, its CR LF normalisation done piece by piece instead of on a copy of the whole text.
 */

/** JavaScript's `\s` (and what `trim` removes): the parser splits tag names and trims with it. */
export function isJsSpace(c: number): boolean {
  if (c > 32 && c < 127) return false;
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The parser turns CR LF and lone CR into LF before anything else; a piece never splits a pair. */
export function normalised(piece: string): string {
  return piece.indexOf('\r') === -1 ? piece : piece.replace(/\r\n?/g, '\n');
}

/** A text or attribute value as the parser keeps it: trimmed first, then references resolved. */
export function valueOf(raw: string): string {
  return decodeXmlReferences(normalised(raw).trim());
}

/**
 * The parser's tagExpWithClosingIndex: from `from`, skipping quoted runs whole, the index of the
 * first `>` (or `?` of `?>` when `pi`), or -1 when a quote or the tag is never closed.
 */
export function tagClose(xml: string, from: number, pi: boolean): number {
  const end = xml.length;
  for (let i = from; i < end; i++) {
    const c = xml.charCodeAt(i);
    if (c === 34 || c === 39) {
      i = xml.indexOf(c === 34 ? '"' : "'", i + 1);
      if (i === -1) return -1;
    } else if (pi ? c === 63 && xml.charCodeAt(i + 1) === 62 : c === 62) return i;
  }
  return -1;
}

function firstSpace(xml: string, from: number, to: number): number {
  for (let i = from; i < to; i++) if (isJsSpace(xml.charCodeAt(i))) return i;
  return -1;
}

/** Where an opening tag ends (its `>`) and where its name ends (its first whitespace, or -1). */
export interface TagBounds {
  close: number;
  space: number;
}

/**
 * The bounds of the opening tag at `lt`, into `bounds` (reused: no object per tag); false when
 * the parser finds no end. One scan for the common tag, whose name comes before any quote.
 */
export function readTagBounds(xml: string, lt: number, bounds: TagBounds): boolean {
  bounds.space = -1;
  for (let i = lt + 1; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (c === 62) {
      bounds.close = i;
      return true;
    }
    if (c === 34 || c === 39) break;
    if (isJsSpace(c)) {
      bounds.space = i;
      bounds.close = tagClose(xml, i + 1, false);
      return bounds.close !== -1;
    }
  }
  bounds.close = tagClose(xml, lt + 1, false);
  if (bounds.close === -1) return false;
  bounds.space = firstSpace(xml, lt + 1, bounds.close);
  return true;
}

/**
 * The parser's attribute pattern `([^\s=]+)\s*(=\s*(?:"([^"]*)"|'([^']*)'))?` run over
 * xml[from, to): each name with a quoted value, in order; a name without one is skipped.
 */
export function eachAttribute(
  xml: string,
  from: number,
  to: number,
  take: (name: string, raw: string) => void,
): void {
  let i = from;
  while (i < to) {
    let c = xml.charCodeAt(i);
    if (c === 61 || isJsSpace(c)) {
      i++;
      continue;
    }
    const nameFrom = i;
    while (i < to && (c = xml.charCodeAt(i)) !== 61 && !isJsSpace(c)) i++;
    const name = xml.slice(nameFrom, i);
    while (i < to && isJsSpace(xml.charCodeAt(i))) i++;
    if (i >= to || xml.charCodeAt(i) !== 61) continue;
    let at = i + 1;
    while (at < to && isJsSpace(xml.charCodeAt(at))) at++;
    const quote = xml.charCodeAt(at);
    if (at >= to || (quote !== 34 && quote !== 39)) continue;
    // The closing quote is looked for in the tag only: a search to the document's end would
    // make a document of many such tags quadratic.
    let close = at + 1;
    while (close < to && xml.charCodeAt(close) !== quote) close++;
    if (close >= to) continue;
    take(name, xml.slice(at + 1, close));
    i = close + 1;
  }
}

/** The original index `count` characters of normalised text after `from` (CR LF counts once). */
export function advanceNormalised(xml: string, from: number, count: number): number {
  let i = from;
  for (let n = 0; n < count && i < xml.length; n++) {
    i += xml.charCodeAt(i) === 13 && xml.charCodeAt(i + 1) === 10 ? 2 : 1;
  }
  return i;
}

/**
 * The parser's message for an opening tag it cannot close: its position and 50 characters
 * either side, both counted in the normalised text the parser reads.
 */
export function unclosedTagMessage(xml: string, at: number): string {
  let pairs = 0;
  for (let cr = xml.indexOf('\r\n'); cr !== -1 && cr < at; cr = xml.indexOf('\r\n', cr + 2)) pairs++;
  let from = Math.max(0, at - 120);
  if (from > 0 && xml.charCodeAt(from) === 10 && xml.charCodeAt(from - 1) === 13) from--;
  const before = normalised(xml.slice(from, at));
  const after = normalised(xml.slice(at, Math.min(xml.length, at + 120)));
  const context = before.slice(Math.max(0, before.length - 50)) + after.slice(0, 50);
  return `readTagExp returned undefined at position ${at - pairs}. Context: "${context}"`;
}
