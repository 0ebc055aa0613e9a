import { getEventListeners } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent, type Dispatcher } from 'undici';
import { send } from '../../../../../src-main/core/client/send';
import { Failure } from '../../../../../src-main/core/failure';
import { serveForSend, type startFake } from './helpers';

/*
 * Cancels, deadlines and "sent" at the worst moments: a change's ambiguity rests on "sent", a
 * cancel must end the exchange with its own reason, and a batch of 10,000 must leave nothing behind.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function serve(handler: Parameters<typeof startFake>[0], options: Agent.Options = {}) {
  return serveForSend(handler, cleanups, { connections: 1, ...options });
}

/** The agent, with `hook` run right after the handler's own `name` hook: a signal at that instant. */
function after(agent: Dispatcher, name: 'onHeaders' | 'onData' | 'onComplete', hook: () => void) {
  const view = Object.create(agent) as Dispatcher;
  view.dispatch = (options, handler) => {
    const own = handler as unknown as Record<string, (...args: unknown[]) => unknown>;
    const original = own[name]!;
    own[name] = (...args: unknown[]) => {
      const result = original.apply(handler, args);
      hook();
      return result;
    };
    return agent.dispatch(options, handler);
  };
  return view;
}

describe('a cancel or a deadline at the worst moment', () => {
  it.each(['onHeaders', 'onData'] as const)(
    'stops with its reason when it fires right after %s, and the next request gets its own answer',
    async (moment) => {
      const { agent, outgoing } = await serve((request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        // Headers and body leave in one write: undici parses both in one go.
        response.end(`answer to ${request.url}`);
      });
      const cancel = new AbortController();
      const reason = new DOMException('The call took too long.', 'TimeoutError');
      const stopped = send(
        after(agent, moment, () => cancel.abort(reason)),
        outgoing({ signal: cancel.signal }),
        () => {},
      );
      await expect(stopped).rejects.toBe(reason);
      expect(getEventListeners(cancel.signal, 'abort')).toHaveLength(0);
      const next = await send(agent, outgoing({ path: '/next' }), () => {});
      expect(next.text).toBe('answer to /next');
    },
  );

  it('keeps a whole answer when the signal fires right after it completed', async () => {
    const { agent, outgoing } = await serve((_request, response) => void response.end('whole'));
    const cancel = new AbortController();
    const answer = await send(
      after(agent, 'onComplete', () => cancel.abort()),
      outgoing({ signal: cancel.signal }),
      () => {},
    );
    expect(answer.text).toBe('whole');
  });

  it('does not hand a half-read socket to the next request after a cancel during the answer', async () => {
    const { fake, agent, outgoing } = await serve((request, response) => {
      response.writeHead(200, { 'content-length': 1000 });
      if (request.url === '/slow') return void response.write('first part of a long answer ');
      response.end('y'.repeat(1000));
    });
    const cancel = new AbortController();
    const slow = send(agent, outgoing({ path: '/slow', signal: cancel.signal }), () => {});
    while (fake.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    cancel.abort(new Error('cancelled'));
    await expect(slow).rejects.toThrow('cancelled');
    const next = await send(agent, outgoing(), () => {});
    expect(next).toMatchObject({ status: 200, size: 1000, text: 'y'.repeat(1000) });
  });
});

describe('"sent" for a change the service answered early', () => {
  it('is true when the service answered a POST before reading its body', async () => {
    // Answers on the head, with 4 MiB of body still arriving: the service may act on what it has.
    const { agent, outgoing } = await serve(() => {});
    const early = createServer((_request, response) => {
      response.writeHead(201, { connection: 'close' });
      response.end('made');
    });
    await new Promise<void>((resolve) => early.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => early.close(() => resolve())));
    const origin = `http://127.0.0.1:${(early.address() as AddressInfo).port}`;
    let sent = false;
    const body = JSON.stringify({ note: 'n'.repeat(4 * 1024 * 1024) });
    const outcome = await send(
      agent,
      { ...outgoing({ method: 'POST', body }), origin },
      () => (sent = true),
    ).then(
      (answer) => answer.status,
      (error: { code?: string }) => error.code,
    );
    // However the early answer ends (read, or the socket reset under the unread body), the
    // request had left: the change is ambiguous and is read back, never blindly retried.
    expect(sent).toBe(true);
    expect([201, 'EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET']).toContain(outcome);
  });

  it('ends with the error of an onSent that throws, after the request reached the service', async () => {
    const { fake, agent, outgoing } = await serve((_request, response) => void response.end('made'));
    const broken = new Error('onSent broke');
    await expect(
      send(agent, outgoing({ method: 'POST', body: '{}' }), () => {
        throw broken;
      }),
    ).rejects.toBe(broken);
    while (fake.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fake.seen[0]).toMatchObject({ method: 'POST', body: '{}' });
  });
});

describe('a batch of requests on one caller signal', () => {
  it('leaves no abort listener behind, answered, failed or refused', async () => {
    const { agent, outgoing } = await serve(
      (request, response) => {
        if (request.url === '/fail') return void response.socket?.destroy();
        response.end('z'.repeat(request.url === '/long' ? 200 : 10));
      },
      { connections: 8 },
    );
    const cancel = new AbortController();
    const limit = { limit: 100, refuse: (n: number) => new Failure('bad_response', `${n} bytes.`) };
    const paths = ['/ok', '/fail', '/long'];
    await Promise.all(
      Array.from({ length: 300 }, (_, at) =>
        send(agent, outgoing({ path: paths[at % 3]!, signal: cancel.signal }), () => {}, limit).catch(
          () => null,
        ),
      ),
    );
    expect(getEventListeners(cancel.signal, 'abort')).toHaveLength(0);
  });
});
