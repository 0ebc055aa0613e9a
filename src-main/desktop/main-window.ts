import { BrowserWindow, screen } from 'electron';
import { mainWindowOptions } from '../window-options';
import { isOnScreen, loadWindowBounds, saveWindowBounds } from '../window-state';
import { appIndexUrl } from './app-url';
import { loadUrlFailure, windowFailureSentence, type WindowFailure } from './window-failure';
import { revealWhenReady } from './window-reveal';

/** What {@link createWindow} needs from the shell. */
export interface MainWindowOptions {
  dataDir: string;
  preloadPath: string;
  /** Called each time a new window is shown. */
  onReady: (window: BrowserWindow) => void;
  /** Called once, with a sentence, when the page fails before it ever loaded (shown or not). */
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
  // Until the page has loaded once, a failure ends the start: hidden, or shown blank by the timer.
  let settled = false;
  const failed = (failure: WindowFailure) => {
    const sentence = windowFailureSentence(failure);
    if (settled || sentence === null) return;
    settled = true;
    onFailedBeforeReady(sentence);
  };
  window.webContents.once('did-finish-load', () => {
    settled = true;
  });
  revealWhenReady(window, {
    beforeShow: () => {
      if (visible && saved.maximized) window.maximize();
    },
    onShown: () => onReady(window),
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

/**
 * Remembers the window's size and place for the next start (quitting via app.exit skips `close`).
 * Never throws: it runs in window events, where an exception is Electron's error box, and a full
 * disk or a read-only folder should cost only the place of the next window.
 */
export function saveBounds(dataDir: string, window: BrowserWindow): void {
  try {
    if (!window.isDestroyed())
      saveWindowBounds(dataDir, { ...window.getNormalBounds(), maximized: window.isMaximized() });
  } catch (error) {
    console.error(`The window's size and place were not saved: ${(error as Error).message ?? error}`);
  }
}
