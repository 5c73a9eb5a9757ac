import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { serviceWorker } from './sw-plugin.js';

// Workspace packages resolve to their TypeScript sources (the `source` export condition), so neither
// the dev server nor the build needs the packages built first.
export default defineConfig({
  base: './',
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // natural's CommonJS tokenizers require('util') for util.inherits only.
    alias: { util: fileURLToPath(new URL('./src/shims/util.ts', import.meta.url)) },
  },
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  plugins: [serviceWorker()],
});
