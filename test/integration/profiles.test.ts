import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createProfileStore } from '../../src-main/core/profiles/profile-store';
import { waitFor } from '../support/wait-for';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const tenant = { name: 'Tenant', baseUrl: 'https://tenant.example.com', environment: 'test', keyName: 'Key' };

describe('profiles.json on disk', () => {
  it('keeps a corrupted file aside with its bytes, reports it, and never destroys it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-corrupt-'));
    const garbage = Buffer.concat([
      Buffer.from('{"version":1,"profiles":['),
      Buffer.from([0xff, 0x00, 0xfe, 0x0a]),
    ]);
    writeFileSync(join(dataDir, 'profiles.json'), garbage);

    const store = createProfileStore(dataDir);
    const aside = readdirSync(dataDir).filter((name) => name.startsWith('profiles.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(aside[0]).toMatch(/^profiles\.json\.corrupt-\d{8}T\d{6}$/);
    expect(readFileSync(join(dataDir, aside[0]!)).equals(garbage)).toBe(true);
    expect(store.problem).toContain(join(dataDir, aside[0]!));
    expect(store.problem).toMatch(/could not be used because it is not valid JSON/);
    expect(store.list()).toEqual([]);

    const saved = store.save(tenant);
    const reopened = createProfileStore(dataDir);
    expect(reopened.problem).toBeNull();
    expect(reopened.list()).toEqual([saved]);
    expect(readFileSync(join(dataDir, aside[0]!)).equals(garbage)).toBe(true);
  });

  it('is whole after the writing process is killed mid-save', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-kill-'));
    const script = join(dataDir, 'writer.mts');
    writeFileSync(
      script,
      `import { createProfileStore } from ${JSON.stringify(join(repo, 'src-main/core/profiles/profile-store.ts'))};
      const store = createProfileStore(${JSON.stringify(dataDir)});
      const first = store.save(${JSON.stringify(tenant)});
      console.log('ready');
      for (let n = 0; ; n += 1) store.save({ ...first, keyName: 'Key ' + n + ' ' + 'x'.repeat(n % 100) });`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`writer exited early (${code})`)));
    });
    // Kill it mid-stream: once profiles.json shows it has saved 50 times and is still saving.
    await waitFor(
      () => {
        const saved = /"keyName":\s*"Key (\d+) /.exec(readFileSync(join(dataDir, 'profiles.json'), 'utf8'));
        return saved !== null && Number(saved[1]) >= 50;
      },
      { what: 'the writer to save profiles.json 50 times' },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const store = createProfileStore(dataDir);
    expect(store.problem).toBeNull();
    expect(store.list()).toHaveLength(1);
    expect(store.list()[0]!.keyName).toMatch(/^Key/);
  });
});
