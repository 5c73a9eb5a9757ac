// Arabic: our ArabicTokenizer and ISRI stemmer against natural's tokenizers and NLTK (regexp,
// WordPunct, ISRIStemmer) on the same lines of the Arabic bench corpus. Writes results/arabic.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArabicTokenizer, isriStem } from '@tokenlab/classic';
import AggressiveTokenizer from 'natural/lib/natural/tokenizers/aggressive_tokenizer.js';
import regexpTokenizers from 'natural/lib/natural/tokenizers/regexp_tokenizer.js';
import TreebankWordTokenizer from 'natural/lib/natural/tokenizers/treebank_word_tokenizer.js';
import { benchCorpus, machineInfo } from './corpus.mjs';
import { PYTHON, startPythonCases } from './python-cases.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const MEGABYTES = 10;
const RUNS = 5;
const STEM_WORDS = 200_000;
// The NLTK book's pattern, as in the golden files (verbose mode, Python's \w).
const NLTK_PATTERN = String.raw`(?x)
  (?:[A-Z]\.)+
| \w+(?:-\w+)*
| \$?\d+(?:\.\d+)?%?
| \.{3}
| [][.,;"#'?():_'-]
`;

const corpusPath = benchCorpus('ar', MEGABYTES);
const text = readFileSync(corpusPath, 'utf8');
const lines = text.split('\n');
const bytes = Buffer.byteLength(text);
const megabytes = bytes / 1e6;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const arabic = new ArabicTokenizer();
/** Every side, in table order: how to make its tokenize function, and what it is. */
const SIDES = [
  { name: 'ArabicTokenizer', implementation: 'tokenlab', make: () => (line) => arabic.tokenize(line) },
  { name: 'ArabicTokenizer words()', implementation: 'tokenlab', make: () => (line) => arabic.words(line) },
  {
    name: 'ArabicTokenizer (clitics)',
    implementation: 'tokenlab',
    make: () => {
      const clitics = new ArabicTokenizer({ clitics: true });
      return (line) => clitics.tokenize(line);
    },
  },
  // natural, called directly (no span recovery), as its users would.
  ...Object.entries({
    WordTokenizer: () => new regexpTokenizers.WordTokenizer(),
    WordPunctTokenizer: () => new regexpTokenizers.WordPunctTokenizer(),
    TreebankWordTokenizer: () => new TreebankWordTokenizer(),
    AggressiveTokenizer: () => new AggressiveTokenizer(),
  }).map(([name, construct]) => ({
    name: `natural ${name}`,
    implementation: 'natural',
    make: () => {
      const tokenizer = construct();
      return (line) => tokenizer.tokenize(line) ?? [];
    },
  })),
  { name: 'NLTK regexp_tokenize (book pattern)', implementation: 'NLTK', nltk: 'regexp' },
  { name: 'NLTK WordPunctTokenizer', implementation: 'NLTK', nltk: 'wordpunct' },
];

/** Seconds of one run over every line, and the token count. */
function timeOnce(fn) {
  globalThis.gc?.();
  let tokens = 0;
  const start = performance.now();
  for (const line of lines) tokens += fn(line).length;
  return { seconds: (performance.now() - start) / 1000, tokens };
}

let nltkAvailable = false;
try {
  execFileSync(PYTHON, ['-c', 'import nltk']);
  nltkAvailable = true;
} catch {
  console.log('NLTK not importable from /usr/bin/python3: NLTK rows skipped');
}
const work = mkdtempSync(join(tmpdir(), 'tokenlab-arabic-bench-'));
let nltk;
if (nltkAvailable) {
  const patternFile = join(work, 'pattern.txt');
  writeFileSync(patternFile, NLTK_PATTERN);
  nltk = startPythonCases({
    setup: `from nltk.tokenize import regexp_tokenize, WordPunctTokenizer
pattern = open(${JSON.stringify(patternFile)}, encoding='utf-8').read()`,
    cases: {
      regexp: 'lambda: lambda line: regexp_tokenize(line, pattern)',
      wordpunct: 'lambda: WordPunctTokenizer().tokenize',
    },
    corpusPath,
  });
}
const sides = SIDES.filter((side) => side.make || nltk);

