import { afterEach, describe, expect, it, vi } from 'vitest';
import { missingNaturalError, NATURAL_VERSION_RANGE } from './modules.js';

const INSTALL = `npm i "natural@${NATURAL_VERSION_RANGE}"`;

describe('natural is an optional peer dependency', () => {
  afterEach(() => {
    vi.doUnmock('natural/lib/natural/stemmers/porter_stemmer.js');
    vi.resetModules();
  });

  it('the range is the one package.json declares', async () => {
    const { readFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.peerDependencies.natural).toBe(NATURAL_VERSION_RANGE);
    expect(manifest.peerDependenciesMeta.natural.optional).toBe(true);
  });

  it('a package that is not installed gives the install command, and keeps the cause', async () => {
    const cause = await import(/* @vite-ignore */ ['natural', 'missing', 'here'].join('-')).catch(
      (error: unknown) => error,
    );
    const error = missingNaturalError(cause);
    expect(error.message).toContain('optional peer dependency that is not installed');
    expect(error.message).toContain(INSTALL);
    expect(error.cause).toBe(cause);
  });

  it('importing the package without natural works; using an adapter throws that error', async () => {
    vi.resetModules();
    vi.doMock('natural/lib/natural/stemmers/porter_stemmer.js', () => {
      throw Object.assign(new Error("Cannot find package 'natural' imported from here"), {
        code: 'ERR_MODULE_NOT_FOUND',
      });
    });
    const adapters = await import('./index.js');
    expect(() => adapters.naturalPorterStem('running')).toThrow(INSTALL);
    expect(() => adapters.naturalTreebankTokenizer()).toThrow(INSTALL);
    expect(adapters.NATURAL_MODULES.length).toBe(6);
  });

  it('with natural installed, the adapters work after the same fresh import', async () => {
    vi.resetModules();
    const adapters = await import('./index.js');
    expect(adapters.naturalPorterStem('running')).toBe('run');
  });
});
