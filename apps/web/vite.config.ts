import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
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
  plugins: [serviceWorker(), fontLicence()],
});

/** The SIL Open Font License of the bundled Arabic font, beside the font in every build. */
function fontLicence(): Plugin {
  return {
    name: 'tokenlab-font-licence',
    generateBundle() {
      const licence = createRequire(import.meta.url).resolve('@fontsource/noto-naskh-arabic/LICENSE');
      this.emitFile({
        type: 'asset',
        fileName: 'licenses/noto-naskh-arabic.txt',
        source: readFileSync(licence),
      });
    },
  };
}
