/**
 * Shows a window created hidden. `ready-to-show` shows it without a white flash, but on Wayland,
 * which Electron 38+ uses natively (Ubuntu 24.04, Fedora), that event often never fires for a
 * hidden window (https://github.com/electron/electron/issues/48859): then the page's
 * `did-finish-load` shows it, and when neither comes a timer does, so the window always appears.
 * Free of Electron so a unit test can drive it with a fake window.
 */

/** The part of a BrowserWindow this needs. */
export interface RevealableWindow {
  once(event: 'ready-to-show', listener: () => void): unknown;
  isDestroyed(): boolean;
  show(): void;
  webContents: { once(event: 'did-finish-load', listener: () => void): unknown };
}

/** What showed the window. */
export type RevealTrigger = 'ready-to-show' | 'did-finish-load' | 'timer';

/** How long a window may stay hidden when neither event comes. */
export const revealFallbackMs = 2_000;

/** Options for {@link revealWhenReady}. */
export interface RevealOptions {
  /** Called just before the first show (restoring a maximised window). */
  beforeShow?: () => void;
  /** Called once, after the window was shown. */
  onShown: (trigger: RevealTrigger) => void;
  fallbackMs?: number;
}

/** Shows the window once: on `ready-to-show`, else on `did-finish-load`, else after the fallback. */
export function revealWhenReady(window: RevealableWindow, options: RevealOptions): void {
  let shown = false;
  const reveal = (trigger: RevealTrigger) => {
    clearTimeout(timer);
    if (shown || window.isDestroyed()) return;
    shown = true;
    options.beforeShow?.();
    window.show();
    options.onShown(trigger);
  };
  const timer = setTimeout(() => reveal('timer'), options.fallbackMs ?? revealFallbackMs);
  window.once('ready-to-show', () => reveal('ready-to-show'));
  window.webContents.once('did-finish-load', () => reveal('did-finish-load'));
}
