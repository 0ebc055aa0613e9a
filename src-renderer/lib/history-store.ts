import { create } from 'zustand';
import type { ProfileHistory } from '../../src-shared/history';
import { api } from './api';
import { fromResult, type Remote } from './remote';

interface HistoryState {
  profileId: string | null;
  history: Remote<ProfileHistory>;
  load(profileId: string): Promise<void>;
  pin(
    profileId: string,
    processId: string,
    pinned: boolean,
    details: { externalReference?: string; processTypeName?: string },
  ): Promise<void>;
}

/** Recent and pinned processes of the current profile. */
export const useHistory = create<HistoryState>()((set) => ({
  profileId: null,
  history: { status: 'idle' },
  async load(profileId) {
    set((state) => ({
      profileId,
      history:
        state.profileId === profileId && state.history.status === 'ready'
          ? { status: 'loading', previous: state.history.value }
          : { status: 'loading' },
    }));
    const history = fromResult(await api.history.list({ profileId }));
    set((state) => (state.profileId === profileId ? { history } : state));
  },
  async pin(profileId, processId, pinned, details) {
    const history = fromResult(await api.history.pin({ profileId, processId, pinned, ...details }));
    if (history.status === 'ready') set((state) => (state.profileId === profileId ? { history } : state));
  },
}));
