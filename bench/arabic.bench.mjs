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

const here = dirname(fileURLToPath(import.meta.url));
const MEGABYTES = 10;
const RUNS = 5;
const STEM_WORDS = 200_000;
const PYTHON = '/usr/bin/python3';
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

/** Median seconds of `RUNS` runs of `fn` over every line, and the token count of the last run. */
function measure(fn) {
  const times = [];
  let tokens = 0;
  for (let run = 0; run < RUNS; run++) {
    globalThis.gc?.();
    let count = 0;
    const start = performance.now();
    for (const line of lines) count += fn(line).length;
    times.push((performance.now() - start) / 1000);
    tokens = count;
  }
  return { seconds: median(times), tokens };
}

const rows = [];
function record(name, implementation, result) {
  rows.push({ name, implementation, ...result, mbps: megabytes / result.seconds });
  console.log(
    `${name.padEnd(34)} ${implementation.padEnd(10)} ${(megabytes / result.seconds).toFixed(2).padStart(8)} MB/s  ${result.tokens} tokens`,
  );
}

// Ours.
const arabic = new ArabicTokenizer();
const arabicClitics = new ArabicTokenizer({ clitics: true });
record(
  'ArabicTokenizer',
  'tokenlab',
  measure((line) => arabic.tokenize(line)),
);
record(
  'ArabicTokenizer words()',
  'tokenlab',
  measure((line) => arabic.words(line)),
);
record(
  'ArabicTokenizer (clitics)',
  'tokenlab',
  measure((line) => arabicClitics.tokenize(line)),
);

// natural, called directly (no span recovery), as its users would.
const naturalTokenizers = {
  WordTokenizer: new regexpTokenizers.WordTokenizer(),
  WordPunctTokenizer: new regexpTokenizers.WordPunctTokenizer(),
  TreebankWordTokenizer: new TreebankWordTokenizer(),
  AggressiveTokenizer: new AggressiveTokenizer(),
};
for (const [name, tokenizer] of Object.entries(naturalTokenizers)) {
  record(
    `natural ${name}`,
    'natural',
    measure((line) => tokenizer.tokenize(line) ?? []),
  );
}

// NLTK in a child process, timed there around the tokenize loop only.
function python(script, input) {
  return execFileSync(PYTHON, ['-c', script], { input, maxBuffer: 1 << 30, encoding: 'utf8' });
}
let nltkAvailable = false;
try {
  python('import nltk', '');
  nltkAvailable = true;
} catch {
  console.log('NLTK not importable from /usr/bin/python3: NLTK columns skipped');
}

const work = mkdtempSync(join(tmpdir(), 'tokenlab-arabic-bench-'));
let nltkVersion = '';
let stemComparison = null;
if (nltkAvailable) {
  nltkVersion = python('import nltk; print(nltk.__version__)', '').trim();
  const patternFile = join(work, 'pattern.txt');
  writeFileSync(patternFile, NLTK_PATTERN);
  const script = `
import gc, sys, time, json
from nltk.tokenize import regexp_tokenize, WordPunctTokenizer
lines = open(${JSON.stringify(corpusPath)}, encoding='utf-8', newline='').read().split('\\n')
pattern = open(${JSON.stringify(patternFile)}, encoding='utf-8').read()
wordpunct = WordPunctTokenizer()
out = {}
for name, fn in [('regexp', lambda line: regexp_tokenize(line, pattern)), ('wordpunct', wordpunct.tokenize)]:
    times = []
    for run in range(${RUNS}):
        gc.collect()
        start = time.perf_counter(); count = 0
        for line in lines: count += len(fn(line))
        times.append(time.perf_counter() - start)
    out[name] = {'seconds': sorted(times)[len(times) // 2], 'tokens': count}
    # The tokens themselves, outside the timing, to count the lines where they equal ours.
    with open(${JSON.stringify(join(work, 'tokens-'))} + name + '.txt', 'w', encoding='utf-8') as f:
        f.write('\\n'.join('\\x1f'.join(fn(line)) for line in lines))
print(json.dumps(out))
`;
  const nltk = JSON.parse(python(script, ''));
  for (const name of ['regexp', 'wordpunct']) {
    const theirs = readFileSync(join(work, `tokens-${name}.txt`), 'utf8').split('\n');
    let equal = 0;
    lines.forEach((line, index) => {
      if (
        line.trim() !== '' &&
        arabic
          .tokenize(line)
          .map((token) => token.text)
          .join('\x1f') === theirs[index]
      )
        equal++;
    });
    nltk[name].equalLines = equal;
  }
  record('NLTK regexp_tokenize (book pattern)', 'NLTK', nltk.regexp);
  record('NLTK WordPunctTokenizer', 'NLTK', nltk.wordpunct);

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
const ours = rows.find((row) => row.name === 'ArabicTokenizer');
const oursStrings = rows.find((row) => row.name === 'ArabicTokenizer words()');
const ratio = (mine, row) =>
  row.implementation === 'tokenlab' ? '—' : `${(mine.mbps / row.mbps).toFixed(1)}×`;
const table = rows
  .map(
    (row) =>
      `| ${row.name} | ${row.implementation} | ${row.mbps.toFixed(2)} | ${row.seconds.toFixed(3)} | ${row.tokens.toLocaleString('en-US')} | ${ratio(oursStrings, row)} | ${ratio(ours, row)} |`,
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
  )} at the end (2 cores, shared; the ratios come from one run). Every side is timed the same way: the
  timed loop only counts each line's tokens, median of ${RUNS} runs; NLTK${nltkVersion ? ` ${nltkVersion}` : ''} (Debian python3-nltk)
  runs in a child process right after the JavaScript rows.
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
