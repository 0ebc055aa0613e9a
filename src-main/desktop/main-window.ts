import { BrowserWindow, screen } from 'electron';
import { mainWindowOptions } from '../window-options';
import { isOnScreen, loadWindowBounds, saveWindowBounds } from '../window-state';
import { appIndexUrl } from './app-url';
import { loadUrlFailure, windowFailureSentence, type WindowFailure } from './window-failure';

/** What {@link createWindow} needs from the shell. */
export interface MainWindowOptions {
  dataDir: string;
  preloadPath: string;
  /** Called each time the page is ready and the window shown. */
  onReady: (window: BrowserWindow) => void;
  /** Called once, with a sentence, when the page fails before it was ever shown (the window stays hidden). */
  onFailedBeforeReady: (sentence: string) => void;
}

/** The console's window on app://console, where it was last time if that is still on a screen. */
export function createWindow({
  dataDir,
  preloadPath,
  onReady,
  onFailedBeforeReady,
}: MainWindowOptions): BrowserWindow {
  const saved = loadWindowBounds(dataDir);
  const displays = screen.getAllDisplays().map((display) => display.workArea);
  const visible = saved && isOnScreen(saved, displays);
  const window = new BrowserWindow({
    ...mainWindowOptions(preloadPath),
    ...(visible ? { x: saved.x, y: saved.y, width: saved.width, height: saved.height } : {}),
  });
  let settled = false;
  const failed = (failure: WindowFailure) => {
    const sentence = windowFailureSentence(failure);
    if (settled || sentence === null) return;
    settled = true;
    onFailedBeforeReady(sentence);
  };
  window.once('ready-to-show', () => {
    if (settled) return;
    settled = true;
    if (visible && saved.maximized) window.maximize();
    window.show();
    onReady(window);
  });
  window.webContents.on('render-process-gone', (_event, details) =>
    failed({ kind: 'gone', reason: details.reason, exitCode: details.exitCode }),
  );
  window.webContents.on('did-fail-load', (_event, errorCode, description, url, isMainFrame) =>
    failed({ kind: 'load', errorCode, description, url, isMainFrame }),
  );
  window.on('close', () => saveBounds(dataDir, window));
  // Windows ends the session without `before-quit`: keep the window's place while it can.
  window.on('session-end', () => saveBounds(dataDir, window));
  window.loadURL(appIndexUrl).catch((error: unknown) => failed(loadUrlFailure(error, appIndexUrl)));
  return window;
}

/** Remembers the window's size and place for the next start (quitting via app.exit skips `close`). */
export function saveBounds(dataDir: string, window: BrowserWindow): void {
  if (!window.isDestroyed())
    saveWindowBounds(dataDir, { ...window.getNormalBounds(), maximized: window.isMaximized() });
}
