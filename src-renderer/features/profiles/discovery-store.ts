import { create } from 'zustand';
import type { DiscoveryResult } from '../../../src-shared/discovery';
import { api } from '../../lib/api';
import { fromResult, type Remote } from '../../lib/remote';

interface DiscoveryState {
  /** The discovery under review, per profile; idle when none is. */
  byProfile: Record<string, Remote<DiscoveryResult>>;
  /** Reads the tenant's description (from the panel's button, or after a 404 connection test). */
  read(profileId: string): Promise<void>;
  /** Closes the review: after Apply or Cancel. */
  close(profileId: string): void;
}

/** Discoveries in progress or under review, so any part of the profile page can start one. */
export const useDiscovery = create<DiscoveryState>()((set) => ({
  byProfile: {},
  async read(profileId) {
    set((state) => ({ byProfile: { ...state.byProfile, [profileId]: { status: 'loading' } } }));
    const result = fromResult(await api.profiles.discover({ profileId }));
    set((state) => ({ byProfile: { ...state.byProfile, [profileId]: result } }));
  },
  close(profileId) {
    set((state) => ({ byProfile: { ...state.byProfile, [profileId]: { status: 'idle' } } }));
  },
}));
