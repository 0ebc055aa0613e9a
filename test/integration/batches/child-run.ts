import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import type { BatchProgress } from '../../../src-shared/batches';
import type { BatchSandbox } from './helpers';
import { useBatchSandbox } from './limiter';

const childScript = fileURLToPath(new URL('./batch-child.ts', import.meta.url));
/** Every child started in this test file, so a test that fails halfway leaves none running. */
const children = new Set<ChildProcess>();

/** A console in a child process running one batch's completion (batch-child.ts), to be killed with kill -9. */
export interface ChildRun {
  /** The child, for the test's clean-up and to check how it ended. */
  child: ChildProcess;
  /** The last progress event printed before the kill. */
  ended: Promise<BatchProgress | undefined>;
}

/** Starts the child with `args` and kills it with SIGKILL once `killAt` rows are done. */
export function runAndKill(args: object, killAt: number): ChildRun {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, JSON.stringify(args)], {
    cwd: fileURLToPath(new URL('../../../', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  let last: BatchProgress | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    last = JSON.parse(line) as BatchProgress;
    if (last.done >= killAt && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, ended: exited.then(() => last) };
}

/**
 * The reference service for a test file that kills consoles: started before its tests; after
 * them, any child still running is killed first, then the service stops.
 */
export function useCrashSandbox(): { sandbox: BatchSandbox } {
  const setup = useBatchSandbox();
  afterAll(() => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return setup;
}
