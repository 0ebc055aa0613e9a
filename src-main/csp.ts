/**
 * The console's Content Security Policy, the same in both shells: baked into index.html as a meta
 * tag at build time, and sent as a header by the browser shell and the desktop's app:// handler.
 * No inline or eval'd script; styles from our own files only (React's style props go through
 * the CSSOM, which CSP does not restrict); images also from data:/blob: for document previews.
 */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');
