import type { Dispatcher } from 'undici';
import type { Profile } from '../../../src-shared/profile';
import { classifyTransportError } from '../client/classify';
import { Failure } from '../failure';

/** The largest description read: bigger ones end in a sentence, never in memory use. */
export const maxDescriptionBytes = 10 * 1024 * 1024;

/** How the description is fetched: the profile's own dispatcher and, when asked, its auth headers. */
export interface DescriptionTransport {
  dispatcher: Dispatcher;
  authHeaders(): Promise<Record<string, string>>;
}

/** One answer, read up to {@link maxDescriptionBytes}. */
export interface FetchedText {
  url: URL;
  status: number;
  contentType: string;
  bytes: Buffer;
  /** Set for 3xx answers. */
  location: string | null;
}

/**
 * GETs `url` on the profile's origin, without credentials first; on 401 or 403 once more with
 * them (only a description that demands them gets them). Redirects are returned, not followed.
 * The body is streamed with a byte cap, so a 20 MiB answer stops at 10 MiB.
 */
export async function fetchText(
  profile: Profile,
  transport: DescriptionTransport,
  url: URL,
  signal: AbortSignal,
): Promise<FetchedText> {
  const first = await getOnce(profile, transport, url, {}, signal);
  if (first.status !== 401 && first.status !== 403) return first;
  return getOnce(profile, transport, url, await transport.authHeaders(), signal);
}

async function getOnce(
  profile: Profile,
  transport: DescriptionTransport,
  url: URL,
  auth: Record<string, string>,
  signal: AbortSignal,
): Promise<FetchedText> {
  try {
    const response = await transport.dispatcher.request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: 'GET',
      headers: {
        accept: 'application/json, application/yaml, text/yaml, text/html;q=0.5, */*;q=0.1',
        ...auth,
      },
      signal,
    });
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value.join(', ') : (value ?? '');
    };
    const declared = Number(header('content-length'));
    if (declared > maxDescriptionBytes) {
      response.body.destroy();
      throw tooLarge(url, declared);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxDescriptionBytes) {
        response.body.destroy();
        throw tooLarge(url, null);
      }
      chunks.push(chunk);
    }
    return {
      url,
      status: response.statusCode,
      contentType: header('content-type').toLowerCase(),
      bytes: Buffer.concat(chunks),
      location: header('location') || null,
    };
  } catch (error) {
    if (error instanceof Failure) throw error;
    throw classifyTransportError(error, {
      profile,
      sent: true,
      deadlineFired: signal.aborted,
      cancelled: false,
    });
  }
}

function tooLarge(url: URL, declared: number | null): Failure {
  const size = declared === null ? 'more than 10 MiB' : `${(declared / 1024 / 1024).toFixed(1)} MiB`;
  return new Failure(
    'bad_response',
    `The description at ${url.href} is ${size}; the console reads descriptions of up to 10 MiB. Ask the tenant's administrator for a smaller one.`,
  );
}
