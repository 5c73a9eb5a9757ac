// GPT encodings: @tokenlab/gpt against tiktoken (WASM), js-tiktoken, gpt-tokenizer and ai-tokenizer on
// the same English and Arabic text, cl100k_base and o200k_base. Every (library, encoding, language)
// cell runs in a fresh process, so its first pass is truly cold (empty caches, cold JIT) and its load
// time is the import + construction cost a user pays. Ids are written to bench/.data and compared with
// tiktoken's, position by position. Then the pathological inputs, ours only.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchCorpus, machineInfo } from './corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const idsDir = join(here, '.data', 'gpt-ids');
const MEGABYTES = Number(process.env.GPT_BENCH_MB ?? 10);
const WARM_PASSES = 3;
const LIBRARIES = ['tokenlab', 'tiktoken', 'js-tiktoken', 'gpt-tokenizer', 'ai-tokenizer'];
const ENCODINGS = ['cl100k_base', 'o200k_base'];
const LANGS = ['en', 'ar'];

/** Load a library's encoder; returns an `encode(text) => ids` function. */
async function load(library, encoding) {
  switch (library) {
    case 'tokenlab': {
      const { getEncoding } = await import('@tokenlab/gpt');
      const enc = await getEncoding(encoding);
      return (text) => enc.encodeOrdinary(text);
    }
    case 'tiktoken': {
      const { get_encoding } = await import('tiktoken');
      const enc = get_encoding(encoding);
      return (text) => enc.encode_ordinary(text);
    }
    case 'js-tiktoken': {
      const { getEncoding } = await import('js-tiktoken');
      const enc = getEncoding(encoding);
      return (text) => enc.encode(text, [], []);
    }
    case 'gpt-tokenizer': {
      const module = await import(`gpt-tokenizer/encoding/${encoding}`);
      return (text) => module.encode(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() });
    }
    case 'ai-tokenizer': {
      const { Tokenizer } = await import('ai-tokenizer');
      const data = await import(`ai-tokenizer/encoding/${encoding}`);
      const enc = new Tokenizer(data);
      return (text) => enc.encode(text, [], []);
    }
  }
  throw new Error(`unknown library ${library}`);
}

/** One cell, in its own process: load, one cold pass, warm passes; ids saved for the comparison. */
async function cell(library, encoding, lang) {
  const text = readFileSync(benchCorpus(lang, MEGABYTES), 'utf8');
  let start = performance.now();
  const encode = await load(library, encoding);
  const loadMs = performance.now() - start;
  start = performance.now();
  const ids = encode(text);
  const coldMs = performance.now() - start;
  const warm = [];
  for (let pass = 0; pass < WARM_PASSES; pass++) {
    start = performance.now();
    encode(text);
    warm.push(performance.now() - start);
  }
  // The fastest warm pass: on a shared machine, the least disturbed one is the closest to the true speed.
  warm.sort((a, b) => a - b);
  mkdirSync(idsDir, { recursive: true });
  writeFileSync(join(idsDir, `${library}.${encoding}.${lang}.u32`), new Uint32Array(ids));
  return { loadMs, coldMs, warmMs: warm[0], tokens: ids.length };
}

function mismatches(library, encoding, lang) {
  const read = (name) => {
    const bytes = readFileSync(join(idsDir, `${name}.${encoding}.${lang}.u32`));
    return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  };
  const ours = read(library);
  const reference = read('tiktoken');
  let differ = Math.abs(ours.length - reference.length);
  const n = Math.min(ours.length, reference.length);
  for (let i = 0; i < n; i++) if (ours[i] !== reference[i]) differ++;
  return differ;
}

async function pathological() {
  const { getEncoding } = await import('@tokenlab/gpt');
  const arabicWord = 'بِسْمِٱللَّهِٱلرَّحْمَٰنِٱلرَّحِيمِ'.repeat(20_000).slice(0, 500_000); // ~1 MB of UTF-8, no spaces
  const inputs = [
    ["'x' × 1,000,000", 'x'.repeat(1_000_000)],
    ["' ' × 1,000,000", ' '.repeat(1_000_000)],
    ["'0' × 1,000,000", '0'.repeat(1_000_000)],
    ['one Arabic word of 1 MB', arabicWord],
  ];
  const rows = [];
  for (const encoding of ['r50k_base', 'cl100k_base', 'o200k_base']) {
    const enc = await getEncoding(encoding);
    for (const [label, text] of inputs) {
      const start = performance.now();
      const ids = enc.encodeOrdinary(text);
      const ms = performance.now() - start;
      if (enc.decode(ids) !== text) throw new Error(`${encoding} ${label}: round trip failed`);
      rows.push({ encoding, label, bytes: Buffer.byteLength(text), ms, tokens: ids.length });
    }
  }
  return rows;
}

