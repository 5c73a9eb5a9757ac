import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { isriStem } from '../arabic/isri.js';
import { LancasterStemmer } from './lancaster.js';
import { PorterStemmer } from './porter.js';
import { SnowballStemmer } from './snowball.js';

const porter = new PorterStemmer();
const martin = new PorterStemmer({ mode: 'MARTIN_EXTENSIONS' });
const original = new PorterStemmer({ mode: 'ORIGINAL_ALGORITHM' });
const lancaster = new LancasterStemmer();
const lancasterPrefix = new LancasterStemmer({ stripPrefix: true });
const snowballEnglish = new SnowballStemmer('english');

/** The English columns of the fixtures and the stemmer each was made with. */
const ENGLISH_COLUMNS: [string, (word: string) => string][] = [
  ['porter', (word) => porter.stem(word)],
  ['porter-keep-case', (word) => porter.stem(word, false)],
  ['porter-martin', (word) => martin.stem(word)],
  ['porter-original', (word) => original.stem(word)],
  ['lancaster', (word) => lancaster.stem(word)],
  ['lancaster-strip-prefix', (word) => lancasterPrefix.stem(word)],
  ['snowball-english', (word) => snowballEnglish.stem(word)],
];

/** A fixture table: column names, then one row per word (word first). */
interface StemTable {
  header: string[];
  rows: string[][];
}

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'stem');

/** Reads `fixtures/stem/<name>` (gzip TSV written by scripts/make-stem-fixtures.py). */
function readStemTable(name: string): StemTable {
  const lines = gunzipSync(readFileSync(join(FIXTURES, name)))
    .toString('utf8')
    .split('\n');
  if (lines.at(-1) === '') lines.pop();
  const header = (lines.shift() as string).split('\t');
  const rows = lines.map((line, index) => {
    const row = line.split('\t');
    if (row.length !== header.length) throw new Error(`${name} line ${index + 2}: ${row.length} columns`);
    return row;
  });
  return { header, rows };
}

/** The rows where `stem(word)` differs from column `column`, as [word, expected, got]. */
function differences(table: StemTable, column: string, stem: (word: string) => string): string[][] {
  const index = table.header.indexOf(column);
  if (index < 0) throw new Error(`no column ${column}`);
  const found: string[][] = [];
  for (const row of table.rows) {
    const got = stem(row[0] as string);
    if (got !== row[index]) found.push([row[0] as string, row[index] as string, got]);
  }
  return found;
}

interface GoldenRow {
  id: string;
  input: string;
  expected: string;
  params: Record<string, unknown>;
}

describe('golden NLTK outputs', () => {
  it('PorterStemmer() equals NLTK on every golden row', () => {
    const rows = readGolden<GoldenRow>('nltk_stem_porter');
    expect(rows.length).toBe(300);
    const stemmer = new PorterStemmer();
    const wrong = rows.filter((row) => {
      expect(row.params).toMatchObject({ mode: 'NLTK_EXTENSIONS', to_lowercase: true });
      return stemmer.stem(row.input) !== row.expected;
    });
    expect(wrong).toEqual([]);
  });

  it('LancasterStemmer() equals NLTK on every golden row', () => {
    const rows = readGolden<GoldenRow>('nltk_stem_lancaster');
    expect(rows.length).toBe(300);
    const stemmer = new LancasterStemmer();
    const wrong = rows.filter((row) => {
      expect(row.params).toMatchObject({ rule_tuple: 'default', strip_prefix_flag: false });
      return stemmer.stem(row.input) !== row.expected;
    });
    expect(wrong).toEqual([]);
  });
});

describe('NLTK 3.8 stems of every distinct word of the bundled corpora', () => {
  const english = readStemTable('nltk-stems-en.tsv.gz');
  const arabic = readStemTable('nltk-stems-ar.tsv.gz');

  it('covers more than 50,000 distinct words', () => {
    expect(english.rows.length).toBeGreaterThan(30_000);
    expect(arabic.rows.length).toBeGreaterThan(50_000);
    expect(new Set([...english.rows, ...arabic.rows].map((row) => row[0])).size).toBeGreaterThan(90_000);
  });

  it.each(ENGLISH_COLUMNS)('English: %s has no differences', (column, stem) => {
    expect(differences(english, column, stem)).toEqual([]);
  });

  it('Arabic: one Snowball stemmer over the words in order has no differences (NLTK carries state)', () => {
    const stemmer = new SnowballStemmer('arabic');
    expect(differences(arabic, 'snowball-arabic', (word) => stemmer.stem(word))).toEqual([]);
  });

  it('Arabic: a fresh Snowball stemmer per word has no differences', () => {
    expect(
      differences(arabic, 'snowball-arabic-fresh', (word) => new SnowballStemmer('arabic').stem(word)),
    ).toEqual([]);
    const stateless = new SnowballStemmer('arabic', { carryVerbState: false });
    expect(differences(arabic, 'snowball-arabic-fresh', (word) => stateless.stem(word))).toEqual([]);
  });

  it('Arabic: ISRI has no differences', () => {
    expect(differences(arabic, 'isri', isriStem)).toEqual([]);
  });
});