// RUNS rounds; in each every side runs once, back to back, in an order rotated from round to round,
// so that all of them see the same machine. MB/s are medians; ratios are medians of per-round ratios.
const rounds = [];
for (let run = 0; run < RUNS; run++) {
  const round = {};
  for (let k = 0; k < sides.length; k++) {
    const side = sides[(k + run) % sides.length];
    round[side.name] = side.make ? timeOnce(side.make()) : await nltk.ask('time', side.nltk);
  }
  rounds.push(round);
}
const rows = sides.map((side) => {
  const seconds = median(rounds.map((round) => round[side.name].seconds));
  const versus = (ours) => median(rounds.map((round) => round[side.name].seconds / round[ours].seconds));
  const row = {
    ...side,
    seconds,
    tokens: rounds.at(-1)[side.name].tokens,
    mbps: megabytes / seconds,
    wordsRatio: versus('ArabicTokenizer words()'),
    tokenizeRatio: versus('ArabicTokenizer'),
  };
  console.log(
    `${side.name.padEnd(36)} ${side.implementation.padEnd(9)} ${row.mbps.toFixed(2).padStart(8)} MB/s  ${row.tokens} tokens`,
  );
  return row;
});

/** Run a Python script with `input` on its standard input; its standard output. */
function python(script, input) {
  return execFileSync(PYTHON, ['-c', script], { input, maxBuffer: 1 << 30, encoding: 'utf8' });
}

let nltkVersion = '';
let stemComparison = null;
if (nltk) {
  nltkVersion = python('import nltk; print(nltk.__version__)', '').trim();
  // Where NLTK's tokens equal ours, line by line (outside the timing).
  for (const row of rows.filter((candidate) => candidate.nltk)) {
    const theirs = await nltk.ask('outputs', row.nltk);
    row.equalLines = lines.filter(
      (line, index) => line.trim() !== '' && arabic.words(line).join('\u001f') === theirs[index],
    ).length;
  }
  nltk.close();

  // ISRI: the same Arabic words through both stemmers; outputs compared word by word.
  const words = [];
  for (const line of lines) {
    for (const token of arabic.tokenize(line)) {
      const code = token.text.charCodeAt(0);
      if (code >= 0x0600 && code <= 0x06ff && !/[\d\u0660-\u0669]/.test(token.text)) words.push(token.text);
      if (words.length >= STEM_WORDS) break;
    }
    if (words.length >= STEM_WORDS) break;
  }
  const times = [];
  let ours = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    ours = words.map(isriStem);
    times.push((performance.now() - start) / 1000);
  }
  const stemScript = `
import sys, time, json
from nltk.stem.isri import ISRIStemmer
words = sys.stdin.read().split('\\n')
stemmer = ISRIStemmer()
times = []
for run in range(${RUNS}):
    start = time.perf_counter()
    stems = [stemmer.stem(w) for w in words]
    times.append(time.perf_counter() - start)
print(json.dumps({'seconds': sorted(times)[len(times) // 2], 'stems': stems}, ensure_ascii=False))
`;
  const nltkStems = JSON.parse(python(stemScript, words.join('\n')));
  const differences = ours.filter((stem, index) => stem !== nltkStems.stems[index]).length;
  stemComparison = {
    words: words.length,
    ours: median(times),
    nltk: nltkStems.seconds,
    differences,
  };
  console.log(
    `ISRI: ${words.length} words, tokenlab ${(words.length / median(times) / 1e3).toFixed(0)}k words/s, NLTK ${(words.length / nltkStems.seconds / 1e3).toFixed(0)}k words/s, ${differences} different stems`,
  );
}
rmSync(work, { recursive: true, force: true });

