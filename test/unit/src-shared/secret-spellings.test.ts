import { describe, expect, it } from 'vitest';
import { redactBody, redacted } from '../../../src-shared/redaction';

const secret = 'S3cr+t/Value==';

describe('a secret in a body that is never parsed', () => {
  it('is found in any mix of JSON escapes and percent-encoding, in either hex case', () => {
    for (const spelling of [
      'S3cr\\u002bt\\/Value\\u003D=',
      'S3cr%2Bt%2fValue%3d%3D',
      'S3cr\\u002Bt/Value==',
      '\\u0053\\u0033cr+t\\u002fValue==',
    ]) {
      const text = `<html>the service said ${spelling} here</html>`;
      expect(redactBody(text, [secret])).toBe(`<html>the service said ${redacted} here</html>`);
    }
  });

  it('is found with a backslash, quote or space spelled the ways JSON and forms write them', () => {
    const odd = 'a b"c\\d';
    const text = `not json: a+b\\"c\\\\d and a%20b\\u0022c\\u005Cd`;
    expect(redactBody(text, [odd])).toBe(`not json: ${redacted} and ${redacted}`);
  });

  it('leaves text that only resembles it alone, and a short value is not hunted in spellings', () => {
    expect(redactBody('S3cr\\u002Bt\\/Valu', [secret])).toBe('S3cr\\u002Bt\\/Valu');
    expect(redactBody('a\\u0062c', ['abc'])).toBe('a\\u0062c');
  });

  it('finishes on text built to make a backtracking pattern try every split', () => {
    // Each `%` of the secret may be spelled `%` or `%25`: a naive pattern tries 2^n splits here.
    const percents = '%'.repeat(40);
    const text = `${'%25'.repeat(40)}x`.repeat(200);
    expect(redactBody(text, [`${percents}y`])).toBe(text);
  });
});
