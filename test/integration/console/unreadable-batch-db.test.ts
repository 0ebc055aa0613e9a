import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceDocumentWorker } from '../../support/document-worker';
import { openBatchDb } from '../../../src-main/core/batches/batch-db';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { dispatch } from '../../../src-main/handlers';

/**
 * A batches database that cannot be opened costs the Batches screen, not the console: the console
 * starts, every batch call answers with a sentence naming the file and what to do, the file is left
 * as it was (its journal may record a change in flight), and once the user has dealt with it the
 * batches open without a restart.
 */

const folders: string[] = [];
const cores: Core[] = [];

const immutable: string[] = [];

afterEach(async () => {
  await Promise.allSettled(cores.splice(0).map((core) => core.close()));
  for (const file of immutable.splice(0)) execFileSync('chattr', ['-i', file]);
  for (const dataDir of folders.splice(0)) rmSync(dataDir, { recursive: true, force: true });
});

function folder(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-batch-db-'));
  folders.push(dataDir);
  return dataDir;
}

async function open(dataDir: string): Promise<Core> {
  const core = await createCore({ shell: 'web', dataDir, documentWorker: sourceDocumentWorker });
  cores.push(core);
  return core;
}

/** What the Batches screen is told when it lists the batches. */
function listBatches(core: Core) {
  return dispatch(core, 'batches.list', {}, () => undefined);
}

describe('a batches database that cannot be opened at start', () => {
  it('is named with what to do, kept unchanged, and the batches open once it is moved away', async () => {
    const dataDir = folder();
    const file = join(dataDir, 'batches', 'batches.db');
    mkdirSync(join(dataDir, 'batches'));
    const garbage = Buffer.alloc(8192, 'x');
    writeFileSync(file, garbage);

    const core = await open(dataDir);

    expect(await listBatches(core)).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          `Batches are unavailable; the rest of the console works. ${file} cannot be read as a ` +
          'database (file is not a database). It is left as it is, with batches.db-wal and ' +
          'batches.db-shm beside it: they may hold the record of changes a run was sending. Restore ' +
          'it from a backup, or move it out of that folder to start with no batches, and move or ' +
          'restore batches.db-wal and batches.db-shm together with it; then open Batches again.',
      },
    });
    // The rest of the console answers, and the file is as it was: nothing moved, nothing written.
    expect(await dispatch(core, 'profiles.list', {})).toMatchObject({ ok: true });
    expect(readFileSync(file).equals(garbage)).toBe(true);

    // The user does what the sentence says; Batches opens again without a restart.
    renameSync(file, join(dataDir, 'damaged-batches.db'));
    expect(await listBatches(core)).toEqual({ ok: true, value: [] });
  });

  it('says which folder could not be made when something else is in its place', async () => {
    const dataDir = folder();
    writeFileSync(join(dataDir, 'batches'), 'not a folder');

    const core = await open(dataDir);

    const answer = await listBatches(core);
    expect(answer.ok).toBe(false);
    const { message } = (answer as { error: { message: string } }).error;
    expect(message).toContain(
      `Batches are unavailable; the rest of the console works. ${join(dataDir, 'batches', 'batches.db')}`,
    );
    expect(message).toContain(`Check that ${join(dataDir, 'batches')} is a folder the console may write to`);

    rmSync(join(dataDir, 'batches'));
    expect(await listBatches(core)).toEqual({ ok: true, value: [] });
  });
});

/**
 * The batches folder of a console killed during a run: 200 batches in batches.db-wal beside
 * batches.db, copied while the database was open.
 */
function killedMidRun(): string {
  const live = folder();
  const dataDir = folder();
  const db = openBatchDb(live);
  db.exec('PRAGMA wal_autocheckpoint = 0');
  const insert = db.prepare(
    "INSERT INTO batches (batch_id, profile_id, name, created_at, updated_at) VALUES (?, 'p1', ?, 'x', 'x')",
  );
  for (let n = 0; n < 200; n += 1) insert.run(`b${n}`, `Batch ${n} ${'x'.repeat(200)}`);
  mkdirSync(join(dataDir, 'batches'));
  for (const name of readdirSync(join(live, 'batches')))
    copyFileSync(join(live, 'batches', name), join(dataDir, 'batches', name));
  db.close();
  return dataDir;
}

/** Each file of the batches folder, with its bytes. */
function batchFiles(dataDir: string): Map<string, string> {
  const batches = join(dataDir, 'batches');
  return new Map(
    readdirSync(batches).map((name) => [name, readFileSync(join(batches, name)).toString('hex')]),
  );
}

describe('a damaged batches database beside the journal a killed console left', () => {
  it.each([
    ['whose header cannot be read', (bytes: Buffer) => Buffer.alloc(bytes.length, 'x')],
    [
      'whose later pages are damaged',
      (bytes: Buffer) => Buffer.concat([bytes.subarray(0, 4096), Buffer.alloc(bytes.length - 4096, 0x5a)]),
    ],
  ])('%s is refused with its WAL and index unchanged', async (_, damage) => {
    const dataDir = killedMidRun();
    const file = join(dataDir, 'batches', 'batches.db');
    writeFileSync(file, damage(readFileSync(file)));
    const before = batchFiles(dataDir);
    expect([...before.keys()].sort()).toEqual(['batches.db', 'batches.db-shm', 'batches.db-wal']);

    const core = await open(dataDir);
    const answer = await listBatches(core);

    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((answer as { error: { message: string } }).error.message).toContain(
      'move or restore batches.db-wal and batches.db-shm together with it',
    );
    await core.close();
    expect(batchFiles(dataDir)).toEqual(before);
  });
});

/** Whether this machine can make a file immutable (root, and a file system with attributes). */
function canMakeImmutable(): boolean {
  const probe = join(folder(), 'probe');
  writeFileSync(probe, '');
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a batches database the console may read but not write', () => {
  it('is named with what to do on every batch call, as one it cannot open is', async ({ skip }) => {
    // SQLite opens such a file read-only without a word; the tests run as root, whom file modes do
    // not stop, so the file is made immutable instead.
    skip(!canMakeImmutable(), 'chattr +i is not available here (it needs root and ext4 or the like)');
    const dataDir = folder();
    const first = await open(dataDir);
    expect(await listBatches(first)).toEqual({ ok: true, value: [] });
    await first.close();
    const file = join(dataDir, 'batches', 'batches.db');
    execFileSync('chattr', ['+i', file]);
    immutable.push(file);

    const core = await open(dataDir);
    const profileId = '00000000-0000-4000-8000-000000000001';
    const answers = [
      await listBatches(core),
      await dispatch(core, 'batches.create', { profileId, text: 'FT-000001' }, () => undefined),
      await dispatch(core, 'batches.settings', { profileId, concurrency: 2 }, () => undefined),
    ];

    for (const answer of answers) {
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect((answer as { error: { message: string } }).error.message).toContain(
        `Batches are unavailable; the rest of the console works. ${file} could not be opened ` +
          `(attempt to write a readonly database). Check that ${join(dataDir, 'batches')} is a folder ` +
          'the console may write to',
      );
    }

    execFileSync('chattr', ['-i', file]);
    expect(await listBatches(core)).toEqual({ ok: true, value: [] });
  });
});
