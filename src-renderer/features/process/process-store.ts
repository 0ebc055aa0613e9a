import { create } from 'zustand';
import type { Process } from '../../../src-shared/api';
import { api } from '../../lib/api';
import { isGuid } from '../../lib/format';
import { useNavigation } from '../../lib/navigation';
import { fromResult, type Remote } from '../../lib/remote';

interface ProcessState {
  /** What the user typed, and for which profile, so a late answer for another lookup is dropped. */
  key: string | null;
  process: Remote<Process>;
  load(profileId: string, lookup: string): Promise<void>;
  /** Puts a process the service just returned (after a change) in place without a reload. */
  replace(process: Process): void;
}

/** The open process: looked up by id when the text is a GUID, else by external reference. */
export const useProcess = create<ProcessState>()((set, get) => ({
  key: null,
  process: { status: 'idle' },
  async load(profileId, lookup) {
    const key = `${profileId}|${lookup}`;
    const current = get();
    const previous =
      current.key === key && current.process.status === 'ready' ? current.process.value : undefined;
    set({ key, process: { status: 'loading', previous } });
    const result = isGuid(lookup)
      ? await api.processes.get({ profileId, processId: lookup.trim() })
      : await api.processes.getByReference({ profileId, externalReference: lookup.trim() });
    if (get().key !== key) return;
    // Marks for the UI benchmark: data in hand here, painted in ProcessScreen.
    performance.mark('process-data');
    set({ process: fromResult(result) });
    if (result.ok) useNavigation.getState().historyChanged();
  },
  replace(process) {
    set((state) =>
      state.process.status === 'ready' || state.process.status === 'loading'
        ? { process: { status: 'ready', value: process } }
        : state,
    );
  },
}));
