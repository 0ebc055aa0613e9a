import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createApi } from '../src-shared/bridge';
import type { Result } from '../src-shared/result';

/**
 * Exposes `window.api`: one named function per contract call and one subscription per event, and
 * nothing else (no ipcRenderer, no generic invoke). The Electron event never crosses into the page.
 */
const api = createApi(
  (name, input) => ipcRenderer.invoke(name, input) as Promise<Result<unknown>>,
  (name, listener) => {
    const channel = `event:${name}`;
    const relay = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, relay);
    return () => ipcRenderer.removeListener(channel, relay);
  },
);
contextBridge.exposeInMainWorld('api', api);
