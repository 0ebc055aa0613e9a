import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/api-error';
import type { ChangeScope } from '../engine/context';
import type { RouteDeps } from './route-deps';

/**
 * Runs a change once per `Idempotency-Key`. The first response is stored with the change, in the
 * same transaction; the same key with the same method, path and body within 24 h replays it and
 * changes nothing; the same key with anything else is a 422. Keys are scoped to the API key.
 * `headersOf` derives response headers (e.g. `Location`) from the body, so a replay sends the same
 * headers as the first response.
 */
export async function runIdempotent<T>(
  deps: RouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  change: (scope: ChangeScope) => T,
  headersOf?: (body: T) => Record<string, string>,
): Promise<unknown> {
  const key = readKey(request);
  if (key === undefined) {
    const body = await deps.change(change);
    if (headersOf) reply.headers(headersOf(body));
    return reply.code(status).send(body);
  }
  const keyId = request.apiKey!.keyId;
  const fingerprint = fingerprintOf(request);
  const outcome = await deps.change((scope) => {
    const now = scope.clock().getTime();
    const stored = scope.repos.idempotency.find(keyId, key, now);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        throw new ApiError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was used in the last 24 h for a different request; use a new key for a new request.',
          [{ path: 'Idempotency-Key', issue: 'reused with a different request' }],
        );
      }
      return { status: stored.status, body: stored.response, replayed: true };
    }
    const body = JSON.stringify(change(scope));
    scope.repos.idempotency.save(keyId, key, { fingerprint, status, response: body, createdAt: now });
    return { status, body, replayed: false };
  });
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  if (headersOf) reply.headers(headersOf(JSON.parse(outcome.body) as T));
  return reply
    .code(outcome.status)
    .type('application/json; charset=utf-8')
    .serializer(identity)
    .send(outcome.body);
}

function identity(payload: unknown): string {
  return payload as string;
}

// The header's rule (1 to 255 visible ASCII characters) is in the route's schema (idempotencyHeaders).
function readKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
}

function fingerprintOf(request: FastifyRequest): string {
  const path = (request.url.split('?')[0] ?? '').toLowerCase();
  return createHash('sha256')
    .update(`${request.method} ${path}\n${canonicalJson(request.body)}`)
    .digest('base64url');
}

/** JSON with object keys sorted, so the same body written in another key order matches. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
