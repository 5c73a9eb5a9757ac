// Classic tokenizers: tokenlab against NLTK (child process) and natural on the same lines of 10 MB of
// the English and the Arabic bench corpus. Checks that every line's tokens equal NLTK's and writes
// results/classic.md.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  englishPunkt,
  NLTKWordTokenizer,
  PunktSentenceTokenizer,
  RegexpTokenizer,
  TreebankWordTokenizer,
  WhitespaceTokenizer,
  WordPunctTokenizer,
  WordTokenizer,
} from '@tokenlab/classic';
import regexpTokenizers from 'natural/lib/natural/tokenizers/regexp_tokenizer.js';
import SentenceTokenizer from 'natural/lib/natural/tokenizers/sentence_tokenizer.js';
import NaturalTreebank from 'natural/lib/natural/tokenizers/treebank_word_tokenizer.js';
import { benchCorpus, machineInfo } from './corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const MEGABYTES = 10;
const RUNS = 3;
const PYTHON = '/usr/bin/python3';
const PUNKT_DIR = join(here, '../packages/classic/data/punkt/english');
// The NLTK book's pattern, as in the golden files.
const BOOK_PATTERN = String.raw`(?x)
  (?:[A-Z]\.)+
| \w+(?:-\w+)*
| \$?\d+(?:\.\d+)?%?
| \.{3}
| [][.,;"#'?():_'-]
`;

// Idle-machine reference speeds on the same English 10 MB (../shared/docs/anchor-benchmarks.md), MB/s.
const ANCHORS = {
  wordpunct: { nltk: 15.6, natural: 14.5 },
  treebank: { nltk: 0.91, natural: 5.0 },
  'regexp \\w+': { natural: 31.9 },
};
const loadAtStart = loadavg()[0];

