import { describe, expect, it } from 'vitest';
import { loadModel, ModelFileError, modelFileText, parseModel } from './model-file.js';
import { RegexTokenizer } from './regex-tokenizer.js';
import { SplitPattern } from './split-pattern.js';

/** A `.model` whose merges form a chain: `0 0` -> 256, `256 0` -> 257, ... (token k is k - 254 bytes). */
function chainModel(merges: number): string {
  const lines = ['minbpe v1', '', '0', '0 0'];
  for (let i = 1; i < merges; i++) lines.push(`${255 + i} 0`);
  return `${lines.join('\n')}\n`;
}

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('a .model file cannot make memory grow faster than the file', () => {
  it('loads a chain of 40,000 merges without materialising every token', () => {
    const before = process.memoryUsage().arrayBuffers;
    const tokenizer = loadModel(chainModel(40_000), 'chain.model');
    const grown = process.memoryUsage().arrayBuffers - before;
    // Stored token bytes are capped per merge; all tokens as bytes would be 0.8 GB.
    expect(grown).toBeLessThan(64 * 2 ** 20);
    expect(tokenizer.decode(tokenizer.encode('hi'))).toBe('hi');
    const longest = tokenizer.decodeBytes([256 + 39_999]);
    expect(longest.length).toBe(40_001);
    expect(longest.every((byte) => byte === 0)).toBe(true);
    expect(tokenizer.decode(tokenizer.encode('\0'.repeat(1000)))).toBe('\0'.repeat(1000));
  });

  it('refuses to decode a token of a doubling chain that is too long to hold, naming it', () => {
    const lines = ['minbpe v1', '', '0', '0 0'];
    for (let id = 256; id < 356; id++) lines.push(`${id} ${id}`);
    const tokenizer = loadModel(`${lines.join('\n')}\n`, 'doubling.model');
    expect(tokenizer.decodeBytes([261]).length).toBe(64);
    expect(() => tokenizer.decode([355])).toThrow(
      /more than 2147483647 bytes \(by token 355 at position 0\)/,
    );
  });

  it('names the file and line of a duplicate merge', () => {
    const error = thrown(() => parseModel('minbpe v1\n\n0\n97 97\n98 98\n97 97\n', 'dup.model'));
    expect(error).toBeInstanceOf(ModelFileError);
    expect(error.message).toBe(
      'dup.model:6: the pair 97 97 is merged twice (first on line 4); each pair has one merge',
    );
  });

  it('names the file and line of a bad pattern', () => {
    const error = thrown(() => loadModel('minbpe v1\n(?<=a+)b[\n0\n', 'pattern.model'));
    expect(error).toBeInstanceOf(ModelFileError);
    expect(error.message).toMatch(/^pattern\.model:2: bad split pattern: /);
  });

  it('rejects duplicate special names and ids, and ids past the limit, with their line', () => {
    expect(thrown(() => parseModel('minbpe v1\n\n2\n<a> 300\n<a> 301\n', 's.model')).message).toBe(
      's.model:5: special token "<a>" is listed twice (also on line 4)',
    );
    expect(thrown(() => parseModel('minbpe v1\n\n2\n<a> 300\n<b> 300\n', 's.model')).message).toBe(
      's.model:5: special token "<b>" has id 300, already given on line 4',
    );
    expect(thrown(() => parseModel('minbpe v1\n\n1\n<a> 99999999999\n', 's.model')).message).toBe(
      's.model:4: special token "<a>" has id 99999999999; ids must be below 2097152',
    );
    expect(thrown(() => parseModel('minbpe v1\n\n2\n<a> 900\n<b> 256\n97 97\n', 's.model')).message).toMatch(
      /^s\.model:5: special token "<b>" has id 256, which is a byte or merge id/,
    );
  });
});