async function main() {
  const results = [];
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  const sizes = {};
  for (const lang of LANGS) sizes[lang] = readFileSync(benchCorpus(lang, MEGABYTES)).length;
  for (const lang of LANGS)
    for (const encoding of ENCODINGS)
      for (const library of LIBRARIES) {
        const out = execFileSync(
          process.execPath,
          ['--max-old-space-size=8192', fileURLToPath(import.meta.url), '--cell', library, encoding, lang],
          { encoding: 'utf8', maxBuffer: 1 << 20 },
        );
        const result = { library, encoding, lang, ...JSON.parse(out.trim().split('\n').pop()) };
        result.coldMBs = sizes[lang] / 1e6 / (result.coldMs / 1000);
        result.warmMBs = sizes[lang] / 1e6 / (result.warmMs / 1000);
        results.push(result);
        console.log(
          `${lang} ${encoding} ${library.padEnd(14)} load ${result.loadMs.toFixed(0).padStart(5)} ms  cold ${result.coldMBs.toFixed(2).padStart(6)} MB/s  warm ${result.warmMBs.toFixed(2).padStart(6)} MB/s`,
        );
      }
  for (const result of results) result.mismatches = mismatches(result.library, result.encoding, result.lang);
  const patho = await pathological();
  writeFileSync(join(here, 'results', 'gpt.md'), report(results, patho, sizes, load));
  console.log(readFileSync(join(here, 'results', 'gpt.md'), 'utf8'));
}

function report(results, patho, sizes, load) {
  const lines = [];
  const fmt = (x, digits = 2) => x.toFixed(digits);
  lines.push(
    '## GPT encodings: @tokenlab/gpt against tiktoken (WASM), js-tiktoken, gpt-tokenizer, ai-tokenizer',
    '',
  );
  lines.push(
    `* Corpus: the first ${MEGABYTES} MB of the English bench corpus (Gutenberg, ${fmt(sizes.en / 1e6)} MB of UTF-8) and of the Arabic one (OpenITI, ${fmt(sizes.ar / 1e6)} MB), each encoded as one string with \`encode_ordinary\` semantics.`,
    `* Machine: ${machineInfo()}; ${new Date().toISOString().slice(0, 10)}; load average ${load} when it started (the machine is shared: absolute MB/s are low and noisy, the ratios within one row are the useful part).`,
    `* Each cell runs in a fresh Node process: **load** = import + constructing the encoder; **cold** = the first encode (empty caches, cold JIT); **warm** = the fastest of the next ${WARM_PASSES} (the machine is shared: the least disturbed pass is the best estimate).`,
    '* Ratios: tokenlab ÷ the fastest other pure-JS library in that row (js-tiktoken, gpt-tokenizer, ai-tokenizer), and tokenlab ÷ tiktoken (WASM).',
    "* Mismatches: token positions whose id differs from tiktoken's (plus any length difference).",
    '',
  );
  lines.push(
    '| text | encoding | library | load ms | cold MB/s | warm MB/s | tokens | mismatches vs tiktoken |',
  );
  lines.push('|---|---|---|---:|---:|---:|---:|---:|');
  for (const r of results)
    lines.push(
      `| ${r.lang} | ${r.encoding} | ${r.library} | ${fmt(r.loadMs, 0)} | ${fmt(r.coldMBs)} | ${fmt(r.warmMBs)} | ${r.tokens.toLocaleString('en')} | ${r.mismatches.toLocaleString('en')} |`,
    );
  lines.push(
    '',
    '| text | encoding | cold: ÷ fastest JS | warm: ÷ fastest JS | cold: ÷ tiktoken | warm: ÷ tiktoken | load: tiktoken ÷ ours |',
  );
  lines.push('|---|---|---:|---:|---:|---:|---:|');
  for (const lang of LANGS)
    for (const encoding of ENCODINGS) {
      const row = results.filter((r) => r.lang === lang && r.encoding === encoding);
      const ours = row.find((r) => r.library === 'tokenlab');
      const wasm = row.find((r) => r.library === 'tiktoken');
      const js = row.filter((r) => !['tokenlab', 'tiktoken'].includes(r.library));
      const bestCold = Math.max(...js.map((r) => r.coldMBs));
      const bestWarm = Math.max(...js.map((r) => r.warmMBs));
      lines.push(
        `| ${lang} | ${encoding} | ${fmt(ours.coldMBs / bestCold)}× | ${fmt(ours.warmMBs / bestWarm)}× | ${fmt(ours.coldMBs / wasm.coldMBs)}× | ${fmt(ours.warmMBs / wasm.warmMBs)}× | ${fmt(wasm.loadMs / ours.loadMs)}× |`,
      );
    }
  const differing = results.filter((r) => r.mismatches > 0);
  lines.push(
    '',
    differing.length === 0
      ? "Every library gave tiktoken's ids on these two texts: they hold none of the characters where the JS ports differ (U+0085, U+FEFF next to spaces; see `packages/gpt/README.md`), which the parity tests of @tokenlab/gpt cover."
      : `Libraries with ids that differ from tiktoken's: ${differing.map((r) => `${r.library} (${r.lang}, ${r.encoding}: ${r.mismatches})`).join(', ')}.`,
  );
  lines.push('', '### Pathological inputs (tokenlab only, one pass each, ids round-trip)', '');
  lines.push('| encoding | input | UTF-8 bytes | ms | tokens |', '|---|---|---:|---:|---:|');
  for (const p of patho)
    lines.push(
      `| ${p.encoding} | ${p.label} | ${p.bytes.toLocaleString('en')} | ${fmt(p.ms, 0)} | ${p.tokens.toLocaleString('en')} |`,
    );
  lines.push(
    '',
    'The tiktoken package (1.0.22) merges long pieces in quadratic time, so it is not run on these inputs; tokenlab switches to a heap-ordered merge for pieces of 128 bytes or more.',
    '',
  );
  return lines.join('\n');
}

