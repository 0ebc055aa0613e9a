/**
 * Bytes that own their whole ArrayBuffer. A small Buffer lives in Node's shared pool, whose rest is
 * not ours: it may be neither transferred nor freed.
 */
export function ownsWholeBuffer(bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> {
  return (
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength
  );
}

/**
 * Frees the memory of bytes no longer needed now, rather than at the next collection, by detaching
 * their buffer (ES2024 `transfer`, Node 22 and later); pooled bytes are left alone.
 */
export function freeBytes(bytes: Uint8Array): void {
  if (!ownsWholeBuffer(bytes)) return;
  (bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }).transfer?.(0);
}
