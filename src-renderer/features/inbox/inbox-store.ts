import { create } from 'zustand';
import type { DeliveryStatus, DeliverySummary } from '../../../src-shared/inbox';
import { api } from '../../lib/api';
import { fromResult, type Remote } from '../../lib/remote';

interface InboxState {
  deliveries: Remote<DeliverySummary[]>;
  filter: DeliveryStatus | 'all';
  load(): Promise<void>;
  setFilter(filter: DeliveryStatus | 'all'): void;
  /** A delivery the receiver announced: new ones go on top, changed ones are replaced. */
  received(delivery: DeliverySummary): void;
}

/** Deliveries, newest first, kept live by the receiver's events. */
export const useInbox = create<InboxState>()((set, get) => ({
  deliveries: { status: 'idle' },
  filter: 'all',
  async load() {
    const filter = get().filter;
    const result = await api.inbox.list(filter === 'all' ? { limit: 500 } : { status: filter, limit: 500 });
    if (get().filter === filter) set({ deliveries: fromResult(result) });
  },
  setFilter(filter) {
    set({ filter });
    void get().load();
  },
  received(delivery) {
    const { deliveries, filter } = get();
    if (deliveries.status !== 'ready') return;
    const others = deliveries.value.filter((other) => other.id !== delivery.id);
    const keep = filter === 'all' || delivery.status === filter;
    const next = keep
      ? [delivery, ...others].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))
      : others;
    set({ deliveries: { status: 'ready', value: next } });
  },
}));
