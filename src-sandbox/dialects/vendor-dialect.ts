import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { AnswerTooDeep, camelKeys, KeySpellingConflict, pascalKeys } from '../../src-shared/answer-keys';
import { ApiError, type ErrorBody } from '../domain/api-error';
import { problemContentType, problemDetailsOf } from './problem-details';
import { vendorDescription } from './vendor-openapi';
import { methodNotAllowedError } from '../http/errors';
import { targetOf, vendorDescriptionPath, vendorMethodsAt } from './vendor-routes';

/**
 * The `vendor` dialect: the same service and data, spoken the way a .NET tenant of the vendor
 * speaks. A thin layer at the edge: a URL rewrite from the route table onto the reference routes,
 * PascalCase keys folded in on requests and out on answers, changes answered 200 `{}`, refusals
 * in RFC 9457 Problem Details, and the dialect's own description. Key headers are the
 * authentication hook's (see http/auth.ts).
 */

/** The reference service's dialects: `default` is API.md's shape, `vendor` a .NET tenant's. */
export type Dialect = 'default' | 'vendor';

// No route has this path: an /open-api request the vendor table does not know lands on the 404.
const notServed = '/open-api/~not-served-in-the-vendor-dialect';
// Nor this one: a vendor path asked with a method the table does not serve there, answered 405.
const methodNotServed = '/open-api/~method-not-served-in-the-vendor-dialect';

/**
 * Fastify's `rewriteUrl`: vendor paths onto the reference routes; a vendor path with another
 * method to 405; other /open-api paths to 404.
 */
export function rewriteVendorUrl(request: IncomingMessage): string {
  const url = request.url ?? '/';
  if (!url.startsWith('/open-api/') && url !== '/open-api') return url;
  const target = targetOf(request.method ?? 'GET', url);
  if (target !== null) return target;
  return vendorMethodsAt(url).length > 0 ? methodNotServed : notServed;
}

/** Installs the key casing and `{}` answers on every /open-api route, and the description. */
export async function installVendorDialect(app: FastifyInstance): Promise<void> {
  // ASP.NET Core answers an endpoint's path asked with another method 405 with Allow.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith(methodNotServed)) return done();
    done(methodNotAllowedError(request.method, vendorMethodsAt(request.originalUrl)));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (!isApi(request) || request.body === undefined) return done();
    try {
      request.body = camelKeys(request.body);
      done();
    } catch (error) {
      if (error instanceof AnswerTooDeep) {
        return done(new ApiError(400, 'invalid_request', `The request body is too deep: ${error.message}.`));
      }
      if (!(error instanceof KeySpellingConflict)) return done(error as Error);
      done(new ApiError(400, 'ambiguous_key', `The request body spells a key two ways: ${error.message}.`));
    }
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // ASP.NET Core answers a path no endpoint has with a bare 404: no body, no error format.
    if (request.url.startsWith(notServed)) {
      reply.code(404).removeHeader('content-type');
      return done(null, '');
    }
    if (!isApi(request) || typeof payload !== 'string' || !isJson(reply)) return done(null, payload);
    // Every refusal in RFC 9457 Problem Details, as ASP.NET Core answers them by default.
    const refusal = reply.statusCode >= 400 ? errorBodyIn(payload) : null;
    if (refusal) {
      reply.type(problemContentType);
      return done(null, JSON.stringify(problemDetailsOf(reply.statusCode, refusal)));
    }
    // The vendor's description shows every answer as `{}`; its tenants answer changes so.
    if (request.method === 'POST' && reply.statusCode >= 200 && reply.statusCode < 300) {
      reply.code(200).removeHeader('location');
      return done(null, '{}');
    }
    try {
      done(null, JSON.stringify(pascalKeys(JSON.parse(payload))));
    } catch {
      done(null, payload);
    }
  });
  const document = vendorDescription();
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  // Swagger UI names the description's URL in its configuration, as Swashbuckle's page does.
  await app.register(swaggerUi, {
    routePrefix: '/swagger',
    uiConfig: { urls: [{ url: vendorDescriptionPath, name: 'OpenProcess API v1' }] } as never,
    theme: { title: 'OpenProcess API (reference service, vendor dialect)' },
  });
  app.get(vendorDescriptionPath, { schema: { hide: true } }, async () => document);
}

function isApi(request: FastifyRequest): boolean {
  return request.originalUrl.startsWith('/open-api');
}

function isJson(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('application/json');
}

/** The API's error body in an answer's JSON, or null when the answer is something else. */
function errorBodyIn(payload: string): ErrorBody | null {
  try {
    const body = JSON.parse(payload) as Partial<ErrorBody> | null;
    return typeof body?.error?.message === 'string' && Array.isArray(body.error.details)
      ? (body as ErrorBody)
      : null;
  } catch {
    return null;
  }
}
