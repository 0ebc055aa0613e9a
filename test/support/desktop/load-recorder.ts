import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Records every file Node loads, by `import` or `require`, so a run can tell what the desktop main
 * bundle reads before its first line and before `ready`. Loaded with `--import` ahead of the bundle
 * (esbuild writes it into the test's tree as load-recorder.mjs); the stand-in reads the list.
 */

const key = Symbol.for('process-console.loaded-files');
const store = globalThis as { [key]?: Set<string> };

/** The files loaded so far, in load order. */
export function loadedFiles(): string[] {
  return [...(store[key] ?? [])];
}

/** Starts recording (the --import entry calls it once). */
export function recordLoads(): void {
  if (store[key]) return;
  const files = new Set<string>();
  store[key] = files;
  registerHooks({
    load(url, context, nextLoad) {
      if (url.startsWith('file:')) files.add(fileURLToPath(url));
      return nextLoad(url, context);
    },
  });
}
