import { contextBridge, ipcRenderer } from 'electron';
import { createApi } from '../src-shared/bridge';
import type { Result } from '../src-shared/result';

/**
 * Exposes `window.api`: one named function per contract call and nothing else (no ipcRenderer,
 * no generic invoke). The Electron event never crosses into the page.
 */
const api = createApi((name, input) => ipcRenderer.invoke(name, input) as Promise<Result<unknown>>);
contextBridge.exposeInMainWorld('api', api);