describe('the pattern line keeps its white space', () => {
  it('a model trained with a pattern ending in a space decodes the spaces back', () => {
    const tokenizer = new RegexTokenizer(String.raw`\w+|[^\w ]+| `);
    tokenizer.train('Hello, world! 42 and more words, world!', 270);
    const loaded = loadModel(modelFileText(tokenizer), 'spaces.model');
    expect(loaded.pattern).toBe(String.raw`\w+|[^\w ]+| `);
    expect(loaded.decode(loaded.encode('Hello, world! 42'))).toBe('Hello, world! 42');
  });

  it('refuses to write a pattern holding a line break', () => {
    expect(() => modelFileText(new RegexTokenizer('a|\n'))).toThrow(/line break/);
  });
});

describe('a pattern that drops text is reported', () => {
  it('forEachDropped visits every span no chunk covers, in order', () => {
    const spans: [number, number][] = [];
    SplitPattern.from(String.raw`(\w)\w*`).forEachDropped('ab cd!', (start, end) => spans.push([start, end]));
    expect(spans).toEqual([
      [1, 3],
      [4, 6],
    ]);
  });

  it('findDropped names the first span no chunk covers, and train tells onDroppedText', () => {
    expect(SplitPattern.from(String.raw`\w+`).findDropped('Hello, world 42')).toEqual({
      start: 5,
      end: 7,
      total: 3,
    });
    expect(SplitPattern.from('gpt4').findDropped('Hello, world 42')).toBeNull();
    expect(SplitPattern.from(/\d/gu).findDropped('a1b')).toEqual({ start: 0, end: 1, total: 2 });
    expect(SplitPattern.from(String.raw`(\w)\w*`).findDropped('ab cd')).toEqual({
      start: 1,
      end: 3,
      total: 3,
    });
    const seen: unknown[] = [];
    new RegexTokenizer(String.raw`\w+`).train('Hello, world', 258, {
      onDroppedText: (dropped) => seen.push(dropped),
    });
    expect(seen).toEqual([{ start: 5, end: 7, total: 2 }]);
    new RegexTokenizer('gpt4').train('Hello, world', 258, { onDroppedText: (dropped) => seen.push(dropped) });
    expect(seen).toHaveLength(1);
  });
});

describe('SplitPattern built directly', () => {
  it('throws on a pattern string instead of looping until the heap is gone', () => {
    // @ts-expect-error: the constructor wants a RegExp, as JavaScript callers may forget
    expect(() => new SplitPattern(String.raw`\w+`)).toThrow(/use SplitPattern\.from/);
  });

  it('makes a RegExp without the g flag global', () => {
    const pattern = new SplitPattern('x', /\w/u, 0, false);
    expect(pattern.split('ab')).toEqual(['a', 'b']);
  });
});

describe('text that is not a string', () => {
  // From JavaScript without types, a number gave no ids and trained nothing, silently.
  it('is refused by name by encode, tokenize and train', async () => {
    const { BasicTokenizer } = await import('./basic.js');
    const regex = new RegexTokenizer('gpt4');
    const basic = new BasicTokenizer();
    const calls: [string, (text: never) => unknown][] = [
      ['encode', (text) => regex.encode(text)],
      ['tokenize', (text) => regex.tokenize(text)],
      ['train', (text) => regex.train(text, 300)],
      ['BasicTokenizer.encode', (text) => basic.encode(text)],
      ['train', (text) => basic.train(text, 300)],
    ];
    for (const [name, call] of calls)
      for (const value of [42, null, new TextEncoder().encode('hi')])
        expect(() => call(value as never)).toThrow(
          new RegExp(`^${name}: expected the text as a string, got `),
        );
  });
});

describe("minbpe's snake_case name for allowed_special", () => {
  it('is answered with the name it has here', () => {
    expect(() => new RegexTokenizer('gpt4').encode('hi', { allowed_special: 'all' } as never)).toThrow(
      "encode: unknown option 'allowed_special': it is written allowedSpecial here",
    );
  });
});

describe('a mistyped pattern name', () => {
  it('is refused, where it compiled as a regex matching only itself and training dropped the rest of the text', () => {
    for (const name of ['GPT4', 'gpt5', 'cl100k_base', 'o200k'])
      expect(() => new RegexTokenizer(name), name).toThrow(`split pattern '${name}' is not a pattern name`);
    expect(new RegexTokenizer('gpt2').pattern).toBe(new RegexTokenizer(SplitPattern.from('gpt2')).pattern);
  });
});
