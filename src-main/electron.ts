import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { app, BrowserWindow, dialog, ipcMain, powerMonitor, session } from 'electron';
import { callNames } from '../src-shared/contract';
import { fail } from '../src-shared/result';
import { defaultDataDir, resolveDataDir } from './core/config';
import { createCore } from './core/create-core';
import { missingKeychainLine } from './core/keychain-probe';
import { Failure } from './core/failure';
import { startSandbox } from '../src-sandbox/server';
import { dispatch, type Core } from './handlers';
import { registerAppScheme, serveAppScheme } from './desktop/app-protocol';
import { debugSwitchRefusal } from './desktop/debug-switches';
import { createFocusRequests } from './desktop/focus-requests';
import { createWindow, saveBounds } from './desktop/main-window';
import { allowPermission, isTrustedSender } from './desktop/permissions';
import { createQuitHandler } from './desktop/quit';
import { desktopReadyLine } from './desktop/ready-line';
import { chromiumDataDir, currentUser, prepareChromiumDir, realFolder } from './desktop/user-data';
import { installMenu } from './menu';

/** The desktop shell: one locked-down window over the same handler table as the browser shell. */

const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url));
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

// Before anything reads the name or `ready` fires: the macOS app menu and default paths use it.
app.setName('Process Console');
registerAppScheme();

/** The one place IPC is wired: every call of the contract, sender checked, then dispatched. */
function registerHandlers(core: Core): void {
  for (const name of callNames) {
    ipcMain.handle(name, (event, input: unknown) => {
      if (!isTrustedSender(event.senderFrame))
        return fail('forbidden', 'This window may not call the console.');
      return dispatch(core, name, input);
    });
  }
}

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

function cannotStart(error: unknown): void {
  const message = error instanceof Failure ? error.message : String(error);
  // On stderr too: `npm start` shows its last line, and on Linux before `ready` the box is only that.
  console.error(message);
  dialog.showErrorBox('Process Console cannot start', message);
  app.exit(1);
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
  if (!app.requestSingleInstanceLock()) return app.quit();
  const focus = createFocusRequests();
  app.on('second-instance', () => focus.request());
  lockDownContents();

  await app.whenReady();
  serveAppScheme(rendererDir);
  lockDownPermissions();
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
  // The document worker starts with the console, so opening a large document does not wait for it.
  core.documents.start();
  registerHandlers(core);
  let readyOnce = false;
  const windowOptions = {
    dataDir,
    preloadPath,
    onReady: (window: BrowserWindow) => {
      focus.attach(window);
      if (!readyOnce) console.log(desktopReadyLine);
      readyOnce = true;
    },
    // Hidden for ever otherwise, and `npm start` waiting for the ready line.
    onFailedBeforeReady: (sentence: string) => {
      console.error(sentence);
      app.exit(1);
    },
  };
  // Events first, so the window misses none of the embedded service's start.
  let window: BrowserWindow | null = null;
  core.events.subscribe((name, payload) => {
    if (window && !window.isDestroyed()) window.webContents.send(`event:${name}`, payload);
  });
  window = createWindow(windowOptions);
  installMenu(core, () => (window && !window.isDestroyed() ? window : null));
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
        await core.close();
      },
      closeNow: saveWindow,
      sessionEnding: () => sessionEnding,
      exit: () => app.exit(0),
    }),
  );
  // In the background, as the probe may wait on a keychain prompt.
  void core.keychain().then((keychain) => {
    const line = missingKeychainLine(keychain);
    if (line) console.error(line);
  });
  // In the background: it may wait on a keychain prompt, which the window now says (sandbox.changed).
  core.embedded.start().then(
    () => {
      const embedded = core.embedded.status();
      if (embedded.state === 'failed') console.error(embedded.message);
    },
    (error: unknown) => console.error('The local reference service could not start:', error),
  );
}

main().catch(cannotStart);
