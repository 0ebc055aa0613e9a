import { limits } from '../../../src-shared/limits';

/**
 * Reads a file a batch is made from as text, up to one character past the limit, so main refuses
 * an over-long file with its own sentence without the page holding all of it.
 *
 * Counted in characters as main counts them, not in bytes: cutting at limit + 1 bytes left a file
 * of accented or other multi-byte text under the character limit, so the batch was made from its
 * first part with the rest (and half of the last line) dropped without a word. A UTF-16 file
 * (Excel's "Unicode Text") is decoded by its byte order mark; read as UTF-8 each line held NULs and
 * every line was refused as "neither a process id nor an external reference".
 */
export async function readSourceFile(
  file: Blob,
  maxCharacters = limits.batchSourceCharacters,
): Promise<string> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  const encoding =
    head[0] === 0xff && head[1] === 0xfe
      ? 'utf-16le'
      : head[0] === 0xfe && head[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  // The decoder drops the byte order mark itself.
  const decoder = new TextDecoder(encoding);
  const reader = file.stream().getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    text += decoder.decode(value, { stream: !done });
    if (done) break;
    if (text.length > maxCharacters) {
      await reader.cancel();
      break;
    }
  }
  return text.slice(0, maxCharacters + 1);
}
