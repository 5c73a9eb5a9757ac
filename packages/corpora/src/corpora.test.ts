import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hasShared, needsSharedTitle, sharedPath } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import {
  CORPORA,
  corpusInfo,
  corpusUrl,
  listCorpora,
  loadCorpus,
  loadCorpusDocuments,
  parseTanzil,
  readCorpusFile,
  splitDocuments,
  stripFraming,
} from './index.js';

// The sha256 of each shipped file as PROVENANCE.md records it: the files must stay verbatim.
const SHA256: Record<string, string> = {
  tinyshakespeare: '86c4e6aa9db7c042ec79f339dcb96d42b0075e16b8fc2e86bf0ca57e2dc565ed',
  taylorswift: 'c2e39cb822d4ae0caac22152cefc306d466e31217a9c5524e493ad2b76792f57',
  'quran-uthmani': '01153c89db8051ccdadf377b03c905d0bf963f59b445f37afecfe5e12b6e04d8',
  'wikinews-ar': '179718bbc88b348a22a9e925c49ce3b898d725682b6ab2539eb521d6f21319a1',
  'wikinews-ar-plain': 'f2df7dba131d6f7fe8c1d17ab20a73fd7aa38ca8510eadb8500d28ade81f5f38',
  'austen-emma': '71b0923d75fcf2f1faa897b22da8de8e2476d7478a2b22388eb58a3420e00215',
  'udhr-en': 'eed7e324e030c2bee55eaf1ea34891050154dfcfb5c7c0b4509ef89d3a3cb0aa',
  'udhr-ar': '35eeba6070c57119c431bfad0300425194b37e46b2841b3957b37bf2caf9bfdd',
};

describe('catalogue', () => {
  it('lists English and Arabic corpora with licence and credit', () => {
    expect(listCorpora('en').map((c) => c.id)).toEqual([
      'tinyshakespeare',
      'taylorswift',
      'austen-emma',
      'udhr-en',
    ]);
    expect(listCorpora('ar').map((c) => c.id)).toEqual([
      'quran-uthmani',
      'wikinews-ar',
      'wikinews-ar-plain',
      'udhr-ar',
    ]);
    for (const corpus of CORPORA) {
      expect(corpus.license, corpus.id).not.toBe('');
      expect(corpus.attribution, corpus.id).not.toBe('');
    }
    expect(() => corpusInfo('enwik8')).toThrow(/unknown corpus 'enwik8'. Available: tinyshakespeare/);
  });

  it('ships every file verbatim, with the size the catalogue states', () => {
    for (const corpus of CORPORA) {
      const bytes = readFileSync(fileURLToPath(corpusUrl(corpus.id)));
      expect(bytes.length, corpus.id).toBe(corpus.bytes);
      expect(createHash('sha256').update(bytes).digest('hex'), corpus.id).toBe(SHA256[corpus.id]);
    }
  });

  it.skipIf(!hasShared)(needsSharedTitle('matches the reference copies'), () => {
    expect(readFileSync(sharedPath('corpora/en/taylorswift.txt'), 'utf8')).toBe(
      readFileSync(fileURLToPath(corpusUrl('taylorswift')), 'utf8'),
    );
  });
});

describe('loading', () => {
  it('keeps the Tanzil copyright block in the file and strips it from the text', async () => {
    const raw = await readCorpusFile('quran-uthmani');
    expect(raw).toContain('PLEASE DO NOT REMOVE OR CHANGE THIS COPYRIGHT BLOCK');
    const text = await loadCorpus('quran-uthmani');
    expect(text).not.toContain('#');
    expect(text).not.toMatch(/\d+\|\d+\|/);
    const lines = text.split('\n');
    expect(`1|1|${lines[0]}`).toBe(raw.split('\n')[0]);
    expect(lines[0]!.startsWith('بِسْمِ')).toBe(true);
    expect(lines.length - 1).toBe(6236);
    const verses = await loadCorpusDocuments('quran-uthmani');
    expect(verses).toHaveLength(6236);
    expect(`114|6|${verses.at(-1)}`).toBe(raw.split('\n')[6235]);
  });

  it('drops the Farasa section headings and splits articles', async () => {
    const raw = await readCorpusFile('wikinews-ar');
    const text = await loadCorpus('wikinews-ar');
    expect(raw).toMatch(/^# /m);
    expect(text).not.toMatch(/^# /m);
    expect(text.split('\n')[0]).toBe(raw.split('\n')[1]);
    const articles = await loadCorpusDocuments('wikinews-ar-plain');
    expect(articles.length).toBeGreaterThan(20);
    for (const article of articles) expect(article.trim()).not.toBe('');
  });

  it('returns plain English files unchanged', async () => {
    const raw = await readCorpusFile('tinyshakespeare');
    expect(await loadCorpus('tinyshakespeare')).toBe(raw);
    const paragraphs = await loadCorpusDocuments('tinyshakespeare');
    expect(paragraphs[0]).toBe('First Citizen:\nBefore we proceed any further, hear me speak.');
  });
});

describe('the UDHR pair', () => {
  it('gives the same declaration in English and Arabic, article by article', async () => {
    const english = await loadCorpus('udhr-en');
    const arabic = await loadCorpus('udhr-ar');
    expect(english.startsWith('Universal Declaration of Human Rights\nPreamble\n')).toBe(true);
    expect(arabic.startsWith('الإعلان العالمي لحقوق الإنسان')).toBe(true);
    // The English copy stops inside Article 29; the Arabic one has all 30 articles.
    expect([...english.matchAll(/^Article \d+/gm)]).toHaveLength(29);
    expect([...arabic.matchAll(/^المادة \d+/gm)]).toHaveLength(30);
    expect(english).toContain('All human beings are born free and equal in dignity and rights.');
    expect(arabic).toContain('يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق.');
  });

  it.skipIf(!hasShared)(needsSharedTitle('matches the reference copies'), () => {
    expect(readFileSync(sharedPath('corpora/nltk/udhr/english.udhr.txt'), 'utf8')).toBe(
      readFileSync(fileURLToPath(corpusUrl('udhr-en')), 'utf8'),
    );
    expect(readFileSync(sharedPath('corpora/nltk/udhr/arabic.udhr.txt'), 'utf8')).toBe(
      readFileSync(fileURLToPath(corpusUrl('udhr-ar')), 'utf8'),
    );
  });
});

describe('framing', () => {
  it('names the line of a malformed Tanzil file', () => {
    expect(() => parseTanzil('1|1|a\nnot a verse\n', 'q.txt')).toThrow(/q.txt:2: expected 'sura\|aya\|text'/);
  });

  it('handles CRLF and blank-line paragraphs', () => {
    expect(parseTanzil('2|255|x\r\n')).toEqual([{ sura: 2, aya: 255, text: 'x' }]);
    expect(splitDocuments('a\r\n\r\n\r\nb\n', 'plain')).toEqual(['a', 'b']);
    expect(stripFraming('# head\nbody\n', 'farasa')).toBe('body\n');
  });
});
