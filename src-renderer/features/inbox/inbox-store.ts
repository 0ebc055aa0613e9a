import { create } from 'zustand';
import type { DeliveryStatus, DeliverySummary } from '../../../src-shared/inbox';
import { api } from '../../lib/api';
import { fromResult, type Remote } from '../../lib/remote';

interface InboxState {
  deliveries: Remote<DeliverySummary[]>;
  filter: DeliveryStatus | 'all';
  /** The active profile: deliveries belong to it by default. Null lists every profile's. */
  profileId: string | null;
  /** Whether every profile's deliveries are listed, not only the active profile's. */
  allProfiles: boolean;
  load(): Promise<void>;
  setFilter(filter: DeliveryStatus | 'all'): void;
  /** Scopes the list to the active profile (or, with `allProfiles`, to every profile). */
  setScope(profileId: string | null, allProfiles: boolean): void;
  /** A delivery the receiver announced: new ones go on top, changed ones are replaced. */
  received(delivery: DeliverySummary): void;
}

/** Deliveries, newest first, kept live by the receiver's events; the active profile's by default. */
export const useInbox = create<InboxState>()((set, get) => {
  const scopeOf = (state: InboxState) => (state.allProfiles ? null : state.profileId);
  return {
    deliveries: { status: 'idle' },
    filter: 'all',
    profileId: null,
    allProfiles: false,
    async load() {
      const { filter } = get();
      const profileId = scopeOf(get());
      const result = await api.inbox.list({
        limit: 500,
        ...(filter === 'all' ? {} : { status: filter }),
        ...(profileId === null ? {} : { profileId }),
      });
      // An answer for a filter or scope the user has since left is dropped.
      if (get().filter === filter && scopeOf(get()) === profileId) set({ deliveries: fromResult(result) });
    },
    setFilter(filter) {
      set({ filter });
      void get().load();
    },
    setScope(profileId, allProfiles) {
      if (get().profileId === profileId && get().allProfiles === allProfiles) return;
      set({ profileId, allProfiles, deliveries: { status: 'idle' } });
      void get().load();
    },
    received(delivery) {
      const state = get();
      const { deliveries, filter } = state;
      if (deliveries.status !== 'ready') return;
      const others = deliveries.value.filter((other) => other.id !== delivery.id);
      const profileId = scopeOf(state);
      const keep =
        (filter === 'all' || delivery.status === filter) &&
        (profileId === null || delivery.profileId === profileId);
      const next = keep
        ? [delivery, ...others].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))
        : others;
      set({ deliveries: { status: 'ready', value: next } });
    },
  };
});
