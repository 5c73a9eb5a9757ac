import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GPT2_PYTHON_PATTERN, GPT4_PYTHON_PATTERN } from './patterns.js';
import { SplitPattern } from './split-pattern.js';

const vectors = JSON.parse(
  readFileSync(new URL('./fixtures/split-vectors.json', import.meta.url), 'utf8'),
) as {
  cases: Array<{ input: string; gpt2: string[]; gpt4: string[] }>;
};

describe('split patterns', () => {
  it('find the chunks the Python regex module finds', () => {
    for (const c of vectors.cases) {
      expect(SplitPattern.from('gpt2').split(c.input), JSON.stringify(c.input)).toEqual(c.gpt2);
      expect(SplitPattern.from('gpt4').split(c.input), JSON.stringify(c.input)).toEqual(c.gpt4);
    }
  });

  it('map minbpe pattern strings to the built-ins and keep the source for .model files', () => {
    expect(SplitPattern.from(GPT4_PYTHON_PATTERN).source).toBe(GPT4_PYTHON_PATTERN);
    expect(SplitPattern.from('gpt2').source).toBe(GPT2_PYTHON_PATTERN);
    expect(SplitPattern.from('gpt4').cuttable).toBe(true);
  });

  it('translate other Python patterns, returning the group as findall does', () => {
    expect(SplitPattern.from(String.raw`\w+|[^\w\s]`).split('ab, c')).toEqual(['ab', ',', 'c']);
    expect(SplitPattern.from(String.raw`(\w)\w*`).split('ab cd')).toEqual(['a', 'c']);
    expect(() => SplitPattern.from(String.raw`(\w)(\w)`)).toThrow(/2 capture groups/);
  });

  it('the GPT-4 translation agrees with the Python translator on random text', () => {
    const translated = SplitPattern.from(`${GPT4_PYTHON_PATTERN}|(?!)`);
    const alphabet = [
      'a',
      'Z',
      ' ',
      '\n',
      '\r',
      '\t',
      "'",
      's',
      'L',
      '1',
      '٣',
      '.',
      '!',
      'ـ',
      'َ',
      '😀',
      '\x85',
      '\ufeff',
      '\u3000',
      'ſ',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(SplitPattern.from('gpt4').split(text)).toEqual(translated.split(text));
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  for (const name of ['gpt2', 'gpt4'] as const) {
    it(`${name}: cutting at a safe boundary never changes the chunks`, () => {
      const pattern = SplitPattern.from(name);
      const alphabet = [
        'a',
        'b',
        ' ',
        '  ',
        '\n',
        '\n\n',
        '\r\n',
        '\t',
        "'s",
        '1',
        '23',
        '.',
        '?!',
        'ب',
        'َ',
        '😀',
        '\x85',
        '\u3000',
      ];
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 60 }), fc.nat(), (parts, seed) => {
          const text = parts.join('');
          const whole = pattern.split(text);
          const cut = pattern.safeBoundary(text, seed % (text.length + 1));
          if (cut < 0) return;
          expect([...pattern.split(text.slice(0, cut)), ...pattern.split(text.slice(cut))]).toEqual(whole);
        }),
        { numRuns: 1500, seed: 11 },
      );
    });
  }
});
