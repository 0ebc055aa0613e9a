import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { nativeAddonGate, type NativeAddonReport } from '../../support/native-addons/gate';

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
    expect(report.imported).toEqual(expect.arrayContaining(['keytar', 'fastify', 'undici']));
  });

  it('accepts keytar as N-API', () => {
    expect(report.napi.map((addon) => addon.name)).toContain('keytar');
  });

  it('finds no addon bound to one Node ABI', () => {
    expect(report.problems).toEqual([]);
  });
});
