import type { Api } from '../../src-shared/contract';
import { createApi } from '../../src-shared/bridge';
import type { Result } from '../../src-shared/result';
import { createEventStream } from './event-stream';

declare global {
  interface Window {
    /** Present in the desktop shell, exposed by the preload. */
    api?: Api;
  }
}

/**
 * The browser shell's transport: `POST /bridge/<call>` with the start token. The token arrives in
 * the URL fragment, is kept in memory only and removed from the address bar at once.
 */
function webTransport(token: string | null): (name: string, input: unknown) => Promise<Result<unknown>> {
  return async (name, input) => {
    if (!token) {
      return {
        ok: false,
        error: {
          code: 'unauthorized',
          message: 'Open the console with the URL it printed at start-up (it carries a token).',
        },
      };
    }
    let response: Response;
    try {
      response = await fetch(`/bridge/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
    } catch {
      return {
        ok: false,
        error: { code: 'network', message: 'The console process is not answering; is it still running?' },
      };
    }
    if (response.status === 401) {
      return {
        ok: false,
        error: {
          code: 'unauthorized',
          message: 'The console refused this page’s token; open the URL it printed at start-up.',
        },
      };
    }
    return (await response.json()) as Result<unknown>;
  };
}

/** `window.api` in the desktop shell, or the same contract over HTTP in the browser shell. */
export const api: Api = window.api ?? webApi();

function webApi(): Api {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (token) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return createApi(webTransport(token), createEventStream(token));
}
