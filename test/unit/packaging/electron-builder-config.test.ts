import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { matchesGlob } from 'node:path';
import { FuseV1Options } from '@electron/fuses';
import type { Configuration } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import { icnsPath, icoPath, linuxIconDir } from '../../../scripts/icon-files.mjs';

const config = createRequire(import.meta.url)('../../../electron-builder.config.cjs') as Configuration;
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {
  productName: string;
  desktopName: string;
  main: string;
  scripts: Record<string, string>;
};

/** Whether electron-builder's `files` patterns take a path (later `!` patterns exclude). */
function packed(path: string): boolean {
  let included = false;
  for (const pattern of (config.files ?? []) as string[]) {
    if (pattern.startsWith('!')) included &&= !matchesGlob(path, pattern.slice(1));
    else included ||= matchesGlob(path, pattern);
  }
  return included;
}

describe('installer configuration', () => {
  it('names the app once, as package.json does, and is the file `npm run dist` uses', () => {
    expect(config.appId).toBe('org.processconsole.desktop');
    expect(config.productName).toBe('Process Console');
    expect(packageJson.productName).toBe(config.productName);
    expect(packageJson.scripts.dist).toContain('--config electron-builder.config.cjs');
  });

  it('gives the window the app id as its Linux app_id (desktopName), so the launcher owns it', () => {
    expect(packageJson.desktopName).toBe(`${config.appId}.desktop`);
    expect(config.linux?.syncDesktopName).toBe(true);
  });

  it('builds the AppImage on the static runtime, not the FUSE 2 one that needs libfuse2', () => {
    expect(config.toolsets?.appimage).toBe('1.0.3');
  });

  it('gives every installer the icons make-icons renders from build/icon.svg', () => {
    expect(config.linux?.icon).toBe(linuxIconDir);
    expect(config.win?.icon).toBe(icoPath);
    expect(config.mac?.icon).toBe(icnsPath);
  });

  it('packs the built console and package.json, not sources, tests or fixtures', () => {
    expect(config.files).toEqual(['out/**', 'package.json']);
    for (const path of [
      'out/main/electron.js',
      'out/main/document-worker.js',
      'out/preload/index.cjs',
      packageJson.main,
    ])
      expect(packed(path), path).toBe(true);
    for (const path of [
      'src-main/electron.ts',
      'src-sandbox/seed/demo-seed.ts',
      'src-renderer/index.html',
      'test/unit/packaging/electron-builder-config.test.ts',
      'test/fixtures/native-addons/main/electron.js',
      'electron.vite.config.ts',
    ])
      expect(packed(path), path).toBe(false);
  });

  it('packs into app.asar with only native addons left outside it (and its integrity check)', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(['**/*.node']);
  });

  it('makes AppImage and deb on Linux, NSIS on Windows, dmg on macOS', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.linux?.category).toBeTruthy();
    expect(config.linux?.maintainer).toMatch(/<[^@\s]+@[^>\s]+>/);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg']);
  });

  it('signs for macOS with the hardened runtime, our entitlements and built-in notarization', () => {
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(config.mac?.entitlements).toBe('build/entitlements.mac.plist');
    expect(config.mac?.entitlementsInherit).toBe('build/entitlements.mac.plist');
    expect(config.mac?.notarize).toBe(true);
    const entitlements = readFileSync('build/entitlements.mac.plist', 'utf8');
    const granted = [...entitlements.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((match) => match[1]);
    expect(granted).toEqual(['com.apple.security.cs.allow-jit']);
  });

  it('flips the fuses that close the Node doors and lock the app to its checked archive', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // Each key is a fuse Electron knows (electron-builder maps `runAsNode` to RunAsNode, ...).
    for (const key of Object.keys(config.electronFuses ?? {})) {
      const fuse = key[0]!.toUpperCase() + key.slice(1);
      expect(fuse in FuseV1Options, fuse).toBe(true);
    }
  });
});
