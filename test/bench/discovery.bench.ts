/**
 * Benchmark: reading a tenant's API description. Synthesized OpenAPI 3.0 descriptions of 100 to
 * 1,000 operations (the most the console reads), each with a self-referencing schema, go through
 * parseDescription (parse, spec checks, dereference) and the matcher; prints the time of each
 * against the 2 s the issue allows. Never fails on time (STYLE rule 22).
 */
import { cpus, loadavg } from 'node:os';
import { describedApi } from '../../src-main/core/discovery/described-operations';
import { matchOperations } from '../../src-main/core/discovery/match-operations';
import { parseDescription, parseTimeLimitMs } from '../../src-main/core/discovery/parse-description';

function description(count: number): Buffer {
  const paths: Record<string, unknown> = {};
  for (let index = 0; index < count; index += 1) {
    paths[`/area${index}/items/{itemId}`] = {
      get: {
        operationId: `getItem${index}`,
        summary: 'Get an item of this area',
        tags: ['Items'],
        parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
          },
        },
      },
    };
  }
  const item = {
    type: 'object',
    properties: { id: { type: 'string' }, parent: { $ref: '#/components/schemas/Item' } },
  };
  return Buffer.from(
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Bench', version: '1' },
      paths,
      components: { schemas: { Item: item } },
    }),
  );
}

async function main(): Promise<void> {
  console.log(
    `Discovery: ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  console.log(`Compared against: the ${parseTimeLimitMs} ms limit of issue 14.`);
  for (const count of [100, 250, 500, 1_000]) {
    const bytes = description(count);
    const started = performance.now();
    const parsed = await parseDescription(
      bytes,
      'application/json',
      'https://tenant.example.com/openapi.json',
    );
    const parsedAt = performance.now();
    matchOperations(
      describedApi(parsed.document, 'https://tenant.example.com/openapi.json', 'https://tenant.example.com'),
      {},
    );
    const matchedAt = performance.now();
    console.log(
      `${String(count).padStart(5)} operations, ${(bytes.length / 1024).toFixed(0).padStart(5)} KiB: ` +
        `parse ${Math.round(parsedAt - started)} ms, match ${Math.round(matchedAt - parsedAt)} ms`,
    );
  }
}

await main();
