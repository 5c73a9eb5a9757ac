// BPE training: tokenlab's minbpe-exact trainer against minbpe (Python) on taylorswift.txt, and
// against Hugging Face `tokenizers` (native Rust, npm) on 1, 10 and 100 MB of English and 89 MB of
// Arabic. Each large run is its own child process, so its peak memory is its own.
//
//   node bench/bpe.bench.mjs            everything (the 100 MB rows take minutes)
//   node bench/bpe.bench.mjs --small    without the 100 MB / 89 MB rows
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BasicTokenizer, byteToUnicode, RegexTokenizer } from '@tokenlab/bpe';
import { countFileTable, startMergeHelper } from '@tokenlab/bpe/node';
import { Tokenizer } from 'tokenizers';
import { benchCorpus, machineInfo, sharedRoot } from './corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const GPT4 =
  "'(?i:[sdmt]|ll|ve|re)|[^\\r\\n\\p{L}\\p{N}]?+\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]++[\\r\\n]*|\\s*[\\r\\n]|\\s+(?!\\S)|\\s+";
const MINBPE_QUOTED_SECONDS = 10.4;

/** CPU time (user + system, all threads) this process has used, in seconds. */
function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

// ---------------------------------------------------------------------------------------------
// Child jobs: `--child ours FILE VOCAB` and `--child hf FILE`. Each prints one JSON line.

function hexMerges(tokenizer) {
  const vocab = tokenizer.vocab;
  const hex = (bytes) => Buffer.from(bytes).toString('hex');
  return tokenizer.merges.map(([a, b]) => `${hex(vocab.get(a))}|${hex(vocab.get(b))}`);
}

async function childOurs(file, vocabSize, before, withHelper = false) {
  // `before`: a build of an earlier @tokenlab/bpe (see BPE_BENCH_BEFORE below), for the before/after table.
  const node = before ? await import(join(before, 'dist/node/index.js')) : { countFileTable };
  const main = before ? await import(join(before, 'dist/index.js')) : { RegexTokenizer };
  // A build old enough to lack countFileTable counts as the CLI did then, with countFileChunks.
  const table = typeof node.countFileTable === 'function';
  const started = performance.now();
  const cpuStarted = cpuSeconds();
  const counts = table
    ? await node.countFileTable([file], 'gpt4')
    : await node.countFileChunks([file], 'gpt4');
  const counted = performance.now();
  const countCpu = cpuSeconds() - cpuStarted;
  const tokenizer = new main.RegexTokenizer('gpt4');
  // As `tokenlab train` does: the helper starts once the table is counted, while the trainer lays it out.
  const helper = withHelper ? startMergeHelper() : undefined;
  const summary = tokenizer.trainFromCounts(counts, vocabSize, helper ? { helper } : {});
  const done = performance.now();
  await helper?.close();
  return {
    count: (counted - started) / 1000,
    countCpu,
    merges: (done - counted) / 1000,
    total: (done - started) / 1000,
    unique: table ? counts.lengths.length : counts.size,
    countCalls: table ? 'countFileTable' : 'countFileChunks',
    vocab: summary.vocabSize,
    cpu: cpuSeconds(),
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    mergeList: hexMerges(tokenizer),
  };
}

