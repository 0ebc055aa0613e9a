import { describe, expect, it } from 'vitest';
import { maxOperations, parseDescription } from '../../../../../src-main/core/discovery/parse-description';

const url = 'https://tenant.example.com/openapi.json';
const read = (text: string, type = 'application/json') => parseDescription(Buffer.from(text), type, url);

describe('reading a description', () => {
  it('reads YAML and hashes the bytes read', async () => {
    const parsed = await read('openapi: 3.0.3\ninfo: {title: T, version: "7"}\npaths: {}\n', 'text/yaml');
    expect(parsed).toMatchObject({ format: 'OpenAPI 3.0.3', title: 'T', version: '7' });
    expect(parsed.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses what is no Swagger 2.0 or OpenAPI 3.0/3.1 description, with a sentence naming it', async () => {
    await expect(read('{"openapi": "4.0.0", "info": {}, "paths": {}}')).rejects.toThrow(
      /is not a Swagger 2.0 or OpenAPI 3.0\/3.1 description \(OpenAPI 4.0.0\)\.$/,
    );
    await expect(read('{"hello": "world"}')).rejects.toThrow(/\(no version\)/);
    await expect(read('[1, 2]')).rejects.toThrow(/is not a JSON or YAML object/);
  });

  it('refuses more operations than it can read in its time limit', async () => {
    const paths = Object.fromEntries(
      Array.from({ length: maxOperations + 1 }, (_, index) => [`/p${index}`, { get: { responses: {} } }]),
    );
    const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'Big', version: '1' }, paths });
    await expect(read(text)).rejects.toThrow(`declares ${maxOperations + 1} operations`);
  });
});
