import { callNames, type Api, type CallName } from './contract';
import type { Result } from './result';

/** Carries one call to main and brings its result back (IPC in Electron, HTTP in the browser). */
export type Transport = (name: CallName, input: unknown) => Promise<Result<unknown>>;

/** Builds `window.api` from the contract over a transport, so both shells expose the same thing. */
export function createApi(transport: Transport): Api {
  const api: Record<string, Record<string, (input?: unknown) => Promise<Result<unknown>>>> = {};
  for (const name of callNames) {
    const [domain, verb] = name.split('.') as [string, string];
    api[domain] ??= {};
    api[domain][verb] = (input?: unknown) => transport(name, input ?? {});
  }
  return api as unknown as Api;
}
