import { statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** How much code a start read: files and bytes, the bundle's own and node_modules packages'. */
export interface LoadedSize {
  files: number;
  bytes: number;
  bundle: { files: number; bytes: number };
  packages: { files: number; bytes: number; names: string[] };
}

/**
 * Sizes the files a {@link DesktopRun} reported as loaded in its production tree, leaving out the
 * stand-ins (the real `electron` module is built into the binary, not read from disk).
 */
export function loadedSize(treeDir: string, files: string[]): LoadedSize {
  const size: LoadedSize = {
    files: 0,
    bytes: 0,
    bundle: { files: 0, bytes: 0 },
    packages: { files: 0, bytes: 0, names: [] },
  };
  const names = new Set<string>();
  for (const file of files) {
    const path = relative(treeDir, file).split(sep);
    const packageAt = path.lastIndexOf('node_modules');
    const name =
      packageAt < 0
        ? null
        : path[packageAt + 1]!.startsWith('@')
          ? path.slice(packageAt + 1, packageAt + 3).join('/')
          : path[packageAt + 1]!;
    if (name === 'electron' || path[0] === 'load-recorder.mjs') continue;
    const bytes = statSync(join(treeDir, ...path)).size;
    size.files += 1;
    size.bytes += bytes;
    const part = name ? size.packages : size.bundle;
    part.files += 1;
    part.bytes += bytes;
    if (name) names.add(name);
  }
  size.packages.names = [...names].sort();
  return size;
}

/** One line for a report: `1,234 kB in 56 files (bundle 12 kB / 3 files; packages 1,222 kB / 53 files: a, b)`. */
export function describeLoadedSize(size: LoadedSize): string {
  const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} kB`;
  return `${kb(size.bytes)} in ${size.files} files (bundle ${kb(size.bundle.bytes)} / ${size.bundle.files} files; packages ${kb(size.packages.bytes)} / ${size.packages.files} files: ${size.packages.names.join(', ')})`;
}
