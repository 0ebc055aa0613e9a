import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { app, BrowserWindow, dialog, ipcMain, session } from 'electron';
import { callNames } from '../src-shared/contract';
import { fail } from '../src-shared/result';
import { defaultDataDir, resolveDataDir } from './core/config';
import { createCore } from './core/create-core';
import { Failure } from './core/failure';
import { startSandbox } from '../src-sandbox/server';
import { dispatch, type Core } from './handlers';
import { registerAppScheme, serveAppScheme } from './desktop/app-protocol';
import { createFocusRequests } from './desktop/focus-requests';
import { createWindow, saveBounds } from './desktop/main-window';
import { allowPermission, isTrustedSender } from './desktop/permissions';
import { createQuitHandler } from './desktop/quit';
import { desktopReadyLine } from './desktop/ready-line';
import { chromiumDataDir } from './desktop/user-data';
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
  dialog.showErrorBox(
    'Process Console cannot start',
    error instanceof Failure ? error.message : String(error),
  );
  app.exit(1);
}

async function main(): Promise<void> {
  const args = parseArgs({
    args: process.argv.slice(app.isPackaged ? 1 : 2),
    options: { data: { type: 'string' } },
    strict: false,
  });
  let dataDir: string;
  try {
    dataDir = resolveDataDir(args.values.data as string | undefined);
  } catch (error) {
    return cannotStart(error);
  }
  // Chromium's files apart from ours, before `ready` and before the lock (which lives there).
  const chromiumDir = chromiumDataDir({
    appData: app.getPath('appData'),
    temp: app.getPath('temp'),
    dataDir,
    defaultDataDir: defaultDataDir(),
  });
  app.setPath('userData', chromiumDir);
  app.setPath('sessionData', chromiumDir);
  // Single instance first: a second launch during the slow start below is remembered, not lost.
  if (!app.requestSingleInstanceLock()) return app.quit();
  const focus = createFocusRequests();
  app.on('second-instance', () => focus.request());
  lockDownContents();

  await app.whenReady();
  serveAppScheme(rendererDir);
  lockDownPermissions();
  let core: Core;
  try {
    core = await createCore({
      shell: 'electron',
      dataDir,
      documentWorker: { workerUrl: new URL('./document-worker.js', import.meta.url) },
      startSandbox,
      chooseSavePath: async (suggestedName) => {
        const window = BrowserWindow.getFocusedWindow();
        const options = { defaultPath: suggestedName };
        const choice = window
          ? await dialog.showSaveDialog(window, options)
          : await dialog.showSaveDialog(options);
        return choice.canceled || !choice.filePath ? null : choice.filePath;
      },
    });
    await core.embedded.start();
  } catch (error) {
    return cannotStart(error);
  }
  registerHandlers(core);
  let readyOnce = false;
  const onReady = (window: BrowserWindow) => {
    focus.attach(window);
    if (!readyOnce) console.log(desktopReadyLine);
    readyOnce = true;
  };
  let window = createWindow({ dataDir, preloadPath, onReady });
  installMenu(core, () => (window.isDestroyed() ? null : window));
  core.events.subscribe((name, payload) => {
    if (!window.isDestroyed()) window.webContents.send(`event:${name}`, payload);
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) window = createWindow({ dataDir, preloadPath, onReady });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  const live = core;
  app.on(
    'before-quit',
    createQuitHandler({
      close: async () => {
        saveBounds(dataDir, window);
        await live.close();
      },
      exit: () => app.exit(0),
    }),
  );
}

void main();
