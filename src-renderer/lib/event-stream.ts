import type { EventName } from '../../src-shared/contract';
import { noteAccess, useBridgeAccess } from './console-token';
import { takeEvents } from './event-stream-parser';

type Listener = (payload: unknown) => void;

/**
 * The browser shell's events: one `GET /bridge-events` stream (server-sent events read through
 * fetch, since EventSource cannot send the token), opened on the first subscription and reopened
 * with a growing pause if it drops. A refused token stops it until a new token arrives: asking
 * again with the same one cannot succeed.
 */
export function createEventStream(token: () => string | null) {
  const listeners = new Map<EventName, Set<Listener>>();
  let running = false;

  async function run(pauseMs: number): Promise<void> {
    const presented = token();
    if (!presented) return void (running = false);
    try {
      const response = await fetch('/bridge-events', { headers: { Authorization: `Bearer ${presented}` } });
      if (response.status === 401 || response.status === 403) {
        noteAccess('refused', presented);
        return void (running = false);
      }
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
      // Dropped: try again below.
    }
    setTimeout(() => void run(Math.min(pauseMs * 2, 15_000)), pauseMs);
  }

  function start() {
    if (running || listeners.size === 0) return;
    running = true;
    void run(500);
  }
  useBridgeAccess.subscribe((state, previous) => {
    if (state.tokenGeneration !== previous.tokenGeneration) start();
  });

  return (name: EventName, listener: Listener): (() => void) => {
    if (!listeners.has(name)) listeners.set(name, new Set());
    listeners.get(name)!.add(listener);
    start();
    return () => listeners.get(name)?.delete(listener);
  };
}
