// @ts-check
/**
 * Installers for Process Console (electron-builder 26): deb (recommended) and AppImage on Linux,
 * NSIS on Windows, a signed, notarized dmg on macOS. `npm run dist` builds the console, then this
 * packs it; each installer is made on its own OS (see the README's "Build an installer").
 * Unit tests (test/unit/packaging/) pin what matters here, and run electron-builder's Linux
 * targets up to the point where they would call their tools.
 */

/**
 * Electron fuses, flipped in the packaged binary before it is signed, so the OS signature check
 * keeps them flipped. electron-builder applies them itself (`electronFuses`, documented at
 * https://www.electron.build/tutorials/adding-electron-fuses); this is their one list.
 * @type {import('electron-builder').Configuration['electronFuses']}
 */
const electronFuses = {
  // No ELECTRON_RUN_AS_NODE: the signed app cannot be used as a general-purpose Node. The console
  // never forks with it (the reference service and the XML worker run in-process).
  runAsNode: false,
  // NODE_OPTIONS and NODE_EXTRA_CA_CERTS ignored: a profile names its CA file in the console.
  enableNodeOptionsEnvironmentVariable: false,
  // No --inspect or SIGUSR1 debugger into the process that holds API keys.
  enableNodeCliInspectArguments: false,
  // app.asar checked against the hash electron-builder embeds (macOS and Windows).
  enableEmbeddedAsarIntegrityValidation: true,
  // Only app.asar is loaded, never a loose `app/` folder put beside it.
  onlyLoadAppFromAsar: true,
  // Chromium's cookie store encrypted with the OS key; the console keeps no cookies it needs
  // across a change of this fuse, so turning it on now costs nothing.
  enableCookieEncryption: true,
  // The window loads from app://console (src-main/desktop/app-protocol.ts), never file://, so
  // file:// pages need none of the extra powers Electron once gave them.
  grantFileProtocolExtraPrivileges: false,
};

/** @type {import('electron-builder').Configuration} */
const config = {
  // One identity on every OS: package.json's desktopName is `${appId}.desktop` (the Linux app_id),
  // and the Windows AppUserModelID set at start is this appId.
  appId: 'org.processconsole.desktop',
  productName: 'Process Console',
  directories: { output: 'release', buildResources: 'build' },

  // The built console only: electron-vite bundles src-*/ (the reference service's seed data is a
  // module inside out/main, not a file read at run time). electron-builder adds package.json and
  // the production node_modules itself; tests, sources and fixtures stay out.
  files: ['out/**', 'package.json'],
  asar: true,
  // A native addon is loaded by the OS from a real file, not from inside the archive. Only the
  // addon: the keychain binding's JavaScript stays in app.asar, under the archive's integrity check (Electron
  // finds the unpacked .node beside the archive by itself).
  asarUnpack: ['**/*.node'],
  // Every addon is N-API (test/unit/packaging/native-addon-gate-build.test.ts), so the binary npm
  // installed for this OS and architecture loads in Electron as it is; no rebuild, no compiler.
  npmRebuild: false,
  electronFuses,

  // The AppImage on the static type2 runtime (libfuse linked in) instead of the FUSE 2 one that
  // electron-builder 26 defaults to, which does not start where libfuse2 is not installed: Ubuntu
  // 22.04 and later, Debian 13, Fedora. 1.0.2 fails to build on recent glibc
  // (https://github.com/electron-userland/electron-builder/issues/9598). The static runtime also
  // stops the launcher's `--no-sandbox`: the AppImage falls back to it only where the kernel
  // refuses unprivileged user namespaces (Ubuntu 23.10 and later, by AppArmor), which the deb
  // avoids by installing an AppArmor profile for the app (electron-builder's after-install script).
  toolsets: { appimage: '1.0.3' },

  linux: {
    target: ['AppImage', 'deb'],
    category: 'Utility',
    maintainer: 'Process Console maintainers <maintainers@processconsole.org>',
    synopsis: 'Admin console for the Process Integration API',
    // Electron gives the window package.json's desktopName as its Wayland app_id and X11
    // WM_CLASS; this names the installed .desktop file after it too (StartupWMClass already
    // is), so GNOME and KDE tie the window to its launcher and icon.
    // https://github.com/electron-userland/electron-builder/issues/9103
    syncDesktopName: true,
    // Rendered from build/icon.svg by scripts/make-icons.mjs, like the .ico and .icns below.
    icon: 'build/icons',
  },

  win: { target: ['nsis'], icon: 'build/icon.ico' },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },

  mac: {
    target: ['dmg'],
    icon: 'build/icon.icns',
    category: 'public.app-category.developer-tools',
    hardenedRuntime: true,
    entitlements: 'build/entitlements.mac.plist',
    // Helpers (renderer, GPU) get the same list instead of electron-builder's broader template.
    entitlementsInherit: 'build/entitlements.mac.plist',
    // Built-in notarization (notarytool through @electron/notarize), credentials from the
    // environment: APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_ID +
    // APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID, or APPLE_KEYCHAIN_PROFILE (+ APPLE_KEYCHAIN).
    // With none set, electron-builder logs "skipped macOS notarization" and goes on.
    notarize: true,
  },
};

module.exports = config;
