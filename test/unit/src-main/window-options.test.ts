import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../src-main/csp';
import { mainWindowOptions, secureWebPreferences } from '../../../src-main/window-options';

describe('desktop window security', () => {
  it('isolates and sandboxes the page, with no Node.js anywhere in it', () => {
    const prefs = secureWebPreferences('/app/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(mainWindowOptions('/p').webPreferences).toEqual(secureWebPreferences('/p'));
  });

  it('allows scripts from the app itself only: no inline script, no eval, no remote code', () => {
    const directives = new Map(
      contentSecurityPolicy.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
  });

  it('bakes the same policy into the page the desktop window loads', () => {
    const html = readFileSync('src-renderer/index.html', 'utf8');
    expect(html).toContain('http-equiv="Content-Security-Policy" content="%CONTENT_SECURITY_POLICY%"');
    const config = readFileSync('electron.vite.config.ts', 'utf8');
    expect(config).toContain("html.replace('%CONTENT_SECURITY_POLICY%', contentSecurityPolicy)");
  });
});
