import { errors, util, type Dispatcher } from 'undici';
import type { Failure } from '../failure';
import { maxResponseBytes } from './dispatcher';

/** One request to hand to undici: resolved, authenticated, with its cancel signal. */
export interface Outgoing {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
  signal: AbortSignal;
}

/**
 * How a 2xx answer is kept when it is kept as bytes: refused with `refuse`'s sentence once it is
 * longer than `limit`, announced or while it arrives.
 */
export interface BytesLimit {
  limit: number;
  refuse: (bytes: number) => Failure;
}

/** A whole answer: its status, headers (lower-case names, repeats joined) and body. */
export interface Received {
  status: number;
  headers: Record<string, string>;
  /** The body as text (UTF-8, a byte order mark dropped), unless it was kept as bytes. */
  text: string;
  /** The body in one ArrayBuffer of its own, for a 2xx answer when `bytes` was asked for. */
  bytes?: ArrayBuffer;
  /** The body's length in bytes, as it came. */
  size: number;
}

/**
 * Sends one request and collects its whole answer, telling `onSent` when undici has handed the
 * whole request to the socket (after that a lost answer is ambiguous: the service may have acted).
 *
 * This is undici's dispatch with a handler of our own rather than its `request()`: `request()`
 * wraps every answer in a Readable stream that is then read back to the end, about 55 us of CPU
 * per call on this machine (a bare GET cost 140 us with it and 85 us without), which a batch read
 * of 10,000 processes pays 10,000 times. The handler uses undici's own handler hooks, the ones its
 * `request()` is built on, because only those hear `onRequestSent`.
 */
export function send(
  dispatcher: Dispatcher,
  outgoing: Outgoing,
  onSent: () => void,
  bytes?: BytesLimit,
  text?: BytesLimit,
): Promise<Received> {
  return new Promise((resolve, reject) => {
    const handler = new AnswerHandler(outgoing.signal, onSent, bytes, text, resolve, reject);
    const { origin, path, method, headers, body } = outgoing;
    try {
      dispatcher.dispatch({ origin, path, method: method as Dispatcher.HttpMethod, headers, body }, handler);
    } catch (error) {
      handler.onError(error as Error);
    }
  });
}

const byteOrderMark = [0xef, 0xbb, 0xbf];

class AnswerHandler implements Dispatcher.DispatchHandler {
  private abort: ((reason?: Error) => void) | undefined;
  private stopListening: (() => void) | undefined;
  private reason: Error | undefined;
  private settled = false;
  private status = 0;
  private headers: Record<string, string> = {};
  // Bytes go into one buffer of the announced length when there is one (one copy, not chunks
  // plus a joined copy); otherwise chunks are collected and joined once at the end.
  private target: Uint8Array | undefined;
  private chunks: Buffer[] = [];
  private received = 0;
  private keepBytes = false;
  private limit = maxResponseBytes;

  constructor(
    signal: AbortSignal,
    private readonly onSent: () => void,
    private readonly bytes: BytesLimit | undefined,
    private readonly text: BytesLimit | undefined,
    private readonly resolve: (answer: Received) => void,
    private readonly reject: (error: Error) => void,
  ) {
    if (text) this.limit = text.limit;
    if (signal.aborted) this.reason = abortReason(signal);
    else {
      const listener = () => this.stop(abortReason(signal));
      signal.addEventListener('abort', listener, { once: true });
      this.stopListening = () => signal.removeEventListener('abort', listener);
    }
  }

  onConnect(abort: (reason?: Error) => void): void {
    if (this.reason) abort(this.reason);
    else this.abort = abort;
  }

  onRequestSent(): void {
    this.onSent();
  }

  onHeaders(status: number, rawHeaders: Buffer[], _resume: () => void, _text: string): boolean {
    // 1xx answers are informational: the real answer follows.
    if (status < 200) return true;
    this.status = status;
    this.headers = flattenHeaders(util.parseHeaders(rawHeaders));
    this.keepBytes = this.bytes !== undefined && status >= 200 && status < 300;
    if (this.keepBytes) {
      this.limit = this.bytes!.limit;
      const announced = this.headers['content-length'];
      const expected = announced !== undefined && /^\d+$/.test(announced) ? Number(announced) : -1;
      if (expected > this.bytes!.limit) this.stop(this.bytes!.refuse(expected));
      else if (expected >= 0) this.target = new Uint8Array(expected);
    } else if (this.text) {
      const announced = this.headers['content-length'];
      if (announced !== undefined && /^\d+$/.test(announced) && Number(announced) > this.text.limit)
        this.overLimit(Number(announced));
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    const received = this.received + chunk.length;
    // Each answer is capped here by what it is, not by the dispatcher's maxResponseSize: that one
    // counts every answer alike, and at 32 MiB it cut a document's answer (base64 in JSON, up to
    // maxAnswerBytes, ~44 MiB, for a 32 MiB document) with the text answers' sentence.
    if (received > this.limit) {
      if (this.keepBytes) this.stop(this.bytes!.refuse(received));
      else if (this.text) this.overLimit(received);
      else this.stop(new errors.ResponseExceededMaxSizeError());
      return false;
    }
    if (this.target && received <= this.target.length) this.target.set(chunk, this.received);
    else {
      // More than announced: keep what was written and collect the rest.
      if (this.target) this.chunks.push(Buffer.from(this.target.subarray(0, this.received)));
      this.target = undefined;
      this.chunks.push(chunk);
    }
    this.received = received;
    return true;
  }

  onComplete(): void {
    if (this.settle()) this.resolve(this.answer());
  }

  onError(error: Error): void {
    if (this.settle()) this.reject(error);
  }

  private answer(): Received {
    const { status, headers, received: size } = this;
    if (this.keepBytes) return { status, headers, text: '', bytes: this.ownBytes(), size };
    // Text is always collected in chunks (only bytes are written into one announced buffer).
    const buffer = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const start = byteOrderMark.every((byte, at) => buffer[at] === byte) ? 3 : 0;
    return { status, headers, text: buffer.toString('utf8', start), size };
  }

  private ownBytes(): ArrayBuffer {
    if (this.target && this.received === this.target.length) return this.target.buffer as ArrayBuffer;
    const joined = new Uint8Array(this.received);
    let at = 0;
    for (const chunk of this.target ? [this.target.subarray(0, this.received)] : this.chunks) {
      joined.set(chunk, at);
      at += chunk.length;
    }
    return joined.buffer;
  }

  /**
   * A text answer over its caller's cap. A 2xx one is refused with the cap's sentence. An error
   * answer keeps its status with its body dropped: a 404, 401, 429 or 503 page over the cap is
   * still that status (not found, credentials, slow down, retry later; a batch pauses on the last
   * three), and the cap's "this process is too large" would be wrong about it.
   */
  private overLimit(bytes: number): void {
    if (this.status >= 200 && this.status < 300) {
      this.stop(this.text!.refuse(bytes));
      return;
    }
    const { status, headers, received: size } = this;
    if (this.settle()) this.resolve({ status, headers, text: '', size });
    // The rest of the body is not read: the connection is closed (the abort is heard by no one).
    this.stop(new errors.RequestAbortedError());
  }

  /** Stops the exchange with `reason` (a cancel, a deadline, a refused size). */
  private stop(reason: Error): void {
    if (this.abort) this.abort(reason);
    else this.reason ??= reason;
  }

  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.stopListening?.();
    return true;
  }
}

// As undici's request() does: the signal's own reason (a deadline's TimeoutError), else its own.
function abortReason(signal: AbortSignal): Error {
  return (signal.reason as Error | undefined) ?? new errors.RequestAbortedError();
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
