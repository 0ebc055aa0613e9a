import type { ServerResponse } from 'node:http';

/** An error body in the API's shape (API.md "Conventions"): a machine code and a sentence. */
export interface ErrorBody {
  error: { code: string; message: string };
}

/** Builds {@link ErrorBody}. */
export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

/**
 * Writes a whole JSON reply; `body` undefined writes none (only a 204 has none). A sender that has
 * gone (a REST step that timed out during a configured delay) is simply skipped.
 */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.destroyed || response.headersSent) return;
  if (body === undefined || status === 204) {
    response.writeHead(status, { ...headers, 'cache-control': 'no-store' }).end();
    return;
  }
  const text = JSON.stringify(body);
  response
    .writeHead(status, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      'cache-control': 'no-store',
    })
    .end(text);
}
