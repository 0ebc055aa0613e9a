import { guidPattern } from './api';
import { limits } from './limits';
import type { RejectedLine } from './batches';

/**
 * The rules for the lines of a batch, shared by the contract (which applies them to what it is
 * given) and the renderer (which previews a paste with them): how text is split, what a line may
 * be, and which column of a CSV is taken.
 */

/** An external reference: letters and digits, with `.`, `_`, `-` or `/` inside, like FT-000042. */
export const referencePattern = /^[A-Za-z0-9](?:[A-Za-z0-9._/-]{0,98}[A-Za-z0-9])?$/;

/**
 * Eight hex digits, a dash, four hex digits and a second dash, then only hex and dashes: a GUID cut
 * short when copied. With one dash it is as much a reference (a date-numbered 20240115-0001, a
 * code and its check digit ABCDEF12-7) as a GUID's start, and the service takes such references,
 * so it is accepted; a read that finds nothing says so.
 */
const partialGuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f-]*$/i;

/** One accepted line. */
export interface BatchLine {
  input: string;
  inputKind: 'processId' | 'externalReference';
}

/** Lines sorted out: kept, blank, repeated, refused. */
export interface SortedLines {
  lines: BatchLine[];
  blankLines: number;
  duplicates: number;
  rejected: RejectedLine[];
}

/** One item of a batch's source and the 1-based line it is on, for naming it if it is bad. */
export interface SourceItem {
  text: string;
  line: number;
}

/** A batch's source as items: the blank ones counted, the others kept up to a cap. */
export interface SourceItems {
  /** The items that are not blank, the first `most` of them. */
  items: SourceItem[];
  blankLines: number;
  /** Items that are not blank, kept or not. */
  count: number;
}

const lineFeed = 10;
const carriageReturn = 13;
const comma = 44;
const tab = 9;

/**
 * Splits pasted text into items: one per line, commas and tabs also separating them. Each item
 * keeps the number of the line it is on, so a bad one is named where the user sees it. Blank items
 * are counted, not kept, and items past `most` only counted: 16 MiB of commas made 16 million
 * empty strings, which held main for 2.3 s only to be dropped as blank.
 */
export function splitBatchText(text: string, most = Number.POSITIVE_INFINITY): SourceItems {
  const split: SourceItems = { items: [], blankLines: 0, count: 0 };
  let line = 1;
  let start = 0;
  for (let at = 0; at <= text.length; at += 1) {
    const code = at < text.length ? text.charCodeAt(at) : lineFeed;
    if (code !== lineFeed && code !== carriageReturn && code !== comma && code !== tab) continue;
    keep(split, text.slice(start, at), line, most);
    if (code === carriageReturn && text.charCodeAt(at + 1) === lineFeed) at += 1;
    if (code === lineFeed || code === carriageReturn) line += 1;
    start = at + 1;
  }
  return split;
}

/** Items given one by one (a list or a CSV's column), numbered from `firstLine`. */
export function numberItems(
  cells: readonly string[],
  firstLine: number,
  most = Number.POSITIVE_INFINITY,
): SourceItems {
  const numbered: SourceItems = { items: [], blankLines: 0, count: 0 };
  cells.forEach((cell, index) => keep(numbered, cell, index + firstLine, most));
  return numbered;
}

function keep(source: SourceItems, text: string, line: number, most: number): void {
  if (trimInvisible(text) === '') {
    source.blankLines += 1;
    return;
  }
  source.count += 1;
  if (source.count <= most) source.items.push({ text, line });
}

/**
 * Spaces (\s: no-break spaces and a byte order mark too) and what copying from a web page, a chat
 * or a file's Properties adds unseen and trim() keeps: zero-width spaces and joiners, word joiners,
 * direction marks, embeddings and isolates (Windows wraps a copied name in them), soft hyphens,
 * invisible operators. No reference holds them, and a line refused for one shows nothing wrong.
 */
const invisible = /[\s\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069]/;

/**
 * Drops invisible characters at the ends of a line only, one character at a time: a regex for a
 * run of them at the end tried again from each space inside a line, so one line with 100,000
 * spaces inside held main for 8 s, and one of 16 MiB for days.
 */
function trimInvisible(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && invisible.test(text.charAt(start))) start += 1;
  while (end > start && invisible.test(text.charAt(end - 1))) end -= 1;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** A GUID in braces, as Windows and .NET write one ({3f2b8c1e-...}). */
const bracedGuid = /^\{([0-9a-f-]{36})\}$/i;

/**
 * Keeps each good line once, in order. A GUID is a process id (compared without case); anything
 * else must look like an external reference. Bad lines are listed with their line.
 */
export function sortLines(source: SourceItems): SortedLines {
  const seen = new Set<string>();
  const sorted: SortedLines = { lines: [], blankLines: source.blankLines, duplicates: 0, rejected: [] };
  for (const { text, line } of source.items) {
    const unquoted = trimInvisible(trimInvisible(text).replace(/^"(.*)"$/, '$1'));
    // A braced GUID is the same process as the bare one, so it is kept (and deduplicated) bare.
    const braced = bracedGuid.exec(unquoted)?.[1];
    const input = braced !== undefined && guidPattern.test(braced) ? braced : unquoted;
    if (input === '') {
      sorted.blankLines += 1;
      continue;
    }
    const inputKind = guidPattern.test(input) ? 'processId' : 'externalReference';
    const key = inputKind === 'processId' ? input.toLowerCase() : input;
    if (seen.has(key)) {
      sorted.duplicates += 1;
      continue;
    }
    if (inputKind === 'externalReference' && (!referencePattern.test(input) || partialGuid.test(input))) {
      sorted.rejected.push({ line, input: clip(input), message: lineProblem(input) });
      continue;
    }
    seen.add(key);
    sorted.lines.push({ input, inputKind });
  }
  return sorted;
}

/** The sentence for a line that is neither a GUID nor an external reference. */
function lineProblem(input: string): string {
  if (input.length > 100) return 'is longer than an external reference can be (100 characters).';
  if (partialGuid.test(input) || /^[0-9a-f-]{30,40}$/i.test(input))
    return 'looks like a process id but is not a whole GUID like 3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10.';
  return 'is neither a process id (GUID) nor an external reference (letters, digits, ".", "_", "-" or "/", like FT-000042).';
}

/** The sentence for too many lines; null when they fit. */
export function tooManyLines(count: number): string | null {
  if (count <= limits.batchLines) return null;
  return (
    `A batch holds at most ${limits.batchLines.toLocaleString('en')} lines and this one has ` +
    `${count.toLocaleString('en')}; split it into smaller batches.`
  );
}

/**
 * The sentence for more lines or inbox deliveries than a batch is made from, before repeats are
 * dropped; null when they fit. Told with the 10,000 it holds, "this one has 100,001" read as if
 * 10,001 to 100,000 were refused too.
 */
export function tooManyToSort(count: number, deliveries: boolean): string | null {
  if (count <= limits.batchRawLines) return null;
  const what = deliveries ? 'inbox deliveries' : 'lines';
  return (
    `A batch is made from at most ${limits.batchRawLines.toLocaleString('en')} ${what} (it holds ` +
    `${limits.batchLines.toLocaleString('en')} processes once repeats are dropped) and this one has ` +
    `${count.toLocaleString('en')}; split it into smaller batches.`
  );
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
