// `pnpm bench compare`: how long the main job takes on the bundled corpora, and how the classic
// tokenizers inside it compare with NLTK on the very same lines.
//
// 1. `tokenlab compare` runs RUNS times, each in a fresh process (as a user runs it); the table
//    gives the median wall time of the whole process and of each step the report records.
// 2. Anchor: NLTK 3.8 (Debian python3-nltk) runs its whitespace, WordPunct and Treebank tokenizers
//    and the Treebank detokenizer over the same lines in a child process; the report's own
//    `seconds` per tokenizer (one timed pass, after a warm-up) are set beside them, with token counts.
// 3. Larger texts of the user's own: the bundled corpora six times over (about 1 MB of each language)
//    and, when the bench corpora are there, their first 10 MB: one run each in a fresh process under
//    /usr/bin/time (wall time, peak RSS), beside the build COMPARE_BENCH_BEFORE names (a main.js), if
//    given, in the same run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchCorpus, machineInfo } from './corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const cli = join(root, 'apps/cli/dist/main.js');
const RUNS = 3;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const loadBefore = loadavg();
const out = mkdtempSync(join(tmpdir(), 'tokenlab-compare-bench-'));
const runs = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  const stdout = execFileSync(process.execPath, [cli, 'compare', '--json', '--quiet', '--out', out], {
    maxBuffer: 1 << 28,
  });
  const wall = (performance.now() - started) / 1000;
  runs.push({ wall, report: JSON.parse(stdout.toString('utf8')) });
  console.log(
    `run ${i + 1}: ${wall.toFixed(1)} s wall, ${runs.at(-1).report.run.seconds.toFixed(1)} s in the report`,
  );
}
const report = runs.at(-1).report;
const steps = Object.keys(report.run.steps);

// The NLTK anchor on the same lines (the report's documents: the non-empty lines of each corpus).
const corpora = { en: 'taylorswift', ar: 'wikinews-ar-plain' };
// @tokenlab/corpora through its built entry (the bench package does not depend on it by name).
const { loadCorpus } = await import(pathToFileURL(join(root, 'packages/corpora/dist/index.js')).href);
const lines = {};
for (const [language, id] of Object.entries(corpora))
  lines[language] = (await loadCorpus(id)).split(/\r?\n/).filter((line) => line.trim() !== '');
const linesFile = join(out, 'lines.json');
writeFileSync(linesFile, JSON.stringify(lines));
const python = `
import json, sys, time
from nltk.tokenize import WhitespaceTokenizer, WordPunctTokenizer, TreebankWordTokenizer
from nltk.tokenize.treebank import TreebankWordDetokenizer
lines = json.load(open(sys.argv[1], encoding='utf-8'))
tokenizers = {'whitespace': WhitespaceTokenizer(), 'wordpunct': WordPunctTokenizer(), 'treebank': TreebankWordTokenizer()}
detok = TreebankWordDetokenizer()
result = {}
for language, texts in lines.items():
    for name, tokenizer in tokenizers.items():
        for text in texts[:20]: tokenizer.tokenize(text)
        started = time.perf_counter()
        tokens = [tokenizer.tokenize(text) for text in texts]
        seconds = time.perf_counter() - started
        started = time.perf_counter()
        for line_tokens in tokens: detok.detokenize(line_tokens)
        detok_seconds = time.perf_counter() - started
        result[language + '/' + name] = {'seconds': seconds, 'tokens': sum(map(len, tokens)), 'detok': detok_seconds}
print(json.dumps(result))
`;
let anchor;
try {
  anchor = JSON.parse(execFileSync('/usr/bin/python3', ['-c', python, linesFile]).toString('utf8'));
} catch (error) {
  anchor = undefined;
  console.log(`NLTK anchor not run: ${error.message.split('\n')[0]}`);
}
// 3. Larger texts, each build once per input, alternating which goes first.
const before = process.env.COMPARE_BENCH_BEFORE;
const beforeLabel = process.env.COMPARE_BENCH_BEFORE_LABEL ?? 'before';
const bundled = (path) => readFileSync(join(root, 'packages/corpora/data', path), 'utf8');
const largeInputs = [
  {
    label: 'bundled corpora ×6',
    en: writeInput('en-x6.txt', bundled('en/taylorswift.txt').repeat(6)),
    ar: writeInput('ar-x6.txt', bundled('ar/farasa-wikinews.undiacritized.txt').repeat(6)),
  },
];
try {
  largeInputs.push({
    label: 'bench corpora, first 10 MB',
    en: benchCorpus('en', 10),
    ar: benchCorpus('ar', 10),
  });
} catch (error) {
  console.log(`10 MB inputs left out: ${error.message}`);
}
function writeInput(name, text) {
  const path = join(out, name);
  writeFileSync(path, text);
  return path;
}
function timedCompare(main, input) {
  const run = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      '@@time %e %M',
      process.execPath,
      main,
      'compare',
      '--en',
      input.en,
      '--ar',
      input.ar,
      '--json',
      '--quiet',
      '--out',
      join(out, 'large'),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  const match = /@@time ([\d.]+) (\d+)/.exec(run.stderr ?? '');
  if (run.status !== 0 || !match)
    return { failed: run.stderr.split('\n').find((line) => /error/i.test(line)) ?? `exit ${run.status}` };
  const report = JSON.parse(run.stdout);
  return {
    wall: Number(match[1]),
    maxRssMB: Number(match[2]) / 1024,
    measure: report.run.steps.measure,
    megabytes: report.languages.map((section) => section.size.bytes / 1e6),
  };
}
const largeRows = [];
for (const input of largeInputs) {
  const builds = [['this build', cli], ...(before && existsSync(before) ? [[beforeLabel, before]] : [])];
  const results = new Map();
  for (const [label, main] of largeRows.length % 2 ? [...builds].reverse() : builds) {
    results.set(label, timedCompare(main, input));
    const r = results.get(label);
    console.log(
      `${input.label}, ${label}: ${r.failed ?? `${r.wall.toFixed(1)} s, ${r.maxRssMB.toFixed(0)} MB`}`,
    );
  }
  for (const [label] of builds) largeRows.push({ input, label, ...results.get(label) });
}
rmSync(out, { recursive: true, force: true });
const loadAfter = loadavg();

