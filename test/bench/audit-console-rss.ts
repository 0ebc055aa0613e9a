import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';

/** The console process's resident memory now (Linux), in bytes. */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) * 1024;
}

/**
 * Starts the built browser shell on `dataDir`, notes its RSS at rest, then opens the Audit screen
 * in Chromium (all profiles, scrolled through a few pages) and notes the highest RSS meanwhile.
 * Null where it cannot run (no build, not Linux).
 */
export async function consoleRssWithAuditOpen(
  dataDir: string,
): Promise<{ atRest: number; auditOpen: number } | null> {
  if (!existsSync('out/main/web.js') || process.platform !== 'linux') {
    console.log('Console RSS: skipped (needs a build and Linux /proc)');
    return null;
  }
  const child = spawn(process.execPath, ['out/main/web.js', '--port', '0', '--data', dataDir, '--no-open'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DISPLAY: '' },
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Console ready at (\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`console exited with ${code}`)));
    });
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(url);
      await page.locator('[data-app-ready="true"]').waitFor();
      const atRest = rssOf(child.pid!);
      let peak = atRest;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child.pid!))), 20);
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Audit' }).click();
      await page.getByLabel('Only the current profile').uncheck();
      await page.getByText('200,000 records').waitFor({ timeout: 120_000 });
      const scroller = page.getByTestId('Audit records scroller');
      for (let step = 0; step < 10; step += 1) {
        await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
        await page.waitForTimeout(100);
      }
      clearInterval(sampler);
      return { atRest, auditOpen: Math.max(peak, rssOf(child.pid!)) };
    } finally {
      await browser.close();
    }
  } finally {
    child.kill('SIGTERM');
  }
}
