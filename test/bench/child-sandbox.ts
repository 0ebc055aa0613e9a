import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BatchSandbox } from '../integration/batches/helpers';

const childScript = fileURLToPath(new URL('./sandbox-child.ts', import.meta.url));

/** Starts the reference service in a child process (sandbox-child.ts) and answers its address and key. */
export async function startChildSandbox(): Promise<Pick<BatchSandbox, 'url' | 'key' | 'stop'>> {
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
  return {
    url,
    key,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
