import { create } from 'zustand';
import type { AppInfo } from '../../src-shared/contract';
import type { CallError } from '../../src-shared/result';
import { api } from '../lib/api';

type AppInfoState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; info: AppInfo }
  | { status: 'error'; error: CallError };

interface AppInfoStore {
  state: AppInfoState;
  load(): Promise<void>;
}

/** The console's own facts (version, shell, data folder), loaded once at start-up. */
export const useAppInfo = create<AppInfoStore>()((set) => ({
  state: { status: 'idle' },
  async load() {
    set({ state: { status: 'loading' } });
    const result = await api.app.info();
    set({
      state: result.ok ? { status: 'ready', info: result.value } : { status: 'error', error: result.error },
    });
  },
}));
