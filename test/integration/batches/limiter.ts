import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll } from 'vitest';
import { startBatchSandbox, type BatchSandbox } from './helpers';

/**
 * A rate limiter in front of the reference service: while `storm` says so for a request, it is
 * answered `status` (429, or 503 for a service down for maintenance) with the Retry-After given,
 * else relayed as it is; `answer` may instead answer a request 200 with a body of its own, and
 * `rewrite` word a relayed answer otherwise. The service itself does none of this on demand.
 */
export async function startLimiter(target: string) {
  const state = {
    /** Whether a request (method, path) is refused now. */
    storm: (_method: string, _path: string) => false,
    retryAfter: '1',
    status: 429,
    /** The message of the error a refused request is answered with. */
    stormMessage: 'Slow down.',
    /** Requests answered 429 so far. */
    limited: 0,
    /** A body to answer 200 with instead of relaying (a hostile or confused service), or null. */
    answer: (_method: string, _path: string): string | null => null,
    /** A relayed 2xx answer's body as the console gets it (a tenant that writes it otherwise). */
    rewrite: (_method: string, _path: string, body: string) => body,
    /** A status to answer instead of the service's, once it has answered (it acted), or null. */
    replaceStatus: (_method: string, _path: string): number | null => null,
    /** The last 2xx answer the service gave a POST. */
    lastPostAnswer: null as string | null,
    /**
     * A request never answered (a console killed while it waits): held before it reaches the
     * service (`request`), or once the service answered it (`answer`, the change made); else null.
     */
    hold: (_method: string, _path: string): 'request' | 'answer' | null => null,
    /** Requests held so far, and POSTs relayed to the service. */
    held: 0,
    postsRelayed: 0,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (state.storm(req.method ?? '', req.url ?? '')) {
        state.limited += 1;
        res.writeHead(state.status, { 'content-type': 'application/json', 'retry-after': state.retryAfter });
        res.end(JSON.stringify({ error: { code: 'rate_limited', message: state.stormMessage } }));
        return;
      }
      const canned = state.answer(req.method ?? '', req.url ?? '');
      if (canned !== null) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(canned);
        return;
      }
      const hold = state.hold(req.method ?? '', req.url ?? '');
      if (hold === 'request') {
        state.held += 1;
        return;
      }
      if (req.method === 'POST') state.postsRelayed += 1;
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      request(`${target}${req.url}`, {
        method: req.method as 'GET',
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      })
        .then(async (answer) => {
          const body = Buffer.from(await answer.body.arrayBuffer());
          if (req.method === 'POST' && answer.statusCode < 300) state.lastPostAnswer = body.toString();
          if (hold === 'answer') {
            state.held += 1;
            return;
          }
          const replaced = state.replaceStatus(req.method ?? '', req.url ?? '');
          if (replaced !== null) {
            res.writeHead(replaced, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { code: 'internal', message: 'Something went wrong.' } }));
            return;
          }
          res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? '') });
          const text = body.toString();
          const rewritten =
            answer.statusCode < 300 ? state.rewrite(req.method ?? '', req.url ?? '', text) : text;
          // Relayed byte for byte unless rewritten (an answer that is not UTF-8 stays as it was).
          res.end(rewritten === text ? body : rewritten);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A held request's connection would keep the server open.
        server.closeAllConnections();
      }),
  };
}

export type Limiter = Awaited<ReturnType<typeof startLimiter>>;

/**
 * The reference service for one test file: started before its tests, stopped after them. Read
 * `sandbox` inside a test, once it is there.
 */
export function useBatchSandbox(): { sandbox: BatchSandbox } {
  const started = {} as { sandbox: BatchSandbox };
  beforeAll(async () => {
    started.sandbox = await startBatchSandbox();
  }, 60_000);
  afterAll(() => started.sandbox?.stop());
  return started;
}

/**
 * The reference service with a limiter in front of it, for one test file: started before its
 * tests, stopped after them (the limiter first). Read `sandbox` and `limiter` inside a test.
 */
export function limitedSandbox(): { sandbox: BatchSandbox; limiter: Limiter } {
  const started = useBatchSandbox() as { sandbox: BatchSandbox; limiter: Limiter };
  beforeAll(async () => {
    started.limiter = await startLimiter(started.sandbox.url);
  });
  afterAll(() => started.limiter?.close());
  return started;
}
