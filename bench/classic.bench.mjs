// Classic tokenizers: tokenlab against NLTK (child process) and natural on the same lines of 10 MB of
// the English and the Arabic bench corpus. Checks that every line's tokens equal NLTK's and writes
// results/classic.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  englishPunkt,
  NLTKWordTokenizer,
  PunktSentenceTokenizer,
  PYTHON_SPACE,
  PYTHON_WORD,
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
import { PYTHON, startPythonCases } from './python-cases.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const MEGABYTES = 10;
const RUNS = 5;
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
/**
 * Each benchmark: our tokenizer, and the NLTK and natural equivalents. `strings` is our call that
 * returns what NLTK's returns (the token strings); `tokenize` also gives every token its span.
 * `engine`, for the regular-expression tokenizers, is V8's own `String.prototype.match` with the
 * same pattern: the strings a JavaScript library gets without a loop of its own.
 */
const CASES = [
  {
    name: 'whitespace',
    make: () => new WhitespaceTokenizer(),
    engine: new RegExp(`[^${PYTHON_SPACE}]+`, 'gu'),
    nltk: 'lambda: WhitespaceTokenizer().tokenize',
    natural: () => {
      const tokenizer = new regexpTokenizers.RegexpTokenizer({ pattern: /\s+/ });
      return (line) => tokenizer.tokenize(line);
    },
    naturalName: 'RegexpTokenizer(/\\s+/)',
  },
  {
    name: 'wordpunct',
    make: () => new WordPunctTokenizer(),
    engine: new RegExp(`[${PYTHON_WORD}]+|[^${PYTHON_WORD}${PYTHON_SPACE}]+`, 'gu'),
    nltk: 'lambda: WordPunctTokenizer().tokenize',
    natural: () => {
      const tokenizer = new regexpTokenizers.WordPunctTokenizer();
      return (line) => tokenizer.tokenize(line);
    },
    naturalName: 'WordPunctTokenizer',
  },
  {
    name: 'regexp \\w+',
    make: () => new RegexpTokenizer(String.raw`\w+`),
    engine: new RegExp(`[${PYTHON_WORD}]+`, 'gu'),
    nltk: "lambda: RegexpTokenizer(r'\\w+').tokenize",
    natural: () => {
      const tokenizer = new regexpTokenizers.WordTokenizer();
      return (line) => tokenizer.tokenize(line);
    },
    naturalName: 'WordTokenizer',
  },
  {
    name: 'regexp (book pattern)',
    make: () => new RegexpTokenizer(BOOK_PATTERN),
    engine: new RegexpTokenizer(BOOK_PATTERN).pattern.regexp,
    nltk: 'lambda: lambda line: regexp_tokenize(line, BOOK_PATTERN)',
  },
  {
    name: 'treebank',
    make: () => new TreebankWordTokenizer(),
    nltk: 'lambda: TreebankWordTokenizer().tokenize',
    natural: () => {
      const tokenizer = new NaturalTreebank();
      return (line) => tokenizer.tokenize(line);
    },
    naturalName: 'TreebankWordTokenizer',
  },
  {
    name: 'nltk-word',
    make: () => new NLTKWordTokenizer(),
    nltk: 'lambda: NLTKWordTokenizer().tokenize',
  },
  {
    name: 'word_tokenize',
    make: () => new WordTokenizer({ sentences: freshPunkt() }),
    nltk: 'make_word_tokenize',
  },
  {
    name: 'sentences (Punkt)',
    make: freshPunkt,
    strings: (punkt) => (line) => punkt.sentences(line),
    nltk: 'lambda: make_punkt().tokenize',
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

/** Seconds of one run over every line, and the token count. `fn` is built afresh for each run. */
function timeOnce(lines, fn) {
  globalThis.gc?.();
  let tokens = 0;
  const start = performance.now();
  for (const line of lines) tokens += fn(line).length;
  return { seconds: (performance.now() - start) / 1000, tokens };
}

/** A line's tokens as one string, the form the outputs are compared in. */
function joined(tokens) {
  return tokens.join('\u001f');
}

let nltkVersion = '';
try {
  nltkVersion = execFileSync(PYTHON, ['-c', 'import nltk; print(nltk.__version__)'], {
    encoding: 'utf8',
  }).trim();
} catch {
  console.log('NLTK not importable from /usr/bin/python3: NLTK columns skipped');
}

/** NLTK for the lines of `corpusPath`, in a child process that runs the cases on request. */
function startNltk(corpusPath, work) {
  const patternFile = join(work, 'pattern.txt');
  writeFileSync(patternFile, BOOK_PATTERN);
  const setup = `
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
def make_punkt():
    return PunktSentenceTokenizer(params)
def make_word_tokenize():
    punkt, nltk_word = make_punkt(), NLTKWordTokenizer()
    return lambda text: [token for sentence in punkt.tokenize(text) for token in nltk_word.tokenize(sentence)]
`;
  return startPythonCases({
    setup,
    cases: Object.fromEntries(CASES.map((entry) => [entry.name, entry.nltk])),
    corpusPath,
  });
}

/**
 * `RUNS` rounds; in each, NLTK runs the case once, then ours (strings and tokens), natural and V8's
 * match in a rotated order, so that every side sees the same machine load. Speeds are medians;
 * ratios are the medians of the per-round ratios.
 */
async function measureCase(entry, lines, megabytes, nltk) {
  const stringsOf = entry.strings ?? ((tokenizer) => (line) => tokenizer.words(line));
  const sides = {
    ours: () => stringsOf(entry.make()),
    tokens: () => {
      const fresh = entry.make();
      return (line) => fresh.tokenize(line);
    },
    natural: entry.natural,
    engine: entry.engine && (() => (line) => line.match(entry.engine) ?? []),
    slicing: entry.engine && slicingOnly(entry.make(), lines),
    reading: entry.engine && (() => readEveryUnit),
  };
  const rounds = [];
  for (let run = 0; run < RUNS; run++) {
    const round = {};
    if (nltk) round.nltk = await nltk.ask('time', entry.name);
    // Our sides in a rotated order, so that none always runs first (right after NLTK) or last.
    const order = Object.entries(sides).filter(([, make]) => make);
    for (let k = 0; k < order.length; k++) {
      const [side, make] = order[(k + run) % order.length];
      round[side] = timeOnce(lines, make());
    }
    rounds.push(round);
  }
  const summary = (side) => {
    if (!rounds[0][side]) return undefined;
    const seconds = median(rounds.map((round) => round[side].seconds));
    return { seconds, tokens: rounds.at(-1)[side].tokens, mbps: megabytes / seconds };
  };
  const ratio = (side, other) =>
    rounds[0][side] && rounds[0][other]
      ? median(rounds.map((round) => round[other].seconds / round[side].seconds))
      : undefined;
  return {
    ours: summary('ours'),
    tokens: summary('tokens'),
    nltk: summary('nltk'),
    natural: entry.natural ? { ...summary('natural'), name: entry.naturalName } : undefined,
    engine: summary('engine'),
    slicing: summary('slicing'),
    reading: summary('reading'),
    ratios: {
      nltk: ratio('ours', 'nltk'),
      tokensNltk: ratio('tokens', 'nltk'),
      natural: ratio('ours', 'natural'),
    },
  };
}

const NO_TOKENS = [];

/**
 * Reading every UTF-16 code unit of a line once and nothing else: no tokenizer that looks at every
 * character can be faster on this machine.
 */
function readEveryUnit(line) {
  let sum = 0;
  for (let index = 0; index < line.length; index++) sum += line.charCodeAt(index);
  // The result depends on the sum (which is never negative), so the engine cannot drop the loop.
  return sum < 0 ? [sum] : NO_TOKENS;
}

/**
 * Making the token strings and nothing else: the tokens' offsets are found beforehand, and the timed
 * function only slices them out of each line into an array (the part of any tokenizer's work that
 * returns strings, without the part that finds them).
 */
function slicingOnly(tokenizer, lines) {
  const offsets = lines.map((line) => Int32Array.from(tokenizer.spanTokenize(line).flat()));
  return () => {
    let lineIndex = 0;
    return (line) => {
      const spans = offsets[lineIndex++];
      const strings = new Array(spans.length >> 1);
      for (let index = 0; index < spans.length; index += 2)
        strings[index >> 1] = line.slice(spans[index], spans[index + 1]);
      return strings;
    };
  };
}

const sections = [];
const work = mkdtempSync(join(tmpdir(), 'tokenlab-classic-bench-'));
for (const lang of ['en', 'ar']) {
  const corpusPath = benchCorpus(lang, MEGABYTES);
  const text = readFileSync(corpusPath, 'utf8');
  const lines = text.split('\n');
  const megabytes = Buffer.byteLength(text) / 1e6;
  console.log(`\n${lang}: ${megabytes.toFixed(2)} MB, ${lines.length} lines`);
  const nltk = nltkVersion ? startNltk(corpusPath, work) : undefined;
  const rows = [];
  for (const entry of CASES) {
    const row = { name: entry.name, ...(await measureCase(entry, lines, megabytes, nltk)) };
    if (row.engine && row.engine.tokens !== row.ours.tokens)
      throw new Error(
        `${entry.name}: the engine's match gives ${row.engine.tokens} tokens, ours ${row.ours.tokens}`,
      );
    // Outputs, outside the timing: ours against NLTK's, and our strings against our tokens.
    const tokenizer = entry.make();
    const strings = (entry.strings ?? ((fresh) => (line) => fresh.words(line)))(entry.make());
    const expected = nltk ? await nltk.ask('outputs', entry.name) : undefined;
    let differentViews = 0;
    row.differentLines = expected ? 0 : undefined;
    lines.forEach((line, index) => {
      const ours = joined(tokenizer.tokenize(line).map((token) => token.text));
      if (ours !== joined(strings(line))) differentViews++;
      if (expected && ours !== expected[index]) row.differentLines++;
    });
    if (differentViews > 0)
      throw new Error(`${entry.name}: strings and tokens differ on ${differentViews} lines`);
    rows.push(row);
    const versus = (label, other, ratio) =>
      other
        ? `  ${label} ${other.mbps.toFixed(1).padStart(6)} MB/s${ratio ? ` (${ratio.toFixed(1)}×)` : ''}`
        : '';
    console.log(
      `${entry.name.padEnd(22)} strings ${row.ours.mbps.toFixed(1).padStart(7)} MB/s  tokens ${row.tokens.mbps.toFixed(1).padStart(7)} MB/s` +
        versus('NLTK', row.nltk, row.ratios.nltk) +
        versus('natural', row.natural, row.ratios.natural) +
        versus('V8 match', row.engine) +
        (row.differentLines === undefined ? '' : `  lines differing from NLTK: ${row.differentLines}`),
    );
  }
  nltk?.close();
  sections.push({ lang, corpusPath, lines: lines.length, megabytes, rows });
}
rmSync(work, { recursive: true, force: true });

const describeCorpus = {
  en: 'the first 10 MB of `corpora/bench/gutenberg-100MB.en.txt.xz` (Project Gutenberg books)',
  ar: 'the first 10 MB of `corpora/bench/openiti-0525AH-primary.ar.txt.xz` (classical Arabic prose, OpenITI)',
};
const fmt = (value, digits = 1) => (value === undefined ? '–' : value.toFixed(digits));
const times = (value) => (value === undefined ? '–' : `${value.toFixed(1)}×`);
const tables = sections
  .map(({ lang, lines, megabytes, rows }) => {
    const body = rows
      .map(
        (row) =>
          `| ${row.name} | ${fmt(row.ours.mbps)} | ${fmt(row.nltk?.mbps, 2)} | **${times(row.ratios.nltk)}** | ${fmt(row.tokens.mbps)} | ${times(row.ratios.tokensNltk)} | ${row.natural ? `${fmt(row.natural.mbps)} (${row.natural.name})` : '–'} | ${times(row.ratios.natural)} | ${fmt(row.engine?.mbps)} | ${row.ours.tokens.toLocaleString('en-US')} | ${row.differentLines === undefined ? '–' : row.differentLines} |`,
      )
      .join('\n');
    // The regular-expression family: what 10× NLTK would take, against the two costs no tokenizer
    // returning strings avoids, reading the text and making the strings.
    const ceiling = rows
      .filter((row) => row.slicing && row.nltk)
      .map((row) => {
        const both = megabytes / (row.reading.seconds + row.slicing.seconds);
        return `| ${row.name} | ${fmt(row.ours.mbps)} | ${fmt(10 * row.nltk.mbps)} | ${fmt(row.engine.mbps)} | ${fmt(row.reading.mbps)} | ${fmt(row.slicing.mbps)} | ${fmt(both)} |`;
      })
      .join('\n');
    return `### ${lang === 'en' ? 'English' : 'Arabic'}: ${describeCorpus[lang]}

${megabytes.toFixed(2)} MB of UTF-8, ${lines.toLocaleString('en-US')} lines, each tokenized on its own.

| tokenizer | tokenlab strings MB/s | NLTK MB/s | strings vs NLTK | tokenlab tokens + spans MB/s | tokens vs NLTK | natural MB/s | strings vs natural | V8 \`match\` MB/s | tokens | lines ≠ NLTK |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${body}
${
  ceiling
    ? `
The regular-expression tokenizers against the floor of any JavaScript tokenizer that returns strings:
**reading** is a loop that reads every UTF-16 code unit of the lines once and does nothing else;
**slicing** makes the same token strings, the way our scanners do, from offsets found beforehand. A
tokenizer that returns strings does both, so it cannot beat slicing alone (up to the noise of the
machine), and **reading + slicing** (the two times added) estimates the best it could do.

| tokenizer | tokenlab strings MB/s | 10× NLTK would need | V8 \`match\` | reading alone | slicing alone | reading + slicing |
|---|---:|---:|---:|---:|---:|---:|
${ceiling}`
    : ''
}`;
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

* Machine: ${machineInfo()}; ${new Date().toISOString().slice(0, 10)}; 1-minute load average ${loadAtStart.toFixed(1)} at
  the start, ${loadAtEnd.toFixed(1)} at the end (2 cores, shared). tokenlab and natural 8.1.1 run in this process,
  NLTK${nltkVersion ? ` ${nltkVersion}` : ''} (Debian python3-nltk) in a child process that stays up and runs on request.
* The runs are interleaved so that every side sees the same machine: in each of ${RUNS} rounds NLTK runs the
  case once, then ours (strings and tokens), natural, V8's \`match\` and the two floor measurements below
  back to back, in an order rotated from round to round. Every run uses a fresh tokenizer and a loop that
  only counts each line's tokens (so no run keeps millions of strings alive). MB/s are medians over the
  rounds; each ratio is the median of the per-round ratios. Outputs are compared afterwards. Punkt in NLTK uses the parameters shipped in \`@tokenlab/classic\`.
* **strings** is the like-for-like comparison: our \`words()\` (\`sentences()\` for Punkt) returns the token
  strings, as NLTK's \`tokenize\` and natural's do. **tokens + spans** is our \`tokenize()\`, which also gives
  every token its \`[start, end)\` span (NLTK needs a second call, \`span_tokenize\`, for those).
* "lines ≠ NLTK" counts the lines whose token list differs from NLTK's; the run also checks that \`words()\` and \`tokenize()\` agree on every line.
* **V8 \`match\`** is V8's own \`String.prototype.match\` with the same pattern (Python's \`\\w\`/\`\\s\` as
  Unicode classes): the strings a JavaScript library gets by handing the pattern to the engine's compiled
  regular expressions, without a loop of its own. Our scanners are about as fast on whitespace and
  2–3× faster on the word classes.
  NLTK's whitespace, WordPunct and regexp tokenizers are one call into CPython's C regular-expression
  engine per line, so their speed is bounded the same way on both sides; Treebank, \`word_tokenize\` and
  Punkt run Python code per rule and per token.
* natural's tokenizers are not NLTK-equivalent (different rules; on Arabic its WordTokenizer drops the
  Arabic letters, hence its speed there), so only their speed is comparable; it has no NLTKWordTokenizer,
  word_tokenize or verbose-pattern equivalent.

${tables}

### Against the idle-machine anchors

The anchors measured on an idle machine on the same English 10 MB with a different harness (non-empty
lines only; \`../shared/docs/anchor-benchmarks.md\`), against our strings numbers above. NLTK runs faster in
the interleaved rounds above than in those anchors, so the side-by-side ratios above are the ones to quote.

| tokenizer | tokenlab strings MB/s | NLTK idle | natural idle |
|---|---:|---:|---:|
${anchorRows}
`;
writeFileSync(join(here, 'results', 'classic.md'), report);
console.log(`\nwrote ${join('bench', 'results', 'classic.md')}`);
