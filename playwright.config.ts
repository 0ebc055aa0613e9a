import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/e2e/chromium';

/** End-to-end tests drive Debian's Chromium (never a downloaded browser) through the browser shell. */
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
  },
});
