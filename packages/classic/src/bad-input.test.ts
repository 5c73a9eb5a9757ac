import type { Tokenizer } from '@tokenlab/core';
import { compilePythonPattern, findall } from '@tokenlab/pattern';
import { describe, expect, it } from 'vitest';
import { ISRIStemmer } from './arabic/isri.js';
import {
  alefMaksura,
  asciiDigits,
  foldAlef,
  nfc,
  normalizeArabic,
  removeTatweel,
  stripTashkeel,
  tehMarbuta,
} from './arabic/normalize.js';
import { ArabicTokenizer } from './arabic/tokenizer.js';
import { padSequences } from './keras/pad-sequences.js';
import { KerasTokenizer, textToWordSequence } from './keras/tokenizer.js';
import { englishPunkt } from './punkt/models.js';
import { sentTokenize } from './punkt/sent-tokenize.js';
import { PunktTrainer } from './punkt/trainer.js';
import { WordTokenizer, wordTokenize } from './punkt/word-tokenize.js';
import { BlanklineTokenizer } from './regexp/blankline.js';
import { RegexpTokenizer, regexpTokenize } from './regexp/regexp-tokenizer.js';
import { WhitespaceTokenizer } from './regexp/whitespace.js';
import { WordPunctTokenizer } from './regexp/wordpunct.js';
import { LancasterStemmer, lancasterStem } from './stem/lancaster.js';
import { PorterStemmer, porterStem } from './stem/porter.js';
import { SnowballStemmer } from './stem/snowball.js';
import { SnowballArabicStemmer } from './stem/snowball-arabic.js';
import { snowballEnglishStem } from './stem/snowball-english.js';
import { TreebankWordDetokenizer } from './treebank/detokenizer.js';
import { NLTKWordTokenizer } from './treebank/nltk-word-tokenizer.js';
import { TreebankWordTokenizer } from './treebank/treebank-tokenizer.js';

const tokenizers: [string, Tokenizer][] = [
  ['whitespace', new WhitespaceTokenizer()],
  ['wordpunct', new WordPunctTokenizer()],
  ['blankline', new BlanklineTokenizer()],
  ['regexp', new RegexpTokenizer(String.raw`\w+|[^\w\s]+`)],
  ['treebank', new TreebankWordTokenizer()],
  ['nltk-word', new NLTKWordTokenizer()],
  ['word', new WordTokenizer()],
  ['punkt', englishPunkt()],
];

