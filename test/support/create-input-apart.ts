import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What the contract made of one `batches.create` input: its sorted lines, or its sentences. */
export type CreateAnswer = { success: true; sorted: unknown } | { success: false; messages: string[] };

const children = new Set<ChildProcess>();
const child = fileURLToPath(new URL('./create-input-child.ts', import.meta.url));

/**
 * Parses a `batches.create` input in a child process, as main's one thread would. A parse that
 * never ends (the fault under test) leaves the test to its timeout instead of blocking the test
 * runner's own thread, which no timeout can interrupt; `killCreateChildren` ends it after.
 */
export function parseCreateApart(input: Record<string, unknown>): Promise<CreateAnswer> {
  const process_ = spawn(process.execPath, ['--import', 'tsx', child], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(process_);
  let output = '';
  process_.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  process_.stdin!.end(JSON.stringify(input));
  return new Promise((resolve, reject) => {
    process_.on('error', reject);
    process_.on('exit', (code) => {
      children.delete(process_);
      if (code === 0) resolve(JSON.parse(output) as CreateAnswer);
      else reject(new Error(`the parse ended with exit code ${code}`));
    });
  });
}

/** Ends the parses still going (for afterEach). */
export function killCreateChildren(): void {
  for (const running of children) running.kill('SIGKILL');
  children.clear();
}
