import { describe, expect, it } from 'vitest';
import {
  redactBody,
  redactJsonBody,
  isSecretHeaderName,
  redactHeaders,
  redactPath,
  redactText,
  redacted,
  tooDeepToCheck,
} from '../../../src-shared/redaction';
import { credentialSecrets } from '../../../src-shared/credential-secrets';
import { confidentialMask } from '../../../src-shared/logs';
import { maskQuoted } from '../../../src-shared/quoted-values';

const key = 'K3Y-abcdef';
const secret = 'se/cr+et=1';
const secrets = credentialSecrets({ apiKey: key, apiSecret: secret }, 'T0KEN-123456');
const basic = Buffer.from(`${key}:${secret}`).toString('base64');

describe('redaction rules', () => {
  it('names credential headers secret, and keeps the ones that explain a failure', () => {
    for (const name of ['Authorization', 'X-Api-Key', 'x-back-office-key', 'X-Auth-Token', 'Set-Cookie'])
      expect(isSecretHeaderName(name), name).toBe(true);
    for (const name of ['WWW-Authenticate', 'Idempotency-Key', 'Content-Type', 'Retry-After'])
      expect(isSecretHeaderName(name), name).toBe(false);
    expect(isSecretHeaderName('X-Shared', ['x-SHARED'])).toBe(true);
  });

  it('cleans the key, secret, Basic value and token out of text in every encoded form', () => {
    const quoted = [
      key,
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ client_secret: secret }).toString(),
      `Basic ${basic}`,
      encodeURIComponent(basic),
      basic.replace(/=+$/, ''),
      JSON.stringify({ secret }),
      'Bearer T0KEN-123456',
    ].join(' | ');
    const clean = redactText(quoted, secrets);
    for (const form of [key, secret, basic, basic.replace(/=+$/, ''), 'T0KEN', 'se%2Fcr', 'cr+et', 'cr%2Bet'])
      expect(clean).not.toContain(form);
    expect(clean).toContain('Basic [redacted]');
  });

  it('finds a secret spelled with pattern characters as written, and nothing that merely resembles it', () => {
    const odd = 'k.e*y(1)[2]$^|\\+?{3}';
    expect(redactText(`got ${odd} back`, [odd])).toBe(`got ${redacted} back`);
    expect(redactText(odd, [odd])).toBe(redacted);
    // "." and "*" stand for themselves: a text that would match them as a pattern is left alone.
    expect(redactText('kXeeey(1)[2]$^|\\+?{3}', [odd])).toBe('kXeeey(1)[2]$^|\\+?{3}');
  });

  it('cleans a long confidential value full of pattern characters out of a message that quotes it, without an error', () => {
    // 20,000 characters a service may quote back; one pattern of its forms is too large to compile.
    const value = 'Frau Müller (Tel. +49 30/123-456) & "Nachbar" [Hof] {2} 100% sicher? \\ '.repeat(280);
    const message = `The service refused the field: "${value}" is not allowed.`;
    expect(redactText(message, [value])).toBe(`The service refused the field: "${redacted}" is not allowed.`);
    expect(redactText('nothing of it here', [value])).toBe('nothing of it here');
  });

  it("says the same of a header name however often it is asked, a profile's own names included", () => {
    expect(isSecretHeaderName('X-Shared')).toBe(false);
    expect(isSecretHeaderName('X-Shared', ['x-shared'])).toBe(true);
    expect(isSecretHeaderName('x-shared')).toBe(false);
    expect(isSecretHeaderName('X-Api-Key')).toBe(true);
    expect(isSecretHeaderName('x-api-key')).toBe(true);
  });

  it('masks short values only where they stand alone', () => {
    expect(redactText('failed (412): 12 is wrong', ['12'], '•')).toBe('failed (412): • is wrong');
  });

  it('redacts secret header values by name and echoed secrets by value', () => {
    expect(
      redactHeaders(
        { 'x-api-key': 'anything', 'x-debug': `got ${key}`, 'content-type': 'text/plain' },
        secrets,
      ),
    ).toEqual({ 'x-api-key': redacted, 'x-debug': `got ${redacted}`, 'content-type': 'text/plain' });
  });

  it('redacts secret query values by name and known values anywhere in a path', () => {
    expect(redactPath(`/p/${key}?client_id=a&page=2`, secrets)).toBe(
      `/p/${redacted}?client_id=${redacted}&page=2`,
    );
  });
});

