import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/** The repository root. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The read-only reference folder beside the repository (`../shared`). */
export const sharedRoot = resolve(repoRoot, '../shared');

/** Whether the reference folder is present (it is on developer machines and in CI). */
export const hasShared = existsSync(sharedRoot);

/** Absolute path of a file under `../shared`. */
export function sharedPath(...parts: string[]): string {
  return join(sharedRoot, ...parts);
}

/** The rows of a JSONL file under `../shared/golden` (`name` without the extension). */
export function readGolden<T = Record<string, unknown>>(name: string): T[] {
  const text = readFileSync(sharedPath('golden', `${name}.jsonl`), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

/** A gzipped JSON file under `../shared/golden`. */
export function readGoldenGzipJson<T = unknown>(name: string): T {
  return JSON.parse(gunzipSync(readFileSync(sharedPath('golden', name))).toString('utf8')) as T;
}

/** A text file under `../shared`, as UTF-8. */
export function readSharedText(...parts: string[]): string {
  return readFileSync(sharedPath(...parts), 'utf8');
}
