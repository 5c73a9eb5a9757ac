import { describe, expect, it } from 'vitest';
import { stemByCodePoints } from './code-points.js';
import { LancasterStemmer, lancasterStem } from './lancaster.js';
import { LANCASTER_RULES } from './lancaster-rules.js';
import { PorterStemmer, porterStem } from './porter.js';
import { SnowballStemmer } from './snowball.js';
import { snowballEnglishStem } from './snowball-english.js';

// Expected values below are NLTK 3.8's outputs for the same calls.

describe('PorterStemmer', () => {
  it('runs the three modes as NLTK does', () => {
    const words = ['ties', 'fly', 'generously', 'analogi', 'as'];
    const stems = (mode: 'NLTK_EXTENSIONS' | 'MARTIN_EXTENSIONS' | 'ORIGINAL_ALGORITHM') =>
      words.map((word) => new PorterStemmer({ mode }).stem(word));
    expect(stems('NLTK_EXTENSIONS')).toEqual(['tie', 'fli', 'gener', 'analog', 'as']);
    expect(stems('MARTIN_EXTENSIONS')).toEqual(['ti', 'fly', 'gener', 'analog', 'as']);
    expect(stems('ORIGINAL_ALGORITHM')).toEqual(['ti', 'fly', 'gener', 'analogi', 'a']);
  });

  it('looks irregular forms up before lowercasing, like NLTK', () => {
    expect(porterStem('dying')).toBe('die');
    expect(porterStem('Dying')).toBe('dy');
    expect(new PorterStemmer().stem('DYING', false)).toBe('DYING');
  });

  it('rejects an unknown mode', () => {
    expect(() => new PorterStemmer({ mode: 'PORTER2' as never })).toThrow(/mode must be one of/);
  });
});

describe('LancasterStemmer', () => {
  it('has NLTK’s rule table and documented behaviour', () => {
    expect(LANCASTER_RULES).toHaveLength(115);
    expect(
      ['maximum', 'presumably', 'multiply', 'provision', 'owed', 'ear', 'saying', 'cement'].map(
        lancasterStem,
      ),
    ).toEqual(['maxim', 'presum', 'multiply', 'provid', 'ow', 'ear', 'say', 'cem']);
    expect(new LancasterStemmer({ stripPrefix: true }).stem('kilometer')).toBe('met');
  });

  it('takes custom rules, and rejects a malformed one by name', () => {
    const custom = new LancasterStemmer({ rules: ['ssen4>', 's1t.'] });
    expect(custom.stem('ness')).toBe('nest');
    expect(custom.stem('kindness')).toBe('kind');
    expect(() => new LancasterStemmer({ rules: ['bad!'] })).toThrow('the rule "bad!" is invalid');
    expect(new LancasterStemmer({ rules: [] }).stem('maximum')).toBe('maxim');
  });

  it('stems a long run of endings in time linear in its length, as NLTK stems it (100,000 letters took 15 s)', () => {
    // NLTK 3.8's LancasterStemmer().stem on the same words (Debian's python3-nltk).
    expect(lancasterStem('ing'.repeat(50))).toBe('ing');
    expect(lancasterStem('ational'.repeat(30))).toBe('at');
    expect(lancasterStem('ness'.repeat(40))).toBe('ness');
    expect(lancasterStem('ies'.repeat(40))).toBe(`${'ies'.repeat(39)}y`);
    const long = new LancasterStemmer({ cacheSize: 0 });
    expect(long.stem('ing'.repeat(33_333))).toBe('ing');
    expect(long.stem('ational'.repeat(14_285))).toBe('at');
    // Letters after a non-letter are not looked at, however long the word.
    expect(long.stem(`kind-${'ness'.repeat(10_000)}`)).toBe(`kind-${'ness'.repeat(10_000)}`);
  });
});

describe('SnowballStemmer', () => {
  it('stems English as Porter2 with NLTK’s exceptions', () => {
    expect(['generously', 'skies', "dog's", 'succeeding', 'Running'].map(snowballEnglishStem)).toEqual([
      'generous',
      'sky',
      'dog',
      'succeed',
      'run',
    ]);
  });

  it('returns stop words unstemmed (lowercased for English, without diacritics for Arabic)', () => {
    const english = new SnowballStemmer('english', { ignoreStopwords: ['having', 'being'] });
    expect(['Having', 'being', 'beings', 'having,'].map((word) => english.stem(word))).toEqual([
      'having',
      'being',
      'be',
      'having,',
    ]);
    const arabic = new SnowballStemmer('arabic', { ignoreStopwords: ['الذين', 'هذه'] });
    expect(['الَّذِينَ', 'هذه', 'الكتاب'].map((word) => arabic.stem(word))).toEqual(['الذين', 'هذه', 'كتاب']);
  });

  it('carries NLTK’s Arabic verb flag from word to word unless told not to', () => {
    const carried = new SnowballStemmer('arabic');
    expect(carried.stem('يكتبه')).toBe('يكتب');
    expect(carried.stem('كتبوا')).toBe('كتبو');
    expect(new SnowballStemmer('arabic').stem('كتبوا')).toBe('كتب');
    const stateless = new SnowballStemmer('arabic', { carryVerbState: false });
    stateless.stem('يكتبه');
    expect(stateless.stem('كتبوا')).toBe('كتب');
  });

  it('rejects languages it does not have', () => {
    expect(() => new SnowballStemmer('german' as never)).toThrow("the language 'german' is not supported");
  });
});

describe('stemByCodePoints', () => {
  it('lets the rules see one unit per code point and restores astral characters', () => {
    expect(stemByCodePoints('a😀😀s', (word) => `${word.length}:${word}`)).toMatch(/^4:a..s$/u);
    expect(stemByCodePoints('a😀😀s', (word) => word.slice(0, -1))).toBe('a😀😀');
  });
});
