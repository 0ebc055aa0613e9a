import type { AuthFinding, AuthSetting } from '../../../src-shared/discovery';
import { authHeadersSchema, defaultAuthHeaders } from '../../../src-shared/profile';
import type { DescriptionDocument } from './described-operations';

/**
 * Reads how the key travels from a description's securitySchemes (OpenAPI 3) or
 * securityDefinitions (Swagger 2.0): API keys in one or two headers, HTTP Basic, bearer, or
 * OAuth2 client credentials (a bearer token from its token URL). Pure.
 */

interface Offer {
  setting: AuthSetting;
  words: string;
  /** A token URL the scheme names (OAuth2 client credentials). */
  tokenUrl?: string;
  /** Why the offer is doubtful: it is then proposed with low confidence. */
  warning?: string;
}

/**
 * The characters tenants use in an API key's header name. HTTP allows more (`` ` ``, `$`, `|`,
 * `'`), and a name with them is valid, but no tenant uses one: it is more likely a description
 * altered to smuggle shell syntax wherever the name is copied, so it is never proposed as sure.
 */
const usualHeaderName = /^[A-Za-z0-9_-]+$/;

/** What the description offers, and which offer to propose for a profile now using `current`. */
export function readAuth(
  document: DescriptionDocument,
  current: AuthSetting,
  baseUrl: string,
  descriptionUrl: string,
): AuthFinding {
  const schemes = record(record(document.components).securitySchemes ?? document.securityDefinitions);
  const offered: string[] = [];
  const reasons: string[] = [];
  const keyHeaders: string[] = [];
  const offers: Offer[] = [];
  for (const [name, raw] of Object.entries(schemes)) {
    const scheme = record(raw);
    const type = String(scheme.type ?? '').toLowerCase();
    const httpScheme = String(scheme.scheme ?? '').toLowerCase();
    if (type === 'apikey') {
      const where = String(scheme.in ?? '');
      offered.push(`API key in ${where || 'an unknown place'} ${String(scheme.name ?? name)} ("${name}")`);
      if (where === 'header' && typeof scheme.name === 'string') keyHeaders.push(scheme.name);
      else
        reasons.push(
          `the API key "${name}" travels in the ${where || 'unknown place'}, which the console cannot send`,
        );
    } else if (type === 'basic' || (type === 'http' && httpScheme === 'basic')) {
      offered.push(`HTTP Basic ("${name}")`);
      offers.push({ setting: { scheme: 'basic', headers: current.headers }, words: 'HTTP Basic' });
    } else if (type === 'http' && httpScheme === 'bearer') {
      offered.push(`bearer token ("${name}")`);
      offers.push({ setting: { scheme: 'bearer', headers: current.headers }, words: 'a bearer token' });
    } else if (type === 'oauth2') {
      const tokenUrl = clientCredentialsTokenUrl(scheme);
      offered.push(
        tokenUrl
          ? `OAuth2 client credentials (token URL ${tokenUrl})`
          : 'OAuth2 (no client-credentials flow)',
      );
      if (tokenUrl) {
        offers.push({
          setting: { scheme: 'bearer', headers: current.headers },
          words: 'OAuth2 client credentials',
          tokenUrl,
        });
      }
    } else {
      offered.push(`${type || 'unknown'} scheme "${name}"`);
    }
  }
  const headers = keyHeaders.length > 0 ? headerOffer(keyHeaders, current, reasons) : null;
  if (headers) offers.unshift(headers);
  const distinct = offers.filter(
    (offer, index) => offers.findIndex((other) => other.setting.scheme === offer.setting.scheme) === index,
  );
  // Keep what the profile uses when the description offers it: a tenant may accept several.
  const pick = distinct.find((offer) => offer.setting.scheme === current.scheme) ?? distinct[0] ?? null;
  const tokenPath = pick?.tokenUrl ? pathOnBase(pick.tokenUrl, baseUrl, descriptionUrl) : null;
  if (pick?.tokenUrl && !tokenPath) {
    reasons.push(
      `its token URL ${pick.tokenUrl} is not under the profile's base URL, so the token endpoint is left as it is`,
    );
  }
  if (!pick) {
    reasons.push('the description names no scheme the console can send');
    return {
      current,
      proposed: null,
      confidence: null,
      reasons,
      warning: null,
      changes: false,
      offered,
      tokenPath: null,
    };
  }
  reasons.unshift(
    distinct.length > 1
      ? `it offers ${distinct.length} ways; ${pick.words} is ${pick.setting.scheme === current.scheme ? 'the one the profile uses' : 'the first'}`
      : `it names ${pick.words}`,
  );
  return {
    current,
    proposed: pick.setting,
    confidence: pick.warning
      ? 'low'
      : distinct.length > 1 && pick.setting.scheme !== current.scheme
        ? 'medium'
        : 'high',
    reasons,
    warning: pick.warning ?? null,
    changes: !sameSetting(current, pick.setting),
    offered,
    tokenPath,
  };
}

