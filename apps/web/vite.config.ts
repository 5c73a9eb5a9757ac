import { defaultClientConditions, defineConfig } from 'vite';
import { serviceWorker } from './sw-plugin.js';

// Workspace packages resolve to their TypeScript sources (the `source` export condition), so neither
// the dev server nor the build needs the packages built first.
export default defineConfig({
  base: './',
  resolve: { conditions: ['source', ...defaultClientConditions] },
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  plugins: [serviceWorker()],
});
