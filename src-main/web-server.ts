import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fail, type ErrorCode, type Result } from '../src-shared/result';
import { maxBridgeBodyBytes } from '../src-shared/limits';
import { contentSecurityPolicy } from './csp';
import { Failure } from './core/failure';

/** Runs one bridge call; the web shell passes the handler table's dispatch. */
export type Dispatcher = (name: string, input: unknown) => Promise<Result<unknown>>;

/** What the browser shell needs to start. */
export interface WebShellOptions {
  /** 0 picks a free port. */
  port: number;
  /** Folder holding the built renderer (index.html and assets). */
  rendererDir: string;
  dispatch: Dispatcher;
  /** Forwards every event main emits; the shell streams them to the page. */
  subscribe?: (forward: (name: string, payload: unknown) => void) => () => void;
  /** Told when a launch URL was used: the shell offers a fresh one, the way in for the next tab. */
  onLaunch?: () => void;
}

/** A running browser shell. */
export interface WebShell {
  /** The first launch URL (see {@link WebShell.launchUrl}). */
  url: string;
  port: number;
  token: string;
  /** A fresh one-use launch URL, `http://127.0.0.1:<port>/launch/<code>`, which lets one tab in. */
  launchUrl(): string;
  server: Server;
  close(): Promise<void>;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Launch URLs handed out and not yet used; the oldest is dropped past this many. */
const maxLaunchCodes = 16;
/** The cookie that carries a launch from its redirect to the page it loads, once. */
const grantCookie = 'process-console-launch';
/** A launch's redirect is followed at once; a grant left unused longer is worth nothing. */
const grantLifetimeMs = 60_000;

/**
 * Serves the renderer and the handler table on 127.0.0.1 only. The bridge is `POST /bridge/<call>`
 * with `Authorization: Bearer <token>`; the token is random per start and never in an address the
 * browser records (its history, sessions and metrics databases keep every URL a tab showed, even
 * for a moment, fragment included), nor in anything it writes to its profile (sessionStorage and
 * session cookies included). A one-use launch URL lets one tab in: `/launch/<code>` answers 303 to
 * `/` (keeping a deep link's fragment) with a one-use grant in an HttpOnly, SameSite=Strict
 * cookie; the page `/` read with that grant carries the token in a meta tag, is never cached, and
 * clears the grant; the tab holds the token in memory only (src-renderer/lib/console-token.ts). A
 * used code, a used or stale grant, are worth nothing; the shell prints the next launch URL as soon
 * as one is used (web.ts), the way in for a reload or a closed tab. Host and Origin are checked on
 * every request so another site (or a DNS-rebound name) cannot drive the console.
 */
export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const token = randomBytes(32).toString('base64url');
  const tokenBytes = Buffer.from(`Bearer ${token}`);
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();
  const launchCodes = new Set<string>();
  /** Grants a launch gave, with when each stops being good. */
  const grants = new Map<string, number>();

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('[process-console] web shell request failed:', error);
      if (!response.headersSent)
        refuse(response, 500, 'internal', 'The console could not answer this request.');
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!allowedHosts.has(request.headers.host ?? '')) {
      return refuse(response, 403, 'forbidden', 'This console only answers on its own loopback address.');
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      return refuse(response, 403, 'forbidden', 'Requests from other sites are refused.');
    }
    const path = pathOf(request.url ?? '/');
    if (path === null) return refuse(response, 404, 'not_found', 'Not found.');
    if (path === '/bridge-events') return handleEvents(request, response);
    if (path.startsWith('/bridge/')) return handleBridge(request, response, path.slice(8));
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse(response, 405, 'invalid_input', 'Only GET is served outside the bridge.');
    }
    if (path.startsWith('/launch/')) return launch(request, response, path.slice(8));
    if (path === '/' || path === '/index.html') return servePage(request, response);
    return serveStatic(response, options.rendererDir, path);
  }

  function launchUrl(port: number): string {
    const code = randomBytes(32).toString('base64url');
    launchCodes.add(code);
    if (launchCodes.size > maxLaunchCodes) launchCodes.delete(launchCodes.values().next().value!);
    return `http://127.0.0.1:${port}/launch/${code}`;
  }

  /**
   * Uses a launch code: a good one gives the tab a one-use grant for the page; any other goes to
   * the page without, which tells the user how to get in. The fragment of the launch URL (a deep
   * link's route) stays on across the redirect.
   */
  function launch(request: IncomingMessage, response: ServerResponse, code: string): void {
    const headers: Record<string, string> = {
      ...securityHeaders(),
      Location: '/',
      'Cache-Control': 'no-store',
    };
    for (const [old, until] of grants) if (until < Date.now()) grants.delete(old);
    // Only a GET uses the code: a HEAD (a link preview) leaves it for the tab.
    if (request.method === 'GET' && launchCodes.delete(code)) {
      const grant = randomBytes(32).toString('base64url');
      grants.set(grant, Date.now() + grantLifetimeMs);
      // Chromium writes even a session cookie to the profile: what it holds is used up at once.
      headers['Set-Cookie'] = `${grantCookie}=${grant}; Path=/; HttpOnly; SameSite=Strict`;
      options.onLaunch?.();
    }
    response.writeHead(303, headers);
    response.end();
  }

  /** The page; with a good grant, the token in it, and the grant used up. */
  async function servePage(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const grant = cookieValue(request.headers.cookie, grantCookie);
    if (grant === null) return serveStatic(response, options.rendererDir, '/index.html');
    const until = grants.get(grant);
    grants.delete(grant);
    const cleared = { 'Set-Cookie': `${grantCookie}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0` };
    if (until === undefined || until < Date.now())
      return serveStatic(response, options.rendererDir, '/index.html', cleared);
    const page = await readFile(join(options.rendererDir, 'index.html'), 'utf8');
    // Into the head; a page without one (the parser makes it) takes it after its doctype.
    const head = /<head[^>]*>/i.exec(page) ?? /<!doctype[^>]*>/i.exec(page);
    const at = head ? head.index + head[0].length : 0;
    // base64url: nothing in it needs escaping in an attribute.
    const text = `${page.slice(0, at)}<meta name="process-console-token" content="${token}">${page.slice(at)}`;
    response.writeHead(200, {
      ...securityHeaders(),
      ...cleared,
      'Content-Type': contentTypes['.html']!,
      'Content-Length': Buffer.byteLength(text),
      'Cache-Control': 'no-store',
    });
    response.end(text);
  }

  function authorized(request: IncomingMessage): boolean {
    const presented = Buffer.from(request.headers.authorization ?? '');
    return presented.length === tokenBytes.length && timingSafeEqual(presented, tokenBytes);
  }

  /** Server-sent events over a fetch stream (EventSource cannot send the token header). */
  function handleEvents(request: IncomingMessage, response: ServerResponse): void {
    if (!authorized(request)) {
      return refuse(
        response,
        401,
        'unauthorized',
        'Missing or wrong console token; open the URL the console printed.',
      );
    }
    if (request.method !== 'GET') return refuse(response, 405, 'invalid_input', 'The event stream uses GET.');
    response.writeHead(200, {
      ...securityHeaders(),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    const unsubscribe = options.subscribe?.((name, payload) => {
      response.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    // A comment now and then keeps idle proxies and the browser from dropping the stream.
    const heartbeat = setInterval(() => response.write(': ping\n\n'), 15_000);
    request.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe?.();
    });
  }

  async function handleBridge(
    request: IncomingMessage,
    response: ServerResponse,
    rawName: string,
  ): Promise<void> {
    if (!authorized(request)) {
      return refuse(
        response,
        401,
        'unauthorized',
        'Missing or wrong console token; open the URL the console printed.',
      );
    }
    if (request.method !== 'POST') return refuse(response, 405, 'invalid_input', 'Bridge calls use POST.');
    let name: string;
    try {
      name = decodeURIComponent(rawName);
    } catch {
      return refuse(response, 404, 'unknown_call', 'There is no such call.');
    }
    const body = await readBody(request);
    if (body === 'too-large')
      return refuse(
        response,
        413,
        'invalid_input',
        `The request body is larger than ${maxBridgeBodyBytes / 2 ** 20} MiB.`,
      );
    let input: unknown = {};
    if (body.length > 0) {
      try {
        input = JSON.parse(body);
      } catch {
        return refuse(response, 400, 'invalid_input', 'The request body is not valid JSON.');
      }
    }
    const result = await options.dispatch(name, input);
    if (!result.ok && result.error.code === 'unknown_call') return sendJson(response, 404, result);
    return sendJson(response, 200, result);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenFailure(error, options.port)));
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  allowedOrigins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  return {
    url: launchUrl(port),
    port,
    token,
    launchUrl: () => launchUrl(port),
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The path of a request target. Read against the origin as a string: `new URL('//', base)` would
 * take a doubled slash (a mistyped `http://127.0.0.1:<port>//`) for a host and throw.
 */
function pathOf(target: string): string | null {
  try {
    return new URL(`http://127.0.0.1${target.startsWith('/') ? target : `/${target}`}`).pathname;
  } catch {
    return null;
  }
}

function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': `${contentSecurityPolicy}; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

/**
 * Every answer of the bridge, refusals included, is a Result, so the page shows the sentence and
 * never a blank message; the status stays for tools such as curl.
 */
function refuse(response: ServerResponse, status: number, code: ErrorCode, message: string): void {
  sendJson(response, status, fail(code, message, { status }));
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...securityHeaders(),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  response.end(text);
}

/** A cookie's value in a Cookie header; null when it is not there. */
function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

async function serveStatic(
  response: ServerResponse,
  root: string,
  path: string,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const relative = path === '/' ? 'index.html' : path.slice(1);
  const file = normalize(join(root, relative));
  if (!file.startsWith(normalize(root + sep))) {
    return refuse(response, 404, 'not_found', 'Not found.');
  }
  let contents: Buffer;
  try {
    contents = await readFile(file);
  } catch {
    return refuse(response, 404, 'not_found', 'Not found.');
  }
  response.writeHead(200, {
    ...securityHeaders(),
    ...extraHeaders,
    'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'Content-Length': contents.length,
    // Only Vite's hashed assets never change under their name; the page and the icon can.
    'Cache-Control': relative.startsWith('assets/')
      ? 'public, max-age=31536000, immutable'
      : relative === 'index.html'
        ? 'no-store'
        : 'no-cache',
  });
  response.end(contents);
}

function readBody(request: IncomingMessage): Promise<string | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBridgeBodyBytes) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** A port that cannot be listened on, in a sentence (`npm run web` prints it, not a stack). */
function listenFailure(error: NodeJS.ErrnoException, port: number): Error {
  if (error.code === 'EADDRINUSE')
    return new Failure(
      'invalid_input',
      `Port ${port} on 127.0.0.1 is in use by another program; choose another with --port N, or --port 0 for any free port.`,
    );
  if (error.code === 'EACCES')
    return new Failure(
      'invalid_input',
      `Port ${port} may not be used by this user (ports below 1024 need an administrator); choose another with --port N.`,
    );
  return error;
}
