/**
 * The document limits in one place, so a reviewer sees every bound the decoder enforces.
 */

const MiB = 1024 * 1024;

/** Largest decoded document the console accepts (the base64 text is about 4/3 of this). */
export const maxDocumentBytes = 32 * MiB;

/** Images up to this size get a `data:` URL preview; larger ones would bloat the bridge. */
export const maxPreviewBytes = 5 * MiB;

/** Deepest element nesting parsed; real ServiceRequest documents are 3 to 4 levels deep. */
export const maxXmlDepth = 256;

/**
 * Most elements a document is parsed into. A 10 MiB ServiceRequest has about 120,000; 32 MiB of
 * `<a/>` has 8.4 million, which took 18 s and 1.76 GB to build into a tree no one could read.
 */
export const maxXmlElements = 2_000_000;

/** How long a worker may take over one document before it is stopped. */
export const workerTimeoutMs = 20_000;

/** Heap a decoding worker may use; a 32 MiB document's tree fits with room to spare. */
export const workerHeapMb = 2048;

/**
 * The worker's young generation: a parse allocates ~120,000 long-lived nodes, which V8's default
 * (tens of MiB of semi-spaces) copies around and holds twice; 4 MiB promotes them early and cut
 * the console's peak while opening a 10 MiB document by about 70 MiB, at no cost in time.
 */
export const workerYoungHeapMb = 4;

/** How long the worker holds no document before it is replaced by a fresh one (memory back). */
export const workerRenewalMs = 3000;

/**
 * A closed document of this estimated size or more (open-document.ts: a 10 MiB ServiceRequest is
 * ~70 MiB, a 1 MiB one ~7 MiB) makes the worker collect its garbage at once (worker.ts).
 */
export const collectAfterClosingBytes = 32 * MiB;

/** Longest a new document waits for a replaced worker to give its memory back before it starts. */
export const workerHandOverMs = 2000;

/**
 * Longest XML text whose refusal is explained by fast-xml-parser's validator: it reads about
 * 2.6 MiB a second, so a refused 32 MiB upload held the document worker for 12 s for one
 * sentence. Longer refused text gets the place the fast check stopped at instead.
 */
export const maxValidatorSentenceChars = 2 * MiB;

/** Longest piece of a validator or parser message quoted back to the user. */
export const maxQuotedLength = 160;

/** Cuts a message that may quote document content down to a readable length. */
export function shorten(text: string, max = maxQuotedLength): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`;
}

/** A byte count as a person reads it: '512 bytes', '3.4 KiB', '32.0 MiB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MiB) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / MiB).toFixed(1)} MiB`;
}

/** Children of the root sent with the first answer; the rest are paged. */
export const firstPageNodes = 200;

/** Lines of the raw view sent with the first answer; the rest are paged. */
export const firstPageLines = 200;

/** Longest line of the raw view sent; the whole text stays available to Copy and Save as. */
export const maxLineChars = 20_000;

/** Longest element text shown in a tree row. */
export const maxTreeTextChars = 1000;

/** Estimated bytes of decoded documents main keeps open; the least recently used go first. */
export const documentCacheBytes = 192 * MiB;

/** An open document not looked at for this long is let go. */
export const documentIdleMs = 30 * 60_000;
