import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { checkAddon, installCompiles } from './addon-check';
import { bundlePackages } from './bundle-imports';
import { dependencyClosure } from './dependency-closure';

/** The outcome of the native-addon gate over one build. */
export interface NativeAddonReport {
  /** Packages the bundle imports directly. */
  imported: string[];
  /** Every package of the production closure, `name@version`. */
  closure: string[];
  /** Native addons that passed, with the evidence. */
  napi: { name: string; evidence: string }[];
  /** One sentence per addon that would crash the desktop window. */
  problems: string[];
}

/**
 * Checks that every native addon the desktop main bundle can load is N-API. Starts from
 * `entry` (the built `out/main/electron.js`), follows its chunks and workers, then walks the
 * installed production dependencies of every package left external (see {@link checkAddon}).
 */
export function nativeAddonGate(
  rootDir: string,
  entry = join(rootDir, 'out/main/electron.js'),
): NativeAddonReport {
  const { packages } = bundlePackages(entry);
  const installed = dependencyClosure(rootDir, packages);
  const report: NativeAddonReport = { imported: packages, closure: [], napi: [], problems: [] };
  for (const pkg of installed) {
    report.closure.push(`${pkg.name}@${pkg.version}`);
    const verdict = checkAddon(pkg);
    if (verdict.kind === 'n-api') report.napi.push({ name: pkg.name, evidence: verdict.evidence });
    if (verdict.kind === 'abi-bound') report.problems.push(verdict.reason);
  }
  return report;
}

/**
 * Every package the production dependencies of `rootDir`'s package.json bring in that would
 * compile at install, one sentence each naming it and the chain that brought it in.
 */
export function installCompileGate(rootDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return dependencyClosure(rootDir, Object.keys(manifest.dependencies ?? {}))
    .map(installCompiles)
    .filter((problem): problem is string => problem !== null);
}
