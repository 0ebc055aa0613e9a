/**
 * A second launch asks the running console to come forward. The request can arrive while the
 * first instance is still starting (creating the core) and has no window yet, so it is remembered
 * and honoured when the window is attached. On macOS the app outlives its closed window: then a
 * second launch opens a new one, as clicking the Dock icon (`activate`) does.
 */

/** The part of a BrowserWindow this needs. */
export interface FocusableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/** Focus requests and the window they go to. */
export interface FocusRequests {
  /** A second instance started: focus now, or as soon as there is a window. */
  request(): void;
  /** The window to focus from now on (again after macOS re-creates it). */
  attach(window: FocusableWindow): void;
  /** How to open a window when there is none; returns false when one exists (then it is awaited). */
  setOpener(open: () => boolean): void;
}

/** Builds the store of pending focus requests. */
export function createFocusRequests(): FocusRequests {
  let target: FocusableWindow | null = null;
  let pending = false;
  let opener: (() => boolean) | null = null;
  const focus = (window: FocusableWindow) => {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  return {
    request() {
      if (target && !target.isDestroyed()) focus(target);
      // A new window shows and focuses itself once ready.
      else if (!opener?.()) pending = true;
    },
    attach(window) {
      target = window;
      if (pending) {
        pending = false;
        focus(window);
      }
    },
    setOpener(open) {
      opener = open;
    },
  };
}
