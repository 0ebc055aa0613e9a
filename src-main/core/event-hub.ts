import type { EventName, EventPayload } from '../../src-shared/contract';

/** A listener of every event, as the shells forward them (IPC, or the browser shell's stream). */
export type EventForwarder = (name: EventName, payload: unknown) => void;

/** Where core announces what the renderer should learn without asking (deliveries, menu commands). */
export interface EventHub {
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  /** Returns the unsubscribe. */
  subscribe(forward: EventForwarder): () => void;
}

/** Creates the hub; a forwarder that throws is dropped rather than breaking the others. */
export function createEventHub(): EventHub {
  const forwarders = new Set<EventForwarder>();
  return {
    emit(name, payload) {
      for (const forward of forwarders) {
        try {
          forward(name, payload);
        } catch {
          forwarders.delete(forward);
        }
      }
    },
    subscribe(forward) {
      forwarders.add(forward);
      return () => forwarders.delete(forward);
    },
  };
}
