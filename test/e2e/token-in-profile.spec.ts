import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { expect, test } from './fixtures';
import { expectConsoleReady, openProcess } from './newcomer-steps';

/**
 * Issue 33, finding 5: the browser shell's token stayed in Chromium's profile (History, Favicons,
 * Sessions, UKM), since the printed URL carried it in its fragment. A real Chromium on a profile
 * of its own opens the console and a process, is reloaded and let in again, and is closed; then no file of the profile
 * holds the token, and the launch URL it used lets no other tab in.
 */

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** One column of a SQLite database of Chromium's profile, read from a copy (it may be locked). */
function column(profileDir: string, scratch: string, file: string, sql: string): string[] {
  const source = join(profileDir, 'Default', file);
  if (!existsSync(source)) return [];
  const copy = join(scratch, file.replaceAll('/', '-'));
  copyFileSync(source, copy);
  const db = new DatabaseSync(copy, { readOnly: true });
  try {
    return (db.prepare(sql).all() as { value: string }[]).map((row) => row.value);
  } finally {
    db.close();
  }
}

/** The URLs the profile's History recorded. */
const historyUrls = (profileDir: string, scratch: string) =>
  column(profileDir, scratch, 'History', 'SELECT url AS value FROM urls');

/** The names of the cookies the profile keeps on disk (in Network/ since Chromium 96). */
const cookieNames = (profileDir: string, scratch: string) =>
  ['Cookies', 'Network/Cookies'].flatMap((file) =>
    column(profileDir, scratch, file, 'SELECT name AS value FROM cookies'),
  );

test('the token is in no file of the browser profile, and a used launch URL lets no tab in', async ({
  consoleApp,
}) => {
  const profileDir = mkdtempSync(join(tmpdir(), 'process-console-e2e-profile-'));
  const scratch = mkdtempSync(join(tmpdir(), 'process-console-e2e-scratch-'));
  try {
    const launchUrl = consoleApp.url;
    const origin = new URL(launchUrl).origin;
    const context = await chromium.launchPersistentContext(profileDir, chromiumLaunchOptions);
    const page = context.pages()[0] ?? (await context.newPage());
    // The token the tab holds (in memory only), as its bridge calls present it.
    let token: string | undefined;
    page.on('request', (request) => {
      const bearer = request.headers().authorization;
      if (bearer?.startsWith('Bearer ')) token = bearer.slice(7);
    });
    await page.goto(launchUrl);
    await expectConsoleReady(page);
    expect(page.url()).toBe(`${origin}/`);
    await openProcess(page, 'FT-000003');
    const route = new URL(page.url()).hash;
    // A reload is let in by the next launch URL the console printed: the way back in.
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('URL it printed');
    await page.goto(`${consoleApp.url}${route}`);
    await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();
    expect(token).toMatch(/^[\w-]{43}$/);

    // The launch URL was used: another tab (of another browser, even) is not let in by it.
    const other = await chromium.launch(chromiumLaunchOptions);
    try {
      const stranger = await other.newPage();
      await stranger.goto(launchUrl);
      await expect(stranger.getByRole('alert')).toContainText('URL it printed');
    } finally {
      await other.close();
    }
    await context.close();

    // The launch's grant was used up, and its cookie cleared.
    expect(cookieNames(profileDir, scratch)).not.toContain('process-console-launch');
    const urls = historyUrls(profileDir, scratch);
    expect(urls).toContain(`${origin}/`);
    expect(urls.filter((url) => url.includes(token!))).toEqual([]);
    const holding = filesUnder(profileDir).filter((file) => {
      const bytes = readFileSync(file);
      return bytes.includes(token!) || bytes.includes(Buffer.from(token!, 'utf16le'));
    });
    expect(holding.map((file) => relative(profileDir, file))).toEqual([]);
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
});
