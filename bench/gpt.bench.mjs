// GPT encodings: @tokenlab/gpt against tiktoken's Rust core (the tiktoken Python wheel, one thread),
// tiktoken (WASM), js-tiktoken, gpt-tokenizer and ai-tokenizer, on English, Arabic prose and the
// vocalized Quran, with gpt2, cl100k_base and o200k_base. Every cell runs in a fresh process, so its
// first pass is truly cold (empty caches, cold JIT) and its load time is the import + construction
// cost a user pays. tokenlab and Rust run in alternating processes, pair after pair, and each pair
// gives its own ratios. Ids are written to bench/.data and compared with the Rust core's (or, when
// the wheel cannot be installed, tiktoken WASM's), position by position. Then the pathological
// inputs, ours only.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchCorpus, machineInfo, sharedRoot } from './corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, '.data');
const idsDir = join(dataDir, 'gpt-ids');
const MEGABYTES = Number(process.env.GPT_BENCH_MB ?? 10);
/** Warm passes of each tokenlab and Rust process; the JS libraries, slower, get fewer. */
const WARM_PASSES = 5;
const LIBRARY_WARM_PASSES = 1;
/** tokenlab / Rust process pairs per row. */
const PAIRS = Number(process.env.GPT_BENCH_PAIRS ?? 3);
const ALL_LIBRARIES = ['tiktoken', 'js-tiktoken', 'gpt-tokenizer', 'ai-tokenizer', 'hf-tokenizers'];
/** The other libraries, run once per row (GPT_BENCH_LIBRARIES=a,b for fewer). */
const JS_LIBRARIES = process.env.GPT_BENCH_LIBRARIES
  ? process.env.GPT_BENCH_LIBRARIES.split(',').filter((l) => ALL_LIBRARIES.includes(l))
  : ALL_LIBRARIES;
/** The rows: GPT_BENCH_ENCODINGS=a,b and GPT_BENCH_TEXTS=en,quran pick fewer (a quick re-measure). */
const ENCODINGS = (process.env.GPT_BENCH_ENCODINGS ?? 'gpt2,cl100k_base,o200k_base').split(',');
const TEXTS = Object.fromEntries(
  Object.entries({
    en: 'English (Gutenberg)',
    ar: 'Arabic prose (OpenITI)',
    quran: 'vocalized Quran (Tanzil Uthmani)',
  }).filter(([text]) => (process.env.GPT_BENCH_TEXTS ?? 'en,ar,quran').split(',').includes(text)),
);
const LANGS = ['en', 'ar'];
/** Pure-JS libraries (tiktoken is WASM and hf-tokenizers native Rust: reported, but not among them). */
const PURE_JS = ['js-tiktoken', 'gpt-tokenizer', 'ai-tokenizer'];
/** The python wheels of the Rust reference, looked for here (or in GPT_BENCH_WHEELS). */
const WHEEL_DIRS = [process.env.GPT_BENCH_WHEELS, '/opt/pypi/files'].filter(Boolean);

function textPath(text) {
  if (text === 'quran') return join(sharedRoot, 'corpora/ar/quran-uthmani.txt');
  return benchCorpus(text, MEGABYTES);
}

/** Load a library's encoder; returns an `encode(text) => ids` function, or null when it lacks the encoding. */
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
      const module = await import(`gpt-tokenizer/encoding/${encoding === 'gpt2' ? 'r50k_base' : encoding}`);
      return (text) => module.encode(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() });
    }
    case 'hf-tokenizers': {
      // Hugging Face's Rust tokenizers through its Node binding, with a tokenizer.json made from the
      // tiktoken ranks by hfTokenizerFile() (in the parent process, before any cell).
      const { Tokenizer } = await import('tokenizers');
      const tokenizer = Tokenizer.fromFile(hfTokenizerPath(encoding));
      return async (text) => (await tokenizer.encode(text, null, { addSpecialTokens: false })).getIds();
    }
    case 'ai-tokenizer': {
      if (encoding === 'gpt2') return null;
      const { Tokenizer } = await import('ai-tokenizer');
      const data = await import(`ai-tokenizer/encoding/${encoding}`);
      const enc = new Tokenizer(data);
      return (text) => enc.encode(text, [], []);
    }
  }
  throw new Error(`unknown library ${library}`);
}