describe('a secret a JSON body spells with escapes', () => {
  it('is cleaned after decoding, as .NET writes + as \\u002B', () => {
    const secret = 'S3cr3t+/Value==xyz';
    const body = '{"error":{"message":"Bad secret S3cr3t\\u002B/Value==xyz"}}';
    expect(redactText(body, [secret])).toContain('\\u002B');
    const cleaned = redactBody(body, [secret]);
    expect(JSON.stringify(JSON.parse(cleaned))).not.toContain('S3cr3t+');
    expect(JSON.parse(cleaned).error.message).toBe('Bad secret [redacted]');
  });

  it('is cleaned out of the one parsed value the client and the log share, in keys and deep values', () => {
    const secret = 'S3cr3t+/Value==xyz';
    // Escaped in a key, in a nested value and across a string with other escapes ("\n", "\"").
    const body =
      '{"S3cr3t\\u002B/Value==xyz":1,"steps":[{"restCall":{"body":"line\\n\\"S3cr3t\\u002b\\/Value==xyz\\""}}]}';
    const cleaned = redactJsonBody(body, [secret]);
    for (const seen of [cleaned.text, JSON.stringify(cleaned.json)]) {
      expect(seen).not.toContain('S3cr3t+');
      expect(seen).toContain(redacted);
    }
    expect(cleaned.json).toEqual(JSON.parse(cleaned.text));
  });

  it('is found string by string when a secret holds a character JSON may write two ways', () => {
    const secret = 'p\u{1F511}ss-word';
    const body = JSON.stringify({ echo: `x ${secret} y` }).replace('\u{1F511}', '\\ud83d\\udd11');
    const cleaned = redactJsonBody(body, [secret]);
    expect(JSON.stringify(cleaned.json)).not.toContain(secret);
    expect((cleaned.json as { echo: string }).echo).toBe(`x ${redacted} y`);
  });

  it('is cleaned out of a body without escapes, in keys and values, and a short one stays where it is part of a word', () => {
    const cleaned = redactJsonBody('{"S3cr3t+/Value":"a S3cr3t+/Value b","code":"(412)"}', [
      'S3cr3t+/Value',
      '12',
    ]);
    expect(cleaned.json).toEqual({ [redacted]: `a ${redacted} b`, code: '(412)' });
    expect(cleaned.json).toEqual(JSON.parse(cleaned.text));
  });

  it('keeps nothing of a body nested too deeply to check, escapes or none', () => {
    const deep = `${'['.repeat(200_000)}"x"${']'.repeat(200_000)}`;
    expect(redactJsonBody(deep, ['S3cr3t+/Value'])).toEqual({ text: tooDeepToCheck, json: undefined });
  });

  it('leaves a body without secrets exactly as it came', () => {
    const body = '{ "a" : "b" }';
    expect(redactBody(body, ['S3cr3t+/Value'])).toBe(body);
    expect(redactBody('<html>S3cr3t+/Value</html>', ['S3cr3t+/Value'])).toBe('<html>[redacted]</html>');
  });
});

describe("a secret's bytes quoted in hex or base64", () => {
  const echoed = 'S3cr3t+/Value==xyz?';
  const bytes = Buffer.from(echoed);
  const base64url = (buffer: Buffer) => buffer.toString('base64url');

  it('are cleaned out in hex of either case, base64 and base64url, padded or not', () => {
    const spellings = [
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('base64').replace(/=+$/, ''),
      base64url(bytes),
      bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_'),
    ];
    for (const spelling of spellings) {
      for (const body of [
        `{"error":"Invalid key ${spelling} for this tenant"}`,
        `<p>Invalid key ${spelling} for this tenant</p>`,
      ]) {
        const clean = redactBody(body, [echoed]);
        expect(clean, spelling).not.toContain(spelling);
        expect(clean, spelling).toContain(`Invalid key ${redacted} for this tenant`);
      }
    }
  });

  it('are cleaned out of a longer base64 text, whatever the offset of the secret in its bytes', () => {
    for (const lead of ['', 'a', 'ab', 'abc', 'abcd']) {
      const quoted = Buffer.from(`{"apiSecret":"${lead}${echoed}","at":"2026-11-23"}`);
      for (const text of [quoted.toString('base64'), base64url(quoted)]) {
        const clean = redactText(`token=${text}`, [echoed]);
        expect(clean, `${lead} ${text}`).toContain(redacted);
        // What is left of the text decodes to no more than a few bytes of the secret.
        const left = Buffer.from(clean.replace('token=', '').split(redacted).join(''), 'base64').toString();
        expect(left).not.toContain(echoed.slice(0, 4));
        expect(left).not.toContain(echoed.slice(-4));
      }
    }
  });

  it('are found for the key, the Basic value and confidential values, in the ways they are quoted', () => {
    const spelled = (value: string) => Buffer.from(value).toString('base64');
    const hexed = (value: string) => Buffer.from(value).toString('hex');
    const text = `key ${hexed(key)} basic ${spelled(basic)} ${encodeURIComponent(spelled(secret))}`;
    expect(redactText(text, secrets)).toBe(`key ${redacted} basic ${redacted} ${redacted}`);
    expect(maskQuoted(`The value ${spelled('AB123456C')} is not valid`, ['AB123456C'])).toBe(
      `The value ${confidentialMask} is not valid`,
    );
  });

  it('leave ordinary text alone: no spelling under 8 characters is hunted', () => {
    // Under 4 characters a value is not hunted in any spelling: 'abc' is '616263' and 'YWJj'.
    const text = 'ids 616263 and YWJj and 3132, words Value and Secret';
    expect(redactText(text, ['abc', '12'])).toBe(text);
    expect(redactText(text, [echoed])).toBe(text);
    // 'Hello' one byte into a base64 text leaves 6 characters of its own: too few to hunt.
    const unaligned = Buffer.from('>Hello, world').toString('base64');
    expect(redactText(unaligned, ['Hello'])).toBe(unaligned);
    expect(redactText(Buffer.from('Hello').toString('base64'), ['Hello'])).toBe(redacted);
  });
});
