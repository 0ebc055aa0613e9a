import { subscribe } from 'node:diagnostics_channel';
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { loadedFiles } from './load-recorder';

/**
 * A stand-in for the `electron` module, for running the built main bundle in plain Node where no
 * Electron binary can be had. It records every call in order and reports it to the test over the
 * child-process channel; the test drives it from there (`ready`, app:// requests, IPC calls, quit).
 * Its windows never emit `ready-to-show`, as on Wayland (electron#48859): they load their page
 * through the registered app:// handler and emit `did-finish-load` (or `did-fail-load`).
 * Esbuild bundles this file into the test's production tree as `node_modules/electron`.
 */

/** A message from the stand-in to the test. */
export type StandInReport =
  | { type: 'call'; name: string; args: unknown[] }
  | { type: 'loaded'; stage: 'static' | 'ready'; files: string[] }
  | { type: 'reply'; id: number; value: unknown };

/** A message from the test to the stand-in. */
export type StandInCommand =
  | { type: 'ready' }
  | { type: 'fetch'; id: number; url: string; method?: string }
  | {
      type: 'invoke';
      id: number;
      name: string;
      input: unknown;
      frame: { origin: string; parent: null | object };
    }
  | { type: 'quit' };

function send(report: StandInReport): void {
  process.send?.(report);
}

/** Functions become their kind, so every call can travel as JSON. */
function plain(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) => (typeof item === 'function' ? '[function]' : item)) ??
      'null',
  );
}

let staticReported = false;
function record(name: string, ...args: unknown[]): void {
  // The first call runs in the entry's body: every static import is loaded by then.
  if (!staticReported) {
    staticReported = true;
    send({ type: 'loaded', stage: 'static', files: loadedFiles() });
  }
  send({ type: 'call', name, args: args.map(plain) });
}

const home = process.env.STAND_IN_HOME ?? process.cwd();
let isReady = false;
let quitting = false;

class App extends EventEmitter {
  isPackaged = process.env.STAND_IN_PACKAGED === '1';
  commandLine = { hasSwitch: (name: string) => (record('app.commandLine.hasSwitch', name), false) };
  private readyWaiters: (() => void)[] = [];
  setName(name: string) {
    record('app.setName', name);
  }
  setAppUserModelId(id: string) {
    record('app.setAppUserModelId', id);
  }
  getPath(name: string) {
    record('app.getPath', name);
    return join(home, name);
  }
  setPath(name: string, path: string) {
    record('app.setPath', name, path);
  }
  requestSingleInstanceLock() {
    record('app.requestSingleInstanceLock');
    return process.env.STAND_IN_LOCKED !== '1';
  }
  isReady() {
    return isReady;
  }
  whenReady() {
    record('app.whenReady');
    return isReady ? Promise.resolve() : new Promise<void>((resolve) => this.readyWaiters.push(resolve));
  }
  emitReady() {
    send({ type: 'loaded', stage: 'ready', files: loadedFiles() });
    isReady = true;
    this.emit('ready');
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }
  quit() {
    record('app.quit');
    if (quitting) return;
    quitting = true;
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    quitting = false;
    if (!prevented) process.exit(0);
  }
  exit(code = 0) {
    record('app.exit', code);
    process.exit(code);
  }
  getVersion() {
    return '45.0.0-stand-in';
  }
}

export const app = new App();

type ProtocolHandler = (request: Request) => Response | Promise<Response>;
const schemes = new Map<string, ProtocolHandler>();

export const protocol = {
  registerSchemesAsPrivileged(schemesToRegister: unknown) {
    record('protocol.registerSchemesAsPrivileged', schemesToRegister);
  },
  handle(scheme: string, handler: ProtocolHandler) {
    record('protocol.handle', scheme);
    schemes.set(scheme, handler);
  },
};

/** What the page would get for a URL of a registered scheme. */
async function fetchThroughScheme(url: string, method = 'GET') {
  const handler = schemes.get(new URL(url).protocol.slice(0, -1));
  if (!handler) return { status: 0, headers: {}, body: '' };
  const response = await handler(new Request(url, { method }));
  const body = await response.text();
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: body.slice(0, 200),
    length: body.length,
  };
}

