import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveDataDir } from './core/config';
import { createCore } from './core/create-core';
import { missingKeychainLine } from './core/keychain-probe';
import { Failure } from './core/failure';
import { startSandbox } from '../src-sandbox/server';
import { dispatch } from './handlers';
import { startWebShell } from './web-server';

/**
 * The browser shell's entry: the console on 127.0.0.1 for machines without the Electron runtime.
 * Usage: web [--port N] [--data DIR] [--no-open]
 */
async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        data: { type: 'string' },
        'no-open': { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    return exitWith(`${(error as Error).message}\nUsage: npm run web -- [--port N] [--data DIR] [--no-open]`);
  }
  const port = Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return exitWith(
      `--port must be a whole number from 0 to 65535 (0 picks a free port), not "${args.port}".`,
    );
  }

  const core = await createCore({
    shell: 'web',
    resolvedDataDir: resolveDataDir(args.data),
    documentWorker: { workerUrl: new URL('./document-worker.js', import.meta.url) },
    startSandbox,
  });
  // The document worker starts with the console, so opening a large document does not wait for it.
  core.documents.start();
  await core.embedded.start();
  const embedded = core.embedded.status();
  if (embedded.state === 'failed') console.error(embedded.message);
  const shell = await startWebShell({
    port,
    rendererDir: fileURLToPath(new URL('../renderer/', import.meta.url)),
    dispatch: (name, input) => dispatch(core, name, input),
    subscribe: (forward) => core.events.subscribe(forward),
    // Each launch URL lets one tab in: the next one is printed as soon as one is used, so a closed
    // tab (or a second one) always has a way back in. (No code exists before `shell` is set.)
    onLaunch: () =>
      console.log(`Console ready at ${shell.launchUrl()} (for the next tab; each URL opens one)`),
  });
  console.log(`Console ready at ${shell.url}`);
  const keychainLine = missingKeychainLine(await core.keychain());
  if (keychainLine) console.error(keychainLine);
  const launcher = join(core.config.dataDir, 'open-console.html');
  if (!args['no-open'] && hasDisplay()) openBrowser(shell.launchUrl(), launcher);

  const stop = () => {
    rmSync(launcher, { force: true });
    void Promise.allSettled([shell.close(), core.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function hasDisplay(): boolean {
  if (process.platform !== 'linux') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

/**
 * Opens the browser on a small page in the data folder (readable by this user only) that forwards
 * to the console, as notebook servers do: a URL with the token on a command line would be visible
 * to every local user in the process list.
 */
function openBrowser(url: string, launcher: string): void {
  const escaped = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  rmSync(launcher, { force: true });
  writeFileSync(
    launcher,
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${escaped}"><title>Process Console</title>`,
    { mode: 0o600 },
  );
  const command =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [pathToFileURL(launcher).href], { stdio: 'ignore', detached: true });
  child.on('error', () => console.log('Could not open a browser; open the URL above by hand.'));
  child.unref();
}

function exitWith(message: string): never {
  console.error(message);
  process.exit(2);
}

main().catch((error: unknown) => {
  if (error instanceof Failure) exitWith(error.message);
  console.error(error);
  process.exit(1);
});
