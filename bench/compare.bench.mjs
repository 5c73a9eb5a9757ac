// `pnpm bench compare`: how long the main job takes on the bundled corpora, and how the classic
// tokenizers inside it compare with NLTK on the very same lines.
//
// 1. `tokenlab compare` runs RUNS times, each in a fresh process (as a user runs it); the table
//    gives the median wall time of the whole process and of each step the report records.
// 2. Anchor: NLTK 3.8 (Debian python3-nltk) runs its whitespace, WordPunct and Treebank tokenizers
//    and the Treebank detokenizer over the same lines in a child process; the report's own
//    `seconds` per tokenizer (one timed pass, after a warm-up) are set beside them, with token counts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { machineInfo } from './corpus.mjs';

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
`;
writeFileSync(join(here, 'results', 'compare.md'), markdown);
console.log(markdown);
