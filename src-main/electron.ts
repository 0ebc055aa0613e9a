import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { app, BrowserWindow, dialog, ipcMain, screen, session, type WebFrameMain } from 'electron';
import { callNames } from '../src-shared/contract';
import { fail } from '../src-shared/result';
import { createCore } from './core/create-core';
import { Failure } from './core/failure';
import { startSandbox } from '../src-sandbox/server';
import { dispatch, type Core } from './handlers';
import { installMenu } from './menu';
import { mainWindowOptions } from './window-options';
import { isOnScreen, loadWindowBounds, saveWindowBounds } from './window-state';

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

/** The console's window, where it was last time if that is still on a screen. */
function createWindow(dataDir: string): BrowserWindow {
  const saved = loadWindowBounds(dataDir);
  const visible =
    saved &&
    isOnScreen(
      saved,
      screen.getAllDisplays().map((display) => display.workArea),
    );
  const window = new BrowserWindow({
    ...mainWindowOptions(preloadPath),
    ...(visible ? { x: saved.x, y: saved.y, width: saved.width, height: saved.height } : {}),
  });
  window.once('ready-to-show', () => {
    if (visible && saved.maximized) window.maximize();
    window.show();
  });
  window.on('close', () => {
    saveWindowBounds(dataDir, { ...window.getNormalBounds(), maximized: window.isMaximized() });
  });
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
    core = await createCore({
      shell: 'electron',
      dataDir: args.values.data as string | undefined,
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
    dialog.showErrorBox(
      'Process Console cannot start',
      error instanceof Failure ? error.message : String(error),
    );
    app.exit(1);
    return;
  }
  lockDown();
  registerHandlers(core);
  let window = createWindow(core.config.dataDir);
  installMenu(core, () => (window.isDestroyed() ? null : window));
  core.events.subscribe((name, payload) => {
    if (!window.isDestroyed()) window.webContents.send(`event:${name}`, payload);
  });
  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) window = createWindow(core.config.dataDir);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    void core.close().finally(() => app.quit());
  });
}

void main();