describe('NLTK 3.8 stems of made-up words (capitals, digits, marks, astral characters)', () => {
  const edge = readStemTable('nltk-stems-edge.tsv.gz');
  const arabicInOrder = new SnowballStemmer('arabic');
  it.each<[string, (word: string) => string]>([
    ...ENGLISH_COLUMNS,
    ['snowball-arabic', (word: string) => arabicInOrder.stem(word)],
    ['snowball-arabic-fresh', (word: string) => new SnowballStemmer('arabic').stem(word)],
    ['isri', isriStem],
  ])('%s has no differences', (column, stem) => {
    expect(edge.rows.length).toBeGreaterThan(4000);
    expect(differences(edge, column, stem)).toEqual([]);
  });
});

describe('the memo of stemmed words', () => {
  const english = readStemTable('nltk-stems-en.tsv.gz').rows.map((row) => row[0] as string);
  const arabic = readStemTable('nltk-stems-ar.tsv.gz').rows.map((row) => row[0] as string);
  /** Words with repeats, in an order where each word comes back after others. */
  const repeated = (words: string[]) => [
    ...words.slice(0, 3000),
    ...words.slice(0, 3000).reverse(),
    ...words,
  ];

  it.each<[string, (cacheSize: number) => (word: string) => string, string[]]>([
    [
      'porter',
      (cacheSize) => {
        const stemmer = new PorterStemmer({ cacheSize });
        return (word) => stemmer.stem(word);
      },
      english,
    ],
    [
      'porter, both cases',
      (cacheSize) => {
        const stemmer = new PorterStemmer({ cacheSize });
        return (word) => stemmer.stem(word) + stemmer.stem(word, false);
      },
      english,
    ],
    [
      'lancaster',
      (cacheSize) => {
        const stemmer = new LancasterStemmer({ cacheSize });
        return (word) => stemmer.stem(word);
      },
      english,
    ],
    [
      'snowball-english',
      (cacheSize) => {
        const stemmer = new SnowballStemmer('english', { cacheSize });
        return (word) => stemmer.stem(word);
      },
      english,
    ],
    [
      'snowball-arabic, state carried',
      (cacheSize) => {
        const stemmer = new SnowballStemmer('arabic', { cacheSize });
        return (word) => stemmer.stem(word);
      },
      arabic,
    ],
    [
      'snowball-arabic, memo smaller than the vocabulary',
      (cacheSize) => {
        const stemmer = new SnowballStemmer('arabic', { cacheSize: cacheSize && 1000 });
        return (word) => stemmer.stem(word);
      },
      arabic,
    ],
  ])('%s: repeated words stem as without the memo', (_name, make, words) => {
    const list = repeated(words);
    const memo = make(50_000);
    const plain = make(0);
    const different = list.filter((word) => memo(word) !== plain(word));
    expect(list.length).toBeGreaterThan(40_000);
    expect(different).toEqual([]);
  });

  it('replays the Arabic flag on a remembered word', () => {
    // The Arabic memo is off unless asked for.
    const stemmer = new SnowballStemmer('arabic', { cacheSize: 100 });
    expect(stemmer.stem('كتبوا')).toBe('كتب');
    expect(new SnowballStemmer('arabic', { cacheSize: 100 }).stem('يكتبه')).toBe('يكتب');
    const third = new SnowballStemmer('arabic', { cacheSize: 100 });
    third.stem('كتبوا');
    third.stem('يكتبه'); // sets the flag
    expect(third.stem('كتبوا')).toBe('كتبو');
    expect(() => new PorterStemmer({ cacheSize: -1 })).toThrow('cacheSize must be a whole number');
  });
});