/** One cell, in its own process: load, one cold pass, warm passes; ids saved for the comparison. */
async function cell(library, encoding, text, passes) {
  const input = readFileSync(textPath(text), 'utf8');
  let start = performance.now();
  const encode = await load(library, encoding);
  const loadMs = performance.now() - start;
  if (encode === null) return null;
  start = performance.now();
  const ids = await encode(input);
  const coldMs = performance.now() - start;
  const warmMs = [];
  for (let pass = 0; pass < passes; pass++) {
    start = performance.now();
    await encode(input);
    warmMs.push(performance.now() - start);
  }
  mkdirSync(idsDir, { recursive: true });
  writeFileSync(join(idsDir, `${library}.${encoding}.${text}.u32`), new Uint32Array(ids));
  return { loadMs, coldMs, warmMs, tokens: ids.length };
}

/** tiktoken's split patterns as its Rust regex reads them; Hugging Face's Oniguruma reads them too. */
const TIKTOKEN_PATTERNS = {
  gpt2: String.raw`'(?:[sdmt]|ll|ve|re)| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`,
  cl100k_base: String.raw`'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]++[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  o200k_base: [
    String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?`,
    String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?`,
    String.raw`\p{N}{1,3}`,
    String.raw` ?[^\s\p{L}\p{N}]+[\r\n/]*`,
    String.raw`\s*[\r\n]+`,
    String.raw`\s+(?!\S)`,
    String.raw`\s+`,
  ].join('|'),
};

const hfTokenizerPath = (encoding) => join(dataDir, 'hf', `${encoding}.tokenizer.json`);

/**
 * Write a Hugging Face tokenizer.json equal to a tiktoken encoding (once), with @tokenlab/bpe's
 * `huggingFaceFromRanks`: byte-level BPE whose vocab is the ranks and whose merges are recovered from
 * them, split by tiktoken's pattern, a whole-token piece taken whole. Ids are compared before timing.
 */
async function hfTokenizerFile(encoding) {
  const file = hfTokenizerPath(encoding);
  if (existsSync(file)) return file;
  const { getEncoding } = await import('@tokenlab/gpt');
  const { huggingFaceFromRanks } = await import('@tokenlab/bpe');
  const { ranks } = await getEncoding(encoding === 'gpt2' ? 'r50k_base' : encoding);
  const tokens = Array.from({ length: ranks.rankCount }, (_, rank) =>
    ranks.has(rank) ? ranks.tokenBytes(rank) : undefined,
  );
  const json = huggingFaceFromRanks(tokens, TIKTOKEN_PATTERNS[encoding]);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(json));
  return file;
}

/**
 * A Python with tiktoken's wheel, in a virtual environment under bench/.data (made once, from
 * local wheels only), and the rank files it reads (written from @tokenlab/gpt's ranks, which the
 * parity tests hold equal to OpenAI's). Null, with the reason, when it cannot be set up.
 */
async function rustReference() {
  const venv = join(dataDir, 'tiktoken-venv');
  const python = join(venv, 'bin', 'python');
  const ranksDir = join(dataDir, 'ranks');
  try {
    if (!existsSync(python)) {
      const wheels = [];
      for (const dir of WHEEL_DIRS) {
        if (!existsSync(dir)) continue;
        for (const file of readdirSync(dir))
          if (/^(tiktoken|regex)-.*\.whl$/.test(file)) wheels.push(join(dir, file));
      }
      if (!wheels.some((wheel) => /\/tiktoken-/.test(wheel)))
        return { reason: `no tiktoken wheel in ${WHEEL_DIRS.join(', ')}` };
      execFileSync('python3', ['-m', 'venv', venv]);
      execFileSync(python, ['-m', 'pip', 'install', '--quiet', '--no-index', '--no-deps', ...wheels]);
    }
    mkdirSync(ranksDir, { recursive: true });
    const { getEncoding } = await import('@tokenlab/gpt');
    for (const name of ['r50k_base', 'cl100k_base', 'o200k_base']) {
      const file = join(ranksDir, `${name}.tiktoken`);
      if (existsSync(file)) continue;
      const { ranks } = await getEncoding(name);
      const lines = [];
      for (let rank = 0; rank < ranks.rankCount; rank++)
        if (ranks.has(rank))
          lines.push(`${Buffer.from(ranks.tokenBytes(rank)).toString('base64')} ${rank}\n`);
      writeFileSync(file, lines.join(''));
    }
    const version = execFileSync(python, ['-c', 'import tiktoken; print(tiktoken.__version__)'], {
      encoding: 'utf8',
    }).trim();
    return { python, ranksDir, version };
  } catch (error) {
    return { reason: `the tiktoken wheel could not be set up: ${error.message.split('\n')[0]}` };
  }
}

function rustCell(rust, encoding, text) {
  const out = execFileSync(
    rust.python,
    [
      join(here, 'gpt-rust.py'),
      encoding,
      textPath(text),
      rust.ranksDir,
      join(idsDir, `rust.${encoding}.${text}.u32`),
      String(WARM_PASSES),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split('\n').pop());
}

function nodeCell(library, encoding, text, passes) {
  const out = execFileSync(
    process.execPath,
    [
      '--max-old-space-size=8192',
      fileURLToPath(import.meta.url),
      '--cell',
      library,
      encoding,
      text,
      String(passes),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split('\n').pop());
}

function readIds(name, encoding, text) {
  const file = join(idsDir, `${name}.${encoding}.${text}.u32`);
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

function mismatches(library, encoding, text, reference) {
  const ours = readIds(library, encoding, text);
  const theirs = readIds(reference, encoding, text);
  if (ours === null || theirs === null) return null;
  let differ = Math.abs(ours.length - theirs.length);
  const n = Math.min(ours.length, theirs.length);
  for (let i = 0; i < n; i++) if (ours[i] !== theirs[i]) differ++;
  return differ;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const loadNow = () => loadavg()[0];

/** Largest distance of a warm pass from the median warm pass of its process, over all processes. */
function warmSpread(cells) {
  let spread = 0;
  for (const c of cells) {
    const mid = median(c.warmMs);
    for (const ms of c.warmMs) spread = Math.max(spread, Math.abs(ms / mid - 1));
  }
  return spread;
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
  const startLoad = loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  const rust = await rustReference();
  if (JS_LIBRARIES.includes('hf-tokenizers'))
    for (const encoding of ENCODINGS) await hfTokenizerFile(encoding);
  const texts = Object.keys(TEXTS);
  const sizes = {};
  for (const text of texts) sizes[text] = readFileSync(textPath(text)).length;
  const rows = [];
  for (const text of texts)
    for (const encoding of ENCODINGS) {
      const row = { text, encoding, pairs: [], libraries: {} };
      for (let pair = 0; pair < PAIRS; pair++) {
        // Alternate who goes first, so neither always follows the other's caches and load.
        const load = loadNow();
        const runOurs = () => nodeCell('tokenlab', encoding, text, WARM_PASSES);
        const runRust = () => (rust.python ? rustCell(rust, encoding, text) : null);
        let ours;
        let theirs;
        if (pair % 2 === 0) {
          ours = runOurs();
          theirs = runRust();
        } else {
          theirs = runRust();
          ours = runOurs();
        }
        row.pairs.push({ ours, rust: theirs, load });
        const mbs = (ms) => (sizes[text] / 1e6 / (ms / 1000)).toFixed(1);
        console.log(
          `${text} ${encoding} pair ${pair + 1}: tokenlab cold ${mbs(ours.coldMs)} warm ${mbs(median(ours.warmMs))} MB/s` +
            (theirs ? `; Rust cold ${mbs(theirs.coldMs)} warm ${mbs(median(theirs.warmMs))} MB/s` : '') +
            ` (load ${load.toFixed(1)})`,
        );
      }
      for (const library of JS_LIBRARIES) {
        const result = nodeCell(library, encoding, text, LIBRARY_WARM_PASSES);
        row.libraries[library] = result;
        if (result)
          console.log(
            `${text} ${encoding} ${library}: cold ${(sizes[text] / 1e3 / result.coldMs).toFixed(2)} warm ${(sizes[text] / 1e3 / Math.min(...result.warmMs)).toFixed(2)} MB/s`,
          );
      }
      const reference = rust.python ? 'rust' : 'tiktoken';
      row.reference = reference;
      row.mismatches = {};
      for (const library of ['tokenlab', ...JS_LIBRARIES])
        row.mismatches[library] = library === reference ? 0 : mismatches(library, encoding, text, reference);
      rows.push(row);
    }
  const endLoad = loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  const patho = await pathological();
  writeFileSync(join(here, 'results', 'gpt.md'), report(rows, patho, sizes, rust, startLoad, endLoad));
  console.log(readFileSync(join(here, 'results', 'gpt.md'), 'utf8'));
}

function report(rows, patho, sizes, rust, startLoad, endLoad) {
  const lines = [];
  const fmt = (x, digits = 2) => x.toFixed(digits);
  const mbs = (text, ms) => sizes[text] / 1e6 / (ms / 1000);
  const range = (values, digits = 2) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${fmt(median(sorted), digits)} (${fmt(sorted[0], digits)}–${fmt(sorted.at(-1), digits)})`;
  };
  lines.push("## GPT encodings: @tokenlab/gpt against tiktoken's Rust core and the JS libraries", '');
  lines.push(
    `* Texts: ${Object.entries(TEXTS)
      .map(
        ([text, label]) =>
          `${label}, ${text === 'quran' ? 'the whole file' : `the first ${MEGABYTES} MB of the bench corpus`} (${fmt(sizes[text] / 1e6)} MB of UTF-8)`,
      )
      .join('; ')}; each encoded as one string with \`encode_ordinary\` semantics.`,
    `* Machine: ${machineInfo()}, ${availableParallelism()} cores shared with other jobs; ${new Date().toISOString().slice(0, 10)}; load average (1 / 5 / 15 min) ${startLoad} at the start, ${endLoad} at the end; the 1-minute load at each pair is in the table. Only ratios taken in the same pair mean much on a shared machine.`,
    rust.python
      ? `* Rust: tiktoken ${rust.version} (its Rust core through the Python wheel, installed from a local wheel into bench/.data; \`encode_ordinary\`, one thread; ranks written from ours, which the parity tests hold byte-equal to OpenAI's). Its load time includes importing tiktoken and building the encoding.`
      : `* Rust: not run (${rust.reason}); the mismatches are against tiktoken (WASM).`,
    `* Each cell runs in a fresh process: **load** = import + constructing the encoder; **cold** = the first encode after load (empty caches, cold JIT); **warm** = the median of the next ${WARM_PASSES} passes (for the JS libraries, slower, the fastest of ${LIBRARY_WARM_PASSES}). tokenlab and Rust run in ${PAIRS} pairs of processes, alternating which goes first; **÷ Rust** is the median of the per-pair ratios (range in brackets).`,
    "* **Spread**: the largest distance of one warm pass from its process's median warm pass, over all of a row's processes (goal: within ±20%).",
    "* **÷ fastest JS**: tokenlab's median warm (cold) speed ÷ the fastest pure-JS library's (js-tiktoken, gpt-tokenizer, ai-tokenizer; tiktoken WASM is shown but is not pure JS); these run once per row, after the pairs.",
    "* **hf-tokenizers**: Hugging Face `tokenizers` 0.23.2 from npm (native Rust through its Node binding, `encode` of the whole text, no special tokens) with a tokenizer.json the bench builds from the tiktoken ranks (byte-level BPE, merges found by re-merging each token with the lower ranks, tiktoken's split pattern, whole-token pieces taken whole); a second native anchor, its ids checked like the others'. Its time includes building offsets and the other fields of its `Encoding`, which tiktoken does not make.",
    `* Mismatches: token positions whose id differs from ${rust.python ? "the Rust core's" : "tiktoken (WASM)'s"} (plus any length difference).`,
    '',
  );
  lines.push(
    '| text | encoding | tokenlab warm MB/s | tokenlab cold MB/s | Rust warm MB/s | Rust cold MB/s | warm ÷ Rust | cold ÷ Rust | spread ours / Rust | load at each pair | tokenlab load ms | Rust load ms |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
  );
  const verdicts = [];
  for (const row of rows) {
    const ours = row.pairs.map((p) => p.ours);
    const theirs = row.pairs.map((p) => p.rust).filter(Boolean);
    const oursWarm = ours.map((c) => mbs(row.text, median(c.warmMs)));
    const oursCold = ours.map((c) => mbs(row.text, c.coldMs));
    let rustCells = '| — | — | — | — |';
    let warmRatios = [];
    let coldRatios = [];
    if (theirs.length === ours.length) {
      warmRatios = row.pairs.map((p) => median(p.rust.warmMs) / median(p.ours.warmMs));
      coldRatios = row.pairs.map((p) => p.rust.coldMs / p.ours.coldMs);
      rustCells = `| ${range(
        theirs.map((c) => mbs(row.text, median(c.warmMs))),
        1,
      )} | ${range(
        theirs.map((c) => mbs(row.text, c.coldMs)),
        1,
      )} | ${range(warmRatios)}× | ${range(coldRatios)}× |`;
    }
    lines.push(
      `| ${row.text} | ${row.encoding} | ${range(oursWarm, 1)} | ${range(oursCold, 1)} ${rustCells} ±${fmt(100 * warmSpread(ours), 0)}% / ${theirs.length ? `±${fmt(100 * warmSpread(theirs), 0)}%` : '—'} | ${row.pairs.map((p) => fmt(p.load, 1)).join(', ')} | ${fmt(median(ours.map((c) => c.loadMs)), 0)} | ${theirs.length ? fmt(median(theirs.map((c) => c.loadMs)), 0) : '—'} |`,
    );
    row.warmRatio = warmRatios.length ? median(warmRatios) : null;
    row.coldRatio = coldRatios.length ? median(coldRatios) : null;
    row.spread = warmSpread(ours);
    row.oursWarm = median(oursWarm);
    row.oursCold = median(oursCold);
  }
  lines.push(
    '',
    '| text | encoding | library | load ms | cold MB/s | warm MB/s | tokens | mismatches |',
    '|---|---|---|---:|---:|---:|---:|---:|',
  );
  for (const row of rows) {
    const ours = row.pairs[0].ours;
    lines.push(
      `| ${row.text} | ${row.encoding} | tokenlab (pair 1) | ${fmt(ours.loadMs, 0)} | ${fmt(mbs(row.text, ours.coldMs))} | ${fmt(mbs(row.text, median(ours.warmMs)))} | ${ours.tokens.toLocaleString('en')} | ${row.mismatches.tokenlab ?? '—'} |`,
    );
    for (const library of JS_LIBRARIES) {
      const r = row.libraries[library];
      if (!r) {
        lines.push(`| ${row.text} | ${row.encoding} | ${library} | — | — | — | — | (no ${row.encoding}) |`);
        continue;
      }
      lines.push(
        `| ${row.text} | ${row.encoding} | ${library}${library === 'tiktoken' ? ' (WASM)' : library === 'hf-tokenizers' ? ' (native Rust)' : ''} | ${fmt(r.loadMs, 0)} | ${fmt(mbs(row.text, r.coldMs))} | ${fmt(mbs(row.text, Math.min(...r.warmMs)))} | ${r.tokens.toLocaleString('en')} | ${row.mismatches[library] ?? '—'} |`,
      );
    }
  }
  lines.push(
    '',
    '| text | encoding | warm ÷ Rust ≥ 1.2 | cold ÷ Rust ≥ 1.2 | warm ÷ fastest JS ≥ 2 | cold ÷ fastest JS ≥ 2 | spread ≤ ±20% | ids equal |',
    '|---|---|---|---|---|---|---|---|',
  );
  const yes = (ok, value) => `${ok ? 'yes' : '**no**'} (${value})`;
  for (const row of rows) {
    const js = PURE_JS.map((l) => row.libraries[l]).filter(Boolean);
    const bestWarm = Math.max(...js.map((r) => mbs(row.text, Math.min(...r.warmMs))));
    const bestCold = Math.max(...js.map((r) => mbs(row.text, r.coldMs)));
    const warmJs = row.oursWarm / bestWarm;
    const coldJs = row.oursCold / bestCold;
    const cells = [
      row.warmRatio === null ? '—' : yes(row.warmRatio >= 1.2, `${fmt(row.warmRatio)}×`),
      row.coldRatio === null ? '—' : yes(row.coldRatio >= 1.2, `${fmt(row.coldRatio)}×`),
      yes(warmJs >= 2, `${fmt(warmJs)}×`),
      yes(coldJs >= 2, `${fmt(coldJs)}×`),
      yes(row.spread <= 0.2, `±${fmt(100 * row.spread, 0)}%`),
      row.mismatches.tokenlab === 0 ? 'yes' : `**no** (${row.mismatches.tokenlab})`,
    ];
    verdicts.push(cells);
    lines.push(`| ${row.text} | ${row.encoding} | ${cells.join(' | ')} |`);
  }
  const differing = rows.flatMap((row) =>
    Object.entries(row.mismatches)
      .filter(([, m]) => m > 0)
      .map(([library, m]) => `${library} (${row.text}, ${row.encoding}: ${m})`),
  );
  lines.push(
    '',
    differing.length === 0
      ? 'Every library gave the reference ids on these texts.'
      : `Libraries with ids that differ from the reference: ${differing.join(', ')}.`,
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

// Parallel encoding: the whole 100 MB corpora, one thread against two (the calling thread and a
// pool of one worker), alternating in one process; the text given as a string (encodeParallel) or as
// the file itself (encodeFileParallel: each thread reads and decodes its own parts).
const PARALLEL_PAIRS = Number(process.env.GPT_BENCH_PARALLEL_PAIRS ?? 3);
const PARALLEL_ENCODINGS = (process.env.GPT_BENCH_PARALLEL_ENCODINGS ?? 'cl100k_base,o200k_base').split(',');
/** The inputs: `string` (encodeParallel on the text read as one string) and `file` (encodeFileParallel on its path). */
const PARALLEL_INPUTS = (process.env.GPT_BENCH_PARALLEL_INPUTS ?? 'string,file').split(',');

/** CPU time of this process, all threads (the workers' included), in ms. */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** One (language, encoding, input) of the parallel table, in its own process. */
async function parallelCell(lang, encoding, input) {
  const { getEncoding } = await import('@tokenlab/gpt');
  const { encodeFileParallel, encodeParallel, EncodePool } = await import('@tokenlab/gpt/node');
  const path = benchCorpus(lang);
  const enc = await getEncoding(encoding);
  let text = readFileSync(path, 'utf8');
  const bytes = Buffer.byteLength(text);
  // The ids of the text in one piece, which every run must give.
  const ids = Uint32Array.from(enc.encodeOrdinary(text));
  if (input === 'file') text = undefined;
  const encode =
    input === 'file'
      ? (options) => encodeFileParallel(enc, path, { ...options, ordinary: true })
      : (options) => encodeParallel(enc, text, { ...options, ordinary: true });
  const mismatchesOf = (out) => {
    let mismatches = Math.abs(out.length - ids.length);
    for (let i = 0; i < Math.min(out.length, ids.length); i++) if (out[i] !== ids[i]) mismatches++;
    return mismatches;
  };
  // First passes: warm this thread's JIT and merge cache, and start the pool and warm its worker
  // (that first 2-thread pass, start included, is reported as the cold one). Two threads are the
  // calling thread and one worker: both encode pieces.
  let mismatches = mismatchesOf(await encode({ threads: 1 }));
  let start = performance.now();
  const pool = new EncodePool(enc, { threads: 1 });
  mismatches += mismatchesOf(await encode({ pool }));
  const coldTwoMs = performance.now() - start;
  const pairs = [];
  for (let pair = 0; pair < PARALLEL_PAIRS; pair++) {
    const load = loadavg()[0];
    let cpu = cpuMs();
    start = performance.now();
    const one = await encode({ threads: 1 });
    const oneMs = performance.now() - start;
    const oneCpuMs = cpuMs() - cpu;
    mismatches += mismatchesOf(one);
    globalThis.gc?.();
    cpu = cpuMs();
    start = performance.now();
    const two = await encode({ pool });
    const twoMs = performance.now() - start;
    const twoCpuMs = cpuMs() - cpu;
    mismatches += mismatchesOf(two);
    globalThis.gc?.();
    pairs.push({ oneMs, twoMs, oneCpuMs, twoCpuMs, load });
  }
  await pool.close();
  // The one-piece API on the text in memory, warm: `encodeOrdinary` returns a number[] (past 2^25 ids
  // built as idsToArray does), where the passes above fill a Uint32Array.
  let plainMs;
  if (input !== 'file') {
    globalThis.gc?.();
    start = performance.now();
    const plain = enc.encodeOrdinary(text);
    plainMs = performance.now() - start;
    mismatches += mismatchesOf(plain);
  }
  return { lang, encoding, input, bytes, tokens: ids.length, coldTwoMs, pairs, plainMs, mismatches };
}

async function parallelMain() {
  const startLoad = loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  const cells = [];
  for (const lang of LANGS)
    for (const encoding of PARALLEL_ENCODINGS)
      for (const input of PARALLEL_INPUTS) {
        const out = execFileSync(
          process.execPath,
          [
            '--expose-gc',
            '--max-old-space-size=8192',
            fileURLToPath(import.meta.url),
            '--parallel-cell',
            lang,
            encoding,
            input,
          ],
          { encoding: 'utf8', maxBuffer: 1 << 20 },
        );
        const result = JSON.parse(out.trim().split('\n').pop());
        cells.push(result);
        console.log(
          `${lang} ${encoding} ${input} 1 thread ${result.pairs.map((p) => p.oneMs.toFixed(0)).join('/')} ms, 2 threads ${result.pairs.map((p) => p.twoMs.toFixed(0)).join('/')} ms`,
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
    '### Parallel encoding: `encodeParallel` and `encodeFileParallel` on 1 and 2 threads (@tokenlab/gpt/node)',
    '',
    `* Corpus: the whole English (Gutenberg) and Arabic (OpenITI) bench corpora (${cells
      .filter((c, i, all) => all.findIndex((d) => d.lang === c.lang) === i)
      .map((c) => `${c.lang} ${fmt(c.bytes / 1e6, 1)} MB of UTF-8`)
      .join(
        ', ',
      )}), \`ordinary\` semantics. **Input**: \`string\` = the text read as one string beforehand (not timed), \`file\` = the file's path (reading and decoding timed).`,
    `* Machine: ${machineInfo()}, ${availableParallelism()} cores shared with other jobs; ${new Date().toISOString().slice(0, 10)}; load average (1 / 5 / 15 min) ${startLoad} at the start, ${endLoad} at the end. With the load above the core count, two threads cannot get two cores: the ratio is a lower bound of what an idle machine gives.`,
    '* Each (text, encoding, input) runs in a fresh process: the text encoded once in one piece (the reference ids; it also warms the calling thread), one 1-thread pass, one pass with a new pool of one worker (start included: the rank table is shared with the worker (built once, in shared memory), the worker warms its JIT and piece cache; reported as **2 threads, first pass**), then ' +
      `${PARALLEL_PAIRS} pairs, alternating 1 thread and 2 threads. Medians of the pairs; the ratio is the median of the per-pair ratios.`,
    '* `string`: **1 thread** = `encodeParallel(enc, text, { threads: 1 })` (encodes in the calling thread into a Uint32Array), **2 threads** = `encodeParallel(enc, text, { pool })`: the calling thread cuts the text at safe places into 1 Mi-unit pieces (the last 4 Mi units in quarter pieces, so both threads finish together), which the worker (two in flight, posted as strings) and the calling thread (whenever the worker has its two; it encodes its piece in place, as a part of the text: no slice, no copy) encode; the ids of each piece go into one array as they come in (no join at the end).',
    "* `file`: **1 thread** = `encodeFileParallel(enc, path, { threads: 1 })`: the calling thread reads the file in 1 MiB parts, each cut at the first safe place after its end, decodes (checking the UTF-8) and encodes each; **2 threads** = `encodeFileParallel(enc, path, { pool })`: the same parts, each read, cut, decoded and encoded by the thread that takes it (the worker, two in flight, or the calling thread); only the part's byte range goes to the worker and only its ids come back.",
    "* Piece caches: the text is encoded again and again, so the caches are warm. The 1-thread pass uses the calling thread's own cache (256 Ki entries, then 512 Ki), which has seen the whole text in every earlier pass and keeps the pieces found again when it fills: after two passes it holds all of English's distinct pieces (271,000 with cl100k, 281,000 with o200k) and of Arabic's with o200k (437,000), but with Arabic and cl100k about 197,000 of more than 431,000, so that row's one thread merges the others again in every pass (measured outside this run). The 2-thread passes use the pool's one piece cache in shared memory (`SharedPieceCache`, 512 Ki entries, 32 MiB; the worker and the calling thread both read and fill it, so each distinct piece is merged once whichever thread meets it; with Arabic and cl100k its arena fills at 431,000), which has seen the whole text in every earlier 2-thread pass. Neither is cleared between passes; the first-pass column is the one with a cold worker and a cold shared cache.",
    '* **encodeOrdinary → number[]**: one more call after the pairs, `enc.encodeOrdinary(text)` on the text in memory in the calling thread (warm), the API that returns a plain array (the passes above fill a Uint32Array); V8 gives a presized array fast elements only up to 2^25 elements, so a longer one is presized to where one growth holds it and written on past its end (`presizedArray`).',
    '* CPU: process CPU time (all threads) of each pass; **CPU 2 ÷ 1** is what the parallel path costs in total over one thread (cutting, messages and copies of the text and ids, two threads sharing the L3 cache and memory). On an idle machine the wall ratio approaches 2 ÷ (CPU 2 ÷ 1).',
    '* Mismatches: ids of all the runs (1 and 2 threads, first pass included) that differ from the reference (must be 0).',
    '',
    '* **Cores used**: CPU ÷ wall of the 2-thread passes (median): 2 would mean both threads ran all the time; below that, the other jobs held a core.',
    '',
    '| text | encoding | input | MB | tokens | 1 thread ms (median) | 2 threads ms (median) | 2 threads, first pass ms | 1 thread MB/s | 2 threads MB/s | 2 ÷ 1 thread, wall (per-pair median) | CPU 2 ÷ 1 | cores used, 2 threads | encodeOrdinary → number[] ms | load (1 min) at each pair | mismatches |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  ];
  for (const c of cells) {
    const one = median(c.pairs.map((p) => p.oneMs));
    const two = median(c.pairs.map((p) => p.twoMs));
    const ratio = median(c.pairs.map((p) => p.oneMs / p.twoMs));
    const cpu = median(c.pairs.map((p) => p.twoCpuMs / p.oneCpuMs));
    const cores = median(c.pairs.map((p) => p.twoCpuMs / p.twoMs));
    lines.push(
      `| ${c.lang} | ${c.encoding} | ${c.input ?? 'string'} | ${fmt(c.bytes / 1e6, 1)} | ${c.tokens.toLocaleString('en')} | ${fmt(one, 0)} | ${fmt(two, 0)} | ${fmt(c.coldTwoMs, 0)} | ${fmt(c.bytes / 1e6 / (one / 1000))} | ${fmt(c.bytes / 1e6 / (two / 1000))} | ${fmt(ratio)}× | ${fmt(cpu)} | ${fmt(cores)} | ${c.plainMs === undefined ? '—' : fmt(c.plainMs, 0)} | ${c.pairs.map((p) => fmt(p.load, 1)).join(', ')} | ${c.mismatches} |`,
    );
  }
  const ratios = cells.map((c) => median(c.pairs.map((p) => p.oneMs / p.twoMs)));
  const met = ratios.filter((r) => r >= 1.8).length;
  // Why the rows below the goal are below it, from their own columns: whether the two threads had
  // two cores (cores used), and what the parallel path costs in CPU over one thread (CPU 2 ÷ 1).
  const below = cells.filter((_, i) => ratios[i] < 1.8);
  let why = '';
  if (below.length > 0) {
    const cores = below.map((c) => median(c.pairs.map((p) => p.twoCpuMs / p.twoMs)));
    const cpu = below.map((c) => median(c.pairs.map((p) => p.twoCpuMs / p.oneCpuMs)));
    const span = (values) =>
      fmt(Math.min(...values)) === fmt(Math.max(...values))
        ? fmt(values[0])
        : `${fmt(Math.min(...values))}–${fmt(Math.max(...values))}`;
    why =
      Math.min(...cores) >= 1.8
        ? `. In the rows below it the two threads had both cores almost all the time (cores used ${span(cores)}): what holds them back is the parallel path's extra CPU, ${span(cpu)}× one thread's (which alone bounds the ratio at ${span(cpu.map((x) => 2 / x))}×)`
        : `. In the rows below it the two threads had both cores for only part of the time (cores used ${span(cores)}: other jobs held one), and the parallel path cost ${span(cpu)}× one thread's CPU`;
  }
  lines.push(
    '',
    `Goal: 2 threads ≥ 1.8× one thread. Met in ${met} of ${cells.length} rows in this run${why}.`,
    '',
  );
  return lines.join('\n');
}

if (process.argv[2] === '--hf-file') {
  console.log(await hfTokenizerFile(process.argv[3]));
} else if (process.argv[2] === '--cell') {
  const [library, encoding, text, passes] = process.argv.slice(3);
  console.log(JSON.stringify(await cell(library, encoding, text, Number(passes))));
} else if (process.argv[2] === '--parallel-cell') {
  const [lang, encoding, input] = process.argv.slice(3);
  console.log(JSON.stringify(await parallelCell(lang, encoding, input ?? 'string')));
} else {
  // GPT_BENCH_ONLY=parallel re-measures only the parallel table, GPT_BENCH_ONLY=library only the
  // library table (the other keeps its last run).
  if (process.env.GPT_BENCH_ONLY !== 'parallel') await main();
  if (process.env.GPT_BENCH_ONLY !== 'library') await parallelMain();
}
