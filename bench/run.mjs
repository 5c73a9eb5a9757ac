// `pnpm bench [area...]`: runs every bench/*.bench.mjs (or the named areas) one after another,
// each in its own process so that one area's memory does not disturb the next. Each area writes
// its section to bench/results/<area>.md; BENCHMARKS.md is then assembled from bench/header.md
// and those sections, so the published numbers are always the ones last measured.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The order of the sections in BENCHMARKS.md. */
const ORDER = [
  'compare',
  'cli-start',
  'classic',
  'arabic',
  'stem',
  'html',
  'stats',
  'bpe',
  'gpt',
  'gpt-merge',
  'gpt-parallel',
];

const wanted = process.argv.slice(2);
const areas = readdirSync(here)
  .filter((file) => file.endsWith('.bench.mjs'))
  .map((file) => file.replace('.bench.mjs', ''))
  .filter((area) => wanted.length === 0 || wanted.includes(area));
for (const area of areas) {
  console.log(`\n## ${area}\n`);
  execFileSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', join(here, `${area}.bench.mjs`)],
    {
      stdio: 'inherit',
    },
  );
}

const results = join(here, 'results');
const sections = readdirSync(results)
  .filter((file) => file.endsWith('.md'))
  .map((file) => file.replace('.md', ''))
  .sort((a, b) => (ORDER.indexOf(a) >>> 0) - (ORDER.indexOf(b) >>> 0) || a.localeCompare(b));
const parts = [readFileSync(join(here, 'header.md'), 'utf8').trimEnd()];
for (const section of sections) {
  const file = join(results, `${section}.md`);
  if (existsSync(file)) parts.push(readFileSync(file, 'utf8').trimEnd());
}
writeFileSync(join(here, '..', 'BENCHMARKS.md'), `${parts.join('\n\n')}\n`);
console.log(`\nBENCHMARKS.md assembled from ${sections.length} sections.`);