function childHf(file) {
  // The binding's train(files) takes no trainer: it uses BpeTrainer's defaults (vocab 30,000,
  // min_frequency 0). The pre-tokenizer is the same split as ours: GPT-4 pattern, then bytes.
  const json = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [],
    normalizer: null,
    pre_tokenizer: {
      type: 'Sequence',
      pretokenizers: [
        { type: 'Split', pattern: { Regex: GPT4 }, behavior: 'Isolated', invert: false },
        { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: false },
      ],
    },
    post_processor: null,
    decoder: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: false },
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      fuse_unk: false,
      byte_fallback: false,
      vocab: {},
      merges: [],
    },
  };
  const tokenizer = Tokenizer.fromString(JSON.stringify(json));
  const started = performance.now();
  tokenizer.train([file]);
  const total = (performance.now() - started) / 1000;
  const dir = mkdtempSync(join(tmpdir(), 'hf-bpe-'));
  tokenizer.save(join(dir, 'tokenizer.json'));
  const model = JSON.parse(readFileSync(join(dir, 'tokenizer.json'), 'utf8')).model;
  rmSync(dir, { recursive: true });
  const fromChar = new Map(byteToUnicode().map((char, byte) => [char, byte]));
  const hex = (text) => Buffer.from([...text].map((char) => fromChar.get(char))).toString('hex');
  const mergeList = model.merges.map((merge) => {
    const [a, b] = Array.isArray(merge) ? merge : merge.split(' ');
    return `${hex(a)}|${hex(b)}`;
  });
  return {
    total,
    vocab: Object.keys(model.vocab).length,
    cpu: cpuSeconds(),
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    mergeList,
  };
}

if (process.argv[2] === '--child') {
  const [, , , job, file, vocab] = process.argv;
  const result =
    job === 'ours' || job === 'helper'
      ? await childOurs(file, Number(vocab), undefined, job === 'helper')
      : job === 'before'
        ? await childOurs(file, Number(vocab), process.env.BPE_BENCH_BEFORE)
        : childHf(file);
  writeFileSync(process.argv[process.argv.length - 1], JSON.stringify(result));
  process.exit(0);
}

function runChild(job, file, vocab) {
  const out = join(mkdtempSync(join(tmpdir(), 'bpe-bench-')), 'result.json');
  const args = [fileURLToPath(import.meta.url), '--child', job, file, String(vocab ?? 0), out];
  const run = spawnSync(process.execPath, ['--max-old-space-size=8192', ...args], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`${job} on ${file} failed`);
  return JSON.parse(readFileSync(out, 'utf8'));
}

// ---------------------------------------------------------------------------------------------
// (a) taylorswift.txt, vocab 512, Basic + Regex (GPT-4): us vs minbpe's algorithm in Python.

