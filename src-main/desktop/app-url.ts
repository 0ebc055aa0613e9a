import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The desktop window's own origin, `app://console`, and the rules for what it may load. Kept free
 * of Electron so unit tests can prove them; app-protocol.ts wires them into `protocol.handle`.
 */

/** The privileged scheme the renderer is served from (registered before `ready`). */
export const appScheme = 'app';
/** The one host of that scheme: any other host is not ours. */
export const appHost = 'console';
/** The renderer's origin as Chromium serialises it for a standard scheme. */
export const appOrigin = `${appScheme}://${appHost}`;
/** Where the window opens. */
export const appIndexUrl = `${appOrigin}/index.html`;

/**
 * The origin of a URL of any scheme. Node's URL gives "null" for schemes it does not know (such as
 * app:), while Chromium treats a standard scheme like http, so build scheme://host ourselves.
 */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : null;
  } catch {
    return null;
  }
}

/** True when `url` (or an origin) belongs to the console's own page. */
export function isAppOrigin(urlOrOrigin: string | null | undefined): boolean {
  return typeof urlOrOrigin === 'string' && originOf(urlOrOrigin) === appOrigin;
}

/**
 * The file inside `rootDir` an app:// request names, or null (then 404): another host, an encoded
 * separator or NUL, or a path that leaves the folder (`..`, after decoding) is never served.
 */
export function resolveAppPath(requestUrl: string, rootDir: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${appScheme}:` || url.host !== appHost) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || /%2f|%5c/i.test(url.pathname) || path.includes('\\')) return null;
  if (path === '/' || path === '') path = '/index.html';
  const root = resolve(rootDir);
  const file = resolve(root, `.${path}`);
  const inside = relative(root, file);
  if (!inside || inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('..'))
    return null;
  return file;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** The Content-Type for a served file; unknown kinds are opaque bytes (and nosniff keeps them so). */
export function contentTypeFor(path: string): string {
  return contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream';
}