// The report.
function equalLines(name) {
  const row = rows.find((candidate) => candidate.name === name);
  return row?.equalLines === undefined ? 'n/a' : row.equalLines.toLocaleString('en-US');
}
const ratio = (row, value) => (row.implementation === 'tokenlab' ? '—' : `${value.toFixed(1)}×`);
const table = rows
  .map(
    (row) =>
      `| ${row.name} | ${row.implementation} | ${row.mbps.toFixed(2)} | ${row.seconds.toFixed(3)} | ${row.tokens.toLocaleString('en-US')} | ${ratio(row, row.wordsRatio)} | ${ratio(row, row.tokenizeRatio)} |`,
  )
  .join('\n');
const stemSection = stemComparison
  ? `
### ISRI stemming

${stemComparison.words.toLocaleString('en-US')} Arabic word tokens from the same corpus (the first ones, as
ArabicTokenizer cuts them), stemmed by \`isriStem\` and by NLTK's \`ISRIStemmer().stem\`:

| stemmer | words/s | seconds | ratio |
|---|---:|---:|---:|
| tokenlab \`isriStem\` | ${Math.round(stemComparison.words / stemComparison.ours).toLocaleString('en-US')} | ${stemComparison.ours.toFixed(3)} | ${(stemComparison.nltk / stemComparison.ours).toFixed(1)}× |
| NLTK ${nltkVersion} \`ISRIStemmer\` | ${Math.round(stemComparison.words / stemComparison.nltk).toLocaleString('en-US')} | ${stemComparison.nltk.toFixed(3)} | 1.0 |

Stems that differ from NLTK's: **${stemComparison.differences}** of ${stemComparison.words.toLocaleString('en-US')}.
`
  : '\nNLTK was not importable from /usr/bin/python3, so the NLTK rows and the ISRI comparison are missing.\n';

const report = `## Arabic tokenization and ISRI stemming

* Corpus: the first ${MEGABYTES} MB of \`corpora/bench/openiti-0525AH-primary.ar.txt.xz\` (classical Arabic prose,
  OpenITI), ${megabytes.toFixed(2)} MB of UTF-8, ${lines.length.toLocaleString('en-US')} lines, tokenized line by line.
* Machine: ${machineInfo()}; ${new Date().toISOString().slice(0, 10)}; load average ${loadavg()
  .map((load) => load.toFixed(1))
  .join(
    ' / ',
  )} at the end (2 cores, shared). NLTK${nltkVersion ? ` ${nltkVersion}` : ''} (Debian python3-nltk) runs in a child process that
  stays up. In each of ${RUNS} rounds every row runs once, back to back, in an order rotated from round to
  round, with a loop that only counts each line's tokens; MB/s are medians over the rounds and each ratio
  is the median of the per-round ratios.
* natural 8.1.1 and NLTK return strings; \`words()\` is ArabicTokenizer's strings-only call (the like-for-like
  one), \`tokenize()\` also gives every token its span.

| tokenizer | implementation | MB/s | seconds | tokens | \`words()\` ÷ this | \`tokenize()\` ÷ this |
|---|---|---:|---:|---:|---:|---:|
${table}

Lines where NLTK's tokens equal ArabicTokenizer's: regexp_tokenize ${equalLines('NLTK regexp_tokenize (book pattern)')},
WordPunctTokenizer ${equalLines('NLTK WordPunctTokenizer')} (of ${lines.filter((line) => line.trim() !== '').length.toLocaleString('en-US')} non-empty lines).
The outputs are not meant to be equal. NLTK's \`\\w\` has no combining marks, so its regexp and WordPunct
tokenizers cut diacritized words apart (most of this corpus is undiacritized, hence WordPunct's agreement on
most lines), and the book pattern has no class for Arabic punctuation (، ؛ ؟), which it drops. natural's Word
and Aggressive tokenizers drop Arabic letters entirely, and its Treebank and WordPunct tokenizers emit one
token per Arabic letter, which is why their token counts are so far from ours. The comparison is of speed on
the same input.
${stemSection}`;
writeFileSync(join(here, 'results', 'arabic.md'), report);
console.log(`\nwrote ${join('bench', 'results', 'arabic.md')}`);
