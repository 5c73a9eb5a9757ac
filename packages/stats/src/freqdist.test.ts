import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { ConditionalFreqDist, FreqDist } from './freqdist.js';

interface FreqRow {
  id: string;
  tokens: string[];
  expected: { N: number; B: number; most_common_20: [string, number][]; hapaxes: string[] };
}

describe('FreqDist against NLTK (nltk_freqdist golden)', () => {
  const rows = readGolden<FreqRow>('nltk_freqdist');
  it('has all 30 rows', () => expect(rows).toHaveLength(30));
  for (const row of rows) {
    it(row.id, () => {
      const fd = new FreqDist(row.tokens);
      expect(fd.N()).toBe(row.expected.N);
      expect(fd.B()).toBe(row.expected.B);
      expect(fd.mostCommon(20)).toEqual(row.expected.most_common_20);
      expect(fd.hapaxes()).toEqual(row.expected.hapaxes);
    });
  }
});

describe('FreqDist', () => {
  it('keeps words like "constructor" and "__proto__" as ordinary samples', () => {
    const fd = new FreqDist(['constructor', '__proto__', 'constructor', 'toString']);
    expect(fd.get('constructor')).toBe(2);
    expect(fd.get('__proto__')).toBe(1);
    expect(fd.get('hasOwnProperty')).toBe(0);
    expect(fd.freq('constructor')).toBe(0.5);
  });
  it('computes N, freq, max and Nr, and iterates by frequency', () => {
    const fd = new FreqDist('abbbcc');
    expect(fd.max()).toBe('b');
    expect([...fd]).toEqual(['b', 'c', 'a']);
    expect(fd.Nr(1)).toBe(1);
    expect(fd.Nr(0, 10)).toBe(7);
    fd.increment('a', 5);
    expect(fd.N()).toBe(11);
    expect(new FreqDist().freq('x')).toBe(0);
    expect(() => new FreqDist().max()).toThrow(/at least one sample/);
  });
  it('combines like Counter (probability.doctest)', () => {
    expect(new FreqDist('abbb').add(new FreqDist('bcc')).mostCommon()).toEqual([
      ['b', 4],
      ['c', 2],
      ['a', 1],
    ]);
    expect(new FreqDist('abbbc').subtract(new FreqDist('bccd')).mostCommon()).toEqual([
      ['b', 2],
      ['a', 1],
    ]);
    expect(new FreqDist('abbb').union(new FreqDist('bcc')).mostCommon()).toEqual([
      ['b', 3],
      ['c', 2],
      ['a', 1],
    ]);
    expect(new FreqDist('abbb').intersection(new FreqDist('bcc')).mostCommon()).toEqual([['b', 1]]);
    expect(new FreqDist('abbb').pformat()).toBe("FreqDist({'b': 3, 'a': 1})");
    expect(String(new FreqDist('abbb'))).toBe('<FreqDist with 2 samples and 4 outcomes>');
  });
  it('tabulates as NLTK prints it', () => {
    const fd = new FreqDist('the cat and the hat and the end'.split(' '));
    expect(fd.tabulate(3)).toBe('the and cat \n  3   2   1 \n');
    expect(fd.tabulate(3, { cumulative: true })).toBe('the and cat \n  3   5   6 \n');
    expect(new FreqDist(['😀', 'a', 'a']).tabulate()).toBe('a 😀 \n2 1 \n');
  });
  it('plots an SVG, plain and cumulative', () => {
    const fd = new FreqDist('the cat and the hat'.split(' '));
    const plain = fd.plot();
    expect(plain.startsWith('<svg')).toBe(true);
    expect(plain).toContain('>Counts<');
    expect(plain).toContain('>the<');
    const cumulative = fd.plot(2, { cumulative: true, title: 'a <title>' });
    expect(cumulative).toContain('>Cumulative Counts<');
    expect(cumulative).toContain('a &#60;title&#62;');
    expect(fd.plot(undefined, { percents: true })).toContain('>Percents<');
  });
});

describe('ConditionalFreqDist', () => {
  const pairs: [string, string][] = [
    ['news', 'the'],
    ['news', 'a'],
    ['news', 'the'],
    ['fiction', 'the'],
    ['fiction', 'she'],
  ];
  it('counts per condition', () => {
    const cfd = new ConditionalFreqDist(pairs);
    expect(cfd.conditions()).toEqual(['news', 'fiction']);
    expect(cfd.get('news').get('the')).toBe(2);
    expect(cfd.N()).toBe(5);
    expect(cfd.has('poetry')).toBe(false);
  });
  it('tabulates sorted conditions and samples, as NLTK', () => {
    const cfd = new ConditionalFreqDist(pairs);
    expect(cfd.tabulate()).toBe('          a she the \nfiction   0   1   1 \n   news   1   0   2 \n');
    expect(cfd.tabulate({ conditions: ['news'], samples: ['the', 'a'], cumulative: true })).toBe(
      '     the   a \nnews   2   3 \n',
    );
  });
  it('plots one line per condition', () => {
    const svg = new ConditionalFreqDist(pairs).plot({ percents: true });
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg).toContain('>fiction<');
  });
});
