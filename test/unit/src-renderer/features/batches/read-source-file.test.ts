import { describe, expect, it } from 'vitest';
import { sortLines, splitBatchText } from '../../../../../src-shared/batch-lines';
import { readSourceFile } from '../../../../../src-renderer/features/batches/read-source-file';

/** Text as UTF-16 little-endian bytes with a byte order mark, as Excel's "Unicode Text" saves it. */
function utf16le(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    bytes[2 + i * 2] = text.charCodeAt(i) & 0xff;
    bytes[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

describe('reading a batch source file', () => {
  it('reads a UTF-16 file (with its byte order mark) into lines that are accepted', async () => {
    const text = await readSourceFile(new Blob([utf16le('FT-000001\r\nFT-000002\r\n')]));
    expect(text).toBe('FT-000001\r\nFT-000002\r\n');
    expect(sortLines(splitBatchText(text)).lines.map((line) => line.input)).toEqual([
      'FT-000001',
      'FT-000002',
    ]);
  });

  it('reads a UTF-8 file whole, its byte order mark dropped', async () => {
    const file = new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), 'Référence\nFT-000001\n']);
    expect(await readSourceFile(file)).toBe('Référence\nFT-000001\n');
  });

  it('counts the limit in characters, so a multi-byte file over it is passed on over it (and refused), never cut under it', async () => {
    // 12 characters of 2 bytes each: cut at 11 bytes it was 5 characters, under a limit of 10, and
    // the batch would have been made from the first part of the file.
    expect(await readSourceFile(new Blob(['é'.repeat(12)]), 10)).toBe('é'.repeat(11));
    expect(await readSourceFile(new Blob(['é'.repeat(10)]), 10)).toBe('é'.repeat(10));
  });

  it('stops reading a large file soon after the limit', async () => {
    const file = new Blob([new Uint8Array(8 * 2 ** 20).fill(0x41)]);
    expect((await readSourceFile(file, 1_000)).length).toBe(1_001);
  });
});
