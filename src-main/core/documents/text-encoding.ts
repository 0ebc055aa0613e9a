/*
 * Turning a document's bytes into text, or deciding they are not text. UTF-8 is the norm for the
 * service's documents; UTF-16 is accepted when a byte-order mark says so, and a single-byte
 * Latin encoding only when an XML declaration names it (Windows back-office exports do this).
 */

/** A document's text and the encoding it was read with. */
export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

// Control characters that do not occur in text people write (tab, line feed, form feed and
// carriage return do); one of them near the start means the bytes are binary, whatever they
// decode to. Like git and file(1), only the start is looked at: that is where binary formats
// put their headers, and it keeps the check constant-time on a 32 MiB document.
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const controlCharacter = /[\x00-\x08\x0B\x0E-\x1F]/;
const sniffLength = 64 * 1024;
const latinDeclaration =
  /^<\?xml[^>]*?encoding\s*=\s*["'](iso-8859-1|latin1|windows-1252|us-ascii|ascii)["']/i;

/** Reads bytes as text, or returns undefined when they are not text in an encoding we accept. */
export function decodeText(bytes: Uint8Array): DecodedText | undefined {
  const decoded = decodeWithMark(bytes) ?? decodeUtf8(bytes) ?? decodeDeclaredLatin(bytes);
  if (!decoded || controlCharacter.test(decoded.text.slice(0, sniffLength))) return undefined;
  return decoded;
}

function decodeWithMark(bytes: Uint8Array): DecodedText | undefined {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : undefined;
  if (!encoding) return undefined;
  try {
    // The decoder consumes the byte-order mark itself.
    return { text: new TextDecoder(encoding, { fatal: true }).decode(bytes), encoding };
  } catch {
    return undefined;
  }
}

function decodeUtf8(bytes: Uint8Array): DecodedText | undefined {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return undefined;
  }
}

function decodeDeclaredLatin(bytes: Uint8Array): DecodedText | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  if (!latinDeclaration.test(head)) return undefined;
  // WHATWG decodes ISO-8859-1 as windows-1252, a superset; every byte maps to a character.
  return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
}
