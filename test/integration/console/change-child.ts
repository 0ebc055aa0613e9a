import { createCore } from '../../../src-main/core/create-core';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';
import { dispatch } from '../../../src-main/handlers';
import { sourceDocumentWorker } from '../../support/document-worker';

/**
 * A console (core and its handler table) in a process of its own, so a test can kill it with
 * SIGKILL while one change waits for its answer: `node --import tsx change-child.ts <json>` saves
 * a profile on `baseUrl`, prints `{"profileId": …}` as a line, then makes the change (`call` with
 * `input`, the profile added) and prints its answer, if one ever comes.
 */
const [json] = process.argv.slice(2);
if (!json) throw new Error('usage: change-child.ts <{dataDir, baseUrl, key, call, input}>');
const args = JSON.parse(json) as {
  dataDir: string;
  baseUrl: string;
  key: { name: string; apiKey: string; apiSecret: string };
  call: 'steps.complete' | 'processes.start';
  input: Record<string, unknown>;
};
const core = await createCore({
  shell: 'web',
  dataDir: args.dataDir,
  documentWorker: sourceDocumentWorker,
  secretStore: createMemorySecretStore(),
});
const profile = core.profiles.save({
  name: 'Interrupted tenant',
  baseUrl: args.baseUrl,
  environment: 'test',
  keyName: args.key.name,
});
await core.vault.set(profile.id, { apiKey: args.key.apiKey, apiSecret: args.key.apiSecret });
process.stdout.write(`${JSON.stringify({ profileId: profile.id })}\n`);
const answer = await dispatch(core, args.call, {
  profileId: profile.id,
  ...args.input,
  intentId: crypto.randomUUID(),
});
process.stdout.write(`${JSON.stringify({ answer })}\n`);
