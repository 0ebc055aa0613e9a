import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BatchSandbox } from '../integration/batches/helpers';

const childScript = fileURLToPath(new URL('./sandbox-child.ts', import.meta.url));

/** The child sandbox: its address, key and stop, and the CPU time it has used. */
export interface ChildSandbox extends Pick<BatchSandbox, 'url' | 'key' | 'stop'> {
  /**
   * The service process's CPU time so far (user and system), in ms, from `/proc` at the kernel's
   * clock tick (10 ms here, so sum it over a second or more); null where `/proc` is not there.
   */
  cpuMs(): number | null;
}

/** Starts the reference service in a child process (sandbox-child.ts) and answers its address and key. */
export async function startChildSandbox(): Promise<ChildSandbox> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the child sandbox exited (${code}) before it started`)));
  });
  lines.close();
  const { url, key } = JSON.parse(first) as Pick<BatchSandbox, 'url' | 'key'>;
  const ticksPerSecond = clockTicksPerSecond();
  return {
    url,
    key,
    cpuMs() {
      if (ticksPerSecond === null) return null;
      try {
        // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
      } catch {
        return null;
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function clockTicksPerSecond(): number | null {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(ticks) && ticks > 0 ? ticks : null;
  } catch {
    return null;
  }
}
