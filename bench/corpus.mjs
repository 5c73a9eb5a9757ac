// The benchmark corpora live xz-compressed beside the repository; this decompresses a prefix
// of one into bench/.data once and hands out its path.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const sharedRoot = resolve(here, '../../shared');
const dataDir = join(here, '.data');

const SOURCES = {
  en: 'corpora/bench/gutenberg-100MB.en.txt.xz',
  ar: 'corpora/bench/openiti-0525AH-primary.ar.txt.xz',
};

/**
 * Path of the first `megabytes` MB of the English (`en`) or Arabic (`ar`) bench corpus, cut at
 * the last newline before the limit. `megabytes` undefined means the whole corpus.
 */
export function benchCorpus(lang, megabytes) {
  const source = join(sharedRoot, SOURCES[lang]);
  if (!existsSync(source)) throw new Error(`bench corpus not found: ${source}`);
  mkdirSync(dataDir, { recursive: true });
  const full = join(dataDir, `${lang}.full.txt`);
  if (!existsSync(full))
    execFileSync('sh', ['-c', `xz -dkc '${source}' > '${full}.tmp' && mv '${full}.tmp' '${full}'`]);
  if (megabytes === undefined) return full;
  const out = join(dataDir, `${lang}.${megabytes}MB.txt`);
  if (existsSync(out)) return out;
  const limit = Math.min(Math.round(megabytes * 1_000_000), statSync(full).size);
  const buffer = Buffer.alloc(limit);
  const fd = openSync(full, 'r');
  readSync(fd, buffer, 0, limit, 0);
  closeSync(fd);
  const cut = limit < statSync(full).size ? buffer.lastIndexOf(0x0a) + 1 : limit;
  writeFileSync(out, buffer.subarray(0, cut));
  return out;
}

/** A short description of this machine for result tables. */
export function machineInfo() {
  return `Node ${process.version}, ${process.arch}`;
}
