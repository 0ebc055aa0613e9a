import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The keychain-unavailable cases: each runs the real keychain store in a child process whose
 * environment has no usable Secret Service, so it needs no keyring session and works outside one.
 */

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));

describe.runIf(process.platform === 'linux')('without a keychain (outside the keyring session)', () => {
  const probe = `
    import { createKeyringSecretStore } from ${JSON.stringify(join(repo, 'src-main/core/secrets/keyring-secret-store.ts'))};
    import { createCredentialVault } from ${JSON.stringify(join(repo, 'src-main/core/secrets/credentials.ts'))};
    const vault = createCredentialVault({ store: createKeyringSecretStore() });
    const report = [];
    for (const step of [() => vault.set('p1', { apiKey: 'probe-key-1234', apiSecret: 'probe-secret' }), () => vault.get('p1')]) {
      report.push(await step().then(() => ({ ok: true }), (error) => error.error ?? { bug: String(error) }));
    }
    report.push(await vault.set('p1', { apiKey: 'probe-key-1234', apiSecret: 'probe-secret' }, { sessionOnly: true }));
    report.push((await vault.get('p1')).apiKey === 'probe-key-1234');
    console.log(JSON.stringify(report));
  `;

  const noBus = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' };
  // The third case has a bus whose Secret Service starts but cannot create a keyring (no prompter):
  // a write fails, and a read finds nothing.
  it.each([
    ['a session bus address that leads nowhere', noBus, [], ['keychain_unavailable']],
    ['no session bus at all', {}, [], ['keychain_unavailable']],
    [
      'a Secret Service with no keyring',
      {},
      ['dbus-run-session', '--'],
      ['keychain_unavailable', 'unauthorized'],
    ],
  ])(
    'gives keychain_unavailable with a sentence, then works session-only, with %s',
    async (_label, bus, wrap, getCodes) => {
      const home = mkdtempSync(join(tmpdir(), 'pc-no-keychain-'));
      mkdirSync(join(home, 'run'), { mode: 0o700 });
      // .mts: the temp folder has no package.json saying ESM, and the probe uses top-level await.
      const script = join(home, 'probe.mts');
      writeFileSync(script, probe);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        HOME: home,
        XDG_RUNTIME_DIR: join(home, 'run'),
        ...bus,
      };
      for (const name of [
        'GNOME_KEYRING_CONTROL',
        'PROCESS_CONSOLE_KEYRING_SESSION',
        'DISPLAY',
        'WAYLAND_DISPLAY',
      ]) {
        delete env[name];
      }
      if (!('DBUS_SESSION_BUS_ADDRESS' in bus)) delete env.DBUS_SESSION_BUS_ADDRESS;
      const [command, ...args] = [...wrap, process.execPath, '--import', 'tsx', script];
      const started = Date.now();
      const { stdout } = await run(command!, args, { cwd: repo, env, timeout: 30_000 });
      const elapsed = Date.now() - started;
      const [set, get, session, read] = JSON.parse(stdout.trim().split('\n').at(-1)!);
      expect(getCodes).toContain(get.code);
      for (const failure of get.code === 'keychain_unavailable' ? [set, get] : [set]) {
        expect(failure.code).toBe('keychain_unavailable');
        expect(failure.message).toMatch(
          /^The OS keychain is not available \(.+\)\. Unlock it or start its service/,
        );
        expect(failure.message).toContain('use session-only credentials');
        expect(failure.message).not.toContain('probe-secret');
      }
      expect(session).toEqual({ hasCredentials: true, keyHint: '1234', credentialStore: 'session' });
      expect(read).toBe(true);
      // Start-up of node and tsx included; the store itself gives up after 5 seconds at most.
      expect(elapsed).toBeLessThan(15_000);
    },
  );
});
