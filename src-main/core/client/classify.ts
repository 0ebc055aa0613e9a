import type { Profile } from '../../../src-shared/profile';
import { ClientFailure } from './client-failure';
import type { ProxyFailure } from './proxy-tunnel';

/** What a classifier needs to write a sentence a person can act on. */
export interface ExchangeContext {
  profile: Profile;
  /** Whether the whole request had been handed to the socket when it failed. */
  sent: boolean;
  /** The overall deadline of the call fired. */
  deadlineFired: boolean;
  /** The caller cancelled. */
  cancelled: boolean;
}

const timeoutCodes = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const tlsCodes = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

/** The codes of a certificate that no trusted root vouches for (its issuer is then named). */
export const untrustedCertificateCodes: ReadonlySet<string> = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
]);

/**
 * Turns an undici or socket error into a ClientFailure, by `error.code` (STYLE rule 7), never
 * by message text. Marks it ambiguous when the request had been fully sent.
 */
export function classifyTransportError(error: unknown, context: ExchangeContext): ClientFailure {
  const code = errorCode(error);
  const origin = new URL(context.profile.baseUrl).origin;
  const where = `profile "${context.profile.name}"`;
  const ambiguous = context.sent;
  const proxy = proxyFailure(error);
  if (proxy) return proxyMessage(proxy, origin, where);
  if (context.cancelled && !context.deadlineFired) {
    return new ClientFailure('cancelled', 'The request was cancelled.', {}, { ambiguous });
  }
  if (context.deadlineFired || code === 'AbortError' || code === 'TimeoutError' || timeoutCodes.has(code)) {
    const stage =
      code === 'UND_ERR_CONNECT_TIMEOUT'
        ? `could not be reached within ${seconds(context.profile.timeouts.connectMs)} (connect timeout)`
        : code === 'UND_ERR_HEADERS_TIMEOUT'
          ? `did not start answering within ${seconds(context.profile.timeouts.headersMs)}`
          : code === 'UND_ERR_BODY_TIMEOUT'
            ? `stopped sending its answer for ${seconds(context.profile.timeouts.bodyIdleMs)}`
            : `did not answer within ${seconds(context.profile.timeouts.overallMs)} (the call's deadline)`;
    return new ClientFailure(
      'timeout',
      `The service at ${origin} ${stage}. Try again; if it keeps happening, check the network or raise the timeouts of ${where}.`,
      { retryable: true },
      { ambiguous },
    );
  }
  if (
    tlsCodes.has(code) ||
    code.startsWith('CERT_') ||
    code.startsWith('ERR_SSL_') ||
    code.startsWith('ERR_TLS_')
  ) {
    const message = tlsMessage(code, origin, where, issuerOf(error));
    return new ClientFailure('tls', message, {}, { ambiguous: false });
  }
  if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
    return new ClientFailure(
      'bad_response',
      `The service's answer is larger than 32 MiB, so the console stopped reading it. Check the base URL of ${where}.`,
      {},
      { ambiguous },
    );
  }
  if (networkCodes.has(code))
    return new ClientFailure(
      'network',
      networkMessage(code, origin, where),
      { retryable: true },
      { ambiguous },
    );
  // Unknown codes are still network trouble from the user's point of view; the code helps support.
  return new ClientFailure(
    'network',
    `The connection to ${origin} failed (${code || 'no error code'}). Check the network and the base URL of ${where}.`,
    { retryable: true },
    { ambiguous },
  );
}

function networkMessage(code: string, origin: string, where: string): string {
  const host = new URL(origin).hostname;
  switch (code) {
    case 'ECONNREFUSED':
      return `Nothing is answering at ${origin} (connection refused). Check that the service is running and the base URL of ${where}.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host name ${host} could not be found (${code}). Check the base URL of ${where} and the network.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
      return `${host} cannot be reached from this computer (${code}). Check the network, VPN or proxy settings of ${where}.`;
    default:
      return `The connection to ${origin} was closed before the answer arrived (${code}). Try again; if it keeps happening, check the network or proxy settings of ${where}.`;
  }
}

function tlsMessage(code: string, origin: string, where: string, issuer: string | null): string {
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') {
    return `The certificate of ${origin} is for a different host name (${code}). Check the base URL of ${where}.`;
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return `The certificate of ${origin} is not valid now (${code}). Tell the service's administrators, or check this computer's clock.`;
  }
  if (code.startsWith('ERR_SSL_')) {
    return `A secure connection to ${origin} could not be set up (${code}). Check that the base URL of ${where} uses the right scheme (https or http) and port.`;
  }
  if (issuer) {
    return (
      `The certificate of ${origin} is not trusted (${code}): it was issued under ${issuer}, a ` +
      `certificate authority this computer does not trust. If your network inspects TLS (a proxy or ` +
      `firewall that signs sites itself), install that authority's root certificate in the ` +
      `operating system's trust store; or, for a private service or this profile only, set its ` +
      `CA file (PEM) in ${where}. The console never turns certificate checks off.`
    );
  }
  return (
    `The certificate of ${origin} is not trusted (${code}). If the service uses a private certificate authority, ` +
    `set its CA file (PEM) in ${where}; the console never turns certificate checks off.`
  );
}

