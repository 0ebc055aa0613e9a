import { Buffer } from 'node:buffer';
import { Failure } from '../failure';
import { formatSize, maxDocumentBytes } from './limits';

/*
 * Strict base64 (RFC 4648 section 4): the standard alphabet, '=' padding to a multiple of 4, and
 * the unused bits of the last character zero. Spaces, tabs and line breaks are tolerated anywhere
 * and ignored, because some encoders wrap base64 at 76 characters (MIME); everything else that
 * Node's lenient decoder would silently skip is refused, so a damaged document is reported, not
 * shown half-decoded.
 */

const anyWhitespace = /[\t\n\r ]/;
const allWhitespace = /[\t\n\r ]+/g;
const outsideAlphabet = /[^A-Za-z0-9+/=]/;

/** Bytes a padded base64 string decodes to, computed from its length alone. */
export function decodedLength(base64: string): number {
  if (base64.length === 0) return 0;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/** Bytes a base64 text of this many characters can decode to at most (whitespace not yet removed). */
export function maxDecodedLength(base64Length: number): number {
  return Math.floor(base64Length / 4) * 3 + 2;
}

/** Refuses base64 text too long to decode under the cap, even allowing for line breaks. */
export function checkEncodedLength(length: number, maxBytes = maxDocumentBytes): void {
  // Line breaks add at most 2 characters per 76; anything longer cannot fit under the cap.
  const maxEncoded = Math.ceil(maxBytes / 3) * 4;
  if (length > maxEncoded + Math.ceil(maxEncoded / 38) + 2) {
    throw tooLarge(maxDecodedLength(length), maxBytes);
  }
}

/**
 * The longest answer of the documents operation worth reading: the longest base64 text allowed
 * (with line breaks) and room for the name, the type and the JSON around them.
 */
export const maxAnswerBytes = (() => {
  const maxEncoded = Math.ceil(maxDocumentBytes / 3) * 4;
  return maxEncoded + Math.ceil(maxEncoded / 38) + 2 + 64 * 1024;
})();

/** The sentence for an answer longer than {@link maxAnswerBytes}, refused while it arrives. */
export function answerTooLarge(answerBytes: number): Failure {
  return tooLarge(maxDecodedLength(answerBytes), maxDocumentBytes);
}

/** Decodes strictly checked base64; the size cap is checked before any byte is decoded. */
export function decodeBase64Strict(contents: string, maxBytes = maxDocumentBytes): Buffer {
  checkEncodedLength(contents.length, maxBytes);
  // Most base64 has no whitespace: try it as it is, and only look for line breaks if that fails.
  if (contents.length % 4 === 0 && decodedLength(contents) <= maxBytes) {
    const bytes = Buffer.from(contents, 'base64');
    if (isExactly(bytes, contents)) return bytes;
  }
  const compact = anyWhitespace.test(contents) ? contents.replace(allWhitespace, '') : contents;
  if (compact.length % 4 !== 0) {
    throw notBase64(`its length (${compact.length} characters) is not a multiple of 4`);
  }
  const size = decodedLength(compact);
  if (size > maxBytes) throw tooLarge(size, maxBytes);
  const compactBytes = Buffer.from(compact, 'base64');
  if (!isExactly(compactBytes, compact)) throw notBase64(describeFault(compact));
  return compactBytes;
}

// Node's decoder skips characters it does not know; re-encoding shows whether anything was skipped,
// misplaced or non-canonical. Slice by slice, so a 10 MiB document does not make a second 13 MiB
// string; callers have checked the length is a multiple of 4, so equal lengths mean equal texts.
const sliceBytes = 3 * 64 * 1024;
function isExactly(bytes: Buffer, base64: string): boolean {
  if (bytes.length !== decodedLength(base64)) return false;
  for (let at = 0; at < bytes.length; at += sliceBytes) {
    if (!base64.startsWith(bytes.subarray(at, at + sliceBytes).toString('base64'), (at / 3) * 4))
      return false;
  }
  return true;
}

function describeFault(base64: string): string {
  const bad = outsideAlphabet.exec(base64);
  if (bad) return `character ${bad.index + 1} (${showCharacter(bad[0])}) is not in the base64 alphabet`;
  const firstPad = base64.indexOf('=');
  // Padding may only be the last one or two characters ('x=' or '=='); '=x' and earlier are misplaced.
  const misplaced =
    firstPad !== -1 &&
    (firstPad < base64.length - 2 || !base64.endsWith('='.repeat(base64.length - firstPad)));
  if (misplaced) return `padding '=' appears at character ${firstPad + 1}, before the end`;
  return 'its last characters carry bits that a correct encoder leaves at zero';
}

function showCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  return code > 0x20 && code < 0x7f
    ? `'${character}'`
    : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

function notBase64(reason: string): Failure {
  return new Failure('bad_response', `The document's contents are not valid base64: ${reason}.`);
}

function tooLarge(size: number, maxBytes: number): Failure {
  return new Failure(
    'bad_response',
    `The document is about ${formatSize(size)} once decoded; the console opens documents of up to ${formatSize(maxBytes)}.`,
  );
}
