import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceWorker, serviceWorkerSource } from '../sw-plugin.js';

type Hook = (this: unknown, options: unknown, bundle: Record<string, unknown>) => Promise<void>;

describe('the service worker plugin', () => {
  it('precaches the app shell, not the samples or the big rank data, and versions the cache', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'tokenlab-sw-'));
    const plugin = serviceWorker();
    (plugin.configResolved as (config: unknown) => void)({ build: { outDir } });
    const bundle = {
      'index.html': { type: 'asset', source: '<html></html>' },
      'assets/index-abc123.js': { type: 'chunk', code: 'x'.repeat(400_000), isEntry: true },
      'assets/index-abc123.css': { type: 'asset', source: 'body{}' },
      'assets/o200k_base-def456.js': { type: 'chunk', code: 'x'.repeat(2_000_000) },
      'assets/taylorswift-0a1b2c.txt': { type: 'asset', source: 'Taylor' },
    };
    await (plugin.writeBundle as unknown as Hook).call({}, {}, bundle);
    const source = readFileSync(join(outDir, 'sw.js'), 'utf8');
    rmSync(outDir, { recursive: true, force: true });
    const precache = JSON.parse(/const PRECACHE = (\[[^\]]*\]);/.exec(source)![1]!);
    expect(precache).toEqual(['./', './assets/index-abc123.css', './assets/index-abc123.js', './index.html']);
    expect(source).toMatch(/const CACHE = 'tokenlab-[0-9a-f]{12}';/);
  });

  it('writes a worker that falls back to the cached page when the network is gone', () => {
    const source = serviceWorkerSource('v1', ['./index.html']);
    expect(source).toContain("const CACHE = 'tokenlab-v1';");
    expect(source).toContain("request.mode === 'navigate'");
    expect(source).toContain('.catch(');
  });
});
