import { callNames, eventNames, type Api, type CallName, type EventName } from './contract';
import type { Result } from './result';

/** Carries one call to main and brings its result back (IPC in Electron, HTTP in the browser). */
export type Transport = (name: CallName, input: unknown) => Promise<Result<unknown>>;

/** Subscribes to one event main pushes; returns the unsubscribe. */
export type Subscriber = (name: EventName, listener: (payload: unknown) => void) => () => void;

/** Builds `window.api` from the contract over a transport, so both shells expose the same thing. */
export function createApi(transport: Transport, subscribe: Subscriber): Api {
  const api: Record<string, Record<string, unknown>> = {};
  for (const name of callNames) {
    const [domain, verb] = name.split('.') as [string, string];
    api[domain] ??= {};
    api[domain][verb] = (input?: unknown) => transport(name, input ?? {});
  }
  for (const name of eventNames) {
    const [domain, verb] = name.split('.') as [string, string];
    api[domain] ??= {};
    api[domain][`on${verb[0]!.toUpperCase()}${verb.slice(1)}`] = (listener: (payload: unknown) => void) =>
      subscribe(name, listener);
  }
  return api as unknown as Api;
}