const fmt = (value, digits = 2) => value.toFixed(digits);
const lang = (code) => report.languages.find((section) => section.language === code);
const rowsTable = [
  '| step | median seconds | runs |',
  '|---|---:|---|',
  `| whole process (wall) | ${fmt(median(runs.map((r) => r.wall)), 1)} | ${runs.map((r) => fmt(r.wall, 1)).join(', ')} |`,
  `| inside the report | ${fmt(median(runs.map((r) => r.report.run.seconds)), 1)} | ${runs
    .map((r) => fmt(r.report.run.seconds, 1))
    .join(', ')} |`,
  ...steps.map(
    (step) =>
      `| ${step} | ${fmt(median(runs.map((r) => r.report.run.steps[step])), 2)} | ${runs
        .map((r) => fmt(r.report.run.steps[step], 2))
        .join(', ')} |`,
  ),
];
const anchorRows = [];
if (anchor) {
  for (const language of Object.keys(corpora)) {
    for (const name of ['whitespace', 'wordpunct', 'treebank']) {
      const ours = lang(language).rows.find((row) => row.name === name);
      const theirs = anchor[`${language}/${name}`];
      if (!ours?.available || !theirs) continue;
      anchorRows.push(
        `| ${language} | ${name} | ${ours.tokens.toLocaleString('en-US')} | ${theirs.tokens.toLocaleString('en-US')} | ${fmt(
          ours.seconds,
          3,
        )} | ${fmt(theirs.seconds, 3)} | ${fmt(theirs.seconds / ours.seconds, 1)}× | ${fmt(theirs.detok, 3)} |`,
      );
    }
  }
}
const sizes = Object.keys(corpora)
  .map((code) => {
    const { size } = lang(code);
    return `${code}: ${size.bytes.toLocaleString('en-US')} bytes, ${size.documents.toLocaleString('en-US')} lines`;
  })
  .join('; ');
const tokenizers = report.languages[0].rows.filter((row) => row.available).length;
const markdown = `## tokenlab compare (the main job)

* Input: the bundled corpora, English \`taylorswift\` and Arabic \`wikinews-ar-plain\` (${sizes}), plus the
  UDHR pair for the ratio; ${tokenizers} tokenizers per language (registry tokenizers, BPE at
  ${report.bpe.vocabSizes.join(', ')} trained on the fly, GPT encodings).
* Machine: ${machineInfo()}, ${report.run.cpus} CPUs; ${new Date().toISOString().slice(0, 10)}; load average
  ${loadBefore.map((v) => v.toFixed(1)).join(' / ')} before and ${loadAfter.map((v) => v.toFixed(1)).join(' / ')} after
  (a shared machine: absolute times are pessimistic).
* ${RUNS} runs of \`node apps/cli/dist/main.js compare --json --quiet\`, each a fresh process; the
  budget is 60 s on 2 cores.

${rowsTable.join('\n')}

### The classic tokenizers inside the report against NLTK, same lines

"ours" is the tokenizer's own timed pass inside the last report run (token spans included); NLTK 3.8
runs in a child process over the same lines, after the same 20-line warm-up. Both are single passes of
a few hundredths of a second on a loaded machine, so read the token counts (equal: the same tokens) more
than the speed ratios. The last column is
NLTK's Treebank detokenizer over NLTK's own tokens (the report runs tokenlab's detokenizer for its
round-trip check).

${
  anchor
    ? `| lang | tokenizer | tokens (ours) | tokens (NLTK) | seconds (ours) | seconds (NLTK) | NLTK ÷ ours | NLTK detok s |
|---|---|---:|---:|---:|---:|---:|---:|
${anchorRows.join('\n')}`
    : 'NLTK was not available on this machine, so there is no anchor.'
}

### Larger texts of one's own

The same report on larger texts given with \`--en\` and \`--ar\`: the bundled corpora six times over,
and the first 10 MB of each bench corpus (Gutenberg, OpenITI) when they are there. One run per build
and input, each a fresh process under \`/usr/bin/time\` (wall time of the whole process, its peak
resident memory), the builds one after the other${before ? `; "${beforeLabel}" is the build of that name` : ''}.

| input | MB (en, ar) | build | wall s | measure s | peak RSS MB |
|---|---|---|---:|---:|---:|
${largeRows
  .map((row) =>
    row.failed
      ? `| ${row.input.label} | | ${row.label} | failed: ${row.failed} | | |`
      : `| ${row.input.label} | ${row.megabytes.map((mb) => fmt(mb, 1)).join(', ')} | ${row.label} | ${fmt(row.wall, 1)} | ${fmt(row.measure, 1)} | ${fmt(row.maxRssMB, 0)} |`,
  )
  .join('\n')}
`;
writeFileSync(join(here, 'results', 'compare.md'), markdown);
console.log(markdown);
