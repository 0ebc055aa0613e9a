import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { contentSecurityPolicy } from '../csp';
import { appScheme, contentTypeFor, resolveAppPath } from './app-url';

/**
 * Serves the renderer from `app://console/` instead of file://: the page gets a real origin (so the
 * IPC sender check compares origins, not file paths that break on `%`, `[` or `]`), the same CSP
 * header as the browser shell, and nothing outside the renderer folder can be read through it.
 */

/**
 * Must run before the app's `ready`. Standard: relative URLs and a real origin; secure: a secure
 * context (the clipboard API needs one); supportFetchAPI: module scripts load through fetch;
 * codeCache: V8 keeps the compiled renderer bundle between starts, as it does for http(s) (needs
 * standard). Not bypassCSP: the page stays under its policy.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: appScheme,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

const securityHeaders = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
};

/** Answers app:// requests with files from `rootDir` (the built renderer); 404 for anything else. */
export function serveAppScheme(rootDir: string): void {
  protocol.handle(appScheme, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound(405);
    const file = resolveAppPath(request.url, rootDir);
    if (!file) return notFound(404);
    try {
      const body = await readFile(file);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: { ...securityHeaders, 'content-type': contentTypeFor(file) },
      });
    } catch {
      return notFound(404);
    }
  });
}

function notFound(status: number): Response {
  return new Response('Not found', {
    status,
    headers: { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' },
  });
}
