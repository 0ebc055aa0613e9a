/**
 * UI benchmark (printed, never asserted): the browser shell in Debian's Chromium.
 * (1) navigation to the app-ready marker; (2) a 10,000-step process from data in hand to first
 * paint; (3) the longest main-thread task while scrolling its steps from top to bottom.
 * Targets (issue "Console UI"): interactive < 1 s, first paint < 300 ms, no task > 50 ms.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { addLongProcess, longReference } from '../support/long-process';

const runs = 5;

async function startConsole(dataDir: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['out/main/web.js', '--port', '0', '--data', dataDir, '--no-open'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DISPLAY: '' },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Console ready at (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`console exited with ${code}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-ui-bench-'));
  const consoleApp = await startConsole(dataDir);
  addLongProcess(join(dataDir, 'sandbox'));
  const browser = await chromium.launch(chromiumLaunchOptions);
  const interactive: number[] = [];
  const firstPaint: number[] = [];
  const longest: number[] = [];
  const worstFrame: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(consoleApp.url);
      await page.locator('[data-app-ready="true"]').waitFor();
      interactive.push(await page.evaluate(() => performance.getEntriesByName('app-ready')[0]!.startTime));

      await page.getByLabel('Process id or external reference').fill(longReference);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => performance.getEntriesByName('process-painted').length > 0, null, {
        timeout: 30_000,
      });
      firstPaint.push(
        await page.evaluate(
          () =>
            performance.getEntriesByName('process-painted')[0]!.startTime -
            performance.getEntriesByName('process-data').at(-1)!.startTime,
        ),
      );

      const scrolled = await page.getByTestId('Steps scroller').evaluate(async (element) => {
        const tasks: number[] = [];
        const observer = new PerformanceObserver((list) =>
          list.getEntries().forEach((entry) => tasks.push(entry.duration)),
        );
        observer.observe({ type: 'longtask', buffered: false });
        let worst = 0;
        let last = performance.now();
        while (element.scrollTop + element.clientHeight < element.scrollHeight - 1) {
          element.scrollTop += 2_000;
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const now = performance.now();
          worst = Math.max(worst, now - last);
          last = now;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        observer.disconnect();
        return { longest: Math.max(0, ...tasks), worst };
      });
      longest.push(scrolled.longest);
      worstFrame.push(scrolled.worst);
      await page.close();
    }
  } finally {
    await browser.close();
    consoleApp.stop();
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  }
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `Browser shell in Chromium, ${runs} runs (median; all values in brackets); load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `  start to interactive (navigation to app-ready): ${ms(median(interactive))} [${interactive.map((v) => v.toFixed(0)).join(', ')}]  target < 1000 ms`,
  );
  console.log(
    `  10,000-step process, data to first paint:      ${ms(median(firstPaint))} [${firstPaint.map((v) => v.toFixed(0)).join(', ')}]  target < 300 ms`,
  );
  console.log(
    `  longest task while scrolling to the end:       ${ms(median(longest))}, worst ${ms(Math.max(...longest))} [${longest.map((v) => v.toFixed(0)).join(', ')}]  target: none > 50 ms (0 = no task over 50 ms)`,
  );
  console.log(
    `  worst frame interval while scrolling:          ${ms(median(worstFrame))}, worst ${ms(Math.max(...worstFrame))} [${worstFrame.map((v) => v.toFixed(0)).join(', ')}]`,
  );
}

await main();
