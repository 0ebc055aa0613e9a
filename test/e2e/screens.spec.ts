import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { checkAccessibility } from './accessibility';
import { startConsole, test, type Console } from './fixtures';
import { expectConsoleReady } from './newcomer-steps';
import { screenGroups } from './screen-groups';

/**
 * Every screen in light and dark, at 1280x800 and 1024x768: axe finds nothing serious or critical,
 * and a screenshot lands in test/e2e/screenshots/<scheme>-<width>/<screen>.png to be looked at
 * (scripts/readme-screenshots.mjs copies the README's from light-1280).
 *
 * One console per scheme and size, shared by its groups: a console start is the slow part, and the
 * groups change nothing another group reads (the reviews send nothing; the walk makes its own
 * process).
 */

const schemes = ['light', 'dark'] as const;
const sizes = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

/** Stops a console started here and removes its data folder. */
async function stop(child: ChildProcess, dataDir: string) {
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}

/** Starts a console on a fresh data folder, and how to stop it. */
async function start(env: NodeJS.ProcessEnv = {}): Promise<{ app: Console; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'process-console-e2e-screens-'));
  const { console: app, child } = await startConsole(dataDir, [], env);
  return { app, stop: () => stop(child, dataDir) };
}

for (const scheme of schemes) {
  for (const size of sizes) {
    test.describe(`${scheme} at ${size.width}x${size.height}`, () => {
      test.use({ colorScheme: scheme, viewport: size });
      let shared: Awaited<ReturnType<typeof start>>;
      test.beforeAll(async () => {
        shared = await start();
      });
      test.afterAll(async () => {
        await shared?.stop();
      });

      for (const group of screenGroups) {
        test(`${group.name}: no serious accessibility violation, and screenshots`, async ({ page }) => {
          const others: (() => Promise<void>)[] = [];
          try {
            if (group.ready !== false) {
              await page.goto(shared.app.url);
              await expectConsoleReady(page);
            }
            await group.steps({
              page,
              url: shared.app.url,
              visit: async (screen) => {
                await page.screenshot({
                  path: `test/e2e/screenshots/${scheme}-${size.width}/${screen}.png`,
                });
                await checkAccessibility(page, `${screen} (${scheme}, ${size.width}x${size.height})`, {
                  soft: true,
                });
              },
              startOther: async (env) => {
                const other = await start(env);
                others.push(other.stop);
                return other.app.url;
              },
            });
          } finally {
            for (const stopOther of others) await stopOther();
          }
        });
      }
    });
  }
}
