import { createHash } from 'node:crypto';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse as parseYaml } from 'yaml';
import { Failure } from '../failure';
import type { DescriptionDocument } from './described-operations';

/** How long reading, validating and dereferencing one description may take. */
export const parseTimeLimitMs = 2_000;

/**
 * The most operations read: it keeps the synchronous work of parser and matcher (about 0.9 ms an operation
 * on a loaded 2-core machine) inside the time limit, which a timer alone cannot interrupt.
 */
export const maxOperations = 1_000;

/** A description read into a plain, dereferenced object. */
export interface ParsedDescription {
  document: DescriptionDocument;
  format: string;
  title: string;
  version: string;
  hash: string;
  notes: string[];
}

/**
 * Reads a Swagger 2.0 or OpenAPI 3.0 / 3.1 description in JSON or YAML, validates and
 * dereferences it with swagger-parser on the already-parsed object with external resolution off
 * (the parser reads no file and no URL), all within {@link parseTimeLimitMs}. Anything else
 * throws a Failure whose sentence names what was found.
 */
export async function parseDescription(
  bytes: Buffer,
  contentType: string,
  url: string,
): Promise<ParsedDescription> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Failure(
            'timeout',
            `Reading the description at ${url} took longer than ${parseTimeLimitMs / 1000} s; it is too large or too tangled for the console.`,
          ),
        ),
      parseTimeLimitMs,
    );
  });
  try {
    return await Promise.race([read(bytes, contentType, url), limit]);
  } finally {
    clearTimeout(timer);
  }
}

async function read(bytes: Buffer, contentType: string, url: string): Promise<ParsedDescription> {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const raw = parseText(text, contentType, url);
  const format = formatOf(raw, url);
  const count = operationCount(raw);
  if (count > maxOperations) {
    throw unreadable(
      url,
      `it declares ${count} operations; the console reads descriptions of up to ${maxOperations}`,
    );
  }
  // Let the time limit's timer run between the stages: the parser's own work is synchronous.
  await new Promise((resolve) => setImmediate(resolve));
  const notes: string[] = [];
  // The JSON-schema half of validation (ajv) is compiled afresh on every call by swagger-parser 13:
  // 0.4 to 1.1 s here, half the time limit; the spec checks and dereferencing are what we need.
  const options = {
    resolve: { external: false },
    dereference: { circular: true as const },
    validate: { schema: false, spec: true },
  };
  let document: DescriptionDocument;
  try {
    document = (await SwaggerParser.validate(structuredClone(raw) as never, options)) as never;
  } catch (error) {
    // Tenants' generated descriptions often bend the schema; what matters is that $refs resolve.
    notes.push(`The description does not pass validation (${firstLine(error)}); it was read anyway.`);
    try {
      document = (await SwaggerParser.dereference(structuredClone(raw) as never, options)) as never;
    } catch (dereferenceError) {
      throw unreadable(url, `its references cannot be resolved: ${firstLine(dereferenceError)}`);
    }
  }
  await new Promise((resolve) => setImmediate(resolve));
  const left = unresolvedRef(document);
  if (left !== null) {
    throw unreadable(
      url,
      `its reference "${left}" cannot be resolved (it refers to itself in a loop, or to another file or address, which the console does not follow)`,
    );
  }
  const info = isObject(raw.info) ? raw.info : {};
  return {
    document,
    format,
    title: typeof info.title === 'string' ? info.title.slice(0, 500) : '(untitled)',
    version: typeof info.version === 'string' ? info.version.slice(0, 200) : '',
    hash: createHash('sha256').update(bytes).digest('hex'),
    notes,
  };
}

function parseText(text: string, contentType: string, url: string): Record<string, unknown> {
  const start = text.trimStart().slice(0, 200).toLowerCase();
  if (contentType.includes('html') || start.startsWith('<')) {
    throw unreadable(url, 'it is an HTML page, not a JSON or YAML description');
  }
  let value: unknown;
  if (start.startsWith('{') || start.startsWith('[') || contentType.includes('json')) {
    try {
      value = JSON.parse(text);
    } catch {
      const cut =
        text.trimEnd().length === 0 ? 'it is empty' : 'it is not complete JSON (it may have been cut short)';
      throw unreadable(url, cut);
    }
  } else {
    try {
      // yaml caps alias expansion (maxAliasCount), so a "billion laughs" document cannot blow up.
      value = parseYaml(text, { maxAliasCount: 100 });
    } catch {
      throw unreadable(url, 'it is neither JSON nor YAML');
    }
  }
  if (!isObject(value)) throw unreadable(url, 'it is not a JSON or YAML object');
  return value;
}

function formatOf(raw: Record<string, unknown>, url: string): string {
  if (raw.swagger === '2.0') return 'Swagger 2.0';
  if (typeof raw.openapi === 'string' && /^3\.[01]\.\d+$/.test(raw.openapi)) return `OpenAPI ${raw.openapi}`;
  const found =
    typeof raw.openapi === 'string'
      ? `OpenAPI ${raw.openapi}`
      : typeof raw.swagger === 'string'
        ? `Swagger ${raw.swagger}`
        : 'no version';
  throw unreadable(url, `it is not a Swagger 2.0 or OpenAPI 3.0/3.1 description (${found})`);
}

function operationCount(raw: Record<string, unknown>): number {
  const paths = isObject(raw.paths) ? Object.values(raw.paths) : [];
  const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
  return paths.reduce<number>(
    (total, item) =>
      total + (isObject(item) ? Object.keys(item).filter((key) => methods.has(key)).length : 0),
    0,
  );
}

/** The first `$ref` left after dereferencing (a loop of references, or one to elsewhere). */
function unresolvedRef(document: unknown): string | null {
  const seen = new Set<object>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (!Array.isArray(value) && typeof (value as { $ref?: unknown }).$ref === 'string') {
      return (value as { $ref: string }).$ref;
    }
    stack.push(...Object.values(value));
  }
  return null;
}

function unreadable(url: string, why: string): Failure {
  return new Failure('bad_response', `The description at ${url} cannot be read: ${why}.`);
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 200);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
