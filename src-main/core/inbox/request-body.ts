import type { IncomingMessage } from 'node:http';

/** The largest delivery body the receiver reads (API.md's services refuse more with 413 too). */
export const maxBodyBytes = 1024 * 1024;

/** How much of a rejected body is kept so a person can see what was wrong. */
export const excerptBytes = 4 * 1024;

// Past the limit the rest is read and thrown away, so the sender can finish writing and read the
// 413 instead of a reset connection; a sender that never stops is cut off here.
const maxDiscardBytes = 64 * 1024 * 1024;

/** What reading a request body found. */
export type BodyRead =
  { kind: 'complete'; body: Buffer } | { kind: 'too_large'; excerpt: Buffer } | { kind: 'aborted' };

/**
 * Reads a request body up to `limit` bytes. A declared or actual size past the limit resolves
 * `too_large` at once, without keeping more than the excerpt; a sender that goes away resolves
 * `aborted`.
 */
export function readBody(request: IncomingMessage, limit: number = maxBodyBytes): Promise<BodyRead> {
  return new Promise<BodyRead>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let discarding = false;
    let discarded = 0;

    const overLimit = () => {
      discarding = true;
      resolve({ kind: 'too_large', excerpt: Buffer.concat(chunks).subarray(0, excerptBytes) });
      chunks.length = 0;
    };

    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) overLimit();

    request.on('data', (chunk: Buffer) => {
      if (discarding) {
        discarded += chunk.length;
        if (discarded > maxDiscardBytes) request.destroy();
        return;
      }
      size += chunk.length;
      chunks.push(chunk);
      if (size > limit) overLimit();
    });
    request.on('end', () => {
      if (!discarding) resolve({ kind: 'complete', body: Buffer.concat(chunks, size) });
    });
    // 'close' follows 'end' on a complete body; before it, the sender went away.
    request.on('close', () => resolve({ kind: 'aborted' }));
    request.on('error', () => resolve({ kind: 'aborted' }));
  });
}
