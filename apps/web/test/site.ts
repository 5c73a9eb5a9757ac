import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@tokenlab/test-support';

const webRoot = join(repoRoot, 'apps', 'web');

/** Newest modification time of the files under `path` (0 when it does not exist). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/**
 * A built playground to test: `apps/web/dist` when it is newer than every source it is made from (the
 * usual case, since `pnpm test` builds first), otherwise a fresh build in a temporary folder, so that
 * tests never test stale code and never write over a build someone else is serving.
 */
export function builtSite(): { root: string; temporary: boolean } {
  const dist = join(webRoot, 'dist');
  const built = existsSync(join(dist, 'sw.js')) ? statSync(join(dist, 'index.html')).mtimeMs : 0;
  const sources = Math.max(
    newest(join(webRoot, 'src')),
    newest(join(webRoot, 'index.html')),
    newest(join(webRoot, 'vite.config.ts')),
    newest(join(webRoot, 'sw-plugin.ts')),
    ...readdirSync(join(repoRoot, 'packages')).map((name) => newest(join(repoRoot, 'packages', name, 'src'))),
  );
  if (built > sources) return { root: dist, temporary: false };
  const outDir = mkdtempSync(join(tmpdir(), 'tokenlab-web-'));
  execFileSync(
    process.execPath,
    [
      join(webRoot, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--outDir',
      outDir,
      '--logLevel',
      'warn',
    ],
    // vitest sets NODE_ENV=test, which would make Vite build for development.
    { cwd: webRoot, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  return { root: outDir, temporary: true };
}
