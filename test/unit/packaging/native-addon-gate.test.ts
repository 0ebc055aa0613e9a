import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAddon, readSymbols } from '../../support/native-addons/addon-check';
import { bundlePackages, specifiersIn } from '../../support/native-addons/bundle-imports';
import type { InstalledPackage } from '../../support/native-addons/dependency-closure';
import { installCompileGate, nativeAddonGate } from '../../support/native-addons/gate';
import { installCompiles } from '../../support/native-addons/addon-check';

const fixture = resolve('test/fixtures/native-addons');
const entry = join(fixture, 'main/electron.js');

describe('native-addon gate on a fake installed tree', () => {
  it('follows chunks and workers to every external package', () => {
    const { packages, files } = bundlePackages(entry);
    expect(packages).toEqual(['abi-addon', 'napi-addon', 'pure-js']);
    expect(files.map((file) => file.slice(fixture.length + 1)).sort()).toEqual([
      'main/chunks/store.js',
      'main/electron.js',
      'main/worker.js',
    ]);
  });

  it('walks dependencies, nested ones included, and skips optional ones not installed', () => {
    const report = nativeAddonGate(fixture, entry);
    expect(report.closure.sort()).toEqual([
      'abi-addon@1.0.0',
      'nan@2.22.0',
      'napi-addon@1.0.0',
      'nested-helper@1.0.0',
      'node-addon-api@8.0.0',
      'pure-js@1.0.0',
    ]);
  });

  it('fails the ABI-bound addon by name and passes the N-API and pure JavaScript packages', () => {
    const report = nativeAddonGate(fixture, entry);
    expect(report.problems).toEqual([
      'abi-addon: native addon built for one Node ABI (no N-API): it is built on nan (V8’s C++ API); ' +
        'it crashes the Electron window at start (via abi-addon)',
    ]);
    expect(report.napi).toEqual([
      { name: 'napi-addon', evidence: 'package.json declares binary.napi_versions [8]' },
    ]);
  });
});

describe('install gate: nothing of the production dependencies compiles at install', () => {
  it('names a package with a binding.gyp, N-API or not, and the chain that brought it in', () => {
    expect(installCompileGate(fixture)).toEqual([
      'napi-addon: it has a binding.gyp, so npm compiles it with node-gyp at install (via napi-addon)',
    ]);
  });

  it('names an install script that calls node-gyp or a prebuilt downloader that falls back to it', () => {
    const keytarLike: InstalledPackage = {
      name: 'keytar',
      version: '7.9.0',
      dir: join(fixture, 'node_modules/pure-js'),
      manifest: { scripts: { install: 'prebuild-install || npm run build' } },
      via: 'keytar',
    };
    expect(installCompiles(keytarLike)).toBe(
      'keytar: its install script compiles native code ("prebuild-install || npm run build") (via keytar)',
    );
    expect(
      installCompiles({ ...keytarLike, manifest: { scripts: { postinstall: 'node setup.js' } } }),
    ).toBeNull();
  });
});

describe('what makes a package a native addon, and an N-API one', () => {
  const pureDir = join(fixture, 'node_modules/pure-js');
  const pkg = (manifest: InstalledPackage['manifest'], dir = pureDir): InstalledPackage => ({
    name: 'example',
    version: '1.0.0',
    dir,
    manifest,
    via: 'example',
  });

  it('counts `gypfile: true` as native, and wants a sign of N-API from it', () => {
    expect(checkAddon(pkg({}))).toEqual({ kind: 'pure-js' });
    expect(checkAddon(pkg({ gypfile: true })).kind).toBe('abi-bound');
    expect(checkAddon(pkg({ gypfile: true, dependencies: { 'node-addon-api': '^8' } }))).toEqual({
      kind: 'n-api',
      evidence: 'built on node-addon-api',
    });
    expect(checkAddon(pkg({ gypfile: true, binary: { napi_versions: [] } })).kind).toBe('abi-bound');
  });

  describe('a compiled .node file', () => {
    let dir = '';
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    // Symbol tables hold names as NUL-terminated strings; these stand in for a real binary.
    const binary = (...symbols: string[]) => {
      dir = mkdtempSync(join(tmpdir(), 'native-addon-'));
      writeFileSync(join(dir, 'addon.node'), Buffer.from(`\x7fELF\0${symbols.join('\0')}\0`, 'latin1'));
      return join(dir, 'addon.node');
    };

    it('is N-API when it registers through Node-API and names nothing of V8', () => {
      expect(readSymbols(binary('napi_register_module_v1', 'node_api_module_get_api_version_v1'))).toEqual({
        napi: true,
      });
    });

    it('is ABI-bound when it exports node_register_module_v<ABI>, whatever the manifest says', () => {
      const file = binary('node_register_module_v137', '_ZN2v87Isolate10GetCurrentEv');
      expect(readSymbols(file).abi).toBe('exports node_register_module_v137 (Node ABI 137)');
      const verdict = checkAddon(pkg({ binary: { napi_versions: [3] } }, dir));
      expect(verdict).toEqual({
        kind: 'abi-bound',
        reason:
          'example: native addon built for one Node ABI (no N-API): addon.node exports node_register_module_v137 ' +
          '(Node ABI 137); it crashes the Electron window at start (via example)',
      });
    });

    it('is ABI-bound when it links V8’s C++ API next to Node-API', () => {
      expect(readSymbols(binary('napi_register_module_v1', '_ZN2v86Object3NewEPNS_7IsolateE')).abi).toBe(
        'links V8’s C++ API',
      );
    });
  });

  it('reads imports, requires and worker URLs from built code', () => {
    const source = [
      'import a from "a";',
      'import { b } from "@scope/b/sub";',
      'export * from "./c.js";',
      'import "d";',
      'await import("e");',
      'requireNative("f");',
      'new Worker(new URL("./g.js", import.meta.url));',
    ].join('\n');
    expect(specifiersIn(source).sort()).toEqual(['./c.js', './g.js', '@scope/b/sub', 'a', 'd', 'e', 'f']);
  });
});