class WebContents extends EventEmitter {
  send(channel: string, payload: unknown) {
    record('webContents.send', channel, payload);
  }
  setWindowOpenHandler(handler: unknown) {
    record('webContents.setWindowOpenHandler', handler);
  }
}

const windows: BrowserWindow[] = [];

export class BrowserWindow extends EventEmitter {
  readonly webContents = new WebContents();
  private destroyed = false;
  private visible = false;
  private maximized = false;
  static getAllWindows() {
    return windows.filter((window) => !window.isDestroyed());
  }
  static getFocusedWindow() {
    return null;
  }
  constructor(options: unknown) {
    super();
    record('new BrowserWindow', options);
    windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  async loadURL(url: string) {
    record('BrowserWindow.loadURL', url);
    const answer = await fetchThroughScheme(url);
    if (answer.status !== 200) {
      this.webContents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', url, true);
      throw Object.assign(new Error(`ERR_FILE_NOT_FOUND (-6) loading '${url}'`), { errno: -6, url });
    }
    // Never `ready-to-show`: the window must be shown without it.
    this.webContents.emit('did-finish-load');
  }
  show() {
    record('BrowserWindow.show');
    this.visible = true;
  }
  isVisible() {
    return this.visible;
  }
  maximize() {
    this.maximized = true;
  }
  isMaximized() {
    return this.maximized;
  }
  isMinimized() {
    return false;
  }
  restore() {}
  focus() {}
  isDestroyed() {
    return this.destroyed;
  }
  getNormalBounds() {
    return { x: 10, y: 10, width: 1280, height: 800 };
  }
}

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

type IpcHandler = (event: { senderFrame: unknown }, input: unknown) => unknown;
const ipcHandlers = new Map<string, IpcHandler>();

export const ipcMain = {
  handle(name: string, handler: IpcHandler) {
    record('ipcMain.handle', name);
    ipcHandlers.set(name, handler);
  },
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: (handler: unknown) => record('session.setPermissionRequestHandler', handler),
    setPermissionCheckHandler: (handler: unknown) => record('session.setPermissionCheckHandler', handler),
  },
};

export const dialog = {
  showErrorBox(title: string, content: string) {
    record('dialog.showErrorBox', title, content);
  },
  showSaveDialog: async () => ({ canceled: true }),
  showMessageBox: async () => ({ response: 1 }),
};

export const powerMonitor = new EventEmitter();

export const Menu = {
  buildFromTemplate: (template: unknown) => ({ template }),
  setApplicationMenu: (menu: unknown) => record('Menu.setApplicationMenu', menu === null ? null : 'menu'),
};

export const shell = {
  openExternal: async (url: string) => record('shell.openExternal', url),
};

// The console's only worker at start is the document worker: say when a worker thread is running.
subscribe('worker_threads', (message) => {
  const { worker } = message as { worker: EventEmitter & { threadId: number } };
  worker.once('online', () => send({ type: 'call', name: 'worker online', args: [worker.threadId] }));
});

process.on('message', (command: StandInCommand) => {
  if (command.type === 'ready') app.emitReady();
  if (command.type === 'quit') app.quit();
  if (command.type === 'fetch')
    void fetchThroughScheme(command.url, command.method).then(
      (value) => send({ type: 'reply', id: command.id, value }),
      (error: unknown) => send({ type: 'reply', id: command.id, value: { thrown: String(error) } }),
    );
  if (command.type === 'invoke') {
    const handler = ipcHandlers.get(command.name);
    void Promise.resolve(
      handler ? handler({ senderFrame: command.frame }, command.input) : 'no handler',
    ).then(
      (value) => send({ type: 'reply', id: command.id, value: plain(value) }),
      (error: unknown) => send({ type: 'reply', id: command.id, value: { thrown: String(error) } }),
    );
  }
});
