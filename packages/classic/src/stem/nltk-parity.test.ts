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
