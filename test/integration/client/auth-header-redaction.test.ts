import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src-main/core/client/api-client';
import { Failure } from '../../../src-main/core/failure';
import { valid } from '../../support/valid-input';
import { makePorts, makeProfile } from '../../unit/src-main/core/client/helpers';
import { flyTippingTypeId } from './sandbox';

/**
 * A tenant whose key headers have names no rule would guess are secret (X-Tenant-Id and
 * X-Tenant-Code), and which quotes them back in its answers' headers and error messages: the
 * profile's own names and the values sent must be redacted in the request log, the audit and
 * every error.
 */

const credentials = { apiKey: 'tenant-key-7f3a9c', apiSecret: 'tenant-code-5d21e8b0' };
const names = { key: 'X-Tenant-Id', secret: 'X-Tenant-Code' };
let echo: FastifyInstance;
let url: string;
const received: Array<Record<string, string | string[] | undefined>> = [];

beforeAll(async () => {
  echo = Fastify();
  echo.all('/*', async (request, reply) => {
    received.push(request.headers);
    const sent = `${names.key}: ${String(request.headers['x-tenant-id'])}, ${names.secret}: ${String(request.headers['x-tenant-code'])}`;
    reply.header('x-tenant-id', String(request.headers['x-tenant-id']));
    reply.header('x-echo', sent);
    return reply.code(request.method === 'GET' ? 404 : 422).send({
      error: { code: 'echo', message: `This tenant echoes what it got: ${sent}.` },
    });
  });
  await echo.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(echo.server.address() as AddressInfo).port}`;
});
afterAll(() => echo.close());

function connect(secret: string | null) {
  const profile = makeProfile(url, { authHeaders: { key: names.key, secret } });
  const ports = makePorts([profile], credentials);
  return { client: createApiClient({ ...ports, readBackDelayMs: 0 }), profile, ports };
}

async function failureOf(promise: Promise<unknown>): Promise<Failure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Failure);
  return error as Failure;
}

describe('key headers under names the tenant chose', () => {
  it('sends the key and secret under those names, and redacts them in the request log, audit and errors', async () => {
    const { client, profile, ports } = connect(names.secret);
    const read = await failureOf(client.getProcess(profile.id, '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10'));
    const start = await failureOf(
      client.startProcess(profile.id, valid('processes.start', { processTypeId: flyTippingTypeId })),
    );
    await client.close();
    expect(received.at(-1)).toMatchObject({
      'x-tenant-id': credentials.apiKey,
      'x-tenant-code': credentials.apiSecret,
    });
    expect(received.at(-1)).not.toHaveProperty('x-api-key');

    const entry = ports.requests.at(-1)!;
    expect(entry.requestHeaders).toMatchObject({ [names.key]: '[redacted]', [names.secret]: '[redacted]' });
    expect(entry.responseHeaders['x-tenant-id']).toBe('[redacted]');
    expect(read.message).toContain('This tenant echoes what it got');
    const everything = JSON.stringify({
      requests: ports.requests,
      audit: ports.lines,
      errors: [read.message, start.message],
    });
    expect(everything).not.toContain(credentials.apiKey);
    expect(everything).not.toContain(credentials.apiSecret);
  });

  it('sends only the key when the tenant takes the API key alone', async () => {
    const { client, profile } = connect(null);
    await failureOf(client.getProcess(profile.id, '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10'));
    await client.close();
    expect(received.at(-1)?.['x-tenant-id']).toBe(credentials.apiKey);
    expect(received.at(-1)).not.toHaveProperty('x-tenant-code');
    expect(JSON.stringify(received.at(-1))).not.toContain(credentials.apiSecret);
  });
});