// Punkt remembers its decisions per context, so every run gets a fresh tokenizer: no run profits
// from an earlier one.
const freshPunkt = () => new PunktSentenceTokenizer(englishPunkt().params, englishPunkt().languageVars);
/** Each benchmark: our tokenizer (token strings), and the NLTK and natural equivalents. */
const CASES = [
  {
    name: 'whitespace',
    make: () => new WhitespaceTokenizer(),
    nltk: 'WhitespaceTokenizer().tokenize',
    natural: () => {
      const tokenizer = new regexpTokenizers.RegexpTokenizer({ pattern: /\s+/ });
      return (line) => tokenizer.tokenize(line);
    },
    naturalName: 'RegexpTokenizer(/\\s+/)',
  },
  {
    name: 'wordpunct',
    make: () => new WordPunctTokenizer(),
    nltk: 'WordPunctTokenizer().tokenize',
    natural: () => {
      const tokenizer = new regexpTokenizers.WordPunctTokenizer();
      return (line) => tokenizer.tokenize(line);
    },
    naturalName: 'WordPunctTokenizer',
  },
  {
    name: 'regexp \\w+',
    make: () => new RegexpTokenizer(String.raw`\w+`),
    nltk: "RegexpTokenizer(r'\\w+').tokenize",
    natural: () => {
      const tokenizer = new regexpTokenizers.WordTokenizer();
      return (line) => tokenizer.tokenize(line);
    },
    naturalName: 'WordTokenizer',
  },
  {
    name: 'regexp (book pattern)',
    make: () => new RegexpTokenizer(BOOK_PATTERN),
    nltk: 'lambda line: regexp_tokenize(line, BOOK_PATTERN)',
  },
  {
    name: 'treebank',
    make: () => new TreebankWordTokenizer(),
    nltk: 'TreebankWordTokenizer().tokenize',
    natural: () => {
      const tokenizer = new NaturalTreebank();
      return (line) => tokenizer.tokenize(line);
    },
    naturalName: 'TreebankWordTokenizer',
  },
  {
    name: 'nltk-word',
    make: () => new NLTKWordTokenizer(),
    nltk: 'NLTKWordTokenizer().tokenize',
  },
  {
    name: 'word_tokenize',
    make: () => new WordTokenizer({ sentences: freshPunkt() }),
    nltk: 'word_tokenize',
  },
  {
    name: 'sentences (Punkt)',
    make: freshPunkt,
    nltk: 'punkt.tokenize',
    natural: () => {
      const tokenizer = new SentenceTokenizer();
      return (line) => (line.trim() === '' ? [] : tokenizer.tokenize(line));
    },
    naturalName: 'SentenceTokenizer',
  },
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Median seconds of `RUNS` runs over every line, and the token count of the last run. `makeFn` builds
 * the function to time, afresh for each run.
 */
function measure(lines, makeFn, runs = RUNS) {
  const times = [];
  let tokens = 0;
  for (let run = 0; run < runs; run++) {
    const fn = makeFn();
    globalThis.gc?.();
    let count = 0;
    const start = performance.now();
    for (const line of lines) count += fn(line).length;
    times.push((performance.now() - start) / 1000);
    tokens = count;
  }
  return { seconds: median(times), tokens };
}

function lineHash(tokens) {
  return createHash('md5').update(tokens.join('\u001f')).digest('hex').slice(0, 16);
}

function python(script) {
  return execFileSync(PYTHON, ['-c', script], { maxBuffer: 1 << 30, encoding: 'utf8' });
}

let nltkVersion = '';
try {
  nltkVersion = python('import nltk; print(nltk.__version__)').trim();
} catch {
  console.log('NLTK not importable from /usr/bin/python3: NLTK columns skipped');
}

/** NLTK's timings and per-line output hashes for every case, on the lines of `corpusPath`. */
function runNltk(corpusPath, work) {
  const patternFile = join(work, 'pattern.txt');
  writeFileSync(patternFile, BOOK_PATTERN);
  const cases = CASES.map((entry) => `(${JSON.stringify(entry.name)}, ${entry.nltk})`).join(',\n  ');
  const script = `
import json, time, hashlib
from collections import defaultdict
from nltk.tokenize import (WhitespaceTokenizer, WordPunctTokenizer, RegexpTokenizer, TreebankWordTokenizer,
    NLTKWordTokenizer, regexp_tokenize)
from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer
BOOK_PATTERN = open(${JSON.stringify(patternFile)}, encoding='utf-8').read()
d = ${JSON.stringify(PUNKT_DIR)}
def read_lines(name):
    return [line for line in open(d + '/' + name, encoding='utf-8').read().split('\\n') if line]
params = PunktParameters()
params.abbrev_types = set(read_lines('abbrev_types.txt'))
params.sent_starters = set(read_lines('sent_starters.txt'))
params.collocations = {tuple(line.split('\\t')) for line in read_lines('collocations.tab')}
params.ortho_context = defaultdict(int)
for line in read_lines('ortho_context.tab'):
    typ, bits = line.rsplit('\\t', 1)
    params.ortho_context[typ] = int(bits)
punkt = PunktSentenceTokenizer(params)
nltk_word = NLTKWordTokenizer()
def word_tokenize(text):
    return [token for sentence in punkt.tokenize(text) for token in nltk_word.tokenize(sentence)]
lines = open(${JSON.stringify(corpusPath)}, encoding='utf-8', newline='').read().split('\\n')
out = {}
for name, fn in [
  ${cases}
]:
    start = time.perf_counter()
    results = [fn(line) for line in lines]
    seconds = time.perf_counter() - start
    out[name] = {
        'seconds': seconds,
        'tokens': sum(len(r) for r in results),
        'hashes': [hashlib.md5('\\x1f'.join(r).encode('utf-8')).hexdigest()[:16] for r in results],
    }
print(json.dumps(out))
`;
  return JSON.parse(python(script));
}

const sections = [];
const work = mkdtempSync(join(tmpdir(), 'tokenlab-classic-bench-'));
for (const lang of ['en', 'ar']) {
  const corpusPath = benchCorpus(lang, MEGABYTES);
  const text = readFileSync(corpusPath, 'utf8');
  const lines = text.split('\n');
  const megabytes = Buffer.byteLength(text) / 1e6;
  console.log(`\n${lang}: ${megabytes.toFixed(2)} MB, ${lines.length} lines`);
  const nltk = nltkVersion ? runNltk(corpusPath, work) : undefined;
  const rows = [];
  for (const entry of CASES) {
    const ours = measure(lines, () => {
      const fresh = entry.make();
      return (line) => fresh.tokenize(line);
    });
    const tokenizer = entry.make();
    let differentLines;
    if (nltk) {
      const expected = nltk[entry.name].hashes;
      differentLines = 0;
      lines.forEach((line, index) => {
        if (lineHash(tokenizer.tokenize(line).map((token) => token.text)) !== expected[index])
          differentLines++;
      });
    }
    const natural = entry.natural ? measure(lines, entry.natural) : undefined;
    const row = {
      name: entry.name,
      ours: { ...ours, mbps: megabytes / ours.seconds },
      nltk: nltk ? { ...nltk[entry.name], mbps: megabytes / nltk[entry.name].seconds } : undefined,
      natural: natural
        ? { ...natural, mbps: megabytes / natural.seconds, name: entry.naturalName }
        : undefined,
      differentLines,
    };
    rows.push(row);
    console.log(
      `${entry.name.padEnd(22)} ours ${row.ours.mbps.toFixed(1).padStart(7)} MB/s` +
        (row.nltk
          ? `  NLTK ${row.nltk.mbps.toFixed(2).padStart(6)} MB/s (${(row.ours.mbps / row.nltk.mbps).toFixed(1)}×)`
          : '') +
        (row.natural
          ? `  natural ${row.natural.mbps.toFixed(1).padStart(6)} MB/s (${(row.ours.mbps / row.natural.mbps).toFixed(1)}×)`
          : '') +
        (differentLines === undefined ? '' : `  lines differing from NLTK: ${differentLines}`),
    );
  }
  sections.push({ lang, corpusPath, lines: lines.length, megabytes, rows });
}
rmSync(work, { recursive: true, force: true });

const describeCorpus = {
  en: 'the first 10 MB of `corpora/bench/gutenberg-100MB.en.txt.xz` (Project Gutenberg books)',
  ar: 'the first 10 MB of `corpora/bench/openiti-0525AH-primary.ar.txt.xz` (classical Arabic prose, OpenITI)',
};
const fmt = (value, digits = 1) => (value === undefined ? '–' : value.toFixed(digits));
const tables = sections
  .map(({ lang, lines, megabytes, rows }) => {
    const body = rows
      .map(
        (row) =>
          `| ${row.name} | ${fmt(row.ours.mbps)} | ${fmt(row.nltk?.mbps, 2)} | ${row.nltk ? `${(row.ours.mbps / row.nltk.mbps).toFixed(1)}×` : '–'} | ${row.natural ? `${fmt(row.natural.mbps)} (${row.natural.name})` : '–'} | ${row.natural ? `${(row.ours.mbps / row.natural.mbps).toFixed(1)}×` : '–'} | ${row.ours.tokens.toLocaleString('en-US')} | ${row.differentLines === undefined ? '–' : row.differentLines} |`,
      )
      .join('\n');
    return `### ${lang === 'en' ? 'English' : 'Arabic'}: ${describeCorpus[lang]}

${megabytes.toFixed(2)} MB of UTF-8, ${lines.toLocaleString('en-US')} lines, each tokenized on its own.

| tokenizer | tokenlab MB/s | NLTK MB/s | vs NLTK | natural MB/s | vs natural | tokens | lines ≠ NLTK |
|---|---:|---:|---:|---:|---:|---:|---:|
${body}`;
  })
  .join('\n\n');

const english = sections.find((section) => section.lang === 'en');
const anchorRows = english.rows
  .filter((row) => ANCHORS[row.name])
  .map((row) => {
    const anchor = ANCHORS[row.name];
    const versus = (value) => (value ? `${value} MB/s → ${(row.ours.mbps / value).toFixed(1)}×` : '–');
    return `| ${row.name} | ${row.ours.mbps.toFixed(1)} | ${versus(anchor.nltk)} | ${versus(anchor.natural)} |`;
  })
  .join('\n');
const loadAtEnd = loadavg()[0];

const report = `## Classic tokenizers (NLTK parity)

* Machine: ${machineInfo()}; ${new Date().toISOString().slice(0, 10)}. tokenlab and natural 8.1.1 run in this process
  (median of ${RUNS} runs); NLTK${nltkVersion ? ` ${nltkVersion}` : ''} (Debian python3-nltk) runs once in a child process,
  timed around its loop over the same lines. Punkt in NLTK uses the parameters shipped in \`@tokenlab/classic\`.
* tokenlab returns tokens with spans; natural and NLTK return strings.
* "lines ≠ NLTK" counts the lines whose token list differs from NLTK's (compared by hash of the joined tokens).
* natural's tokenizers are not NLTK-equivalent (different rules), so only their speed is comparable; it has no
  NLTKWordTokenizer, word_tokenize or verbose-pattern equivalent.

${tables}

### Against the idle-machine anchors

The machine (2 cores) was shared with other jobs during this run: the 1-minute load average was
${loadAtStart.toFixed(1)} at the start and ${loadAtEnd.toFixed(1)} at the end, so every absolute number above is
depressed, NLTK's (timed at a different moment in its child process) by a different factor than ours. The
side-by-side ratios are therefore approximate. For reference, the anchors measured on the idle machine on the
same English 10 MB (\`../shared/docs/anchor-benchmarks.md\`), against our loaded English numbers:

| tokenizer | tokenlab MB/s (loaded) | NLTK idle | natural idle |
|---|---:|---:|---:|
${anchorRows}
`;
writeFileSync(join(here, 'results', 'classic.md'), report);
console.log(`\nwrote ${join('bench', 'results', 'classic.md')}`);
