import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { checkSeedReferences } from './check-seed';
import { seedSchema, type Seed } from './seed-schema';

/** A seed that cannot be used, with a message that says where and why. */
export class SeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedError';
  }
}

/** Validates a seed (shape, then references) and fills in its defaults. */
export function parseSeed(input: unknown, source: string): Seed {
  const result = seedSchema.safeParse(input);
  if (!result.success) {
    throw new SeedError(
      `The seed ${source} does not match the seed format:\n${z.prettifyError(result.error)}`,
    );
  }
  const problems = checkSeedReferences(result.data);
  if (problems.length > 0) {
    throw new SeedError(`The seed ${source} is not consistent:\n- ${problems.join('\n- ')}`);
  }
  return result.data;
}

/** Reads and validates a JSON seed file (`--seed FILE`). */
export function readSeedFile(path: string): Seed {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SeedError(
      `Cannot read the seed file ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error) {
    throw new SeedError(`The seed file ${path} is not valid JSON: ${(error as Error).message}.`);
  }
  return parseSeed(json, path);
}
