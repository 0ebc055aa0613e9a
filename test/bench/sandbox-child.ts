import { startBatchSandbox } from '../integration/batches/helpers';

/**
 * The reference service (with its back office) in a process of its own, as a tenant is: a
 * benchmark that measures the console then does not share the console's CPU with the service.
 * `node --import tsx sandbox-child.ts` prints `{url, key}` as one line of JSON and runs until
 * SIGTERM.
 */
const sandbox = await startBatchSandbox();
process.stdout.write(`${JSON.stringify({ url: sandbox.url, key: sandbox.key })}\n`);
process.once('SIGTERM', () => {
  void sandbox.stop().finally(() => process.exit(0));
});
