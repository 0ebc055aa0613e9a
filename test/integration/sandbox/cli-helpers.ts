import { spawn, type ChildProcess } from 'node:child_process';

/** The command that runs the CLI the way `npm run sandbox` does, without npm in between. */
export const cliCommand = [process.execPath, ['--import', 'tsx', 'src-sandbox/cli.ts']] as const;

/** Runs a CLI command to its end. */
export function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cliCommand[0], [...cliCommand[1], ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A CLI server child and what it printed. */
export interface CliServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `sandbox` as a child process and waits for its one `Sandbox ready at` line. */
export function startCliServer(args: string[]): Promise<CliServer> {
  const child = spawn(cliCommand[0], [...cliCommand[1], '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^Sandbox ready at (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited with ${code}:\n${output}`));
    });
  });
}
