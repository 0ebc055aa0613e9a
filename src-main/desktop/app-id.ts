/**
 * The console's application id: electron-builder's `appId` (electron-builder.config.cjs, kept equal
 * by a unit test) and, on Windows, the AppUserModelID that groups the window in the taskbar under
 * the installed shortcut and lets notifications name the app.
 */
export const appId = 'org.processconsole.desktop';
