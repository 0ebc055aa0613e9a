import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electronIpc = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'IPC goes through the one door: src-main/electron.ts (main) and src-preload (renderer side).',
};

export default tseslint.config(
  { ignores: ['out/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/', 'release/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [electronIpc] }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer talks only to window.api.' }],
          patterns: [
            {
              group: ['**/src-main/**', '**/src-sandbox/**', '**/src-preload/**'],
              message: 'The renderer talks only to window.api.',
            },
            { group: ['node:*'], message: 'The renderer has no Node.js.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/core/**/*.ts', 'src-shared/**/*.ts', 'src-sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Core, contract and reference service know no shell.' }],
          patterns: [{ group: ['**/src-renderer/**'], message: 'Node side never imports the renderer.' }],
        },
      ],
    },
  },
  {
    // The single places allowed to touch Electron IPC.
    files: ['src-main/electron.ts', 'src-preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
