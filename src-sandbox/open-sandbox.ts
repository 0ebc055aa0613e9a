import { systemClock, type Clock } from './domain/clock';
import { createChangeRunner, type ChangeRunner } from './engine/change';
import { loadCatalog } from './engine/catalog';
import { ProcessReadCache } from './engine/process-read-cache';
import type { EngineContext } from './engine/context';
import { RestStepRunner } from './engine/rest-step-runner';
import { createApiKey, type CreatedApiKey } from './security/api-keys';
import { attemptLimits, GuessLimiter } from './security/attempt-limiter';
import { KeyAuthenticator } from './security/key-authenticator';
import { applySeed } from './seed/apply-seed';
import { demoSeed } from './seed/demo-seed';
import { parseSeed, readSeedFile } from './seed/load-seed';
import { openDatabase, type Db } from './storage/db';
import { createRepos } from './storage/repos';
import { transaction } from './storage/sqlite';
import { WriteQueue } from './storage/write-queue';

/** Settings shared by the server and the CLI's offline commands. */
export interface CoreOptions {
  dataDir: string;
  seedFile?: string;
  outboundUrl?: string;
  restStepTimeoutMs?: number;
  tokenTtlSeconds?: number;
  clock?: Clock;
  log: (line: string) => void;
}

/** The service without HTTP: database, engine, REST step runner, key checks. */
export interface SandboxCore {
  db: Db;
  ctx: EngineContext;
  change: ChangeRunner;
  runner: RestStepRunner;
  keys: KeyAuthenticator;
  /** Failed staff sign-ins to the admin area, limited as API keys' are. */
  staffAttempts: GuessLimiter;
  reads: ProcessReadCache;
  /** Staff passwords, only when this open created and seeded the data folder. */
  firstRunPasswords?: Record<string, string>;
  /** Things the operator should know (a --seed that was not loaded). */
  notices: string[];
  createApiKey(name: string, createdBy: string): CreatedApiKey;
  close(): Promise<void>;
}

/**
 * Opens a data folder: migrates it, seeds it when new (the demo seed unless `seedFile` names
 * another), loads the catalog and wires the engine. Used by `startSandbox` and by the commands
 * that work on a folder directly (`create-key`, `reset-password`, `retry-rest-steps`).
 */
export function openSandbox(options: CoreOptions): SandboxCore {
  const clock = options.clock ?? systemClock;
  const outboundUrl = checkOutboundUrl(options.outboundUrl);
  const seed = options.seedFile ? readSeedFile(options.seedFile) : undefined;
  const db = openDatabase(options.dataDir);
  const notices: string[] = [];
  let firstRunPasswords: Record<string, string> | undefined;
  try {
    const repos = createRepos(db);
    firstRunPasswords = applySeed(db, repos, seed ?? parseSeed(demoSeed, 'built into the service'), clock);
    if (!firstRunPasswords && options.seedFile) {
      notices.push(
        `The data folder ${options.dataDir} already has data, so --seed ${options.seedFile} was not loaded; ` +
          'give a new --data folder to use that seed.',
      );
    }
    const ctx: EngineContext = { repos, catalog: loadCatalog(repos.catalog), clock };
    const reads = new ProcessReadCache(db);
    const writer = new WriteQueue(db, () => reads.clear());
    const runner = new RestStepRunner(ctx, {
      outboundUrl,
      defaultTimeoutMs: options.restStepTimeoutMs ?? 10_000,
      log: options.log,
    });
    const change = createChangeRunner(ctx, writer, (stepIds) => stepIds.forEach((id) => runner.schedule(id)));
    runner.attach(change);
    const keys = new KeyAuthenticator(repos, clock, options.tokenTtlSeconds ?? 3600);
    const staffAttempts = new GuessLimiter(attemptLimits, () => clock().getTime());
    let closed: Promise<void> | undefined;
    return {
      db,
      ctx,
      change,
      runner,
      keys,
      staffAttempts,
      reads,
      firstRunPasswords,
      notices,
      createApiKey: (name, createdBy) => transaction(db, () => createApiKey(repos, clock, name, createdBy)),
      close: () =>
        (closed ??= (async () => {
          await runner.close();
          writer.flush();
          db.close();
        })()),
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** An outbound URL must be http(s); a mistake is reported at start, not at the first call. */
function checkOutboundUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--outbound-url ${url} is not a URL; give one like http://127.0.0.1:5000/inbox.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`--outbound-url must be http or https, not ${parsed.protocol}`);
  }
  return url;
}
