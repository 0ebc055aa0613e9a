import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

/**
 * The desktop window's security settings, kept apart from electron.ts so a unit test can prove
 * them without an Electron binary (Electron's security checklist, items 2 to 5 and 20).
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

/** Options for the console's one window. */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Process Console',
    webPreferences: secureWebPreferences(preloadPath),
  };
}