describe('bad input', () => {
  it('is refused by name when it is not a string (a number gave no tokens at all)', () => {
    const arabic = new ArabicTokenizer();
    const calls: [string, (text: never) => unknown][] = [
      ...tokenizers.map(
        ([, tokenizer]) =>
          [`${tokenizer.constructor.name}.tokenize`, (text: never) => tokenizer.tokenize(text)] as [
            string,
            (text: never) => unknown,
          ],
      ),
      ['ArabicTokenizer.tokenize', (text) => arabic.tokenize(text)],
      ['ArabicTokenizer.spanTokenize', (text) => arabic.spanTokenize(text)],
      ['WhitespaceTokenizer.spanTokenize', (text) => new WhitespaceTokenizer().spanTokenize(text)],
      ['WordPunctTokenizer.spanTokenize', (text) => new WordPunctTokenizer().spanTokenize(text)],
      ['TreebankWordTokenizer.spanTokenize', (text) => new TreebankWordTokenizer().spanTokenize(text)],
      ['PunktSentenceTokenizer.spanTokenize', (text) => englishPunkt().spanTokenize(text)],
      ['wordTokenize', (text) => wordTokenize(text)],
      ['sentTokenize', (text) => sentTokenize(text)],
      ['RegexpTokenizer.words', (text) => regexpTokenize(text, String.raw`\w+`)],
      // stripTashkeel gave a number back as it came.
      ['normalizeArabic', (text) => normalizeArabic(text)],
      ['nfc', (text) => nfc(text)],
      ['removeTatweel', (text) => removeTatweel(text)],
      ['stripTashkeel', (text) => stripTashkeel(text)],
      ['foldAlef', (text) => foldAlef(text)],
      ['alefMaksura', (text) => alefMaksura(text)],
      ['tehMarbuta', (text) => tehMarbuta(text)],
      ['asciiDigits', (text) => asciiDigits(text)],
    ];
    // A subclass (NLTKWordTokenizer) is named by the class whose method it runs (TreebankWordTokenizer).
    for (const [name, call] of calls)
      for (const value of [42, null, new TextEncoder().encode('hi')])
        expect(() => call(value as never), name).toThrow(
          new RegExp(`${name.split('.').at(-1)}: expected the text as a string, got `),
        );
  });

  it('is refused by name by every stemmer (a number gave "word.toLowerCase is not a function")', () => {
    const calls: [string, (word: never) => unknown][] = [
      ['PorterStemmer.stem', (word) => porterStem(word)],
      ['PorterStemmer.stem', (word) => new PorterStemmer({ cacheSize: 0 }).stem(word, false)],
      ['LancasterStemmer.stem', (word) => lancasterStem(word)],
      ['SnowballStemmer.stem', (word) => new SnowballStemmer('english').stem(word)],
      ['SnowballStemmer.stem', (word) => new SnowballStemmer('arabic').stem(word)],
      ['SnowballArabicStemmer.stem', (word) => new SnowballArabicStemmer().stem(word)],
      ['SnowballArabicStemmer.stem', (word) => new SnowballArabicStemmer({ cacheSize: 10 }).stem(word)],
      ['snowballEnglishStem', (word) => snowballEnglishStem(word)],
      ['isriStem', (word) => new ISRIStemmer().stem(word)],
    ];
    for (const [name, call] of calls)
      for (const value of [123, null, undefined, ['running'], new TextEncoder().encode('running')])
        expect(() => call(value as never), name).toThrow(
          new RegExp(`^${name}: expected the text as a string, got `),
        );
    // A text to learn from, or to split the Keras way: 'text.includes is not a function' before.
    expect(() => new PunktTrainer().train(42 as never)).toThrow(
      'PunktTrainer.train: expected the text as a string, got a number',
    );
    expect(() => textToWordSequence(null as never)).toThrow(
      'textToWordSequence: expected the text as a string, got null',
    );
    // Strings still stem, before and after a refusal.
    const porter = new PorterStemmer();
    expect(() => porter.stem(123 as never)).toThrow(TypeError);
    expect(porter.stem('running')).toBe('run');
    expect(new LancasterStemmer().stem('maximum')).toBe('maxim');
  });

  it("answers NLTK's and Keras' snake_case option names with the names they have here (they set nothing, silently)", () => {
    const calls: [string, () => unknown][] = [
      [
        "RegexpTokenizer: unknown option 'discard_empty': it is written discardEmpty here",
        () => new RegexpTokenizer('\\s+', { gaps: true, discard_empty: false } as never),
      ],
      [
        "RegexpTokenizer: unknown option 'discard_empty'",
        () => regexpTokenize('a b', '\\s+', { discard_empty: false } as never),
      ],
      [
        "wordTokenize: unknown option 'preserve_line': it is written preserveLine here",
        () => wordTokenize('a b', { preserve_line: true } as never),
      ],
      [
        "SnowballStemmer: unknown option 'ignore_stopwords': it is written ignoreStopwords here",
        () => new SnowballStemmer('english', { ignore_stopwords: true } as never),
      ],
      [
        "KerasTokenizer: unknown option 'num_words': it is written numWords here",
        () => new KerasTokenizer({ num_words: 100 } as never),
      ],
      [
        "KerasTokenizer: unknown option 'oov_token': it is written oovToken here",
        () => new KerasTokenizer({ oov_token: '<OOV>' } as never),
      ],
      [
        "padSequences: unknown option 'maxLen': did you mean maxlen?",
        () => padSequences([[1]], { maxLen: 10 } as never),
      ],
      [
        "textToWordSequence: unknown option 'lowercase' (the options: filters, lower, split)",
        () => textToWordSequence('A b', { lowercase: true } as never),
      ],
      [
        "TreebankWordTokenizer: unknown option 'convert_parentheses': it is written convertParentheses here",
        () => new TreebankWordTokenizer({ convert_parentheses: true } as never),
      ],
      [
        "detokenize: unknown option 'convert_parentheses'",
        () => new TreebankWordDetokenizer().detokenize(['a'], { convert_parentheses: true } as never),
      ],
      [
        "PunktTrainer: unknown option 'include_all_collocs': it is written includeAllCollocs here",
        () => new PunktTrainer({ include_all_collocs: true } as never),
      ],
      [
        "WordPunctTokenizer: unknown option 'unicode': did you mean unicodeWord?",
        () => new WordPunctTokenizer({ unicode: true } as never),
      ],
      [
        "PorterStemmer: unknown option 'cache_size': it is written cacheSize here",
        () => new PorterStemmer({ cache_size: 0 } as never),
      ],
      [
        "LancasterStemmer: unknown option 'strip_prefix': it is written stripPrefix here",
        () => new LancasterStemmer({ strip_prefix: true } as never),
      ],
      [
        "ArabicTokenizer: unknown option 'clitic': did you mean clitics?",
        () => new ArabicTokenizer({ clitic: true } as never),
      ],
    ];
    for (const [message, call] of calls) expect(call, message).toThrow(message);
  });

  it("refuses NLTK's and Keras' positional arguments where the options object belongs (they set nothing, silently)", () => {
    const calls: [string, () => unknown][] = [
      [
        'RegexpTokenizer: the options are an object such as { gaps: true }, got true',
        () => new RegexpTokenizer('\\s+', true as never),
      ],
      [
        'RegexpTokenizer: the options are an object such as { gaps: true }, got true',
        () => regexpTokenize('a b', '\\s+', true as never),
      ],
      [
        "PorterStemmer: the options are an object such as { mode: 'ORIGINAL_ALGORITHM' }, got 'ORIGINAL_ALGORITHM'",
        () => new PorterStemmer('ORIGINAL_ALGORITHM' as never),
      ],
      [
        "SnowballStemmer: the options are an object such as { ignoreStopwords: ['having'] }, got true",
        () => new SnowballStemmer('english', true as never),
      ],
      [
        'KerasTokenizer: the options are an object such as { numWords: 1000 }, got 100',
        () => new KerasTokenizer(100 as never),
      ],
      [
        'padSequences: the options are an object such as { maxlen: 10 }, got 10',
        () => padSequences([[1]], 10 as never),
      ],
      [
        'ArabicTokenizer: the options are an object such as { clitics: true }, got true',
        () => new ArabicTokenizer(true as never),
      ],
      [
        "wordTokenize: the options are an object such as { preserveLine: true }, got 'english'",
        () => wordTokenize('Hi.', 'english' as never),
      ],
      [
        "LancasterStemmer: the options are an object such as { rules: ['ssen4>'] }, got an array",
        () => new LancasterStemmer(['ssen4>'] as never),
      ],
      [
        "textToWordSequence: the options are an object such as { filters: '' }, got ''",
        () => textToWordSequence('a b', '' as never),
      ],
    ];
    for (const [message, call] of calls) expect(call, message).toThrow(message);
    // NLTK's sent_tokenize(text, language='english') form works; other languages need their model loaded.
    expect(sentTokenize('Hi there. Bye.', 'english')).toEqual(['Hi there.', 'Bye.']);
    expect(() => sentTokenize('Hi.', 'arabic' as never)).toThrow(
      "sentTokenize: the tokenizer is 'english' or a Punkt tokenizer (await loadPunktModel('arabic') for Arabic), got 'arabic'",
    );
    // Objects, and nothing, are still options.
    expect(new RegexpTokenizer('\\s+', { gaps: true }).tokenize('a b').map((t) => t.text)).toEqual([
      'a',
      'b',
    ]);
    expect(new PorterStemmer({ mode: 'ORIGINAL_ALGORITHM' }).stem('ties')).toBe('ti');
    expect(new KerasTokenizer(undefined).numWords).toBeNull();
  });

  it.each(tokenizers)('%s: empty and whitespace-only text give no tokens', (_, tokenizer) => {
    expect(tokenizer.tokenize('')).toEqual([]);
    expect(tokenizer.tokenize(' \t\n\r\n\u00a0\u0085\u3000 ')).toEqual([]);
  });

  it.each(tokenizers)('%s: lone surrogates are kept as text, not dropped or thrown on', (_, tokenizer) => {
    const text = 'ab\ud800cd \udc00 ef.';
    const covered = tokenizer
      .tokenize(text)
      .map((token) => text.slice(token.start, token.end))
      .join('');
    expect(covered).toContain('\ud800');
    expect(covered).toContain('\udc00');
  });

  it('a 50 MB single line goes through every tokenizer without stack overflow', () => {
    const chunk = `${'x'.repeat(1_000_000 - 8)} (a, b) `;
    const line = chunk.repeat(50);
    expect(line.length).toBe(50_000_000);
    expect(new WhitespaceTokenizer().tokenize(line)).toHaveLength(150);
    expect(new WordPunctTokenizer().tokenize(line)).toHaveLength(300);
    const treebank = new TreebankWordTokenizer().tokenize(line);
    expect(treebank).toHaveLength(300);
    expect(treebank.at(-1)).toEqual({ text: ')', start: 49_999_998, end: 49_999_999 });
    expect(englishPunkt().tokenize(line)).toHaveLength(1);
  });

  it('detokenizes nothing to nothing', () => {
    expect(new TreebankWordDetokenizer().detokenize([])).toBe('');
    expect(new TreebankWordDetokenizer().detokenize(['', ' '])).toBe('');
  });

  it('refuses catastrophic patterns unless asked, and explains the fix', () => {
    expect(() => compilePythonPattern('(x+x+)+y')).toThrow(
      /nested quantifier.*possessive.*allowNestedQuantifiers/,
    );
    expect(() => new RegexpTokenizer('(\\w+\\s?)+$')).toThrow(/nested quantifier/);
    // The possessive rewrite the message suggests fails fast where (x+)+y takes exponential time.
    expect(findall('(?:x++)+y', 'x'.repeat(3_000))).toEqual([]);
  });
});
