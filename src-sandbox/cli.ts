import { parseCommandLine, helpText, UsageError, type CliCommand } from './cli/args';
import {
  createKeyCommand,
  reportFirstRun,
  resetPasswordCommand,
  retryRestStepsCommand,
  type CliOutput,
} from './cli/offline-commands';
import { startSandbox } from './server';

/**
 * `npm run sandbox -- …`: serves the reference service (printing one `Sandbox ready at` line once
 * it listens) or runs one of the folder commands. The only place that prints or exits.
 */
async function main(): Promise<number> {
  const io: CliOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };
  let command: CliCommand;
  try {
    command = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${helpText}`);
    return 2;
  }
  switch (command.command) {
    case 'help':
      io.out(helpText);
      return 0;
    case 'create-key':
      await createKeyCommand(command.dataDir, command.name, io);
      return 0;
    case 'reset-password':
      await resetPasswordCommand(command.dataDir, command.user, io);
      return 0;
    case 'retry-rest-steps':
      await retryRestStepsCommand(command.dataDir, command.outboundUrl, io);
      return 0;
    case 'serve':
      return serve(command, io);
  }
}

async function serve(command: Extract<CliCommand, { command: 'serve' }>, io: CliOutput): Promise<number> {
  const sandbox = await startSandbox({ ...command, log: io.out });
  sandbox.notices.forEach((notice) => io.err(`Note: ${notice}`));
  if (sandbox.firstRunPasswords) reportFirstRun(command.dataDir, sandbox.firstRunPasswords, io.out);
  io.out(`Data folder: ${command.dataDir}`);
  io.out(`Swagger UI: ${sandbox.url}/swagger`);
  io.out(`Sandbox ready at ${sandbox.url}`);
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) {
        io.err(`${signal} again: stopping at once.`);
        resolve(1);
        return;
      }
      stopping = true;
      io.out(`${signal}: finishing in-flight requests, then closing the database.`);
      sandbox.close().then(
        () => resolve(0),
        (error: unknown) => {
          io.err(`Shutdown failed: ${String(error)}`);
          resolve(1);
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      code === 'EADDRINUSE'
        ? 'The port is already in use; choose another with --port N (0 picks a free one).'
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(`The sandbox could not run: ${message}`);
    process.exit(1);
  },
);
