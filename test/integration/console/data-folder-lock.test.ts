import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceDocumentWorker } from '../../support/document-worker';
import { createCore, type Core } from '../../../src-main/core/create-core';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const inUse = /Another Process Console is already using the data folder .*--data <folder>/;
const folders: string[] = [];
const cores: Core[] = [];

function folder(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-lock-'));
  folders.push(dataDir);
  return dataDir;
}

async function open(dataDir: string): Promise<Core> {
  const core = await createCore({ shell: 'web', dataDir, documentWorker: sourceDocumentWorker });
  cores.push(core);
  return core;
}

afterEach(async () => {
  await Promise.allSettled(cores.splice(0).map((core) => core.close()));
  for (const dataDir of folders.splice(0)) rmSync(dataDir, { recursive: true, force: true });
});

describe('one console per data folder', () => {
  it('refuses a second console on a folder in use with what to do, and lets one in once the first closes', async () => {
    const dataDir = folder();
    const first = await open(dataDir);
    await expect(open(dataDir)).rejects.toThrow(inUse);
    // The first is untouched by the refusal: its batches and profiles still answer.
    expect(first.batches().list()).toEqual([]);
    await first.close();
    cores.splice(cores.indexOf(first), 1);
    const next = await open(dataDir);
    expect(next.profiles.list()).toEqual(expect.any(Array));
  });

  it('is held by another process until it is killed with -9, and then free without clearing anything', async () => {
    const dataDir = folder();
    const script = join(dataDir, 'holder.mts');
    writeFileSync(
      script,
      `import { createCore } from ${JSON.stringify(join(repo, 'src-main/core/create-core.ts'))};
      import { sourceDocumentWorker } from ${JSON.stringify(join(repo, 'test/support/document-worker.ts'))};
      await createCore({ shell: 'web', dataDir: ${JSON.stringify(dataDir)}, documentWorker: sourceDocumentWorker });
      console.log('ready');
      setInterval(() => undefined, 1000);`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
        child.on('exit', (code) => reject(new Error(`the other console exited early (${code})`)));
      });
      await expect(open(dataDir)).rejects.toThrow(inUse);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    // The OS dropped the lock with the process: no stale file to remove, no process id trusted.
    const after = await open(dataDir);
    expect(after.batches().list()).toEqual([]);
  });
});
