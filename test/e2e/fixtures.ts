import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';

/** A browser shell started for one test, on a free port with a fresh data folder. */
export interface Console {
  /**
   * The last launch URL the console printed. Each lets one tab in and the console prints the next
   * as soon as one is used, so reading this again after a `goto` gives a good one.
   */
  readonly url: string;
  dataDir: string;
  output: () => string;
}

/** Starts the built browser shell (`out/main/web.js`) and waits for its ready line. */
export async function startConsole(
  dataDir: string,
  extraArgs: string[] = [],
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ console: Console; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['out/main/web.js', '--port', '0', '--data', dataDir, '--no-open', ...extraArgs],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DISPLAY: '', ...extraEnv },
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`console did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (lastLaunchUrl(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`console exited with ${code}:\n${output}`)));
  });
  return {
    console: {
      get url() {
        return lastLaunchUrl(output)!;
      },
      dataDir,
      output: () => output,
    },
    child,
  };
}

/** The last `Console ready at <launch URL>` line's URL; undefined before the first. */
function lastLaunchUrl(output: string): string | undefined {
  const urls = [...output.matchAll(/^Console ready at (http:\/\/127\.0\.0\.1:\d+\/launch\/[\w-]+)/gm)];
  return urls.at(-1)?.[1];
}

/** Playwright test with a running console per test. */
export const test = base.extend<{ consoleApp: Console }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured first argument.
  consoleApp: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'process-console-e2e-'));
    const { console, child } = await startConsole(dataDir);
    await use(console);
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
