import type { EventName } from '../../src-shared/contract';
import { takeEvents } from './event-stream-parser';

type Listener = (payload: unknown) => void;

/**
 * The browser shell's events: one `GET /bridge-events` stream (server-sent events read through
 * fetch, since EventSource cannot send the token), opened on the first subscription and reopened
 * with a growing pause if it drops.
 */
export function createEventStream(token: string | null) {
  const listeners = new Map<EventName, Set<Listener>>();
  let started = false;

  async function run(pauseMs: number): Promise<void> {
    try {
      const response = await fetch('/bridge-events', { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      pauseMs = 500;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const { events, rest } = takeEvents(buffer + value);
        buffer = rest;
        for (const { name, payload } of events)
          listeners.get(name as EventName)?.forEach((listener) => listener(payload));
      }
    } catch {
      // Dropped or refused: try again below.
    }
    setTimeout(() => void run(Math.min(pauseMs * 2, 15_000)), pauseMs);
  }

  return (name: EventName, listener: Listener): (() => void) => {
    if (!listeners.has(name)) listeners.set(name, new Set());
    listeners.get(name)!.add(listener);
    if (!started && token) {
      started = true;
      void run(500);
    }
    return () => listeners.get(name)?.delete(listener);
  };
}
