import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { ApiError } from '../domain/api-error';
import { nameFieldInMessage } from './validation-messages';

/** Codes and sentences for the framework's own refusals, in the API's words. */
const frameworkRefusals: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The body is larger than 1 MiB; send less.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'unsupported_media_type',
    'The body must be JSON; send it with Content-Type: application/json.',
  ],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'The body is empty; send a JSON object.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'The body is not valid JSON; check its syntax.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_request', 'Content-Length does not match the body.'],
  FST_ERR_CTP_INVALID_TYPE: [415, 'unsupported_media_type', 'The Content-Type header is not valid.'],
  FST_ERR_BAD_URL: [400, 'invalid_url', 'The request URL is not valid; check its escaping.'],
  FST_ERR_MAX_PARAM_LENGTH: [404, 'not_found', 'No resource has so long an id; check the URL.'],
};

/** Converts anything thrown while answering a request into an ApiError, logging real bugs. */
export function toApiError(
  error: FastifyError | Error,
  request: FastifyRequest,
  log: (line: string) => void,
): ApiError {
  if (error instanceof ApiError) {
    return error.validation && error.validationContext === 'body'
      ? nameFieldInMessage(error, request.body)
      : error;
  }
  const fastifyError = error as FastifyError;
  const known = frameworkRefusals[fastifyError.code];
  if (known) return new ApiError(known[0], known[1], known[2]);
  const status = fastifyError.statusCode ?? 500;
  if (error instanceof SyntaxError) {
    return new ApiError(400, 'invalid_json', 'The body is not valid JSON; check its syntax.');
  }
  if (status >= 400 && status < 500) {
    return new ApiError(
      status,
      `http_${status}`,
      `${STATUS_CODES[status] ?? 'Client error'}: the request was refused.`,
    );
  }
  // Never the stack: only the error's name and message, and the route (method and path, no query).
  const path = request.url.split('?')[0] ?? '';
  log(`Internal error on ${request.method} ${path}: ${oneLine(error.name)}: ${oneLine(error.message)}`);
  return new ApiError(
    500,
    'internal_error',
    'The service failed to answer this request; the problem is logged.',
  );
}

/** Text on one line, so a message cannot smuggle extra (stack-like) lines into the log. */
function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** Sends an ApiError as the API's error body. */
export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply
    .code(error.status)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send(error.toBody());
}

/**
 * Installs the error shape of API.md everywhere: thrown errors, schema failures, unknown routes
 * (404 `not_found`), known paths with the wrong method (405 `method_not_allowed`, with Allow).
 */
export function installErrorHandling(app: FastifyInstance, log: (line: string) => void): void {
  const routes: Array<{ method: string; pattern: RegExp }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, pattern: routePattern(route.url) });
  });
  app.setErrorHandler((error: FastifyError, request, reply) =>
    sendApiError(reply, toApiError(error, request, log)),
  );
  const methodNotAllowed = (method: string, path: string): ApiError | undefined => {
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
    if (allowed.length === 0 || allowed.includes(method)) return undefined;
    return methodNotAllowedError(method, allowed);
  };
  // Before the body is read: Fastify refuses a QUERY without Content-Type (RFC 10008) with its own
  // 400 before the not-found handler runs, so a known path's wrong method is answered here.
  app.addHook('onRequest', (request, reply, done) => {
    const refusal = request.is404
      ? methodNotAllowed(request.method, request.url.split('?')[0] ?? '')
      : undefined;
    if (refusal) sendApiError(reply, refusal);
    else done();
  });
  app.setNotFoundHandler((request, reply) => {
    // originalUrl: the path as asked, before a dialect's rewrite (the same in the default dialect).
    const path = request.originalUrl.split('?')[0] ?? '';
    const refusal = methodNotAllowed(request.method, path);
    if (refusal) return sendApiError(reply, refusal);
    return sendApiError(
      reply,
      new ApiError(
        404,
        'not_found',
        `Nothing is served at ${request.method} ${path}; see /swagger for the API.`,
      ),
    );
  });
}

/** 405 `method_not_allowed` with `Allow`: the path is served, with other methods. */
export function methodNotAllowedError(method: string, allowed: readonly string[]): ApiError {
  return new ApiError(
    405,
    'method_not_allowed',
    `${method} is not allowed here; use ${allowed.join(' or ')}.`,
    [],
    {
      allow: allowed.join(', '),
    },
  );
}

/** Bad URLs and over-long ids, which Fastify reports before any route runs. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendApiError(
    reply,
    toApiError(error, request, () => undefined),
  );
}

/** Malformed HTTP (bad header bytes, oversized headers) answered in the API's shape. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive.']
        : [400, 'malformed_request', 'The request is not valid HTTP.'];
  const body = JSON.stringify(new ApiError(status, code, message).toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function routePattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) =>
      part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}
