import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Arch, build, Platform, type Configuration } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linuxIconPath, linuxSizes } from '../../../scripts/icon-files.mjs';

const config = createRequire(import.meta.url)('../../../electron-builder.config.cjs') as Configuration;
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {
  desktopName: string;
  homepage: string;
};

/** What electron-builder's Linux targets computed, read before it would run their tools. */
interface LinuxTargets {
  appImage: { desktop: string; desktopFileName: string };
  deb: { fpmArgs: string[]; desktop: string; afterInstall: string; appArmorProfile: string };
}

/**
 * Runs electron-builder's own AppImage and deb targets on this configuration, up to the moment
 * each would call its tool (the AppImage runtime, fpm): both are downloads this machine cannot
 * make. `prepackaged` skips Electron's download too, so the app folder is a stand-in; what the
 * targets compute from the configuration (desktop entries, file names, icons, install scripts,
 * the AppArmor profile) is electron-builder's real work.
 */
async function dryRunLinuxTargets(workDir: string): Promise<LinuxTargets> {
  const appDir = join(workDir, 'linux-unpacked');
  mkdirSync(join(appDir, 'resources'), { recursive: true });
  writeFileSync(join(appDir, 'process-console'), '#!/bin/sh\n');
  chmodSync(join(appDir, 'process-console'), 0o755);
  const seen: Partial<LinuxTargets> = {};
  await build({
    projectDir: process.cwd(),
    targets: Platform.LINUX.createTarget(['AppImage', 'deb'], Arch.x64),
    config: { ...config, directories: { ...config.directories, output: join(workDir, 'release') } },
    prepackaged: appDir,
    publish: 'never',
    effectiveOptionComputed: async (computed: unknown) => {
      if (Array.isArray(computed)) {
        // The deb: fpm's arguments and the .desktop file it would install, read now because
        // electron-builder removes its temporary files when the build ends.
        const [fpmArgs, desktopFile] = computed as [string[], string];
        const afterInstall = fpmArgs[fpmArgs.indexOf('--after-install') + 1]!;
        seen.deb = {
          fpmArgs,
          desktop: readFileSync(desktopFile, 'utf8'),
          afterInstall: readFileSync(afterInstall, 'utf8'),
          appArmorProfile: readFileSync(join(appDir, 'resources/apparmor-profile'), 'utf8'),
        };
      } else seen.appImage = computed as LinuxTargets['appImage'];
      return true; // stop here: do not fetch or run the tool
    },
  });
  if (!seen.appImage || !seen.deb) throw new Error('electron-builder did not reach both Linux targets');
  return seen as LinuxTargets;
}

/** A .desktop file's `[Desktop Entry]` keys. */
function desktopEntry(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('Linux installers, as electron-builder computes them from this configuration', () => {
  let workDir = '';
  let targets: LinuxTargets;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'linux-installers-'));
    targets = await dryRunLinuxTargets(workDir);
  }, 120_000);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('build the AppImage on the static runtime, which needs no libfuse2 and keeps the sandbox on', () => {
    // The FUSE 2 toolset's launcher is `AppRun --no-sandbox %U`, on every machine.
    expect(desktopEntry(targets.appImage.desktop).Exec).toBe('AppRun %U');
  });

  it('name the .desktop file and the window class after the app id, as Electron names the window', () => {
    expect(targets.appImage.desktopFileName).toBe(packageJson.desktopName);
    expect(targets.deb.fpmArgs.at(-1)).toMatch(
      new RegExp(`=/usr/share/applications/${packageJson.desktopName}$`),
    );
    for (const desktop of [targets.appImage.desktop, targets.deb.desktop])
      expect(desktopEntry(desktop)).toMatchObject({
        Name: 'Process Console',
        Icon: 'process-console',
        StartupWMClass: config.appId,
      });
  });

  it('install the console’s own icon at every size of the set', () => {
    const installed = targets.deb.fpmArgs.filter((arg) => arg.includes('=/usr/share/icons/'));
    expect(installed).toEqual(
      linuxSizes.map(
        (size) =>
          `${join(process.cwd(), linuxIconPath(size))}=/usr/share/icons/hicolor/${size}x${size}/apps/process-console.png`,
      ),
    );
  });

  it('give the deb an AppArmor profile that lets Chromium’s sandbox start on Ubuntu 24.04', () => {
    // Ubuntu 24.04 refuses unprivileged user namespaces to programs without a profile granting
    // them; the deb's after-install script puts this one in /etc/apparmor.d and loads it.
    expect(targets.deb.appArmorProfile).toMatch(
      /profile "process-console" "\/opt\/Process Console\/process-console" flags=\(unconfined\) \{\s*userns,/,
    );
    expect(targets.deb.afterInstall).toContain("APPARMOR_PROFILE_TARGET='/etc/apparmor.d/process-console'");
    expect(targets.deb.afterInstall).toContain('apparmor_parser --replace');
  });

  it('give the deb the project homepage fpm requires, and install the app under /opt', () => {
    const { fpmArgs } = targets.deb;
    expect(fpmArgs[fpmArgs.indexOf('--url') + 1]).toBe(packageJson.homepage);
    expect(fpmArgs).toContain(`${join(workDir, 'linux-unpacked')}/=/opt/Process Console`);
  });
});
