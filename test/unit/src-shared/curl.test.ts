import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { curlCommand } from '../../../src-shared/curl';
import { isSecretHeaderName, redacted } from '../../../src-shared/redaction';

const entry = {
  method: 'POST',
  origin: 'https://tenant.example',
  path: '/open-api/processes/1/notes',
  requestHeaders: {
    accept: 'application/json',
    'x-api-key': redacted,
    'x-api-secret': redacted,
    cookie: redacted,
  } as Record<string, string>,
  credentialHeaders: ['x-api-key', 'x-api-secret'],
  authScheme: 'headers' as 'headers' | 'basic' | 'bearer',
  requestBody: { text: `{\n  "contents": "It's done"\n}`, bytes: 24, truncated: false },
};

/** The credentials a user sets in their shell before pasting; shell syntax in them stays inert. */
const shellVariables = {
  API_KEY: 'key-$(touch pwned)-`touch pwned`',
  API_SECRET: "secret-'; touch pwned; '",
  ACCESS_TOKEN: 'token-"$IFS"',
  COOKIE: 'session=1; touch pwned',
};

let folder = '';
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = '';
});

/**
 * The arguments curl would get when the copied command is pasted into bash: curl is a function that
 * prints them, in an empty folder where any command the text smuggled in would leave a file.
 */
function argvInBash(command: string, variables: Record<string, string> = shellVariables): string[] {
  folder = mkdtempSync(join(tmpdir(), 'pc-curl-'));
  // --norc and no stdin: bash reads ~/.bashrc when its stdin is a socket, as Node's pipes are.
  const run = spawnSync('bash', ['--norc', '-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, ...variables },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(readdirSync(folder)).toEqual([]);
  return run.stdout.split('\0').slice(0, -1);
}

/** Text a tenant (its API description, its answers) may put in a name, a value, a path or a body. */
const hostile = [
  "X-Api-Key`touch$IFS'PWNED'`",
  '`touch pwned`',
  '$(touch pwned)',
  '${IFS}touch${IFS}pwned',
  '; touch pwned;',
  '| touch pwned',
  '& touch pwned &',
  '\ntouch pwned\n',
  "'; touch pwned; '",
  "'\\''; touch pwned; '",
  '"; touch pwned; "',
  '\\',
  '!! * ~ %s #',
  'Zoë Ødegaard ✓ 😀',
];

describe('copy as curl', () => {
  it('puts shell variables where credentials went, under the header names used', () => {
    const curl = curlCommand(entry);
    expect(curl).toContain(`curl -X POST 'https://tenant.example/open-api/processes/1/notes'`);
    expect(curl).toContain(`-H 'x-api-key: '"$API_KEY"`);
    expect(curl).toContain(`-H 'x-api-secret: '"$API_SECRET"`);
    expect(curl).toContain(`-H 'cookie: '"$COOKIE"`);
    expect(curl).toContain(`-H 'accept: application/json'`);
    expect(curl).toContain(`--data-raw '{\n  "contents": "It'\\''s done"\n}'`);
    expect(curl).not.toContain(redacted);
  });

  it('gives bash exactly the parts logged, and the credentials from its variables', () => {
    expect(argvInBash(curlCommand(entry))).toEqual([
      '-X',
      'POST',
      'https://tenant.example/open-api/processes/1/notes',
      '-H',
      'accept: application/json',
      '-H',
      `x-api-key: ${shellVariables.API_KEY}`,
      '-H',
      `x-api-secret: ${shellVariables.API_SECRET}`,
      '-H',
      `cookie: ${shellVariables.COOKIE}`,
      '--data-raw',
      `{\n  "contents": "It's done"\n}`,
    ]);
  });

  it('runs nothing a hostile header name, value, path or body holds', () => {
    for (const text of hostile) {
      const curl = curlCommand({
        ...entry,
        method: `POST${text}`,
        path: `/open-api/processes/${text}/notes?q=${text}`,
        requestHeaders: {
          [`X-Trace${text}`]: `value${text}`,
          [text]: redacted,
          [`X-Api-Key${text}`]: redacted,
        },
        credentialHeaders: [`X-Api-Key${text}`],
        requestBody: { text: `{"contents":"${text}"}`, bytes: 1, truncated: true },
      });
      expect(argvInBash(curl), text).toEqual([
        '-X',
        `POST${text}`,
        `https://tenant.example/open-api/processes/${text}/notes?q=${text}`,
        '-H',
        // A value under a secret-looking name becomes a variable named after it, as does a
        // redacted one that is no credential: unset here, so empty.
        `X-Trace${text}: ${isSecretHeaderName(text) ? '' : `value${text}`}`,
        '-H',
        `${text}: `,
        '-H',
        `X-Api-Key${text}: ${shellVariables.API_KEY}`,
        '--data-raw',
        `{"contents":"${text}"}`,
      ]);
    }
  });

  it('builds Basic and Bearer values from the variables, whatever the header is named', () => {
    const name = hostile[0]!;
    const basic = curlCommand({
      ...entry,
      authScheme: 'basic',
      requestHeaders: { [name]: redacted },
      credentialHeaders: [name],
      requestBody: null,
    });
    // As long as the reference service's: 32 hex digits and 43 characters of base64url.
    const long = { API_KEY: `${shellVariables.API_KEY}${'0'.repeat(32)}`, API_SECRET: 'S'.repeat(43) };
    const pair = `${long.API_KEY}:${long.API_SECRET}`;
    // One line as shown, the line break spelled as tr reads it.
    expect(basic).toContain(`Basic $(printf '%s:%s' "$API_KEY" "$API_SECRET" | base64 | tr -d '\\n')"`);
    expect(argvInBash(basic, long)).toEqual([
      '-X',
      'POST',
      'https://tenant.example/open-api/processes/1/notes',
      '-H',
      `${name}: Basic ${Buffer.from(pair).toString('base64')}`,
    ]);
    const bearer = curlCommand({
      ...entry,
      authScheme: 'bearer',
      requestHeaders: { authorization: redacted },
      credentialHeaders: ['authorization'],
      requestBody: null,
    });
    expect(bearer).toContain(`-H 'authorization: '"Bearer $ACCESS_TOKEN"`);
    expect(argvInBash(bearer)).toContain(`authorization: Bearer ${shellVariables.ACCESS_TOKEN}`);
  });
});
