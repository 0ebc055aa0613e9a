import { spawn, type ChildProcess } from 'node:child_process';
import type { StandInCommand, StandInReport } from './electron-stand-in';

/** A recorded call of the stand-in `electron`. */
export interface RecordedCall {
  name: string;
  args: unknown[];
}

type Command = StandInCommand extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/**
 * The built desktop main bundle running in plain Node against the stand-in `electron` of a
 * {@link ProductionTree}, with what it did: the calls in order, the files loaded before its first
 * line and before `ready`, its stdout and stderr, and its exit.
 */
export class DesktopRun {
  readonly calls: RecordedCall[] = [];
  readonly loaded: { static?: string[]; ready?: string[] } = {};
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;
  private readonly replies = new Map<number, (value: unknown) => void>();
  private nextId = 1;
  private changed: (() => void)[] = [];

  constructor(treeDir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
    this.child = spawn(
      process.execPath,
      ['--import', './load-recorder.mjs', 'out/main/electron.js', ...args],
      {
        cwd: treeDir,
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        env: { ...process.env, ...env },
      },
    );
    this.child.stdout!.on('data', (chunk: Buffer) => this.update(() => (this.stdout += chunk.toString())));
    this.child.stderr!.on('data', (chunk: Buffer) => this.update(() => (this.stderr += chunk.toString())));
    this.child.on('message', (report: StandInReport) =>
      this.update(() => {
        if (report.type === 'call') this.calls.push({ name: report.name, args: report.args });
        if (report.type === 'loaded') this.loaded[report.stage] = report.files;
        if (report.type === 'reply') this.replies.get(report.id)?.(report.value);
      }),
    );
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => this.update(() => resolve({ code, signal }))),
    );
  }

  /** Sends a command without an answer (`ready`, `quit`). */
  send(command: Extract<StandInCommand, { type: 'ready' | 'quit' }>): void {
    this.child.send(command);
  }

  /** Sends a command and waits for the stand-in's answer. */
  ask<T>(command: Command): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve) => {
      this.replies.set(id, (value) => resolve(value as T));
      this.child.send({ ...command, id });
    });
  }

  /** Waits until `check` holds, or fails after `timeoutMs`. */
  async until<T>(what: string, check: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value) return value;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`Timed out waiting for ${what}.\nstdout:\n${this.stdout}\nstderr:\n${this.stderr}`);
      // Woken by each report and output; polled too, for what lives outside the run (files).
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 100));
        this.changed.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The names of the calls so far. */
  names(): string[] {
    return this.calls.map((call) => call.name);
  }

  /** Ends the run if it is still going. */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill();
  }

  private update(change: () => void): void {
    change();
    for (const wake of this.changed.splice(0)) wake();
  }
}
