import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { appDataSegments } from '../../src-shared/app-folder';

/** A command line the CLI understood. */
export type CliCommand =
  | {
      command: 'serve';
      port: number | undefined;
      host: string | undefined;
      publicHost?: string;
      dataDir: string;
      seedFile?: string;
      outboundUrl?: string;
      dialect?: 'default' | 'vendor';
    }
  | { command: 'create-key'; dataDir: string; name: string }
  | { command: 'reset-password'; dataDir: string; user: string }
  | { command: 'retry-rest-steps'; dataDir: string; outboundUrl?: string }
  | { command: 'help' };

/** A command line the CLI did not understand, with a sentence saying why. */
export class UsageError extends Error {}

/** The sandbox's own folder inside the console's OS app-data folder. */
export function defaultSandboxDataDir(): string {
  return join(...appDataSegments(process.platform, process.env, homedir()), 'sandbox');
}

/** Parses `npm run sandbox -- [command] [--flags]`. */
export function parseCommandLine(argv: string[]): CliCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'public-host': { type: 'string' },
        data: { type: 'string' },
        seed: { type: 'string' },
        'outbound-url': { type: 'string' },
        dialect: { type: 'string' },
        name: { type: 'string' },
        user: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const command = positionals[0] ?? 'serve';
  if (values.help || command === 'help') return { command: 'help' };
  if (positionals.length > 1) throw new UsageError(`Unexpected argument: ${positionals[1]}`);
  const dataDir = values.data ?? defaultSandboxDataDir();
  if (dataDir.trim() === '') throw new UsageError('--data needs a folder path.');
  switch (command) {
    case 'serve':
      return {
        command,
        port: values.port === undefined ? undefined : parsePort(values.port),
        host: values.host,
        publicHost: values['public-host'],
        dataDir,
        seedFile: values.seed,
        outboundUrl: values['outbound-url'],
        ...(values.dialect === undefined ? {} : { dialect: parseDialect(values.dialect) }),
      };
    case 'create-key':
      if (!values.name) throw new UsageError('create-key needs --name "NAME" (the author shown on changes).');
      return { command, dataDir, name: values.name };
    case 'reset-password':
      if (!values.user)
        throw new UsageError('reset-password needs --user NAME (admin or caseworker in the demo).');
      return { command, dataDir, user: values.user };
    case 'retry-rest-steps':
      return { command, dataDir, outboundUrl: values['outbound-url'] };
    default:
      throw new UsageError(`Unknown command "${command}"; see --help.`);
  }
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new UsageError(`--port must be 0 to 65535, not "${text}".`);
  return port;
}

function parseDialect(text: string): 'default' | 'vendor' {
  if (text === 'default' || text === 'vendor') return text;
  throw new UsageError(`--dialect must be "default" or "vendor", not "${text}".`);
}

/** The text of `--help`. */
export const helpText = `Process Console reference service: the Process Integration API as a real, persistent server.

Usage:
  npm run sandbox -- [--port N] [--host H] [--public-host NAME[:PORT]] [--data DIR] [--seed FILE] [--outbound-url URL] [--dialect vendor]
  npm run sandbox -- create-key --data DIR --name "NAME"
  npm run sandbox -- reset-password --data DIR --user NAME
  npm run sandbox -- retry-rest-steps --data DIR [--outbound-url URL]
  npm run sandbox -- --help

Options:
  --port N            port to listen on (default 4280; 0 picks a free one)
  --host H            address to listen on (default 127.0.0.1; anything else is reachable by other machines)
  --public-host NAME  the name (NAME or NAME:PORT) other machines use; requests whose Host is neither
                      that nor 127.0.0.1/localhost/[::1] with the port are refused (421)
  --data DIR          data folder (default: the console's app-data folder + /sandbox)
  --seed FILE         JSON seed loaded into a NEW data folder instead of the demo seed
  --outbound-url URL  where REST API steps post; without it their calls fail and are recorded as failed
  --dialect D         default (API.md's paths and camelCase) or vendor (a .NET tenant's shape: other paths,
                      X-Api-Key-Id/X-Api-Key-Secret, PascalCase, changes answered {}, /swagger/v1/swagger.json)

Commands:
  create-key          prints one JSON line {"keyId","name","apiKey","apiSecret"}; the secret is shown only here
  reset-password      prints one JSON line {"user","password"} with a new password for a staff user
  retry-rest-steps    calls every current REST API step that is not yet called or has failed, then exits

The service prints "Sandbox ready at http://127.0.0.1:PORT" once it listens; Swagger UI is at /swagger.
Stop it with Ctrl+C (SIGINT) or SIGTERM: in-flight requests finish, then the database closes.`;
