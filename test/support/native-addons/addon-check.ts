import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { InstalledPackage } from './dependency-closure';

/** What the gate concluded about one package. */
export type AddonVerdict =
  { kind: 'pure-js' } | { kind: 'n-api'; evidence: string } | { kind: 'abi-bound'; reason: string };

/**
 * Whether a package is a native addon and, if so, whether it is N-API (loads in any Node and in
 * Electron) or bound to the one Node ABI it was compiled for (Electron refuses it, and the main
 * process dies before the window opens).
 *
 * A package is a native addon when it has a `binding.gyp`, says `gypfile: true`, or ships `.node`
 * files. A compiled `.node` file is the strongest evidence and is read first: an N-API addon
 * registers through `napi_register_module_v1` (or calls `napi_module_register` with older
 * headers) and references nothing of V8 or Node's C++ API; an ABI-bound one exports
 * `node_register_module_v<ABI>` or calls `node_module_register`, and links V8's C++ symbols.
 * The names are looked up in the file's bytes, where ELF, Mach-O and PE all keep their symbol
 * names, so no `nm` is needed. Without a binary (before a build, or in fixtures) the manifest
 * decides: `binary.napi_versions` (the prebuild/node-pre-gyp declaration that the builds are
 * N-API) or a dependency on `node-addon-api` (the C++ wrapper over N-API) passes; anything else,
 * notably `nan` (a wrapper over V8's API), fails.
 */
export function checkAddon(pkg: InstalledPackage): AddonVerdict {
  const binaries = nodeFiles(pkg.dir);
  const native =
    binaries.length > 0 || pkg.manifest.gypfile === true || existsSync(join(pkg.dir, 'binding.gyp'));
  if (!native) return { kind: 'pure-js' };

  const inspected = binaries.map((file) => ({ file: relative(pkg.dir, file), symbols: readSymbols(file) }));
  const bound = inspected.find(({ symbols }) => symbols.abi !== undefined);
  if (bound) {
    return abiBound(pkg, `${bound.file} ${bound.symbols.abi}`);
  }
  const napi = inspected.find(({ symbols }) => symbols.napi);
  if (napi)
    return {
      kind: 'n-api',
      evidence: `${napi.file} registers through Node-API and links nothing of V8 or node::`,
    };

  const dependencies = { ...pkg.manifest.dependencies, ...pkg.manifest.optionalDependencies };
  const napiVersions = pkg.manifest.binary?.napi_versions;
  if (Array.isArray(napiVersions) && napiVersions.length > 0)
    return {
      kind: 'n-api',
      evidence: `package.json declares binary.napi_versions ${JSON.stringify(napiVersions)}`,
    };
  if ('node-addon-api' in dependencies) return { kind: 'n-api', evidence: 'built on node-addon-api' };
  if ('nan' in dependencies) return abiBound(pkg, 'it is built on nan (V8’s C++ API)');
  return abiBound(
    pkg,
    'nothing declares N-API (no binary.napi_versions, no node-addon-api, no N-API binary)',
  );
}

function abiBound(pkg: InstalledPackage, why: string): AddonVerdict {
  return {
    kind: 'abi-bound',
    reason: `${pkg.name}: native addon built for one Node ABI (no N-API): ${why}; it crashes the Electron window at start (via ${pkg.via})`,
  };
}

/** Symbol evidence in one compiled addon: `abi` says why it is ABI-bound, if it is. */
export function readSymbols(file: string): { napi: boolean; abi?: string } {
  const bytes = readFileSync(file).toString('latin1');
  const napi = bytes.includes('napi_register_module_v1') || bytes.includes('napi_module_register');
  const registered = /node_register_module_v(\d+)/.exec(bytes);
  if (registered)
    return { napi, abi: `exports node_register_module_v${registered[1]} (Node ABI ${registered[1]})` };
  if (bytes.includes('node_module_register')) return { napi, abi: 'calls node_module_register' };
  // Itanium (`_ZN2v8`, `__ZN2v8` on macOS) and MSVC (`@v8@@`) mangling of the v8 namespace.
  if (bytes.includes('_ZN2v8') || bytes.includes('@v8@@')) return { napi, abi: 'links V8’s C++ API' };
  return { napi };
}

/** The package's own `.node` files, not those of packages nested in its node_modules. */
function nodeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : nodeFiles(path);
    return entry.isFile() && entry.name.endsWith('.node') ? [path] : [];
  });
}

/**
 * Why installing `pkg` would compile native code, or null: npm runs `node-gyp rebuild` for a
 * package with a `binding.gyp` and no install script of its own, and an install script may call
 * node-gyp (or a prebuilt-binary downloader that falls back to it). Either needs a C++ toolchain
 * and the library's headers (keytar's `libsecret-1`), and the downloader a host outside the npm
 * registry: a fresh machine with only Node and npm, or a council's registry mirror, cannot install.
 */
export function installCompiles(pkg: InstalledPackage): string | null {
  const scripts = pkg.manifest.scripts ?? {};
  for (const phase of ['preinstall', 'install', 'postinstall'] as const) {
    const script = scripts[phase];
    if (script && /\b(node-gyp|prebuild-install|node-pre-gyp|cmake-js)\b/.test(script))
      return `${pkg.name}: its ${phase} script compiles native code ("${script}") (via ${pkg.via})`;
  }
  const gyp = pkg.manifest.gypfile === true || existsSync(join(pkg.dir, 'binding.gyp'));
  if (gyp && !scripts.install && !scripts.preinstall)
    return `${pkg.name}: it has a binding.gyp, so npm compiles it with node-gyp at install (via ${pkg.via})`;
  return null;
}
