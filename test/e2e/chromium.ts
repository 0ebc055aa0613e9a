import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, never a downloaded browser. Playwright gives each launch a fresh profile
 * folder; the flags keep a root, headless, offline machine quiet and sandbox-free.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromiumSandbox: false,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
