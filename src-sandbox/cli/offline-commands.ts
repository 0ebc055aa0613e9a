import { randomBytes } from 'node:crypto';
import { openSandbox, type SandboxCore } from '../open-sandbox';
import { hashSecret } from '../security/secret-hash';
import { transaction } from '../storage/sqlite';

/** Where the CLI writes: stdout for results, stderr for everything a person should read. */
export interface CliOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** `create-key`: one JSON line on stdout with the new key's codes (shown only here). */
export async function createKeyCommand(dataDir: string, name: string, io: CliOutput): Promise<void> {
  await withCore(dataDir, io, undefined, async (core) => {
    io.out(JSON.stringify(core.createApiKey(name, 'cli')));
  });
}

/** `reset-password`: one JSON line on stdout with a new password for a staff user. */
export async function resetPasswordCommand(dataDir: string, user: string, io: CliOutput): Promise<void> {
  await withCore(dataDir, io, undefined, async (core) => {
    const password = randomBytes(15).toString('base64url');
    const changed = transaction(core.db, () => core.ctx.repos.staff.setPassword(user, hashSecret(password)));
    if (!changed) {
      const known = core.ctx.repos.staff.userNames().join(', ');
      throw new Error(`No staff user is named ${user}; the staff users are: ${known}.`);
    }
    io.out(JSON.stringify({ user, password }));
  });
}

/** `retry-rest-steps`: calls each current REST API step that is not yet called or failed. */
export async function retryRestStepsCommand(
  dataDir: string,
  outboundUrl: string | undefined,
  io: CliOutput,
): Promise<void> {
  await withCore(dataDir, io, outboundUrl, async (core) => {
    const count = core.runner.sweep(['pending', 'failed']);
    await core.runner.idle();
    io.out(
      count === 0
        ? 'No REST API step is waiting to be called.'
        : `Called ${count} REST API step(s); see the lines above.`,
    );
  });
}

async function withCore(
  dataDir: string,
  io: CliOutput,
  outboundUrl: string | undefined,
  work: (core: SandboxCore) => Promise<void>,
): Promise<void> {
  const core = openSandbox({ dataDir, outboundUrl, log: io.out });
  try {
    if (core.firstRunPasswords) reportFirstRun(dataDir, core.firstRunPasswords, io.err);
    await work(core);
  } finally {
    await core.close();
  }
}

/** Prints the staff passwords made when a data folder is created; they are never shown again. */
export function reportFirstRun(
  dataDir: string,
  passwords: Record<string, string>,
  print: (line: string) => void,
): void {
  print(`Created the data folder ${dataDir} and loaded its seed.`);
  print('Staff passwords for Api Developer Access (shown once; reset-password makes new ones):');
  for (const [user, password] of Object.entries(passwords)) print(`  ${user}: ${password}`);
}
