#!/usr/bin/env node
// Runs a command on the project's Node 24 (the major Electron 45 embeds), whatever Node npm itself
// runs on. npm puts the directory of its own Node first on a script's PATH, so on a machine whose
// system Node is older (Debian's 20) a plain `node` in a script would be that one. This puts the
// `node` dev dependency's binary, then node_modules/.bin, first, and every child inherits it.
// Kept to syntax any Node since 12 runs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { windowsShellSpawn } from './windows-command-line.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const binDir = join(root, 'node_modules', '.bin');
const candidates = [
  join(root, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node'),
];
const local = candidates.find((file) => existsSync(file));
const nodeDir = local
  ? dirname(local)
  : process.version.startsWith('v24.')
    ? dirname(process.execPath)
    : null;
if (!nodeDir) {
  console.error(
    `This project runs on Node 24, and its copy is missing (npm found Node ${process.version}). Run \`npm install\` first.`,
  );
  process.exit(1);
}
const pathKey = Object.keys(process.env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
const env = { ...process.env, [pathKey]: [nodeDir, binDir, process.env[pathKey] ?? ''].join(delimiter) };
const [command, ...args] = process.argv.slice(2);
const target = spawnTarget(command, args);
const run = spawnSync(target.file, target.args, { stdio: 'inherit', env, ...target.options });
if (run.error) {
  console.error(`Could not run ${command}: ${run.error.message}`);
  process.exit(1);
}
process.exit(run.status ?? (run.signal ? 1 : 0));

/**
 * What to spawn. On Windows, `node` is a real executable and runs without a shell; anything else
 * (node_modules/.bin has .cmd shims, which only cmd.exe runs) goes through cmd.exe with one
 * command line quoted by us, so arguments with spaces or quotes arrive whole.
 */
function spawnTarget(command, args) {
  if (process.platform !== 'win32') return { file: command, args, options: {} };
  if (command === 'node') return { file: join(nodeDir, 'node.exe'), args, options: {} };
  const shim = existsSync(join(binDir, `${command}.cmd`));
  const shell = windowsShellSpawn(command, args, { shim, comspec: process.env.ComSpec });
  return { file: shell.file, args: shell.args, options: { windowsVerbatimArguments: true } };
}