/**
 * A proxy on the way failed (proxy-tunnel.ts): before anything reached the service, so never
 * ambiguous. Each sentence names the proxy, where it came from, and what to do.
 */
function proxyMessage(failure: ProxyFailure, origin: string, where: string): ClientFailure {
  const { proxy, source, status, schemes = [], credentialsSent, reason } = failure.facts;
  const named = `The proxy ${proxy} (named by ${source})`;
  const host = new URL(origin).hostname;
  switch (failure.code) {
    case 'PROXY_AUTH_REQUIRED': {
      const offered = schemes.length > 0 ? schemes.join(', ') : 'no scheme named';
      if (schemes.some((scheme) => scheme.toLowerCase() === 'basic')) {
        const message = credentialsSent
          ? `${named} refused the user name and password stored for it (407). Set them again under "Proxy sign-in" in ${where}.`
          : `${named} asks for a user name and password (Basic) before it lets requests to ${host} through. Set them under "Proxy sign-in" in ${where}; they are kept in the keychain for that proxy only.`;
        return new ClientFailure('unauthorized', message, { status: 407 });
      }
      return new ClientFailure(
        'unauthorized',
        `${named} asks for Windows sign-in (407, ${offered}), which the console cannot give. ` +
          `Ask your IT team to let ${host} through that proxy without sign-in, or for a proxy ` +
          `that takes a user name and password (Basic), and set that one in ${where}.`,
        { status: 407 },
      );
    }
    case 'PROXY_REFUSED':
      return new ClientFailure(
        status === 403 ? 'forbidden' : 'network',
        `${named} would not open a connection to ${origin} (HTTP ${status}). ` +
          `Ask your IT team whether ${host} is allowed through it, or check the proxy settings of ${where}.`,
        { status, retryable: status !== 403 },
      );
    case 'PROXY_UNREACHABLE':
      return new ClientFailure(
        'network',
        `${named} cannot be reached (${reason}). Check the network, and the proxy settings of ${where}.`,
        { retryable: true },
      );
    case 'PROXY_UNSUPPORTED':
      return new ClientFailure(
        'network',
        `${source[0]!.toUpperCase()}${source.slice(1)} send ${origin} through ${proxy}, which the console ` +
          `cannot use: it speaks to HTTP and HTTPS proxies only. Ask your IT team for an HTTP proxy, ` +
          `or set one (or no proxy) in ${where}.`,
      );
    case 'PROXY_UNRESOLVED':
      return new ClientFailure(
        'network',
        `The console could not learn the proxy for ${origin} from ${source} (${reason}). Set a proxy, ` +
          `or no proxy, in ${where}.`,
        { retryable: true },
      );
  }
}

function proxyFailure(error: unknown): ProxyFailure | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as Error).name === 'ProxyFailure') return current as ProxyFailure;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The CA a refused certificate chains to, when the connector learnt it (proxy-tunnel.ts). */
function issuerOf(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const issuer = (current as { issuer?: unknown }).issuer;
    if (typeof issuer === 'string') return issuer;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The `code` of an error, looking through undici's wrappers (cause, AggregateError). */
export function errorCode(error: unknown): string {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; name?: unknown; errors?: unknown[]; cause?: unknown };
    if (typeof candidate.code === 'string' && candidate.code !== '') return candidate.code;
    if (candidate.name === 'AbortError' || candidate.name === 'TimeoutError') return candidate.name;
    const inner = Array.isArray(candidate.errors) ? candidate.errors[0] : undefined;
    current = inner ?? candidate.cause;
  }
  return '';
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
