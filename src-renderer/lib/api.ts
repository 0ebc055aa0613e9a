import type { Api } from '../../src-shared/contract';
import { createApi } from '../../src-shared/bridge';
import type { Result } from '../../src-shared/result';
import { consoleToken, noteAccess, takeTokenFromPage } from './console-token';
import { createEventStream } from './event-stream';

declare global {
  interface Window {
    /** Present in the desktop shell, exposed by the preload. */
    api?: Api;
  }
}

/**
 * The browser shell's transport: `POST /bridge/<call>` with the start token. The token arrives in
 * the URL fragment and is kept for the tab (src-renderer/lib/console-token.ts); each call presents
 * the latest, so a token pasted later serves the calls after it.
 */
function webTransport(): (name: string, input: unknown) => Promise<Result<unknown>> {
  return async (name, input) => {
    const token = consoleToken();
    if (!token) {
      noteAccess('missing', token);
      return {
        ok: false,
        error: {
          code: 'unauthorized',
          message: 'Open the console with the last launch URL it printed.',
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
    // 403: a page the shell does not serve (another host or origin); its answer says which.
    if (response.status === 403) {
      noteAccess('refused', token);
      return (await response.json()) as Result<unknown>;
    }
    if (response.status === 401) {
      noteAccess('refused', token);
      return {
        ok: false,
        error: {
          code: 'unauthorized',
          message: 'The console refused this page’s token; open the last URL it printed.',
        },
      };
    }
    noteAccess('granted', token);
    return (await response.json()) as Result<unknown>;
  };
}

/** `window.api` in the desktop shell, or the same contract over HTTP in the browser shell. */
export const api: Api = window.api ?? webApi();

function webApi(): Api {
  takeTokenFromPage();
  return createApi(webTransport(), createEventStream(consoleToken));
}
