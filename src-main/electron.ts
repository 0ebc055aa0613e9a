import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { app, BrowserWindow, dialog, ipcMain, powerMonitor, session } from 'electron';
import { callNames } from '../src-shared/contract';
import { fail } from '../src-shared/result';
import type { SandboxStarter } from './core/embedded-default';
import { defaultDataDir, resolveDataDir } from './core/config';
import { Failure } from './core/failure';
import type { Core, dispatch } from './handlers';
import { appId } from './desktop/app-id';
import { registerAppScheme, serveAppScheme } from './desktop/app-protocol';
import { debugSwitchRefusal } from './desktop/debug-switches';
import { createFocusRequests } from './desktop/focus-requests';
import { createWindow, saveBounds } from './desktop/main-window';
import { allowPermission, isTrustedSender } from './desktop/permissions';
import { createQuitHandler } from './desktop/quit';
import { desktopReadyLine } from './desktop/ready-line';
import { startWatchdog } from './desktop/start-watchdog';
import { chromiumDataDir, currentUser, prepareChromiumDir, realFolder } from './desktop/user-data';
import { installMenu } from './menu';

/**
 * The desktop shell: one locked-down window over the same handler table as the browser shell.
 * Only what the window needs first is imported statically; core (undici, the description parsers)
 * loads after `ready` while the window opens, and the reference service (Fastify, Swagger) once the
 * window shows, so a start reads a fraction of the code before `ready`.
 */

const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url));
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

// Before anything reads the name or `ready` fires: the macOS app menu and default paths use it.
app.setName('Process Console');
// Windows groups the window under the installed shortcut only when the ids match; before any window.
if (process.platform === 'win32') app.setAppUserModelId(appId);
registerAppScheme();
// From the first line: a start that shows no window says why and ends, instead of running unseen.
const watchdog = startWatchdog({
  giveUp: (sentence) => {
    console.error(sentence);
    app.exit(1);
  },
});

/** Core and the handler table, loaded after `ready` (they reach undici and the description parsers). */
interface LoadedCore {
  core: Core;
  dispatch: typeof dispatch;
}

/**
 * The one place IPC is wired: every call of the contract, sender checked, then dispatched. Wired
 * before core has loaded, so a call of the page's first render waits for core instead of failing.
 */
function registerHandlers(loaded: Promise<LoadedCore>): void {
  for (const name of callNames) {
    ipcMain.handle(name, async (event, input: unknown) => {
      if (!isTrustedSender(event.senderFrame))
        return fail('forbidden', 'This window may not call the console.');
      const { core, dispatch } = await loaded;
      return dispatch(core, name, input);
    });
  }
}

/** The reference service, imported on its first start (after the window shows). */
const startSandbox: SandboxStarter = async (options) =>
  (await import('../src-sandbox/server')).startSandbox(options);

/** New windows, navigation and webviews denied for every page; safe to register before `ready`. */
function lockDownContents(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

/** Permissions: the clipboard write of our own page, nothing else. Needs the session (after `ready`). */
function lockDownPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(
      allowPermission({ permission, requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame }),
    ),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    allowPermission({ permission, requestingUrl: requestingOrigin, isMainFrame: details.isMainFrame }),
  );
}

/** Says why on stderr (`npm start` shows its last line) and in a box, then exits 1. */
async function cannotStart(error: unknown): Promise<void> {
  const message = error instanceof Failure ? error.message : String(error);
  console.error(message);
  // Before `ready` the box is only a line on stderr on Linux (Electron's dialog docs), which a
  // console started from the menu never shows: wait for it (the watchdog ends a `ready` that never comes).
  await app.whenReady();
  watchdog.stop();
  dialog.showErrorBox('Process Console cannot start', message);
  app.exit(1);
}

/** Core and the handler table, imported and opened once the app is ready. */
async function loadCore(dataDir: string): Promise<LoadedCore> {
  const [{ createCore }, { dispatch }] = await Promise.all([
    import('./core/create-core'),
    import('./handlers'),
  ]);
  const core = await createCore({
    shell: 'electron',
    resolvedDataDir: dataDir,
    documentWorker: { workerUrl: new URL('./document-worker.js', import.meta.url) },
    startSandbox,
    // PAC files, WPAD and the OS bypass list, as Chromium reads them for the window.
    systemProxy: {
      resolve: (url) => session.defaultSession.resolveProxy(url),
      source: "this computer's proxy settings",
    },
    chooseSavePath: async (suggestedName) => {
      const window = BrowserWindow.getFocusedWindow();
      const options = { defaultPath: suggestedName };
      const choice = window
        ? await dialog.showSaveDialog(window, options)
        : await dialog.showSaveDialog(options);
      return choice.canceled || !choice.filePath ? null : choice.filePath;
    },
  });
  return { core, dispatch };
}

