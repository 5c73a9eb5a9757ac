import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { NATURAL_MODULES } from './modules.js';

const HEAVY = /[\\/]node_modules[\\/](mongoose|pg|redis|@redis|memjs|dotenv|mongodb)[\\/]/;

describe('loading natural', () => {
  it('prints nothing and loads no database client (fresh Node process, the same submodules)', () => {
    const script = `
      const requireFrom = require('node:module').createRequire(${JSON.stringify(import.meta.url)});
      for (const name of ${JSON.stringify(NATURAL_MODULES)}) requireFrom(name);
      const heavy = Object.keys(require.cache).filter((key) => ${HEAVY}.test(key));
      process.stderr.write('LOADED ' + Object.keys(require.cache).length + ' HEAVY ' + heavy.length);
    `;
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(child.status).toBe(0);
    expect(child.stdout).toBe('');
    expect(child.stderr).toMatch(/^LOADED \d+ HEAVY 0$/);
  });

  it('prints nothing when the package itself is imported', async () => {
    vi.resetModules();
    const log = vi.spyOn(console, 'log');
    const info = vi.spyOn(console, 'info');
    const warn = vi.spyOn(console, 'warn');
    const write = vi.spyOn(process.stdout, 'write');
    const module = await import('./index.js');
    expect(module.naturalPorterStem('running')).toBe('run');
    for (const spy of [log, info, warn, write]) expect(spy).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('resolves each submodule from this package', () => {
    const require = createRequire(import.meta.url);
    for (const name of NATURAL_MODULES) expect(require.resolve(name)).toContain('natural');
  });
});
