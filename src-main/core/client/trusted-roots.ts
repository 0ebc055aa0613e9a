import { createSecureContext, getCACertificates, type SecureContext } from 'node:tls';

/**
 * The certificate authorities a service's certificate may chain to: Node's bundled roots and the
 * operating system's trust store together. A council's TLS-inspecting proxy signs every site with
 * a root its IT team put in the Windows or macOS store; with the bundled roots alone every call
 * failed until someone exported that root to a file. NODE_EXTRA_CA_CERTS is no way round in the
 * desktop app (its nodeOptions fuse ignores it), so the store is read here, once per process.
 */

let roots: string[] | undefined;
let shared: SecureContext | undefined;

/**
 * Bundled roots (with NODE_EXTRA_CA_CERTS, where Node reads it) plus the OS store's, without
 * duplicates. Read once: the store read costs about 230 ms (576 certificates from Debian's store).
 * A store that cannot be read leaves the bundled roots, as before.
 */
export function trustedRoots(): readonly string[] {
  if (roots) return roots;
  let system: string[] = [];
  try {
    system = getCACertificates('system');
  } catch {
    // An unreadable store is no reason to refuse the services the bundled roots vouch for.
  }
  roots = [...new Set([...getCACertificates('default'), ...system])];
  return roots;
}

/**
 * The TLS context of a profile's connections: the trusted roots, plus its CA file when it has one.
 * One context per set of roots: handing ~300 PEM strings to every `tls.connect` would parse them
 * again on each connection (34 ms each here).
 */
export function secureContextFor(caPem: string | null): SecureContext {
  if (caPem) return createSecureContext({ ca: [...trustedRoots(), caPem] });
  shared ??= createSecureContext({ ca: [...trustedRoots()] });
  return shared;
}