async function main(): Promise<void> {
  const refusal = debugSwitchRefusal(app.isPackaged, (name) => app.commandLine.hasSwitch(name));
  if (refusal) throw new Failure('forbidden', refusal);
  const args = parseArgs({
    args: process.argv.slice(app.isPackaged ? 1 : 2),
    options: { data: { type: 'string' } },
    strict: false,
  });
  // Once, here: Chromium's folder depends on it; core gets it as it is.
  const dataDir = resolveDataDir(args.values.data);
  // Chromium's files apart from ours, before `ready` and before the lock (which lives there).
  const chromiumDir = chromiumDataDir({
    appData: app.getPath('appData'),
    temp: app.getPath('temp'),
    dataDir: realFolder(dataDir),
    defaultDataDir: realFolder(defaultDataDir()),
    user: currentUser(),
  });
  prepareChromiumDir(chromiumDir);
  app.setPath('userData', chromiumDir.path);
  app.setPath('sessionData', chromiumDir.path);
  // Single instance first: a second launch during start-up is remembered, not lost.
  if (!app.requestSingleInstanceLock()) {
    watchdog.stop();
    return app.quit();
  }
  const focus = createFocusRequests();
  app.on('second-instance', () => focus.request());
  lockDownContents();

  await app.whenReady();
  watchdog.reached('loading the window');
  serveAppScheme(rendererDir);
  lockDownPermissions();
  // The window's page loads while main imports and opens core; its first calls wait for core.
  const loading = loadCore(dataDir);
  registerHandlers(loading);
  let window: BrowserWindow | null = null;
  let shown: () => void = () => undefined;
  const firstShown = new Promise<void>((resolve) => (shown = resolve));
  const windowOptions = {
    dataDir,
    preloadPath,
    onReady: (next: BrowserWindow) => {
      focus.attach(next);
      watchdog.stop();
      shown();
    },
    // Hidden for ever otherwise, and `npm start` waiting for the ready line.
    onFailedBeforeReady: (sentence: string) => {
      watchdog.stop();
      console.error(sentence);
      dialog.showErrorBox('Process Console cannot start', sentence);
      app.exit(1);
    },
  };
  window = createWindow(windowOptions);
  void firstShown.then(() => console.log(desktopReadyLine));
  const openIfNone = () => {
    if (BrowserWindow.getAllWindows().length > 0) return false;
    window = createWindow(windowOptions);
    return true;
  };
  focus.setOpener(openIfNone);
  app.on('activate', () => void openIfNone());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Log-out, restart or shutdown (Linux, macOS): quit now, without holding the session up.
  let sessionEnding = false;
  powerMonitor.on('shutdown', () => {
    sessionEnding = true;
    app.quit();
  });
  const saveWindow = () => {
    if (window) saveBounds(dataDir, window);
  };
  app.on(
    'before-quit',
    createQuitHandler({
      close: async () => {
        saveWindow();
        await (await loading).core.close();
      },
      closeNow: saveWindow,
      sessionEnding: () => sessionEnding,
      exit: () => app.exit(0),
    }),
  );

  const { core } = await loading;
  // The document worker starts with the console, so opening a large document does not wait for it.
  core.documents.start();
  // Before the reference service starts, so the window misses none of its start.
  core.events.subscribe((name, payload) => {
    if (window && !window.isDestroyed()) window.webContents.send(`event:${name}`, payload);
  });
  installMenu(core, () => (window && !window.isDestroyed() ? window : null));
  // In the background, as the probe may wait on a keychain prompt.
  void import('./core/keychain-probe').then(async ({ missingKeychainLine }) => {
    const line = missingKeychainLine(await core.keychain());
    if (line) console.error(line);
  });
  // After the window shows (it may wait on a keychain prompt, which the window says: sandbox.changed).
  await firstShown;
  core.embedded.start().then(
    () => {
      const embedded = core.embedded.status();
      if (embedded.state === 'failed') console.error(embedded.message);
    },
    (error: unknown) => console.error('The local reference service could not start:', error),
  );
}

main().catch(cannotStart);
