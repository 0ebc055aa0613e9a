import { createInbox } from '../../../src-main/core/inbox/receiver';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';

/**
 * The receiver alone in a process of its own, so the crash test can `kill -9` it under load:
 * `node --import tsx inbox-child.ts <dataDir>` prints `{"url": ...}` once listening, then runs
 * until it is killed.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: inbox-child.ts <dataDir>');
const inbox = createInbox({ dataDir, secrets: createMemorySecretStore() });
// The crash figures need the rate of 20 concurrent senders, and no header: they test durability.
await inbox.configure('p1', { enabled: true, limits: { perSecond: 100_000 } });
await inbox.clearSharedHeader('p1');
const { url } = await inbox.start();
process.stdout.write(`${JSON.stringify({ url: `${url}/inbox/p1`, pid: process.pid })}\n`);
