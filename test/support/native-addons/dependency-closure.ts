import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** One installed package of a production closure, with the chain that brought it in. */
export interface InstalledPackage {
  name: string;
  version: string;
  dir: string;
  manifest: PackageManifest;
  /** How the bundle reaches it, e.g. `keytar > prebuild-install > tar-fs`. */
  via: string;
}

/** The parts of a package.json the gate reads. */
export interface PackageManifest {
  name?: string;
  version?: string;
  gypfile?: boolean;
  binary?: { napi_versions?: unknown };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

/**
 * Walks `dependencies` (and the `optionalDependencies` that are installed) from the given package
 * names, resolving each one the way Node does: the nearest `node_modules/<name>` from the
 * requiring package's folder up to the project root. A missing required dependency is an error,
 * because the packaged app would fail to load it too.
 */
export function dependencyClosure(rootDir: string, names: string[]): InstalledPackage[] {
  const root = resolve(rootDir);
  const found = new Map<string, InstalledPackage>();
  const queue = names.map((name) => ({ name, from: root, via: name, optional: false }));
  while (queue.length) {
    const { name, from, via, optional } = queue.shift()!;
    const dir = locatePackage(root, from, name);
    if (!dir) {
      if (optional) continue;
      throw new Error(`${via}: not installed (no node_modules/${name} from ${from})`);
    }
    if (found.has(dir)) continue;
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageManifest;
    found.set(dir, { name, version: manifest.version ?? '?', dir, manifest, via });
    // npm lists an optional dependency in both fields; the optional one decides.
    const optionals = manifest.optionalDependencies ?? {};
    for (const dependency of Object.keys({ ...manifest.dependencies, ...optionals }))
      queue.push({
        name: dependency,
        from: dir,
        via: `${via} > ${dependency}`,
        optional: dependency in optionals,
      });
  }
  return [...found.values()];
}

/** Node's lookup: `<dir>/node_modules/<name>` for `from` and each parent, stopping at the root. */
function locatePackage(root: string, from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dirname(dir) === dir) return undefined;
  }
}
