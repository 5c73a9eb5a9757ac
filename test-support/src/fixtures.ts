import { existsSync, readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { fixturePath } from './paths.js';

const HELP =
  'The committed fixtures are listed in fixtures/README.md; scripts/fixtures/import-shared.mjs imports ' +
  'them from the reference folder and scripts/fixtures/regenerate.sh regenerates them from the references.';

/** The bytes of a committed fixture (`fixtures/<relative>`, stored brotli-compressed as `<relative>.br`). */
export function readFixtureBytes(relative: string): Buffer {
  const compressed = fixturePath(`${relative}.br`);
  if (existsSync(compressed)) return brotliDecompressSync(readFileSync(compressed));
  const plain = fixturePath(relative);
  if (existsSync(plain)) return readFileSync(plain);
  throw new Error(`no fixture fixtures/${relative}(.br) in the repository. ${HELP}`);
}

/** A committed fixture as UTF-8 text, e.g. `readFixtureText('corpora/austen-emma.head.txt')`. */
export function readFixtureText(relative: string): string {
  return readFixtureBytes(relative).toString('utf8');
}

function goldenBytes(file: string, name: string): Buffer {
  try {
    return readFixtureBytes(`golden/${file}`);
  } catch {
    throw new Error(`unknown golden '${name}': there is no fixtures/golden/${file}.br. ${HELP}`);
  }
}

/** The rows of a golden JSONL file (`name` without the extension, e.g. `'nltk_freqdist'`). */
export function readGolden<T = Record<string, unknown>>(name: string): T[] {
  const text = goldenBytes(`${name}.jsonl`, name).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      try {
        return JSON.parse(line) as T;
      } catch (error) {
        throw new Error(`fixtures/golden/${name}.jsonl line ${index + 1}: ${(error as Error).message}`);
      }
    });
}

/**
 * A golden JSON document that the reference set ships gzipped, by its reference name
 * (e.g. `'tiktoken_chunk_ids.json.gz'`); the fixture keeps the JSON, brotli-compressed.
 */
export function readGoldenGzipJson<T = unknown>(name: string): T {
  return JSON.parse(goldenBytes(name.replace(/\.gz$/, ''), name).toString('utf8')) as T;
}

/** A golden text file by its path in the reference set, e.g. `'external/gpt-tokenizer-TestPlans.txt'`. */
export function readGoldenText(name: string): string {
  return goldenBytes(name, name).toString('utf8');
}
