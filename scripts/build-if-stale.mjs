// Builds the console (electron-vite) when out/ is missing or older than any source file, so
// `npm start` and `npm run web` work from a fresh clone without a separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = [
  'src-main',
  'src-preload',
  'src-renderer',
  'src-shared',
  'src-sandbox',
  'electron.vite.config.ts',
  'package.json',
];
const outputs = [
  'out/main/web.js',
  'out/main/electron.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/** Builds unless every output is newer than every source. */
export function buildIfStale() {
  const built = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  if (built > Math.max(...sources.map(newest))) return;
  console.log('Building the console…');
  const run = spawnSync('node_modules/.bin/electron-vite', ['build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error('The build failed; see the errors above.');
    process.exit(run.status ?? 1);
  }
}