// Parallel encoding: the whole 100 MB corpora, one thread (encodeParallel with threads 1, which
// encodes in the calling thread) against a pool of two worker threads, alternating in one process.
const PARALLEL_PAIRS = Number(process.env.GPT_BENCH_PARALLEL_PAIRS ?? 3);
const PARALLEL_ENCODINGS = (process.env.GPT_BENCH_PARALLEL_ENCODINGS ?? 'cl100k_base').split(',');

/** CPU time of this process, all threads (the workers' included), in ms. */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** One (language, encoding) of the parallel table, in its own process. */
async function parallelCell(lang, encoding) {
  const { getEncoding } = await import('@tokenlab/gpt');
  const { encodeParallel, EncodePool } = await import('@tokenlab/gpt/node');
  const text = readFileSync(benchCorpus(lang), 'utf8');
  const bytes = Buffer.byteLength(text);
  const enc = await getEncoding(encoding);
  // First passes: warm this thread's JIT and merge cache, and start the pool and warm its workers
  // (that first 2-thread pass, start included, is reported as the cold one).
  const reference = await encodeParallel(enc, text, { threads: 1, ordinary: true });
  let start = performance.now();
  const pool = new EncodePool(enc, { threads: 2 });
  await encodeParallel(enc, text, { pool, ordinary: true });
  const coldTwoMs = performance.now() - start;
  const pairs = [];
  let mismatches = 0;
  for (let pair = 0; pair < PARALLEL_PAIRS; pair++) {
    const load = loadavg()[0];
    let cpu = cpuMs();
    start = performance.now();
    await encodeParallel(enc, text, { threads: 1, ordinary: true });
    const oneMs = performance.now() - start;
    const oneCpuMs = cpuMs() - cpu;
    globalThis.gc?.();
    cpu = cpuMs();
    start = performance.now();
    const two = await encodeParallel(enc, text, { pool, ordinary: true });
    const twoMs = performance.now() - start;
    const twoCpuMs = cpuMs() - cpu;
    globalThis.gc?.();
    if (two.length !== reference.length) mismatches += Math.abs(two.length - reference.length);
    for (let i = 0; i < Math.min(two.length, reference.length); i++)
      if (two[i] !== reference[i]) mismatches++;
    pairs.push({ oneMs, twoMs, oneCpuMs, twoCpuMs, load });
  }
  await pool.close();
  return { lang, encoding, bytes, tokens: reference.length, coldTwoMs, pairs, mismatches };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function parallelMain() {
  const startLoad = loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  const cells = [];
  for (const lang of LANGS)
    for (const encoding of PARALLEL_ENCODINGS) {
      const out = execFileSync(
        process.execPath,
        [
          '--expose-gc',
          '--max-old-space-size=8192',
          fileURLToPath(import.meta.url),
          '--parallel-cell',
          lang,
          encoding,
        ],
        { encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      const result = JSON.parse(out.trim().split('\n').pop());
      cells.push(result);
      console.log(
        `${lang} ${encoding} 1 thread ${result.pairs.map((p) => p.oneMs.toFixed(0)).join('/')} ms, 2 threads ${result.pairs.map((p) => p.twoMs.toFixed(0)).join('/')} ms`,
      );
    }
  const endLoad = loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  writeFileSync(join(here, 'results', 'gpt-parallel.md'), parallelReport(cells, startLoad, endLoad));
  console.log(readFileSync(join(here, 'results', 'gpt-parallel.md'), 'utf8'));
}

function parallelReport(cells, startLoad, endLoad) {
  const fmt = (x, digits = 2) => x.toFixed(digits);
  const lines = [
    '### Parallel encoding: `encodeParallel` on 1 and 2 threads (@tokenlab/gpt/node)',
    '',
    `* Corpus: the whole English (Gutenberg) and Arabic (OpenITI) bench corpora, each read as one string (${cells
      .filter((c, i, all) => all.findIndex((d) => d.lang === c.lang) === i)
      .map((c) => `${c.lang} ${fmt(c.bytes / 1e6, 1)} MB of UTF-8`)
      .join(', ')}), \`ordinary\` semantics.`,
    `* Machine: ${machineInfo()}, ${availableParallelism()} cores shared with other jobs; ${new Date().toISOString().slice(0, 10)}; load average (1 / 5 / 15 min) ${startLoad} at the start, ${endLoad} at the end. With the load above the core count, two threads cannot get two cores: the ratio is a lower bound of what an idle machine gives.`,
    '* Each (text, encoding) runs in a fresh process: one warm-up pass in the calling thread, one pass on a new pool of two workers (start included: each worker rebuilds the rank table and warms its JIT and merge cache; reported as **2 threads, first pass**), then ' +
      `${PARALLEL_PAIRS} pairs, alternating: **1 thread** = \`encodeParallel(enc, text, { threads: 1 })\` (encodes in the calling thread into a Uint32Array), **2 threads** = \`encodeParallel(enc, text, { pool })\` on that pool: cutting the text at safe places, encoding 1 Mi-unit pieces on the workers, joining the ids. Medians of the pairs; the ratio is the median of the per-pair ratios.`,
    '* CPU: process CPU time (all threads) of each pass; **CPU 2 ÷ 1** is what the parallel path costs in total over one thread (messages, copies, two merge caches). On an idle machine the wall ratio approaches 2 ÷ (CPU 2 ÷ 1) when the main thread waits.',
    "* Mismatches: ids of the 2-thread runs that differ from the 1-thread run's (must be 0).",
    '',
    '| text | encoding | MB | tokens | 1 thread ms (median) | 2 threads ms (median) | 2 threads, first pass ms | 1 thread MB/s | 2 threads MB/s | 2 ÷ 1 thread, wall (per-pair median) | CPU 2 ÷ 1 | load (1 min) at each pair | mismatches |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  ];
  for (const c of cells) {
    const one = median(c.pairs.map((p) => p.oneMs));
    const two = median(c.pairs.map((p) => p.twoMs));
    const ratio = median(c.pairs.map((p) => p.oneMs / p.twoMs));
    const cpu = median(c.pairs.map((p) => p.twoCpuMs / p.oneCpuMs));
    lines.push(
      `| ${c.lang} | ${c.encoding} | ${fmt(c.bytes / 1e6, 1)} | ${c.tokens.toLocaleString('en')} | ${fmt(one, 0)} | ${fmt(two, 0)} | ${fmt(c.coldTwoMs, 0)} | ${fmt(c.bytes / 1e6 / (one / 1000))} | ${fmt(c.bytes / 1e6 / (two / 1000))} | ${fmt(ratio)}× | ${fmt(cpu)} | ${c.pairs.map((p) => fmt(p.load, 1)).join(', ')} | ${c.mismatches} |`,
    );
  }
  const ratios = cells.map((c) => median(c.pairs.map((p) => p.oneMs / p.twoMs)));
  const met = ratios.filter((r) => r >= 1.8).length;
  lines.push(
    '',
    `Goal: 2 threads ≥ 1.8× one thread. Met in ${met} of ${cells.length} rows in this run${met < cells.length ? '; on this shared machine the other jobs hold the second core much of the time (see the load), so the rows below the goal are not evidence against the code, nor the rows above it proof on a quiet machine' : ''}.`,
    '',
  );
  return lines.join('\n');
}

if (process.argv[2] === '--cell') {
  const [library, encoding, lang] = process.argv.slice(3);
  console.log(JSON.stringify(await cell(library, encoding, lang)));
} else if (process.argv[2] === '--parallel-cell') {
  const [lang, encoding] = process.argv.slice(3);
  console.log(JSON.stringify(await parallelCell(lang, encoding)));
} else {
  // GPT_BENCH_ONLY=parallel re-measures only the parallel table (the library table keeps its last run).
  if (process.env.GPT_BENCH_ONLY !== 'parallel') await main();
  await parallelMain();
}
