import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The exercises' own tests. They are not part of the root `vitest run` (an untouched starter fails
// them on purpose); `pnpm exercise <name>` runs them, and test/exercises.test.ts runs them all
// against every starter and every solution.
export default defineConfig({
  root: dirname(fileURLToPath(import.meta.url)),
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    include: ['*/*.test.ts'],
    // test/ holds the checks of the course itself, which run these tests: never recurse into them.
    exclude: ['test/**', 'node_modules/**', '.guides/**'],
    testTimeout: 60_000,
  },
});
