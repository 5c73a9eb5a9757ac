// Stemming: tokenlab's NLTK stemmers against NLTK itself (and natural's two stemmers) on the same word
// lists, in one run, interleaved. Writes results/stem.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LancasterStemmer, PorterStemmer, SnowballStemmer } from '@tokenlab/classic';
import { naturalLancasterStem, naturalPorterStem } from '@tokenlab/natural';
import { benchCorpus, machineInfo } from './corpus.mjs';
import { PYTHON, startPythonWorker } from './python-cases.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const WORDS = 200_000;
const RUNS = 5;

/** The first `count` word tokens (letters and marks, inner apostrophes) of a bench corpus. */
function wordsOf(lang, count) {
  const text = readFileSync(benchCorpus(lang, 10), 'utf8');
  const words = [];
  for (const match of text.matchAll(/[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu)) {
    words.push(match[0]);
    if (words.length >= count) break;
  }
  return words;
}

const lists = { en: wordsOf('en', WORDS), ar: wordsOf('ar', WORDS) };

/** The memo size the English stemmers use by default (the Arabic one has none unless asked). */
const MEMO = 50_000;

/**
 * A factory of stem functions: with no argument the stemmer as it comes; `{ other: true }` the other
 * memo setting (off where it is on by default, 50,000 words where it is off).
 */
function method(make, memoByDefault = true) {
  return ({ other = false } = {}) => {
    const stemmer = make(other ? { cacheSize: memoByDefault ? 0 : MEMO } : {});
    return (word) => stemmer.stem(word);
  };
}

/**
 * Each row: the word list, our stemmer (made fresh per run), NLTK's constructor, natural's if any;
 * `memoByDefault: false` for a stemmer whose memo is off unless asked for.
 */
const STEMMERS = [
  {
    name: 'porter',
    nltkCall: 'PorterStemmer()',
    list: 'en',
    make: method((options) => new PorterStemmer(options)),
    natural: naturalPorterStem,
  },
  {
    name: 'porter-martin',
    nltkCall: "PorterStemmer('MARTIN_EXTENSIONS')",
    list: 'en',
    make: method((options) => new PorterStemmer({ ...options, mode: 'MARTIN_EXTENSIONS' })),
  },
  {
    name: 'porter-original',
    nltkCall: "PorterStemmer('ORIGINAL_ALGORITHM')",
    list: 'en',
    make: method((options) => new PorterStemmer({ ...options, mode: 'ORIGINAL_ALGORITHM' })),
  },
  {
    name: 'lancaster',
    nltkCall: 'LancasterStemmer()',
    list: 'en',
    make: method((options) => new LancasterStemmer(options)),
    natural: naturalLancasterStem,
  },
  {
    name: 'snowball-english',
    nltkCall: "SnowballStemmer('english')",
    list: 'en',
    make: method((options) => new SnowballStemmer('english', options)),
  },
  {
    name: 'snowball-arabic',
    nltkCall: "SnowballStemmer('arabic')",
    list: 'ar',
    make: method((options) => new SnowballStemmer('arabic', options), false),
    memoByDefault: false,
  },
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeOnce(stem, words) {
  globalThis.gc?.();
  const start = performance.now();
  let characters = 0;
  for (const word of words) characters += stem(word).length;
  return { seconds: (performance.now() - start) / 1000, characters };
}

/** A Python child holding both word lists; `ask(action, name)` times one run or returns the stems. */
function startNltk(work) {
  for (const [lang, words] of Object.entries(lists))
    writeFileSync(join(work, `${lang}.txt`), words.join('\n'));
  const table = STEMMERS.map(
    (row) => `${JSON.stringify(row.name)}: (lambda: ${row.nltkCall}, ${JSON.stringify(row.list)})`,
  );
  const script = `
import gc, json, sys, time
from nltk.stem import LancasterStemmer, PorterStemmer, SnowballStemmer
lists = {lang: open(${JSON.stringify(work)} + '/' + lang + '.txt', encoding='utf-8').read().split('\\n') for lang in ('en', 'ar')}
stemmers = {${table.join(', ')}}
for request in sys.stdin:
    action, name = json.loads(request)
    make, lang = stemmers[name]
    stem = make().stem
    words = lists[lang]
    if action == 'time':
        gc.collect()
        characters = 0
        start = time.perf_counter()
        for word in words:
            characters += len(stem(word))
        reply = {'seconds': time.perf_counter() - start, 'characters': characters}
    else:
        reply = [stem(word) for word in words]
    print(json.dumps(reply, ensure_ascii=False), flush=True)
`;
  return startPythonWorker(script);
}

let nltkVersion = '';
try {
  nltkVersion = execFileSync(PYTHON, ['-W', 'ignore', '-c', 'import nltk; print(nltk.__version__)'], {
    encoding: 'utf8',
  }).trim();
} catch {
  console.log('NLTK not importable from /usr/bin/python3: only tokenlab and natural are timed');
}
const work = mkdtempSync(join(tmpdir(), 'tokenlab-stem-bench-'));
const nltk = nltkVersion ? startNltk(work) : null;

// Sides: tokenlab, NLTK and (for two stemmers) natural; in each round every side runs once, in an
// order rotated from round to round, so that all of them see the same machine.
const sides = STEMMERS.flatMap((row) => [
  { row, side: 'tokenlab', run: () => timeOnce(row.make(), lists[row.list]) },
  { row, side: 'tokenlab, other memo', run: () => timeOnce(row.make({ other: true }), lists[row.list]) },
  ...(nltk ? [{ row, side: 'NLTK', run: () => nltk.ask('time', row.name) }] : []),
  ...(row.natural ? [{ row, side: 'natural', run: () => timeOnce(row.natural, lists[row.list]) }] : []),
]);
const rounds = [];
for (let run = 0; run < RUNS; run++) {
  const round = new Map();
  for (let k = 0; k < sides.length; k++) {
    const side = sides[(k + run) % sides.length];
    round.set(`${side.row.name}/${side.side}`, await side.run());
  }
  rounds.push(round);
}

const results = [];
for (const row of STEMMERS) {
  const words = lists[row.list];
  const seconds = (side) => median(rounds.map((round) => round.get(`${row.name}/${side}`).seconds));
  const ratio = (side) =>
    median(
      rounds.map(
        (round) => round.get(`${row.name}/${side}`).seconds / round.get(`${row.name}/tokenlab`).seconds,
      ),
    );
  const result = {
    row,
    words: words.length,
    distinct: new Set(words).size,
    ours: seconds('tokenlab'),
    other: seconds('tokenlab, other memo'),
    otherRatio: ratio('tokenlab, other memo'),
  };
  if (nltk) {
    result.nltk = seconds('NLTK');
    result.nltkRatio = ratio('NLTK');
    const theirs = await nltk.ask('outputs', row.name);
    const stem = row.make();
    result.differences = words.filter((word, index) => stem(word) !== theirs[index]).length;
    const other = row.make({ other: true });
    result.otherDifferences = words.filter((word, index) => other(word) !== theirs[index]).length;
    result.nltkOtherRatio = median(
      rounds.map(
        (round) =>
          round.get(`${row.name}/NLTK`).seconds / round.get(`${row.name}/tokenlab, other memo`).seconds,
      ),
    );
  }
  if (row.natural) {
    result.natural = seconds('natural');
    result.naturalRatio = ratio('natural');
    const theirs = nltk ? await nltk.ask('outputs', row.name) : null;
    if (theirs)
      result.naturalDifferences = words.filter((word, index) => row.natural(word) !== theirs[index]).length;
  }
  console.log(
    `${row.name.padEnd(18)} tokenlab ${Math.round(words.length / result.ours / 1e3)}k words/s` +
      (nltk
        ? `, NLTK ${Math.round(words.length / result.nltk / 1e3)}k words/s (${result.nltkRatio.toFixed(1)}×, ${result.nltkOtherRatio.toFixed(1)}× ${row.memoByDefault === false ? 'with' : 'without'} the memo), ${result.differences} different stems`
        : ''),
  );
  results.push(result);
}
nltk?.close();
rmSync(work, { recursive: true, force: true });

const perSecond = (words, seconds) => Math.round(words / seconds).toLocaleString('en-US');
const lines = results.flatMap((result) => {
  const { row, words } = result;
  const otherSetting = `\`cacheSize: ${row.memoByDefault === false ? MEMO : 0}\``;
  const out = [
    `| \`${row.name}\` (${result.distinct.toLocaleString('en-US')} distinct words) | tokenlab | ${perSecond(words, result.ours)} | ${result.ours.toFixed(3)} | — | ${nltk ? result.differences : 'n/a'} |`,
    `| | tokenlab, ${otherSetting} | ${perSecond(words, result.other)} | ${result.other.toFixed(3)} | ${result.otherRatio.toFixed(1)}× | ${nltk ? result.otherDifferences : 'n/a'} |`,
  ];
  if (nltk)
    out.push(
      `| | NLTK ${nltkVersion} \`${row.nltkCall}\` | ${perSecond(words, result.nltk)} | ${result.nltk.toFixed(3)} | **${result.nltkRatio.toFixed(1)}×** (${result.nltkOtherRatio.toFixed(1)}× over ${otherSetting}) | 0 |`,
    );
  if (row.natural)
    out.push(
      `| | natural 8.1.1 | ${perSecond(words, result.natural)} | ${result.natural.toFixed(3)} | ${result.naturalRatio.toFixed(1)}× | ${result.naturalDifferences ?? 'n/a'} |`,
    );
  return out;
});

const report = `## Stemming (NLTK's stemmers)

* Words: the first ${WORDS.toLocaleString('en-US')} word tokens (runs of letters and marks, inner apostrophes kept) of the first
  10 MB of \`corpora/bench/gutenberg-100MB.en.txt.xz\` (English rows) and of
  \`corpora/bench/openiti-0525AH-primary.ar.txt.xz\` (\`snowball-arabic\`), every token stemmed, repeats included.
* Machine: ${machineInfo()}; ${new Date().toISOString().slice(0, 10)}; load average ${loadavg()
  .map((load) => load.toFixed(1))
  .join(
    ' / ',
  )} at the end (2 cores, shared). NLTK${nltkVersion ? ` ${nltkVersion}` : ''} (Debian python3-nltk) runs in a child
  process that stays up. In each of ${RUNS} rounds every row runs once over the whole list with a fresh stemmer, back to
  back, in an order rotated from round to round; words/s are medians, and "÷ tokenlab" is the median of the
  per-round ratios of seconds.
* The English tokenlab stemmers remember the last 50,000 words they stemmed (\`cacheSize\`, bounded; NLTK has no
  such memo); their \`cacheSize: 0\` rows time the algorithm alone, on every token. The Arabic one has no memo
  unless asked for (stemming a word costs about as much as finding it in a memo of the list's vocabulary);
  its \`cacheSize: 50000\` row times it with one.
* "differ from NLTK": stems unequal to NLTK's on the same list (computed outside the timing).

| stemmer | implementation | words/s | seconds | ÷ tokenlab | differ from NLTK |
|---|---|---:|---:|---:|---:|
${lines.join('\n')}
`;
writeFileSync(join(here, 'results', 'stem.md'), report);
console.log(`\nwrote ${join('bench', 'results', 'stem.md')}`);