// A faithful transcription of minbpe's training loops (get_stats, merge, max over an insertion-ordered
// dict, full recount per merge), run with the `regex` module as minbpe is.
const MINBPE_PY = `
import json, sys, time
import regex as re
GPT4 = r"""${GPT4}"""
def get_stats(ids, counts=None):
    counts = {} if counts is None else counts
    for pair in zip(ids, ids[1:]):
        counts[pair] = counts.get(pair, 0) + 1
    return counts
def merge(ids, pair, idx):
    out, i = [], 0
    while i < len(ids):
        if ids[i] == pair[0] and i < len(ids) - 1 and ids[i + 1] == pair[1]:
            out.append(idx); i += 2
        else:
            out.append(ids[i]); i += 1
    return out
def train_basic(text, vocab_size):
    ids, merges = list(text.encode("utf-8")), []
    for i in range(vocab_size - 256):
        stats = get_stats(ids)
        pair = max(stats, key=stats.get)
        ids = merge(ids, pair, 256 + i); merges.append(pair)
    return merges
def train_regex(text, vocab_size):
    ids, merges = [list(ch.encode("utf-8")) for ch in re.findall(re.compile(GPT4), text)], []
    for i in range(vocab_size - 256):
        stats = {}
        for chunk in ids: get_stats(chunk, stats)
        pair = max(stats, key=stats.get)
        ids = [merge(chunk, pair, 256 + i) for chunk in ids]; merges.append(pair)
    return merges
text = open(sys.argv[1], "r", encoding="utf-8").read()
c0 = time.process_time(); t0 = time.perf_counter(); basic = train_basic(text, 512); t1 = time.perf_counter()
regex_merges = train_regex(text, 512); t2 = time.perf_counter(); c2 = time.process_time()
print(json.dumps({"basic_s": t1 - t0, "regex_s": t2 - t1, "cpu_s": c2 - c0, "basic": basic, "regex": regex_merges}))
`;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function benchTaylorswift() {
  const file = join(sharedRoot, 'corpora/en/taylorswift.txt');
  const text = readFileSync(file, 'utf8');
  const basicTimes = [];
  const regexTimes = [];
  const cpuTimes = [];
  let basic;
  let regex;
  for (let run = 0; run < 7; run++) {
    const cpu = cpuSeconds();
    let t = performance.now();
    basic = new BasicTokenizer();
    basic.train(text, 512);
    basicTimes.push(performance.now() - t);
    t = performance.now();
    regex = new RegexTokenizer('gpt4');
    regex.train(text, 512);
    regexTimes.push(performance.now() - t);
    cpuTimes.push((cpuSeconds() - cpu) * 1000);
  }
  let python;
  let pythonNote = '';
  try {
    const dir = mkdtempSync(join(tmpdir(), 'minbpe-'));
    writeFileSync(join(dir, 'minbpe_train.py'), MINBPE_PY);
    const out = execFileSync('/usr/bin/python3', [join(dir, 'minbpe_train.py'), file], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    python = JSON.parse(out);
  } catch (error) {
    pythonNote = `Python driver not run (${error.message.split('\n')[0]}).`;
  }
  const same = (ours, theirs) =>
    JSON.stringify(ours.merges.map(([a, b]) => [a, b])) === JSON.stringify(theirs);
  return {
    basicMs: median(basicTimes),
    regexMs: median(regexTimes),
    bestMs: Math.min(...basicTimes) + Math.min(...regexTimes),
    cpuMs: median(cpuTimes),
    firstMs: basicTimes[0] + regexTimes[0],
    python,
    pythonNote,
    basicSame: python ? same(basic, python.basic) : undefined,
    regexSame: python ? same(regex, python.regex) : undefined,
  };
}

// ---------------------------------------------------------------------------------------------

function agreement(ours, theirs) {
  let prefix = 0;
  while (prefix < Math.min(ours.length, theirs.length) && ours[prefix] === theirs[prefix]) prefix++;
  const set = new Set(ours);
  const shared = theirs.filter((merge) => set.has(merge)).length;
  return { prefix, shared };
}

const fmt = (x, digits = 2) =>
  x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const int = (x) => Math.round(x).toLocaleString('en-US');

const small = process.argv.includes('--small');
const date = new Date().toISOString().slice(0, 10);
const lines = [];
lines.push('## BPE training (@tokenlab/bpe)', '');
lines.push(
  `* Machine: ${machineInfo()}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores shared with other jobs`,
  `  (load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')} when the run started: absolute times are inflated, the`,
  `  side-by-side ratios less so); ${date}.`,
);
lines.push(
  '* Ours: the fast trainer (unique chunks, incremental pair counts, lazy heap by count then first occurrence); the',
  "  merges are exactly minbpe's (ties go to the first occurrence), checked below against a Python transcription of",
  "  minbpe and in the test suite against minbpe's own outputs.",
  '',
);

// BPE_BENCH_ONLY_TABLE=1 runs only (c) and keeps (a) and (b) as the last full run wrote them.
const onlyTable = process.env.BPE_BENCH_ONLY_TABLE === '1';
const previous = existsSync(join(here, 'results/bpe.md'))
  ? readFileSync(join(here, 'results/bpe.md'), 'utf8')
  : '';
if (onlyTable && previous.includes('### (c)')) {
  lines.length = 0;
  lines.push(
    previous
      .slice(0, previous.indexOf('### (c)'))
      .split('\n')
      .filter((line) => !line.startsWith('Sections (a) and (b) are from the run described at the top'))
      .join('\n')
      .trimEnd(),
    '',
    `Sections (a) and (b) are from the run described at the top; section (c) was re-run alone on ${date} (load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} at its start).`,
    '',
  );
} else {
  console.error('(a) taylorswift.txt, vocab 512 ...');
  const a = benchTaylorswift();
  const ours = a.basicMs + a.regexMs;
  lines.push('### (a) taylorswift.txt (185,768 B), vocab 512, Basic + Regex (GPT-4 pattern)', '');
  const quoted = MINBPE_QUOTED_SECONDS * 1000;
  lines.push(
    '| trainer | Basic | Regex | Basic + Regex (wall) | CPU time | speed-up |',
    '|---|---:|---:|---:|---:|---:|',
    `| tokenlab (median of 7, in one process) | ${fmt(a.basicMs, 1)} ms | ${fmt(a.regexMs, 1)} ms | ${fmt(ours, 1)} ms | ${fmt(a.cpuMs, 1)} ms | ${fmt(quoted / ours, 0)}× vs the quoted 10.4 s |`,
    `| tokenlab, best of 7 | | | ${fmt(a.bestMs, 1)} ms | | ${fmt(quoted / a.bestMs, 0)}× vs 10.4 s |`,
    `| tokenlab, first run (cold JIT) | | | ${fmt(a.firstMs, 1)} ms | | ${fmt(quoted / a.firstMs, 0)}× vs 10.4 s |`,
  );
  if (a.python) {
    const py = (a.python.basic_s + a.python.regex_s) * 1000;
    lines.push(
      `| minbpe's algorithm in Python 3.11 (this run, once) | ${fmt(a.python.basic_s, 2)} s | ${fmt(a.python.regex_s, 2)} s | ${fmt(py / 1000, 2)} s | ${fmt(a.python.cpu_s, 2)} s | ours is ${fmt(py / ours, 0)}× faster (wall), ${fmt((a.python.cpu_s * 1000) / a.cpuMs, 0)}× (CPU) |`,
    );
  }
  lines.push(
    `| minbpe, quoted (issue: 10.4 s; quiet medians in anchor-benchmarks.md: 3.39 s + 7.54 s) | 3.39 s | 7.54 s | 10.4 s | | 1×; ${fmt(quoted / a.cpuMs, 0)}× against our CPU time |`,
    '',
  );
  if (a.python)
    lines.push(
      `Same merges as the Python transcription of minbpe: Basic ${a.basicSame ? 'identical (256/256)' : 'DIFFERENT'}, Regex ${a.regexSame ? 'identical (256/256)' : 'DIFFERENT'}. minbpe itself is not installed here; the`,
      'Python row runs a faithful transcription of its training loops (`get_stats`, `merge`, `max` over the dict, full',
      'recount per merge) with the `regex` module, so it measures the same algorithm.',
      '',
    );
  else lines.push(a.pythonNote, '');

  console.error('(b) large corpora ...');
  const corpora = [
    ['English', 'en', 1],
    ['English', 'en', 10],
    ...(small
      ? []
      : [
          ['English', 'en', 100],
          ['Arabic', 'ar', undefined],
        ]),
  ];
  lines.push(
    '### (b) GPT-4 split pattern, vocab 32,768, against Hugging Face `tokenizers` (native Rust)',
    '',
  );
  lines.push(
    '`tokenizers` 0.23.2 from npm: its Node binding trains only with the default `BpeTrainer` (vocab 30,000, no way to',
    'set the size), so it is timed at 30,000 and we are timed at both 30,000 and 32,768. Its pre-tokenizer is set to the',
    'same split as ours (the GPT-4 pattern, isolated, then ByteLevel without its own regex). Each run is a separate',
    "process (peak RSS is that process's). Ours: chunks counted while streaming the file on worker threads, then merges.",
    '',
  );
  lines.push(
    '| corpus | MB | tokenlab 32,768: count + merges = total | peak RSS | tokenlab 30,000 total (CPU) | HF 30,000 total (CPU) | HF peak RSS | HF / tokenlab (30,000) | unique chunks | merges equal to HF |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const [name, lang, megabytes] of process.env.BPE_BENCH_SKIP_B === '1' ? [] : corpora) {
    const file = benchCorpus(lang, megabytes);
    const mb = statSync(file).size / 1e6;
    console.error(`  ${name} ${fmt(mb, 1)} MB ...`);
    const big = runChild('ours', file, 32768);
    const same = runChild('ours', file, 30000);
    const hf = runChild('hf', file);
    const agree = agreement(same.mergeList, hf.mergeList);
    lines.push(
      `| ${name} | ${fmt(mb, 1)} | ${fmt(big.count)} + ${fmt(big.merges)} = ${fmt(big.total)} s | ${int(big.maxRssMB)} MB | ${fmt(same.total)} s (${fmt(same.cpu, 1)} s) | ${fmt(hf.total)} s (${fmt(hf.cpu, 1)} s) | ${int(hf.maxRssMB)} MB | ${fmt(hf.total / same.total)}× | ${int(big.unique)} | first ${int(agree.prefix)} in order; ${int(agree.shared)} of ${int(hf.mergeList.length)} shared |`,
    );
  }
  lines.push(
    '',
    'HF breaks count ties by the smallest pair, minbpe (and so we) by first occurrence, so the merge lists agree up',
    'to the first tie and then drift apart; "shared" counts HF merges (as byte pairs) that we also learn.',
    "HF's vocabulary of 30,000 includes only the byte symbols it saw, so it learns a few more merges than 30,000 − 256.",
    '',
  );
}

// (c) The training table of issue 17, measured in one run: for each large corpus, PAIRS rounds of separate
// processes in turn (the earlier build if BPE_BENCH_BEFORE names one, ours through the library, ours through
// the CLI, SentencePiece, Hugging Face `tokenizers` in Python), each timed from outside by /usr/bin/time
// (wall, peak RSS); per-round ratios, then their median.
const BEFORE = process.env.BPE_BENCH_BEFORE;
const BEFORE_LABEL = process.env.BPE_BENCH_BEFORE_LABEL ?? 'an earlier build';
const PAIRS = Number(process.env.BPE_BENCH_PAIRS ?? 3);
const PYTHON = process.env.BPE_BENCH_PYTHON ?? 'python3';
const CLI = join(here, '../apps/cli/dist/main.js');

const TRAINERS_PY = `
import json, os, resource, sys, tempfile, time
job, path, vocab = sys.argv[1], sys.argv[2], int(sys.argv[3])
GPT4 = r"""${GPT4}"""
started = time.perf_counter()
if job == "spm":
    import sentencepiece as spm
    prefix = os.path.join(tempfile.mkdtemp(), "spm")
    spm.SentencePieceTrainer.train(input=path, model_prefix=prefix, model_type="bpe", vocab_size=vocab,
                                   num_threads=2, minloglevel=2)
    version = spm.__version__
else:
    from tokenizers import Regex, Tokenizer, models, pre_tokenizers, trainers
    import tokenizers
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.Split(Regex(GPT4), behavior="isolated"),
        pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)])
    trainer = trainers.BpeTrainer(vocab_size=vocab, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tokenizer.train([path], trainer)
    version = tokenizers.__version__
print(json.dumps({"total": time.perf_counter() - started, "version": version,
                  "maxRssMB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
`;

/** Run a command under /usr/bin/time: wall seconds, CPU seconds (user + system), peak RSS (MB) and its stdout. */
function timed(command, args, env = {}) {
  const run = spawnSync('/usr/bin/time', ['-f', '@@time %e %M %U %S', command, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 1 << 26,
  });
  const match = /@@time ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/.exec(run.stderr ?? '');
  if (run.status !== 0 || !match) throw new Error(`${command} ${args.join(' ')} failed: ${run.stderr}`);
  return {
    wall: Number(match[1]),
    maxRssMB: Number(match[2]) / 1024,
    cpu: Number(match[3]) + Number(match[4]),
    stdout: run.stdout,
  };
}

function pythonHas(module) {
  return spawnSync(PYTHON, ['-c', `import ${module}`]).status === 0;
}

if (!small && process.env.BPE_BENCH_SKIP_TABLE !== '1') {
  console.error('(c) the training table ...');
  const dir = mkdtempSync(join(tmpdir(), 'bpe-table-'));
  const script = join(dir, 'trainers.py');
  writeFileSync(script, TRAINERS_PY);
  const haveSpm = pythonHas('sentencepiece');
  const haveHf = pythonHas('tokenizers');
  const versions = {};
  lines.push(
    '### (c) The training table: GPT-4 split, vocabulary 32,768, against SentencePiece and Hugging Face `tokenizers` in the same run',
    '',
    `${PAIRS} rounds per corpus; in each round every trainer runs once as its own process, one after another, timed from`,
    'outside by `/usr/bin/time` (wall time from process start to exit, file read included; CPU time of all its threads,',
    'which load from other processes disturbs less than wall time; peak RSS of the process and its',
    'threads). Ratios are taken within each round, then the median of the rounds is given, so that load that changes',
    'between rounds cancels out of the ratios more than out of the times. Rows:',
    '',
    `* **tokenlab (CLI)**: \`tokenlab train -v 32768 --quiet FILE\` (2 count workers, the default here, and a merge helper thread), writing the .model/.vocab pair.`,
    "* **tokenlab (library)**: `countFileTable([file], 'gpt4')` then `RegexTokenizer.trainFromCounts(table, 32768)` in a fresh Node process.",
    '* **tokenlab (library with `startMergeHelper`)**: the same, with a merge helper thread started once the table is counted (`trainFromCounts(table, 32768, { helper })`), as `tokenlab train` does.',
    ...(BEFORE
      ? [
          `* **before**: ${BEFORE_LABEL}: \`countFileTable\` (or, in a build without it, \`countFileChunks\`, as the CLI counted then) then \`trainFromCounts\`, in a fresh Node process.`,
        ]
      : []),
    '* **SentencePiece**: `SentencePieceTrainer.train(model_type="bpe", vocab_size=32768, num_threads=2)`, other options',
    "  at their defaults (so lines longer than 4,192 bytes are skipped, and SentencePiece's own normalisation and",
    '  whitespace handling apply: a different algorithm, timed on the same file for the same vocabulary).',
    '* **Hugging Face**: Python `tokenizers`, `BpeTrainer(vocab_size=32768)` with the GPT-4 split and ByteLevel as the',
    '  pre-tokenizer (the same chunks as ours; it breaks count ties by the smallest pair, minbpe by first occurrence).',
    '',
    'Goals (issue 17): tokenlab ≤ 1.5 s wall, ≥ 5× SentencePiece, ≥ 7× Hugging Face, peak RSS ≤ 300 MB on 100 MB of English;',
    'Arabic likewise.',
    '',
    '| corpus | MB | trainer | wall, median (per round) | CPU (user + sys), median | peak RSS | SentencePiece ÷ tokenlab CLI | HF ÷ tokenlab CLI | before ÷ library | load (1 min) per round |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---|',
  );
  // BPE_BENCH_TABLE_CORPORA=ar (or en) measures one corpus only.
  const tableCorpora = (process.env.BPE_BENCH_TABLE_CORPORA ?? 'en,ar').split(',');
  const goals = [];
  for (const [name, lang, megabytes] of [
    ['English', 'en', 100],
    ['Arabic', 'ar', undefined],
  ].filter(([, lang]) => tableCorpora.includes(lang))) {
    const file = benchCorpus(lang, megabytes);
    const mb = statSync(file).size / 1e6;
    const runs = { cli: [], library: [], helper: [], before: [], spm: [], hf: [] };
    const loads = [];
    let equal = true;
    let helperEqual = true;
    for (let round = 0; round < PAIRS; round++) {
      console.error(`  ${name}, round ${round + 1} of ${PAIRS} ...`);
      loads.push(loadavg()[0].toFixed(1));
      const out = join(dir, `model-${lang}-${round}`);
      runs.cli.push(timed(process.execPath, [CLI, 'train', '-v', '32768', '--quiet', '-o', out, file]));
      // One of this file's --child jobs, timed from outside, with what it measured inside.
      const result = join(dir, 'result.json');
      const child = (job, env = {}) => {
        const run = timed(
          process.execPath,
          [fileURLToPath(import.meta.url), '--child', job, file, '32768', result],
          env,
        );
        return { ...run, inside: JSON.parse(readFileSync(result, 'utf8')) };
      };
      const sameMerges = (a, b) => JSON.stringify(a.inside.mergeList) === JSON.stringify(b.inside.mergeList);
      const library = child('ours');
      runs.library.push(library);
      const helped = child('helper');
      helperEqual &&= sameMerges(helped, library);
      runs.helper.push(helped);
      if (BEFORE) {
        const before = child('before', { BPE_BENCH_BEFORE: BEFORE });
        equal &&= sameMerges(before, library);
        runs.before.push(before);
      }
      // minbpe's .model: version, pattern, the number of special tokens, those tokens, then the merges.
      const modelLines = readFileSync(`${out}.model`, 'utf8').trim().split('\n');
      const modelMerges = modelLines.slice(3 + Number(modelLines[2]));
      equal &&= modelMerges.length === library.inside.mergeList.length;
      if (haveSpm) {
        const spm = timed(PYTHON, [script, 'spm', file, '32768']);
        versions.spm = JSON.parse(spm.stdout).version;
        runs.spm.push(spm);
      }
      if (haveHf) {
        const hf = timed(PYTHON, [script, 'hf', file, '32768'], { RAYON_NUM_THREADS: '2' });
        versions.hf = JSON.parse(hf.stdout).version;
        runs.hf.push(hf);
      }
    }
    const perRound = (list) => list.map((run) => fmt(run.wall)).join(', ');
    const ratio = (list, base) =>
      list.length === 0 ? '—' : `${fmt(median(list.map((run, i) => run.wall / base[i].wall)))}×`;
    const med = (list, key) => median(list.map((run) => run[key]));
    const row = (label, list, extra = ['', '', '']) =>
      `| ${name} | ${fmt(mb, 1)} | ${label} | ${fmt(med(list, 'wall'))} s (${perRound(list)}) | ${fmt(med(list, 'cpu'))} s | ${int(med(list, 'maxRssMB'))} MB | ${extra.join(' | ')} | ${loads.join(', ')} |`;
    lines.push(
      row('tokenlab (CLI)', runs.cli, [ratio(runs.spm, runs.cli), ratio(runs.hf, runs.cli), '']),
      row(
        `tokenlab (library; inside: count ${fmt(median(runs.library.map((r) => r.inside.count)))} s, CPU ${fmt(median(runs.library.map((r) => r.inside.countCpu)))} s + merges ${fmt(median(runs.library.map((r) => r.inside.merges)))} s)`,
        runs.library,
        ['', '', BEFORE ? ratio(runs.before, runs.library) : '—'],
      ),
    );
    const insideMerges = (list) => median(list.map((r) => r.inside.merges));
    lines.push(
      row(
        `tokenlab (library with \`startMergeHelper\`; inside: count ${fmt(median(runs.helper.map((r) => r.inside.count)))} s + merges ${fmt(insideMerges(runs.helper))} s, the library row's merges ÷ these ${fmt(median(runs.library.map((r, i) => r.inside.merges / runs.helper[i].inside.merges)))}×)`,
        runs.helper,
      ),
    );
    if (BEFORE)
      lines.push(
        row(
          `before (inside: count ${fmt(median(runs.before.map((r) => r.inside.count)))} s, CPU ${fmt(median(runs.before.map((r) => r.inside.countCpu)))} s + merges ${fmt(median(runs.before.map((r) => r.inside.merges)))} s)`,
          runs.before,
        ),
      );
    if (runs.spm.length > 0) lines.push(row(`SentencePiece ${versions.spm}`, runs.spm));
    if (runs.hf.length > 0) lines.push(row(`Hugging Face tokenizers ${versions.hf} (Python)`, runs.hf));
    const cliWall = med(runs.cli, 'wall');
    const cliRss = med(runs.cli, 'maxRssMB');
    const ratioOf = (list) => median(list.map((run, i) => run.wall / runs.cli[i].wall));
    const verdict = (ok) => (ok ? 'met' : 'not met');
    goals.push(
      `* ${name}: wall ${fmt(cliWall)} s (goal ≤ 1.5 s: ${verdict(cliWall <= 1.5)}); peak RSS ${int(cliRss)} MB (goal ≤ 300 MB: ${verdict(cliRss <= 300)})` +
        (runs.spm.length > 0
          ? `; ${fmt(ratioOf(runs.spm))}× SentencePiece (goal ≥ 5×: ${verdict(ratioOf(runs.spm) >= 5)})`
          : '') +
        (runs.hf.length > 0
          ? `; ${fmt(ratioOf(runs.hf))}× Hugging Face (goal ≥ 7×: ${verdict(ratioOf(runs.hf) >= 7)})`
          : '') +
        '.',
    );
    lines.push(
      `| ${name} | | merges | ${BEFORE ? `before and library ${equal ? 'identical' : 'DIFFERENT'}` : `library and CLI ${equal ? 'same length' : 'DIFFERENT'}`}; library with and without the helper ${helperEqual ? 'identical' : 'DIFFERENT'} | | | | | | |`,
    );
  }
  lines.push(
    '',
    '**Goals in this run** (tokenlab CLI, medians of the rounds):',
    '',
    ...goals,
    '',
    'Where the time goes: the wall time of every row depends on the load of the run (the load',
    'average is in the last column; the machine has 2 cores), so the CPU column and the ratios within a round say more.',
    'Counting 100 MB of English works on the UTF-8 bytes themselves on 2 worker threads (no decoding to a string): one pass',
    'that cuts and hashes each word (the byte scanner for the rest) and one probe per chunk into a hash table larger',
    'than the cache (the count CPU column shows its cost), after a made-up sample of a few KB (a few milliseconds) that takes every',
    'path of the scanner once, so that V8 compiles it once; the two workers then add up one hash partition of the table each,',
    "each into its own table (only the other worker's share is looked up again), and swap their shares over channels of",
    "their own: a buffer transferred away from the training thread would detach, and V8 would then recompile that thread's",
    'warmed-up trainer in mid-merge (the before row). The 32,512 merges run in records of 16-bit ids: the first merges',
    'stream through most records (in Arabic they join UTF-8 bytes into letters), the later ones are bound by a cache miss',
    'per chunk record visited. With a merge helper thread (`startMergeHelper`) each list of 8,192 records or more is cut',
    'in two at a chunk start and the halves are merged on both cores; starting the helper costs the training thread some',
    'tens of ms while it lays the table out, which only a table with many long lists can repay (the library rows with',
    'and without it give the ratio), so `tokenlab train` starts one for chunk tables of 4 MiB or more (the Arabic one,',
    '5.5 MB; not the English, 2.2 MB). Counting keeps both cores busy and the merges mostly one, so the run is bound by CPU time: 5× SentencePiece',
    'on Arabic needs about 1.1 to 1.2 s here, below the CPU time the count and the merges take now.',
    "Peak RSS is the count tables and the merge phase's records (one per distinct chunk, its tokens inline) and pair",
    'tables, all linear in the distinct chunks; the CLI loads only the command it runs, so it needs about as much as',
    'the library.',
  );
  if (!haveSpm || !haveHf)
    lines.push(
      '',
      `Not run: ${[haveSpm ? '' : 'SentencePiece', haveHf ? '' : 'Hugging Face tokenizers'].filter(Boolean).join(', ')} (the Python ${PYTHON} cannot import it; set BPE_BENCH_PYTHON to a Python that can).`,
    );
  lines.push('');
  rmSync(dir, { recursive: true, force: true });
}
const report = lines.join('\n');
writeFileSync(join(here, 'results/bpe.md'), `${report}\n`);
console.log(report);
