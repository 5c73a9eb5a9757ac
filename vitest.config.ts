import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/** Every workspace folder with a package.json becomes one vitest project named after its folder. */
function workspaceProjects() {
  const dirs = ['packages', 'apps'].flatMap((group) =>
    existsSync(group) ? readdirSync(group).map((name) => join(group, name)) : [],
  );
  for (const extra of ['bench', 'exercises', 'consumer', 'test-support']) dirs.push(extra);
  return dirs
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({
      extends: true as const,
      test: {
        name: dir.replace(/^(packages|apps)\//, ''),
        root: dir,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      },
    }));
}

// Packages resolve each other through the `source` export condition, so tests run against
// the TypeScript sources and never need a build first.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    projects: workspaceProjects(),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
