import { Buffer } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeBase64Strict, decodedLength } from '../../../../../src-main/core/documents/decode-base64';
import { Failure } from '../../../../../src-main/core/failure';

function failureOf(run: () => unknown): Failure {
  try {
    run();
  } catch (error) {
    if (error instanceof Failure) return error;
    throw error;
  }
  throw new Error('expected a Failure');
}

describe('strict base64', () => {
  afterEach(() => vi.restoreAllMocks());

  it('decodes standard, padded base64 and the empty string', () => {
    expect(decodeBase64Strict(Buffer.from("O'Brien & Sons").toString('base64')).toString()).toBe(
      "O'Brien & Sons",
    );
    expect(decodeBase64Strict('QQ==').toString()).toBe('A');
    expect(decodeBase64Strict('QUI=').toString()).toBe('AB');
    expect(decodeBase64Strict('').length).toBe(0);
    expect(decodedLength('QUJD')).toBe(3);
  });

  it('tolerates MIME line breaks and spaces, and nothing else', () => {
    const bytes = Buffer.alloc(300, 7);
    const wrapped = (bytes.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
    expect(decodeBase64Strict(wrapped).equals(bytes)).toBe(true);
    expect(decodeBase64Strict(' QUJD\n\tRA== ').toString()).toBe('ABCD');
  });

  it.each([
    ['a character outside the alphabet', 'QU*D', /character 3 \('\*'\) is not in the base64 alphabet/],
    ['the URL-safe alphabet', 'Pz-_', /character 3 \('-'\)/],
    ['a control character', 'QU\u0000D', /character 3 \(U\+0000\)/],
    ['missing padding', 'QQ', /not a multiple of 4/],
    ['padding in the middle', 'QQ==QUJD', /padding '=' appears at character 3, before the end/],
    ['a lone padding character before the last', 'QQ=B', /padding '=' appears at character 3/],
    ['non-zero unused bits', 'QR==', /bits that a correct encoder leaves at zero/],
  ])('refuses %s with a bad_response sentence', (_case, input, reason) => {
    const failure = failureOf(() => decodeBase64Strict(input));
    expect(failure.error.code).toBe('bad_response');
    expect(failure.message).toMatch(/^The document's contents are not valid base64: /);
    expect(failure.message).toMatch(reason);
  });

  it('never quotes the contents back, however long they are', () => {
    const input = `${'QUJD'.repeat(100_000)}*${'QUJD'.repeat(10)}===`;
    const failure = failureOf(() => decodeBase64Strict(input));
    expect(failure.message.length).toBeLessThan(200);
  });

  it('checks the size cap before decoding anything', () => {
    const cap = 30;
    expect(decodeBase64Strict(Buffer.alloc(30).toString('base64'), cap).length).toBe(30);
    const from = vi.spyOn(Buffer, 'from');
    const failure = failureOf(() => decodeBase64Strict(Buffer.alloc(31).toString('base64'), cap));
    expect(failure.error.code).toBe('bad_response');
    expect(failure.message).toMatch(
      /about 31 bytes once decoded; the console opens documents of up to 30 bytes/,
    );
    expect(from).not.toHaveBeenCalled();
  });

  it('refuses a 45 MB base64 text against the 32 MiB default cap at once', () => {
    const huge = 'A'.repeat(46_000_000);
    const started = performance.now();
    const failure = failureOf(() => decodeBase64Strict(huge));
    expect(failure.message).toMatch(/up to 32\.0 MiB/);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
