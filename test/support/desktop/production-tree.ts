import {
  existsSync,
  linkSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { dependencyClosure } from '../native-addons/dependency-closure';

/**
 * The built console as an installer ships it, apart from this checkout: `out/`, package.json and
 * only the production dependencies (`dependencies` and what they need, never a dev package), plus
 * a stand-in `node_modules/electron` and the load recorder. Files are hard-linked, so a tree costs
 * no copy of node_modules. Node resolves from here only, as the packaged app resolves inside its
 * asar: a package the console needs at run time but lists only under devDependencies fails to load.
 */
export interface ProductionTree {
  dir: string;
  /** Packages of `dependencies` not installed in this checkout (left out, said by the test). */
  missing: string[];
  /** Every production package copied, `name@version`. */
  packages: string[];
}

const here = import.meta.dirname;

/** Builds the tree in a new temp folder from `rootDir`'s build in `outDir`. */
export function buildProductionTree(rootDir: string, outDir = join(rootDir, 'out')): ProductionTree {
  const root = resolve(rootDir);
  const dir = mkdtempSync(join(tmpdir(), 'process-console-production-'));
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const names = Object.keys(manifest.dependencies ?? {});
  const installed = names.filter((name) => existsSync(join(root, 'node_modules', name, 'package.json')));
  const closure = dependencyClosure(root, installed);
  for (const pkg of closure) linkTree(pkg.dir, join(dir, relative(root, pkg.dir)));
  linkTree(resolve(outDir), join(dir, 'out'));
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  writeStandIns(dir);
  return {
    dir,
    missing: names.filter((name) => !installed.includes(name)),
    packages: closure.map((pkg) => `${pkg.name}@${pkg.version}`),
  };
}

/** Hard-links a folder's files (copies across devices); a package's own node_modules is its deps'. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') linkTree(source, target);
    else if (entry.isFile()) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/** The stand-in `electron` package and the `--import` load recorder, bundled from their sources. */
function writeStandIns(dir: string): void {
  const electronDir = join(dir, 'node_modules', 'electron');
  mkdirSync(electronDir, { recursive: true });
  writeFileSync(
    join(electronDir, 'package.json'),
    JSON.stringify({ name: 'electron', version: '0.0.0-stand-in', type: 'module', exports: './index.mjs' }),
  );
  const options = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    logLevel: 'warning',
  } as const;
  buildSync({
    ...options,
    entryPoints: [join(here, 'electron-stand-in.ts')],
    outfile: join(electronDir, 'index.mjs'),
  });
  buildSync({
    ...options,
    stdin: {
      contents: "import { recordLoads } from './load-recorder';\nrecordLoads();\n",
      resolveDir: here,
      loader: 'ts',
    },
    outfile: join(dir, 'load-recorder.mjs'),
  });
}
