import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The committed test fixtures: reference outputs, corpus excerpts, published hashes (see its README). */
export const fixturesRoot = join(repoRoot, 'fixtures');

/** Absolute path of a file under `fixtures/`. */
export function fixturePath(...parts: string[]): string {
  return join(fixturesRoot, ...parts);
}

/**
 * The reference folder beside the repository (`../shared`): large corpora for benchmarks and the
 * sources the fixtures were imported from. A plain clone does not have it.
 */
export const sharedRoot = resolve(repoRoot, '../shared');

/** Whether `../shared` is present. Only checks marked "needs ../shared" depend on it. */
export const hasShared = existsSync(sharedRoot);

/** Absolute path of a file under `../shared` (which may be absent: see {@link hasShared}). */
export function sharedPath(...parts: string[]): string {
  return join(sharedRoot, ...parts);
}
