import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  installCompileGate,
  nativeAddonGate,
  type NativeAddonReport,
} from '../../support/native-addons/gate';

/**
 * The gate on the real desktop build: every native addon that `out/main/electron.js` can load,
 * directly or through a dependency, must be N-API. An addon bound to one Node ABI makes Electron's
 * main process throw at start, and the window never opens (DESIGN.md, "One runtime").
 */
describe('native addons of the desktop build', () => {
  let report: NativeAddonReport;

  beforeAll(() => {
    // The same freshness rule as `npm start`: build only when a source is newer than out/.
    const build = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "(await import('./scripts/build-if-stale.mjs')).buildIfStale()"],
      { stdio: 'inherit' },
    );
    expect(build.status, 'electron-vite build').toBe(0);
    report = nativeAddonGate(process.cwd());
  }, 120_000);

  it('reaches the packages the console loads at run time', () => {
    expect(report.imported).toEqual(expect.arrayContaining(['@napi-rs/keyring', 'fastify', 'undici']));
  });

  it('accepts the keychain binding as N-API, from its prebuilt binary', () => {
    const keyring = report.napi.filter((addon) => addon.name.startsWith('@napi-rs/keyring-'));
    expect(keyring.length).toBeGreaterThan(0);
    expect(keyring[0]!.evidence).toMatch(/registers through Node-API/);
  });

  it('finds no addon bound to one Node ABI', () => {
    expect(report.problems).toEqual([]);
  });

  it('installs with Node and npm alone: no production dependency compiles at install', () => {
    expect(installCompileGate(process.cwd())).toEqual([]);
  });
});
