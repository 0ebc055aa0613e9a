import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electronIpc = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'IPC goes through the one door: src-main/electron.ts (main) and src-preload (renderer side).',
};

const rendererPatterns = [
  {
    group: ['**/src-main/**', '**/src-sandbox/**', '**/src-preload/**'],
    message: 'The renderer talks only to window.api.',
  },
  { group: ['node:*'], message: 'The renderer has no Node.js.' },
];

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
          patterns: rendererPatterns,
        },
      ],
    },
  },
  {
    files: ['src-renderer/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer talks only to window.api.' }],
          patterns: [
            ...rendererPatterns,
            {
              // '../other-feature/x' from inside a feature, or any path through features/.
              regex: '^\\.\\./(?!\\.\\.)[^/]+/|(^|/)features/',
              message: 'A feature never imports another feature; move what both need to components/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Core knows no shell: it takes and returns values.' }],
          patterns: [
            {
              group: ['**/src-renderer/**', '**/src-preload/**'],
              message: 'Core never imports a shell or the renderer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The reference service knows no shell.' }],
          patterns: [
            {
              group: ['**/src-main/**', '**/src-renderer/**', '**/src-preload/**'],
              message: 'The reference service stands alone: it imports only src-shared and packages.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The contract knows no shell.' }],
          patterns: [
            {
              group: ['**/src-main/**', '**/src-renderer/**', '**/src-preload/**', '**/src-sandbox/**'],
              message: 'src-shared imports nothing of ours outside itself: every side imports it.',
            },
            { group: ['node:*'], message: 'src-shared also runs in the renderer, which has no Node.js.' },
          ],
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
