import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { app, BrowserWindow, dialog, ipcMain, session, type WebFrameMain } from 'electron';
import { callNames } from '../src-shared/contract';
import { fail } from '../src-shared/result';
import { createCore } from './core/create-core';
import { Failure } from './core/failure';
import { dispatch, type Core } from './handlers';
import { mainWindowOptions } from './window-options';

/** The desktop shell: one locked-down window over the same handler table as the browser shell. */

const rendererIndex = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
const rendererUrl = pathToFileURL(rendererIndex).href;
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

/** Only our own page, in its top frame, may call main. */
function isTrustedSender(frame: WebFrameMain | null): boolean {
  return frame !== null && frame.parent === null && frame.url.split('#')[0] === rendererUrl;
}

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

function lockDown(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(preloadPath));
  window.once('ready-to-show', () => window.show());
  void window.loadFile(rendererIndex);
  return window;
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const args = parseArgs({
    args: process.argv.slice(app.isPackaged ? 1 : 2),
    options: { data: { type: 'string' } },
    strict: false,
  });
  await app.whenReady();
  let core: Core;
  try {
    core = await createCore({ shell: 'electron', dataDir: args.values.data as string | undefined });
  } catch (error) {
    dialog.showErrorBox(
      'Process Console cannot start',
      error instanceof Failure ? error.message : String(error),
    );
    app.exit(1);
    return;
  }
  lockDown();
  registerHandlers(core);
  let window = createWindow();
  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) window = createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

void main();
