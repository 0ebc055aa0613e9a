import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { contentSecurityPolicy } from './src-main/csp';

/** One build for both shells: main (desktop and browser shell entries), preload, renderer. */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          electron: resolve('src-main/electron.ts'),
          web: resolve('src-main/web.ts'),
          'document-worker': resolve('src-main/core/documents/worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can only require('electron'): bundle the contract (and zod) into it.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src-preload/index.ts') },
        // A sandboxed preload cannot be an ES module.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    base: './',
    plugins: [
      react(),
      {
        name: 'process-console-csp',
        // The same policy string the browser shell sends as a header, so the shells cannot drift.
        transformIndexHtml: (html) => html.replace('%CONTENT_SECURITY_POLICY%', contentSecurityPolicy),
      },
    ],
    build: {
      outDir: resolve('out/renderer'),
      rollupOptions: { input: resolve('src-renderer/index.html') },
    },
  },
});
