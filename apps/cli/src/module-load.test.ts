import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** The built modules a program may import: not the tests, their helpers or the `tokenlab` program itself. */
function builtModules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return builtModules(path);
    if (!entry.name.endsWith('.js') || entry.name.endsWith('.test.js') || path === join(dist, 'main.js'))
      return [];
    return readFileSync(path, 'utf8').includes("from 'vitest'") ? [] : [path];
  });
}

describe('every module of the CLI', () => {
  // A module that imports itself back through others can fail when a program imports it first:
  // `url-input.js` alone once stopped on a constant of `url-fetch.js` not yet initialised. Biome's
  // noImportCycles rule keeps the cycles out; this loads each module first in a fresh process.
  it('loads on its own, in a fresh process', async () => {
    const modules = builtModules(dist);
    expect(modules.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let next = 0;
    const loadEach = async () => {
      while (next < modules.length) {
        const module = modules[next++]!;
        try {
          await run(process.execPath, [
            '--input-type=module',
            '-e',
            `await import(${JSON.stringify(pathToFileURL(module).href)});`,
          ]);
        } catch (error) {
          const { stderr } = error as { stderr?: string };
          failures.push(
            `${relative(dist, module)}: ${stderr?.split('\n').find((line) => /Error/.test(line))}`,
          );
        }
      }
    };
    await Promise.all([loadEach(), loadEach(), loadEach()]);
    expect(failures).toEqual([]);
  });
});
