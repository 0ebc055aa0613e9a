import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';

/**
 * The packages a built main bundle loads from node_modules at run time. electron-vite bundles
 * sources and leaves every `dependencies` package external, so these are the bare specifiers that
 * remain in the output: static and dynamic imports, `require` (including one made by
 * `createRequire`, such as keytar's `requireNative('keytar')`), and the chunks and workers the
 * entry reaches through relative imports and `new URL('./x.js', import.meta.url)`.
 */
export function bundlePackages(entryFile: string): { packages: string[]; files: string[] } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [resolve(entryFile)];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of specifiersIn(readFileSync(file, 'utf8'))) {
      // Only modules are followed: a `new URL('../renderer/', …)` names a folder of web files.
      if (specifier.startsWith('.')) {
        if (/\.[cm]?js$/.test(specifier)) queue.push(resolve(dirname(file), specifier));
      } else if (isPackage(specifier)) packages.add(packageName(specifier));
    }
  }
  return { packages: [...packages].sort(), files: [...seen] };
}

const specifierPatterns = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*["']([^"']+)["']/g, // import x from 'a'; export * from 'a'
  /\bimport\s*["']([^"']+)["']/g, // import 'a'
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, // import('a')
  /\b\w*require\w*\s*\(\s*["']([^"']+)["']\s*\)/gi, // require('a'), requireNative('a')
  /\bnew\s+URL\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*,\s*import\.meta\.url\s*\)/g, // workers, assets
];

/** Every module specifier written in a built file. */
export function specifiersIn(source: string): string[] {
  return specifierPatterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

function isPackage(specifier: string): boolean {
  if (specifier.startsWith('node:') || specifier.startsWith('/') || /^[a-z]+:/i.test(specifier)) return false;
  const name = packageName(specifier);
  return name !== 'electron' && !builtinModules.includes(name);
}

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}
