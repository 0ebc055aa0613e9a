import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceDocumentWorker } from '../../support/document-worker';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { inboxSchemaVersion, openInboxDb } from '../../../src-main/core/inbox/inbox-db';
import { dispatch } from '../../../src-main/handlers';
import { samplePayload, send } from '../inbox/helpers';

/**
 * An inbox database that cannot be read costs what it held, not the console: the inbox keeps
 * copies of deliveries already answered and walk progress, never the only record of a change sent
 * to the service. So the file is moved aside, as an unreadable profiles.json is, the console starts
 * with an empty inbox, and the Profiles screen says where the old file went. A database from a
 * newer console is not damaged and is never moved: the console refuses to start and says why.
 */

const folders: string[] = [];
const cores: Core[] = [];

afterEach(async () => {
  await Promise.allSettled(cores.splice(0).map((core) => core.close()));
  for (const dataDir of folders.splice(0)) rmSync(dataDir, { recursive: true, force: true });
});

/** A data folder whose `inbox/` holds `files` (name to bytes). */
function folderWithInbox(files: Record<string, Buffer>): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-inbox-db-'));
  folders.push(dataDir);
  mkdirSync(join(dataDir, 'inbox'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dataDir, 'inbox', name), bytes);
  return dataDir;
}

async function open(dataDir: string): Promise<Core> {
  const core = await createCore({ shell: 'web', dataDir, documentWorker: sourceDocumentWorker });
  cores.push(core);
  return core;
}

describe('an inbox database that cannot be read at start', () => {
  it('is moved aside, the inbox starts empty and records what comes next', async () => {
    const garbage = Buffer.alloc(8192, 'x');
    const dataDir = folderWithInbox({ 'inbox.db': garbage });

    const core = await open(dataDir);

    // Where the old file went, said on the Profiles screen as for a moved-aside profiles.json.
    const moved = readdirSync(join(dataDir, 'inbox')).find((name) =>
      /^inbox\.db\.corrupt-\d{8}T\d{6}$/.test(name),
    );
    expect(moved).toBeDefined();
    const movedPath = join(dataDir, 'inbox', moved!);
    expect(await dispatch(core, 'profiles.list', {})).toMatchObject({
      ok: true,
      value: {
        problem:
          `inbox.db could not be used because it is not a readable database (file is not a database). ` +
          `It was kept unchanged as ${movedPath}; the console started without it.`,
      },
    });
    expect(readFileSync(movedPath).equals(garbage)).toBe(true);
    expect(await dispatch(core, 'inbox.list', {})).toEqual({ ok: true, value: [] });

    // A delivery received now is recorded in the new, empty inbox.
    await core.inbox.configure('p1', { enabled: true });
    await core.inbox.clearSharedHeader('p1');
    const { url } = await core.inbox.start();
    expect((await send(`${url}/inbox/p1`, { body: samplePayload(1) })).status).toBe(200);
    expect(await dispatch(core, 'inbox.list', {})).toMatchObject({
      ok: true,
      value: [{ externalReference: 'FT-000001', status: 'new' }],
    });
  });

  it('is not moved when a newer console wrote it: start is refused with what to do', async () => {
    const dataDir = folderWithInbox({});
    const file = join(dataDir, 'inbox', 'inbox.db');
    const newer = new DatabaseSync(file);
    newer.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_on TEXT NOT NULL);
      INSERT INTO schema_migrations VALUES (99, 'from a newer console', '2030-01-01T00:00:00.000Z');`);
    newer.close();

    await expect(open(dataDir)).rejects.toThrow(
      `The inbox database ${file} has schema version 99, newer than this console (${inboxSchemaVersion}); ` +
        'update the console or use another data folder.',
    );
    expect(readdirSync(join(dataDir, 'inbox')).filter((name) => name.includes('corrupt'))).toEqual([]);
    // Still the newer console's file, not an empty one made in its place.
    const kept = new DatabaseSync(file, { readOnly: true });
    expect(kept.prepare('SELECT MAX(version) AS version FROM schema_migrations').get()).toEqual({
      version: 99,
    });
    kept.close();
    // The refusal let the folder go: starting again says the same, not that a console holds it.
    await expect(open(dataDir)).rejects.toThrow(/newer than this console/);
  });

  it('is moved aside with the -wal and -shm a killed console left, each byte as it was', async () => {
    // A console killed while a delivery arrived: its commit in inbox.db-wal, copied while open.
    const live = mkdtempSync(join(tmpdir(), 'pc-inbox-live-'));
    folders.push(live);
    const { db } = openInboxDb(live);
    db.exec('CREATE TABLE filler (text TEXT)');
    const insert = db.prepare('INSERT INTO filler VALUES (?)');
    for (let n = 0; n < 200; n += 1) insert.run(`Delivery ${n} ${'x'.repeat(200)}`);
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    db.exec('PRAGMA wal_autocheckpoint = 0');
    insert.run('The last delivery');
    const files: Record<string, Buffer> = {};
    for (const name of readdirSync(join(live, 'inbox')))
      files[name] = readFileSync(join(live, 'inbox', name));
    db.close();
    expect(Object.keys(files).sort()).toEqual(['inbox.db', 'inbox.db-shm', 'inbox.db-wal']);
    // A page of the older deliveries, which the -wal does not hold, is then damaged.
    const damaged = Buffer.from(files['inbox.db']!);
    damaged.fill('x', 4096 * 4, 4096 * 5);
    files['inbox.db'] = damaged;
    const dataDir = folderWithInbox(files);

    await open(dataDir);

    const moved = readdirSync(join(dataDir, 'inbox')).find((name) =>
      /^inbox\.db\.corrupt-\d{8}T\d{6}$/.test(name),
    );
    expect(moved).toBeDefined();
    // Found before anything could write: a read-write open had checkpointed the -wal and deleted it.
    for (const suffix of ['', '-wal', '-shm']) {
      expect(
        readFileSync(join(dataDir, 'inbox', `${moved!}${suffix}`)).equals(files[`inbox.db${suffix}`]!),
      ).toBe(true);
    }
  });
});
