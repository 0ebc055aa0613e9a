import { dialog, Menu, shell, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import type { Core } from './core/create-core';

/**
 * The application menu: on macOS the app menu (named "Process Console" by app.setName), then File
 * (Save document…, Quit), Edit, View (zoom, reload), Window (minimise, zoom, close; on macOS the
 * window list), Help (About, the reference service's API page). Opening a page in the system
 * browser always asks first.
 */
export function buildMenu(core: Core, window: () => BrowserWindow | null): Menu {
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        {
          label: 'Save document…',
          accelerator: 'CmdOrCtrl+S',
          click: () => core.events.emit('menu.saveDocument', {}),
        },
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      label: 'Help',
      submenu: [
        {
          label: 'About Process Console',
          click: () =>
            void dialog.showMessageBox({
              type: 'info',
              title: 'About Process Console',
              message: `Process Console ${core.version}`,
              detail: `An admin console for the Process Integration API.\nData folder: ${core.config.dataDir}`,
            }),
        },
        {
          label: 'Reference service API page…',
          click: () => void openSwagger(core, window()),
        },
      ],
    },
  ];
  return Menu.buildFromTemplate(template);
}

async function openSwagger(core: Core, window: BrowserWindow | null): Promise<void> {
  const status = core.embedded.status();
  if (!status.url) {
    await dialog.showMessageBox({ type: 'info', message: 'The local reference service is not running.' });
    return;
  }
  const url = new URL('/swagger', status.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
  const options = {
    type: 'question' as const,
    buttons: ['Open in browser', 'Cancel'],
    defaultId: 0,
    cancelId: 1,
    message: `Open ${url.href} in your web browser?`,
  };
  const choice = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  if (choice.response === 0) await shell.openExternal(url.href);
}

/** Installs the menu for the app's life. */
export function installMenu(core: Core, window: () => BrowserWindow | null): void {
  Menu.setApplicationMenu(buildMenu(core, window));
}
