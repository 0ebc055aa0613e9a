import { describe, expect, it } from 'vitest';
import { proxySchema } from '../../../src-shared/profile';

describe('proxySchema', () => {
  it('answers with sentences, never throws, for a proxy URL being typed', () => {
    for (const url of ['', 'h', 'http://', 'not a url']) {
      const parsed = proxySchema.safeParse({ mode: 'url', url });
      expect(parsed.success, url).toBe(false);
    }
    const withPassword = proxySchema.safeParse({ mode: 'url', url: 'http://user:pw@127.0.0.1:3128' });
    expect(withPassword.error?.issues[0]?.message).toBe('must not carry a user name or password');
    expect(proxySchema.safeParse({ mode: 'url', url: 'http://127.0.0.1:3128' }).success).toBe(true);
  });
});
