#!/usr/bin/env node
// `npm start`: the desktop window where the Electron runtime is available. The runtime is fetched
// from outside the npm registry on first start, so on offline or locked-down machines it may not
// be there: then one sentence says why, and the browser shell opens instead.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import {
  describeDownloadFailure,
  describeEarlyExit,
  desktopReadyLine,
  errorCode,
  installerLineShown,
} from './start-failure.ts';

const downloadLimitMs = 10 * 60_000;

function electronBinary() {
  const pathFile = join('node_modules', 'electron', 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override ? join(override, relative) : join('node_modules', 'electron', 'dist', relative);
  return existsSync(candidate) ? candidate : undefined;
}

/** Electron's own download (its progress bar shows after 30 s), with a line of ours every 10 s. */
async function fetchElectron() {
  const { version } = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8'));
  // Said on each start that has no runtime yet, so no "first start only": offline, every start tries.
  console.log(`The Electron ${version} runtime is not installed yet: downloading it...`);
  const started = Date.now();
  // stderr kept (and still shown) so a failure can say why, even when the server was reachable.
  const child = spawn(process.execPath, ['node_modules/electron/install.js'], {
    stdio: ['inherit', 'inherit', 'pipe'],
  });
  let installerStderr = '';
  child.stderr.on('data', (chunk) => {
    const text = chunk.toString();
    // Progress is shown; a raw error is not: the sentence below says why in words.
    const shown = text
      .split(/(?<=\n)/)
      .filter((line) => installerLineShown(line))
      .join('');
    if (shown) process.stderr.write(shown);
    installerStderr = (installerStderr + text).slice(-4096);
  });
  let timedOut = false;
  const ticker = setInterval(
    () => console.log(`  still downloading, ${Math.round((Date.now() - started) / 1000)} s so far`),
    10_000,
  );
  const limit = setTimeout(() => {
    timedOut = true;
    child.kill();
  }, downloadLimitMs);
  const code = await new Promise((resolve) => {
    child.once('exit', (exitCode) => resolve(exitCode));
    child.once('error', () => resolve(1));
  });
  clearInterval(ticker);
  clearTimeout(limit);
  const binary = code === 0 ? electronBinary() : undefined;
  if (binary) return binary;
  const outcome = timedOut ? { timedOut } : await probeDownloadServer(version);
  console.log(describeDownloadFailure({ ...outcome, installerStderr }));
  return undefined;
}

/** install.js prints only "fetch failed": ask the same server once more to learn why. */
async function probeDownloadServer(version) {
  const mirror =
    process.env.ELECTRON_MIRROR ??
    process.env.npm_config_electron_mirror ??
    'https://github.com/electron/electron/releases/download/';
  const folder = process.env.ELECTRON_CUSTOM_DIR ?? `v${version}`;
  const url = `${mirror}${folder}/electron-v${version}-${process.platform}-${process.arch}.zip`;
  try {
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(15_000) });
    return response.ok ? {} : { status: response.status };
  } catch (error) {
    return { code: errorCode(error) };
  }
}

/**
 * Runs the window; if it stops before its ready line, says why and how to use the browser. Ctrl+C
 * reaches Electron from the terminal itself (same process group), so this parent ignores SIGINT and
 * waits for Electron's own quit; a SIGTERM sent to this parent alone is passed on. Either way this
 * exits with Electron's code, never before it.
 */
function runDesktop(binary, args) {
  const child = spawn(binary, ['out/main/electron.js', ...args], { stdio: ['inherit', 'pipe', 'pipe'] });
  const ignore = () => undefined;
  const forward = () => child.kill('SIGTERM');
  process.on('SIGINT', ignore);
  process.on('SIGTERM', forward);
  let ready = false;
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    if (!ready) {
      stdout = (stdout + chunk.toString()).slice(-4096);
      ready = stdout.split('\n').some((line) => line.trim() === desktopReadyLine);
    }
  });
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString()).slice(-4096);
  });
  child.on('error', (error) => {
    console.log(describeEarlyExit({ code: null, signal: null, stderr: error.message }));
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.off('SIGINT', ignore);
    process.off('SIGTERM', forward);
    const interrupted = signal === 'SIGINT' || signal === 'SIGTERM';
    if (!ready && !interrupted && (code !== 0 || signal))
      console.log(describeEarlyExit({ code, signal, stderr }));
    // A signal's conventional status (128 + its number), as a shell reports it.
    process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
  });
}

buildIfStale();
const args = process.argv.slice(2);
const binary = electronBinary() ?? (process.env.CI ? undefined : await fetchElectron());
if (binary) {
  runDesktop(binary, args);
} else {
  console.log('The console opens in your browser instead.');
  process.argv = [process.argv[0], 'web', ...args];
  await import('../out/main/web.js');
}
