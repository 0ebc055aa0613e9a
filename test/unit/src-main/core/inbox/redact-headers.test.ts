import { describe, expect, it } from 'vitest';
import { isSecretHeader, redactHeaders } from '../../../../../src-main/core/inbox/redact-headers';

describe('redactHeaders', () => {
  it('hides credentials, cookies, the shared header and secret-looking names, and keeps the rest', () => {
    const stored = redactHeaders(
      {
        authorization: 'Basic YTpi',
        cookie: 'session=1',
        'x-api-key': 'k',
        'x-api-secret': 's',
        'x-back-office-key': 'demo-back-office-key',
        'x-auth-token': 't',
        'x-client-password': 'p',
        'x-signing-secret': 's2',
        'x-shared': 'shared-value',
        'content-type': 'application/json',
        'user-agent': 'process-console-sandbox',
        'x-forwarded-for': ['1.1.1.1', '2.2.2.2'],
        'x-missing': undefined,
      },
      'X-Shared',
    );
    expect(stored).toEqual({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-api-key': '[redacted]',
      'x-api-secret': '[redacted]',
      'x-back-office-key': '[redacted]',
      'x-auth-token': '[redacted]',
      'x-client-password': '[redacted]',
      'x-signing-secret': '[redacted]',
      'x-shared': '[redacted]',
      'content-type': 'application/json',
      'user-agent': 'process-console-sandbox',
      'x-forwarded-for': '1.1.1.1, 2.2.2.2',
    });
  });

  it('judges names case-insensitively', () => {
    expect(isSecretHeader('Authorization')).toBe(true);
    expect(isSecretHeader('X-Token-Id')).toBe(true);
    expect(isSecretHeader('X-Delivery', 'x-DELIVERY')).toBe(true);
    expect(isSecretHeader('Accept')).toBe(false);
  });
});
