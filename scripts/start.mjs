#!/usr/bin/env node
// `npm start`: the desktop window where the Electron runtime is available; otherwise one plain
// sentence saying so, then the browser shell. The runtime is fetched lazily from outside the npm
// registry, so on offline or locked-down machines it may not be there.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

function electronBinary() {
  const pathFile = join('node_modules', 'electron', 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override ? join(override, relative) : join('node_modules', 'electron', 'dist', relative);
  return existsSync(candidate) ? candidate : undefined;
}

function fetchElectron() {
  // Electron's own lazy download; quick to fail where its host cannot be reached.
  const run = spawnSync(process.execPath, ['node_modules/electron/install.js'], {
    stdio: 'ignore',
    timeout: 180_000,
  });
  return run.status === 0 ? electronBinary() : undefined;
}

buildIfStale();
const args = process.argv.slice(2);
const binary = electronBinary() ?? (process.env.CI ? undefined : fetchElectron());
if (binary) {
  const child = spawn(binary, ['out/main/electron.js', ...args], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(
    'Electron is not available on this machine (its runtime could not be downloaded), so the console opens in your browser instead.',
  );
  process.argv = [process.argv[0], 'web', ...args];
  await import('../out/main/web.js');
}
