import type { Profile } from '../../../src-shared/profile';
import { Failure } from '../failure';
import { fetchText, type DescriptionTransport, type FetchedText } from './fetch-text';
import { parseDescription, type ParsedDescription } from './parse-description';

/** Where tenants usually publish the description, tried after what `/swagger` names. */
export const commonLocations = [
  '/swagger/v1/swagger.json',
  '/swagger/openapi.json',
  '/swagger/json',
  '/swagger.json',
  '/openapi.json',
  '/swagger/v1/swagger.yaml',
  '/openapi.yaml',
  '/v3/api-docs',
  '/v2/api-docs',
  '/api-docs',
];

/** A description found and read, with where it was. */
export interface LocatedDescription extends ParsedDescription {
  url: string;
}

/**
 * Finds the tenant's description: `{base}/swagger` first, following what its page or Swagger
 * UI's initializer names, then the common locations. A URL on another origin is refused (the
 * console talks to the profile's origin only). A description found but unreadable ends the
 * search with its sentence; an HTML page where a description was expected is remembered and
 * reported only when nothing better turns up.
 */
export async function locateDescription(
  profile: Profile,
  transport: DescriptionTransport,
  signal: AbortSignal,
): Promise<LocatedDescription> {
  const base = new URL(profile.baseUrl);
  const under = (path: string) => new URL(profile.baseUrl + path);
  const tried = new Set<string>();
  let remembered: Failure | null = null;
  const get = (url: URL) => followRedirects(profile, transport, url, signal);

  const named: URL[] = [];
  const page = await get(under('/swagger'));
  tried.add(page.url.href);
  if (isSuccess(page.status)) {
    if (looksLikeHtml(page)) {
      const html = page.bytes.toString('utf8');
      named.push(...namedUrls(html, page.url));
      for (const script of initializerScripts(html, page.url)) {
        if (script.origin !== base.origin) continue;
        const found = await get(script).catch(() => null);
        if (found && isSuccess(found.status))
          named.push(...namedUrls(found.bytes.toString('utf8'), page.url));
      }
    } else {
      return { url: page.url.href, ...(await parseDescription(page.bytes, page.contentType, page.url.href)) };
    }
  }
  for (const url of dedupe(named)) {
    if (url.origin !== base.origin) {
      remembered ??= new Failure(
        'bad_response',
        `The API description page names ${url.href}, on another origin than ${base.origin}; the console reads descriptions only from the profile's own address.`,
      );
      continue;
    }
    if (tried.has(url.href)) continue;
    tried.add(url.href);
    const found = await get(url);
    if (!isSuccess(found.status)) continue;
    return {
      url: found.url.href,
      ...(await parseDescription(found.bytes, found.contentType, found.url.href)),
    };
  }
  for (const path of commonLocations) {
    const url = under(path);
    if (tried.has(url.href)) continue;
    tried.add(url.href);
    const found = await get(url);
    if (!isSuccess(found.status)) continue;
    try {
      return {
        url: found.url.href,
        ...(await parseDescription(found.bytes, found.contentType, found.url.href)),
      };
    } catch (error) {
      // A page answering every path (a web app's fallback) is not the end of the search.
      if (!(error instanceof Failure) || !looksLikeHtml(found)) throw error;
      remembered ??= error;
    }
  }
  throw (
    remembered ??
    new Failure(
      'not_found',
      `No API description was found at ${profile.baseUrl}/swagger or the usual places (${commonLocations.join(', ')}). Check the base URL, or ask the tenant's administrator where it is published.`,
    )
  );
}

/** Follows up to three redirects on the same origin. */
async function followRedirects(
  profile: Profile,
  transport: DescriptionTransport,
  start: URL,
  signal: AbortSignal,
): Promise<FetchedText> {
  let url = start;
  for (let hop = 0; ; hop += 1) {
    const answer = await fetchText(profile, transport, url, signal);
    if (answer.status < 300 || answer.status >= 400 || !answer.location || hop >= 3) return answer;
    const next = new URL(answer.location, url);
    if (next.origin !== url.origin) {
      throw new Failure(
        'bad_response',
        `${url.href} redirects to ${next.origin}, another origin than the profile's; the console does not follow it.`,
      );
    }
    url = next;
  }
}

/** URLs a Swagger UI page or initializer names: `url: "..."`, `"url":"..."`, links to .json/.yaml. */
export function namedUrls(text: string, page: URL): URL[] {
  const found: string[] = [];
  for (const match of text.matchAll(
    /\\?["']?\burls?\\?["']?\s*:\s*(?:resolveUrl\(\s*)?\\?["'`]([^"'`\\\s]+)\\?["'`]/gi,
  ))
    found.push(match[1]!);
  for (const match of text.matchAll(/(?:href|src)\s*=\s*["']([^"']+\.(?:json|ya?ml))["']/gi))
    found.push(match[1]!);
  const slashed = new URL(page.href.endsWith('/') ? page.href : `${page.href}/`);
  return found
    .filter((value) => !/\.(html?|js|css|png|ico)$/i.test(value))
    .flatMap((value) => {
      try {
        // Swagger UI pages differ on what a relative URL is relative to: try both readings.
        return [new URL(value, page), new URL(value, slashed)];
      } catch {
        return [];
      }
    });
}

function initializerScripts(html: string, page: URL): URL[] {
  const scripts = [...html.matchAll(/<script[^>]+src\s*=\s*["']([^"']*initializer[^"']*\.js)["']/gi)];
  return scripts.flatMap((match) => {
    const slashed = new URL(page.href.endsWith('/') ? page.href : `${page.href}/`);
    return [new URL(match[1]!, page), new URL(match[1]!, slashed)];
  });
}

function dedupe(urls: URL[]): URL[] {
  const seen = new Set<string>();
  return urls.filter((url) => !seen.has(url.href) && seen.add(url.href));
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function looksLikeHtml(answer: FetchedText): boolean {
  return (
    answer.contentType.includes('html') ||
    answer.bytes.subarray(0, 200).toString('utf8').trimStart().startsWith('<')
  );
}
