import { join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appIndexUrl,
  appOrigin,
  contentTypeFor,
  isAppOrigin,
  originOf,
  resolveAppPath,
} from '../../../../src-main/desktop/app-url';

const root = resolve('/opt/Process Console [test] 100%/out/renderer');

describe('app:// URLs', () => {
  it('serves files inside the renderer folder, index.html for the root', () => {
    expect(resolveAppPath(appIndexUrl, root)).toBe(join(root, 'index.html'));
    expect(resolveAppPath('app://console/', root)).toBe(join(root, 'index.html'));
    expect(resolveAppPath('app://console/assets/index-1a2b.js?v=1#x', root)).toBe(
      join(root, 'assets', 'index-1a2b.js'),
    );
    expect(resolveAppPath('app://console/assets/a%20b.css', root)).toBe(join(root, 'assets', 'a b.css'));
  });

  it('never leaves the renderer folder', () => {
    // `..` and `%2e%2e` segments are removed by URL parsing (as in Chromium) before we see them.
    for (const url of [
      'app://console/../main/electron.js',
      'app://console/assets/../../../../etc/passwd',
      'app://console/%2e%2e/main/electron.js',
    ]) {
      const file = resolveAppPath(url, root);
      expect(file === null || file.startsWith(root + sep), `${url} -> ${file}`).toBe(true);
    }
  });

  it('refuses encoded traversal and separators, NUL, bad escapes, other hosts and schemes', () => {
    for (const url of [
      'app://console/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      'app://console/..%2fmain%2felectron.js',
      'app://console/..%5cmain%5celectron.js',
      'app://console/a%00.js',
      'app://console/%E0%A4%A',
      'app://other/index.html',
      'file:///etc/passwd',
      'not a url',
    ])
      expect(resolveAppPath(url, root), url).toBeNull();
  });

  it('knows its origin even though Node calls app: origins "null"', () => {
    expect(new URL(appIndexUrl).origin).toBe('null');
    expect(originOf(appIndexUrl)).toBe(appOrigin);
    expect(isAppOrigin('app://console')).toBe(true);
    expect(isAppOrigin('app://console/index.html#/audit')).toBe(true);
    expect(isAppOrigin('app://evil/index.html')).toBe(false);
    expect(isAppOrigin('file:///opt/out/renderer/index.html')).toBe(false);
    expect(isAppOrigin('http://console')).toBe(false);
    expect(isAppOrigin('null')).toBe(false);
    expect(isAppOrigin(undefined)).toBe(false);
  });

  it('gives content types by extension, opaque bytes otherwise', () => {
    expect(contentTypeFor('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('/x/a.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('/x/a.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('/x/a.svg')).toBe('image/svg+xml');
    expect(contentTypeFor('/x/a.woff2')).toBe('font/woff2');
    expect(contentTypeFor('/x/a.bin')).toBe('application/octet-stream');
  });
});
