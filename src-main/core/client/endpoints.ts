import { documentIdFromPath, endpointFor as endpointIn, fillPath } from '../../../src-shared/process-paths';
import type { Endpoint, Operation, Profile } from '../../../src-shared/profile';
import { Failure } from '../failure';

/** A request target resolved from a profile's endpoint map. */
export interface ResolvedEndpoint {
  method: Endpoint['method'];
  /** Absolute URL on the profile's own origin. */
  url: URL;
  /** Path (and query) as logged: ids included, never credentials. */
  path: string;
}

/** The endpoint of an operation: the profile's override, else API.md's default. */
export function endpointFor(profile: Profile, operation: Operation): Endpoint {
  return endpointIn(profile.endpoints, operation);
}

/**
 * Builds the URL of `operation` for `profile`, filling `{placeholders}` with `params`.
 * Each value is percent-encoded as one path segment, so an id cannot add segments or a query.
 */
export function resolveEndpoint(
  profile: Profile,
  operation: Operation,
  params: Record<string, string> = {},
): ResolvedEndpoint {
  const endpoint = endpointFor(profile, operation);
  const path = fillPath(endpoint.path, params, (name, value) => {
    if (value === undefined || value.trim() === '') {
      throw new Failure(
        'invalid_input',
        `The ${describePlaceholder(name)} is empty; enter one and try again.`,
      );
    }
    // URL parsers resolve "." and ".." (even percent-encoded) as path steps, not as values.
    if (/^(\.|%2e){1,2}$/i.test(value.trim())) {
      throw new Failure('invalid_input', `"${value.trim()}" is not a valid ${describePlaceholder(name)}.`);
    }
  });
  // The base URL may carry a path prefix (https://host/tenant-a), so join as strings, not with
  // `new URL(path, base)`, which would drop the prefix.
  const url = new URL(profile.baseUrl + path);
  return { method: endpoint.method, url, path: url.pathname + url.search };
}

/** Human words for a placeholder name: `processId` -> `process id`. */
export function describePlaceholder(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * Finds a document id in a link such as `/open-api/documents/<id>` (or an absolute URL on the
 * profile's origin), by matching the tail of the profile's getDocument endpoint. Links to any
 * other origin are refused: following them would send the profile's credentials elsewhere.
 */
export function documentIdFromHref(profile: Profile, href: string): string {
  const base = new URL(profile.baseUrl);
  let target: URL;
  try {
    target = new URL(href.trim(), base.origin);
  } catch {
    throw new Failure('invalid_input', `The document link "${href}" is not a valid address.`);
  }
  if (target.origin !== base.origin) {
    throw new Failure(
      'invalid_input',
      `The document link points to ${target.origin}, not to ${base.origin} of profile "${profile.name}"; ` +
        "the console sends credentials only to the profile's own address, so it will not open it.",
    );
  }
  const template = endpointFor(profile, 'getDocument').path;
  const id = documentIdFromPath(target.pathname, template);
  if (!id) {
    throw new Failure(
      'invalid_input',
      `The document link "${href}" does not match the documents endpoint ${template} of profile "${profile.name}".`,
    );
  }
  return id;
}
