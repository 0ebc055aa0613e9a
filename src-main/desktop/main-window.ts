import { BrowserWindow, screen } from 'electron';
import { mainWindowOptions } from '../window-options';
import { isOnScreen, loadWindowBounds, saveWindowBounds } from '../window-state';
import { appIndexUrl } from './app-url';

/** What {@link createWindow} needs from the shell. */
export interface MainWindowOptions {
  dataDir: string;
  preloadPath: string;
  /** Called each time the page is ready and the window shown. */
  onReady: (window: BrowserWindow) => void;
}

/** The console's window on app://console, where it was last time if that is still on a screen. */
export function createWindow({ dataDir, preloadPath, onReady }: MainWindowOptions): BrowserWindow {
  const saved = loadWindowBounds(dataDir);
  const displays = screen.getAllDisplays().map((display) => display.workArea);
  const visible = saved && isOnScreen(saved, displays);
  const window = new BrowserWindow({
    ...mainWindowOptions(preloadPath),
    ...(visible ? { x: saved.x, y: saved.y, width: saved.width, height: saved.height } : {}),
  });
  window.once('ready-to-show', () => {
    if (visible && saved.maximized) window.maximize();
    window.show();
    onReady(window);
  });
  window.on('close', () => saveBounds(dataDir, window));
  void window.loadURL(appIndexUrl);
  return window;
}

/** Remembers the window's size and place for the next start (quitting via app.exit skips `close`). */
export function saveBounds(dataDir: string, window: BrowserWindow): void {
  if (!window.isDestroyed())
    saveWindowBounds(dataDir, { ...window.getNormalBounds(), maximized: window.isMaximized() });
}
