import { describe, expect, it } from 'vitest';
import { allowPermission, isTrustedSender } from '../../../../src-main/desktop/permissions';

const ours = { requestingUrl: 'app://console/index.html', isMainFrame: true };

describe('desktop permissions', () => {
  it('lets our page write to the clipboard', () => {
    expect(allowPermission({ ...ours, permission: 'clipboard-sanitized-write' })).toBe(true);
    // The check handler passes an origin rather than a URL.
    expect(
      allowPermission({
        permission: 'clipboard-sanitized-write',
        requestingUrl: 'app://console',
        isMainFrame: true,
      }),
    ).toBe(true);
  });

  it('denies everything else, and the clipboard to other origins and sub-frames', () => {
    for (const permission of [
      'clipboard-read',
      'notifications',
      'media',
      'geolocation',
      'openExternal',
      'unknown',
    ])
      expect(allowPermission({ ...ours, permission }), permission).toBe(false);
    const write = 'clipboard-sanitized-write';
    expect(allowPermission({ ...ours, permission: write, isMainFrame: false })).toBe(false);
    expect(
      allowPermission({ permission: write, requestingUrl: 'https://example.com', isMainFrame: true }),
    ).toBe(false);
    expect(
      allowPermission({ permission: write, requestingUrl: 'file:///x/index.html', isMainFrame: true }),
    ).toBe(false);
    expect(allowPermission({ permission: write, requestingUrl: undefined, isMainFrame: true })).toBe(false);
  });

  it('trusts only our top frame as an IPC sender', () => {
    expect(isTrustedSender({ parent: null, origin: 'app://console' })).toBe(true);
    expect(isTrustedSender({ parent: {}, origin: 'app://console' })).toBe(false);
    expect(isTrustedSender({ parent: null, origin: 'null' })).toBe(false);
    expect(isTrustedSender({ parent: null, origin: 'file://' })).toBe(false);
    expect(isTrustedSender({ parent: null, origin: 'https://example.com' })).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
  });
});
