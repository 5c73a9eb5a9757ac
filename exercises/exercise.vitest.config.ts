import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The exercises' own tests. They are not part of the root `vitest run` (an untouched starter fails
// them on purpose). Two projects run the same tests against the two implementations:
// `pnpm exercise <name>` runs project `starter` (or `solution` with --solution), and
// test/exercises.test.ts runs both in one process, to prove every solution passes and every
// starter fails.
const root = dirname(fileURLToPath(import.meta.url));

function against(target: 'starter' | 'solution') {
  return {
    extends: true as const,
    test: {
      name: target,
      root,
      include: ['*/*.test.ts'],
      // test/ holds the checks of the course itself, which run these tests: never recurse into them.
      exclude: ['test/**', 'node_modules/**', '.guides/**'],
      env: { TOKENLAB_EXERCISE: target },
      // The tests are pure: test files of one project may share the packages they import, which
      // halves the run. (A worker never serves both projects; if it did, test/exercises.test.ts
      // would fail, never pass wrongly: a solution would fail or a starter pass.)
      isolate: false,
    },
  };
}

export default defineConfig({
  root,
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    projects: [against('starter'), against('solution')],
    testTimeout: 60_000,
  },
});