/**
 * The headers offer, or null (with the reason) when the names could not be saved in the profile:
 * the profile's own schema judges them, so discovery never proposes what profiles.save refuses.
 */
function headerOffer(found: string[], current: AuthSetting, reasons: string[]): Offer | null {
  // Two schemes may name the same header; names are case-insensitive.
  const names = found.filter(
    (name, index) => found.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === index,
  );
  if (names.length > 2) {
    reasons.push(
      `it also names the API-key header${names.length > 3 ? 's' : ''} ${names.slice(2).join(', ')}, which the console cannot send: it sends a key and at most one secret`,
    );
  }
  const pair = headerPair(names.slice(0, 2), current);
  const parsed = authHeadersSchema.safeParse(pair);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const role = issue.path[0] === 'secret' ? 'secret' : 'key';
      const name = pair[role];
      reasons.push(
        `the header names are left as they are: the description sends the ${role} in ${name}, which ${issue.message}`,
      );
    }
    return null;
  }
  const headers = parsed.data;
  const sent = [headers.key, headers.secret].filter((name) => name !== null);
  return {
    setting: { scheme: 'headers', headers },
    words: `API keys in the headers ${sent.join(' and ')}`,
    warning: unusualNamesWarning(sent),
  };
}

/** The warning for header names with characters beyond {@link usualHeaderName}'s, if any. */
function unusualNamesWarning(names: string[]): string | undefined {
  const unusual = names.filter((name) => !usualHeaderName.test(name));
  if (unusual.length === 0) return undefined;
  const characters = [...new Set(unusual.join('').replace(/[A-Za-z0-9_-]/g, ''))].join(' ');
  return (
    `The description names the API-key header${unusual.length > 1 ? 's' : ''} ${unusual.join(' and ')}, ` +
    `with characters no tenant uses in one (${characters}): check with the tenant before applying it.`
  );
}

/**
 * One or two API-key headers: of two, the one naming a secret is the secret's; one alone is the
 * key's. Names equal to the profile's but for case are kept as they are (case-insensitive).
 */
function headerPair(names: string[], current: AuthSetting): AuthSetting['headers'] {
  const secret = names.length < 2 ? null : (names.find((name) => /secret|password/i.test(name)) ?? names[1]!);
  const key = names.find((name) => name !== secret) ?? names[0]!;
  const keep = (found: string | null, now: string | null) =>
    found !== null && now !== null && found.toLowerCase() === now.toLowerCase() ? now : found;
  const currentHeaders = current.headers ?? defaultAuthHeaders;
  return { key: keep(key, currentHeaders.key)!, secret: keep(secret, currentHeaders.secret) };
}

function clientCredentialsTokenUrl(scheme: Record<string, unknown>): string | null {
  const flows = record(scheme.flows);
  const flow = record(flows.clientCredentials);
  if (typeof flow.tokenUrl === 'string') return flow.tokenUrl;
  // Swagger 2.0 names the client-credentials flow "application".
  if (scheme.flow === 'application' && typeof scheme.tokenUrl === 'string') return scheme.tokenUrl;
  return null;
}

/** The token URL as a path under the base URL; null when it is on another origin or outside it. */
function pathOnBase(tokenUrl: string, baseUrl: string, descriptionUrl: string): string | null {
  try {
    const url = new URL(tokenUrl, descriptionUrl);
    const base = new URL(baseUrl);
    const basePath = base.pathname.replace(/\/+$/, '');
    if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) return null;
    return url.pathname.slice(basePath.length);
  } catch {
    return null;
  }
}

function sameSetting(a: AuthSetting, b: AuthSetting): boolean {
  if (a.scheme !== b.scheme) return false;
  if (a.scheme !== 'headers') return true;
  return a.headers.key === b.headers.key && a.headers.secret === b.headers.secret;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
