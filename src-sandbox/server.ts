import type { AddressInfo } from 'node:net';
import type { Clock } from './domain/clock';
import type { Dialect } from './dialects/vendor-dialect';
import { buildApp } from './http/app';
import { HostAllowList, parsePublicHost } from './http/host-check';
import { openSandbox } from './open-sandbox';
import type { CreatedApiKey } from './security/api-keys';

/** How the console (or the CLI) starts the reference service. */
export interface SandboxOptions {
  dataDir: string;
  /** 0 picks a free port; default 4280. */
  port?: number;
  /** Default 127.0.0.1; anything else is reported in `notices`. */
  host?: string;
  /** `NAME[:PORT]`: a name other machines use for the service; Host headers are checked against it. */
  publicHost?: string;
  /** A JSON seed for a new data folder instead of the demo seed. */
  seedFile?: string;
  /** Where REST API steps post when their step names no URL. */
  outboundUrl?: string;
  /** Default true: the service prints nothing unless told (quiet: false, or a `log`). */
  quiet?: boolean;
  /** Receives log lines (REST step outcomes, internal errors); never field values. */
  log?: (line: string) => void;
  /** Time limit of a REST API step's call when the step sets none (default 10 000 ms). */
  restStepTimeoutMs?: number;
  /** Lifetime of bearer tokens (default 3600 s). */
  tokenTtlSeconds?: number;
  clock?: Clock;
  /** `vendor` speaks as a .NET tenant of the vendor would (dialects/vendor-dialect.ts); default `default`. */
  dialect?: Dialect;
}

/** A started reference service. */
export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4280 */
  url: string;
  port: number;
  /** Finishes in-flight requests, stops REST calls, closes the database. Safe to call twice. */
  close(): Promise<void>;
  /** Creates an API key: the code path of the admin route and of `create-key`. */
  createApiKey(name: string): CreatedApiKey;
  /** Staff passwords, only when this start created the data folder. */
  firstRunPasswords?: Record<string, string>;
  /** Things to tell the operator (a non-loopback host, a --seed not loaded). */
  notices: string[];
}

/** The port used when none is given. */
export const defaultPort = 4280;

const loopback = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/**
 * Starts the reference service on a data folder and listens. Never prints unless told and never
 * exits the process; failures (bad folder, bad seed, port taken) reject with a readable Error.
 */
export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const log =
    options.log ?? (options.quiet === false ? (line: string) => console.log(line) : () => undefined);
  const publicHost = options.publicHost === undefined ? undefined : parsePublicHost(options.publicHost);
  const core = openSandbox({ ...options, log });
  const host = options.host ?? '127.0.0.1';
  const hosts = new HostAllowList();
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    const deps = {
      ctx: core.ctx,
      change: core.change,
      keys: core.keys,
      staffAttempts: core.staffAttempts,
      reads: core.reads,
    };
    built = await buildApp(deps, hosts, log, options.dialect);
    await built.app.listen({ port: options.port ?? defaultPort, host });
  } catch (error) {
    await core.close();
    throw error;
  }
  const port = (built.app.server.address() as AddressInfo).port;
  hosts.listening(port, host, publicHost);
  const notices = [...core.notices];
  if (!loopback.test(host)) {
    const name = publicHost
      ? `${publicHost.name}${publicHost.port === undefined ? '' : `:${publicHost.port}`}`
      : undefined;
    notices.push(
      `Listening on ${host}: other machines can reach this service. It is for rehearsals; keep its keys and data out of production. ` +
        (name
          ? `It answers requests addressed to ${name} or to 127.0.0.1:${port}.`
          : `It answers only requests addressed to 127.0.0.1:${port} or localhost:${port}; give --public-host NAME[:PORT] for the name other machines use.`),
    );
  }
  core.runner.sweep(['pending']);
  const housekeeping = setInterval(() => {
    const now = core.ctx.clock().getTime();
    core
      .change((scope) => {
        scope.repos.idempotency.purgeExpired(now);
        scope.repos.keys.purgeExpiredTokens(now);
      })
      .catch((error: unknown) => log(`Housekeeping failed: ${String(error)}`));
  }, 3_600_000);
  housekeeping.unref();
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(host)}:${port}`,
    port,
    firstRunPasswords: core.firstRunPasswords,
    notices,
    createApiKey: (name) => core.createApiKey(name, 'console'),
    close: () =>
      (closing ??= (async () => {
        clearInterval(housekeeping);
        built.startDraining();
        await built.app.close();
        await core.close();
      })()),
  };
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
