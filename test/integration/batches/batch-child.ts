import { completeAccepted, input, openService } from './helpers';

/**
 * A console running one batch's completion in a process of its own, so the crash test can
 * `kill -9` it halfway: `node --import tsx batch-child.ts <json>` prints each progress event as a
 * line of JSON and runs until the batch ends or it is killed.
 */
const [json] = process.argv.slice(2);
if (!json)
  throw new Error('usage: batch-child.ts <{dataDir, baseUrl, key, profileId, batchId, rows, action?}>');
const args = JSON.parse(json) as {
  dataDir: string;
  baseUrl: string;
  key: Parameters<typeof openService>[2];
  profileId: string;
  batchId: string;
  rows: number[];
  /** The run's action; completing the assessment with OUTCOME=Accepted when not given. */
  action?: Record<string, unknown>;
};
const console_ = openService(args.dataDir, args.baseUrl, args.key, {
  profileId: args.profileId,
  onProgress: (progress) => process.stdout.write(`${JSON.stringify(progress)}\n`),
});
await console_.service.run(
  input('batches.run', {
    batchId: args.batchId,
    action: args.action ?? completeAccepted,
    rows: args.rows,
    confirm: '',
  }),
);
