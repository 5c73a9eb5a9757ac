// Merging new pieces: @tokenlab/gpt's passes over a text whose pieces it has not seen (the piece cache
// cleared before each, the compiled code kept), against the same passes over pieces it has seen, and
// against an earlier build of the package when GPT_BENCH_BEFORE names one (a directory holding its
// dist/, package.json and a node_modules link). The difference between the two kinds of pass is the
// time spent merging new pieces, what a long-running process meets in text it has not encoded yet;
// the cold pass of the gpt section adds compiling to it. Builds alternate in fresh processes.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchCorpus, machineInfo, sharedRoot } from './corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const PASSES = 5;
const PAIRS = Number(process.env.GPT_BENCH_PAIRS ?? 3);
const BEFORE = process.env.GPT_BENCH_BEFORE;
const BEFORE_LABEL = process.env.GPT_BENCH_BEFORE_LABEL ?? 'an earlier build';
const ENCODINGS = ['gpt2', 'cl100k_base', 'o200k_base'];
const TEXTS = {
  en: ['English (Gutenberg), the first 10 MB of the bench corpus', () => benchCorpus('en', 10)],
  ar: ['Arabic prose (OpenITI), the first 10 MB of the bench corpus', () => benchCorpus('ar', 10)],
  quran: [
    'the vocalized Quran (Tanzil Uthmani), whole',
    () => join(sharedRoot, 'corpora/ar/quran-uthmani.txt'),
  ],
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One process: a first pass (compiles, fills the cache), then new-piece and seen-piece passes in turn. */
async function cell(build, encoding, path) {
  const text = readFileSync(path, 'utf8');
  const module =
    build === 'current' ? await import('@tokenlab/gpt') : await import(join(build, 'dist/index.js'));
  const enc = await module.getEncoding(encoding);
  const ids = enc.encodeOrdinary(text);
  const fresh = [];
  const seen = [];
  for (let pass = 0; pass < PASSES; pass++) {
    enc.clearCache();
    let start = performance.now();
    const again = enc.encodeOrdinary(text);
    fresh.push(performance.now() - start);
    start = performance.now();
    enc.encodeOrdinary(text);
    seen.push(performance.now() - start);
    if (again.length !== ids.length)
      throw new Error(`${encoding}: ${again.length} ids after clearCache, ${ids.length} before`);
  }
  return { fresh: median(fresh), seen: median(seen), tokens: ids.length };
}

function runCell(build, encoding, path) {
  const out = execFileSync(
    process.execPath,
    [fileURLToPath(import.meta.url), '--cell', build, encoding, path],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').pop());
}

async function main() {
  const builds = BEFORE ? ['current', BEFORE] : ['current'];
  const startLoad = loadavg()[0].toFixed(1);
  const rows = [];
  for (const [text, [, file]] of Object.entries(TEXTS)) {
    const path = file();
    const bytes = readFileSync(path).length;
    for (const encoding of ENCODINGS) {
      const pairs = [];
      for (let pair = 0; pair < PAIRS; pair++) {
        const order = pair % 2 === 0 ? builds : [...builds].reverse();
        const result = {};
        for (const build of order) result[build] = runCell(build, encoding, path);
        pairs.push(result);
        console.log(
          `${text} ${encoding} pair ${pair + 1}: ` +
            builds
              .map(
                (b) =>
                  `${b === 'current' ? 'tokenlab' : 'before'} new ${result[b].fresh.toFixed(1)} ms, seen ${result[b].seen.toFixed(1)} ms`,
              )
              .join('; '),
        );
      }
      rows.push({ text, encoding, bytes, pairs });
    }
  }
  const endLoad = loadavg()[0].toFixed(1);
  writeFileSync(join(here, 'results', 'gpt-merge.md'), report(rows, startLoad, endLoad));
  console.log(readFileSync(join(here, 'results', 'gpt-merge.md'), 'utf8'));
}

function report(rows, startLoad, endLoad) {
  const fmt = (x, digits = 1) => x.toFixed(digits);
  const range = (values, digits = 2) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${fmt(median(sorted), digits)} (${fmt(sorted[0], digits)}–${fmt(sorted.at(-1), digits)})`;
  };
  const lines = ['### Merging new pieces (@tokenlab/gpt, piece cache cleared, compiled code kept)', ''];
  lines.push(
    `* Texts: ${Object.values(TEXTS)
      .map(([label]) => label)
      .join('; ')}.`,
    `* Machine: ${machineInfo()}, ${availableParallelism()} cores shared with other jobs; load average ${startLoad} at the start, ${endLoad} at the end.`,
    `* Each process encodes the text once (compiling the encoder and filling the piece cache), then ${PASSES} times in turn: a **new-piece pass** after \`clearCache()\` (every distinct piece merged again) and a **seen-piece pass** (every piece from the cache); medians. **Merging** = new-piece − seen-piece pass, the time the new pieces' merges and cache stores take.`,
    BEFORE
      ? `* **before**: ${BEFORE_LABEL}, in the same ${PAIRS} pairs of fresh processes, alternating which goes first; **before ÷ now** is the median of the per-pair ratios of the merging time (range in brackets).`
      : '* No earlier build was named (GPT_BENCH_BEFORE), so there is no before column.',
    '',
  );
  const before = BEFORE !== undefined;
  lines.push(
    `| text | encoding | new-piece pass ms | seen-piece pass ms | merging ms${before ? ' | before: new-piece pass ms | before: merging ms | merging, before ÷ now' : ''} |`,
    `|---|---|---:|---:|---:${before ? '|---:|---:|---:' : ''}|`,
  );
  for (const row of rows) {
    const now = row.pairs.map((p) => p.current);
    const merging = (cells) => cells.map((c) => c.fresh - c.seen);
    let line = `| ${row.text} | ${row.encoding} | ${fmt(median(now.map((c) => c.fresh)))} | ${fmt(median(now.map((c) => c.seen)))} | ${fmt(median(merging(now)))}`;
    if (before) {
      const then = row.pairs.map((p) => p[BEFORE]);
      const ratios = row.pairs.map(
        (p) => (p[BEFORE].fresh - p[BEFORE].seen) / (p.current.fresh - p.current.seen),
      );
      line += ` | ${fmt(median(then.map((c) => c.fresh)))} | ${fmt(median(merging(then)))} | ${range(ratios)}×`;
    }
    lines.push(`${line} |`);
  }
  lines.push('');
  return lines.join('\n');
}

if (process.argv[2] === '--cell') {
  const [, , , build, encoding, path] = process.argv;
  console.log(JSON.stringify(await cell(build, encoding, path)));
} else {
  await main();
}
