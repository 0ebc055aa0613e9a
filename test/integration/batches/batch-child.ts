import { completeAccepted, input, openService } from './helpers';

/**
 * A console running one batch's completion (or its read) in a process of its own, so a crash test can
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
  /**
   * Requests per second for this run: a short batch at the tests' usual 1,000 per second can end
   * before the parent's kill -9 lands, so its test slows the run to leave the kill a window.
   */
  ratePerSecond?: number;
  /** Read the batch instead of running an action on it. */
  read?: boolean;
};
const console_ = openService(args.dataDir, args.baseUrl, args.key, {
  profileId: args.profileId,
  onProgress: (progress) => process.stdout.write(`${JSON.stringify(progress)}\n`),
});
if (args.ratePerSecond !== undefined) {
  console_.service.settings({ profileId: args.profileId, concurrency: 4, ratePerSecond: args.ratePerSecond });
}
if (args.read) await console_.service.read(args.batchId);
else
  await console_.service.run(
    input('batches.run', {
      batchId: args.batchId,
      action: args.action ?? completeAccepted,
      rows: args.rows,
      confirm: '',
    }),
  );
