import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layers are kept by lint, not by memory: each zone gets a forbidden import and must fail
 * with no-restricted-imports, and an allowed one must pass. lintText checks the text as if it
 * stood at `filePath`, so nothing is written into the sources.
 */
const eslint = new ESLint();

async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const probe = value;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import zones', () => {
  const cases: [zone: string, filePath: string, forbidden: string, allowed: string][] = [
    [
      'a renderer feature never imports another feature',
      'src-renderer/features/walk/probe.ts',
      "import { value } from '../process/process-store';",
      "import { value } from '../../lib/format';",
    ],
    [
      'the renderer never imports main',
      'src-renderer/app/probe.ts',
      "import { value } from '../../src-main/handlers';",
      "import { value } from '../features/walk/walk-store';",
    ],
    [
      'the reference service never imports the console',
      'src-sandbox/cli/probe.ts',
      "import { value } from '../../src-main/core/config';",
      "import { value } from '../../src-shared/app-folder';",
    ],
    [
      'core never imports electron',
      'src-main/core/probe.ts',
      "import { app as value } from 'electron';",
      "import { value } from './failure';",
    ],
    [
      'src-shared imports nothing of ours',
      'src-shared/probe.ts',
      "import { value } from '../src-main/core/failure';",
      "import { value } from './api';",
    ],
    [
      'src-shared has no Node.js',
      'src-shared/probe.ts',
      "import { value } from 'node:path';",
      "import { value } from 'zod';",
    ],
  ];

  // ESLint loads the whole project config on first use: seconds on a loaded machine, not a hang.
  it.each(cases)(
    '%s',
    async (_zone, filePath, forbidden, allowed) => {
      expect(await restrictedImports(filePath, forbidden)).toHaveLength(1);
      expect(await restrictedImports(filePath, allowed)).toEqual([]);
    },
    30_000,
  );
});
