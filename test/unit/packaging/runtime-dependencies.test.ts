import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundlePackages } from '../../support/native-addons/bundle-imports';

const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/**
 * electron-builder ships every `dependencies` package, with its own dependencies, in app.asar;
 * electron-vite leaves exactly those packages external in the main bundle and bundles the rest.
 * So a package the built console never loads from node_modules (the renderer's React, zustand
 * and TanStack, which Vite bundles into out/renderer) is dead weight in the installer when it is
 * a runtime dependency: react-dom alone is 7.9 MB.
 */
describe('runtime dependencies of the desktop build', () => {
  let loaded: string[];

  beforeAll(() => {
    // The same freshness rule as `npm start`: build only when a source is newer than out/.
    const build = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "(await import('./scripts/build-if-stale.mjs')).buildIfStale()"],
      { stdio: 'inherit' },
    );
    expect(build.status, 'electron-vite build').toBe(0);
    loaded = bundlePackages('out/main/electron.js').packages;
  }, 120_000);

  it('are exactly the packages the desktop main bundle loads from node_modules', () => {
    expect(Object.keys(packageJson.dependencies).sort()).toEqual(loaded);
  });

  it('leave what only the renderer imports to the bundler, as dev dependencies', () => {
    for (const name of ['react', 'react-dom', 'zustand', '@tanstack/react-virtual']) {
      expect(packageJson.devDependencies, name).toHaveProperty([name]);
      expect(loaded, name).not.toContain(name);
    }
  });

  it('leave nothing to node_modules in the sandboxed preload, which can only require electron', () => {
    expect(bundlePackages('out/preload/index.cjs').packages).toEqual([]);
  });
});
