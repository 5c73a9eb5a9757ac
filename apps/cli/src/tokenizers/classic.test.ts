import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

describe('classic tokenizers in tokenlab tokenize', () => {
  it.each([
    ['whitespace', ['Hello,', 'world!']],
    ['wordpunct', ['Hello', ',', 'world', '!']],
    ['treebank', ['Hello', ',', 'world', '!']],
    ['nltk-word', ['Hello', ',', 'world', '!']],
    ['word', ['Hello', ',', 'world', '!']],
    ['blankline', ['Hello, world!']],
  ])('%s', async (name, expected) => {
    const run = await runCapture(['tokenize', '--tokenizer', name, '--json'], 'Hello, world!');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  it('regexp takes a Python pattern, with --gaps', async () => {
    const words = await runCapture(
      ['tokenize', '-t', 'regexp', '--pattern', String.raw`(?x) \w+ | \$[\d.]+`, '--json'],
      'Cost: $3.88',
    );
    expect(JSON.parse(words.stdout)).toEqual(['Cost', '$3.88']);
    const gaps = await runCapture(
      ['tokenize', '-t', 'regexp', '--pattern', String.raw`\s+`, '--gaps', '--json'],
      ' a  b ',
    );
    expect(JSON.parse(gaps.stdout)).toEqual(['a', 'b']);
  });

  it("regexp reports a bad pattern with its position, and an empty one; no pattern is NLTK's example", async () => {
    const bad = await runCapture(['tokenize', '-t', 'regexp', '--pattern', '(a+)+'], 'aaa');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/nested quantifier.*at position 4/);
    const empty = await runCapture(['tokenize', '-t', 'regexp', '--pattern', ''], 'aaa');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/needs --pattern/);
    // The compare report's regexp row uses the same default, so its name works here as printed.
    const byDefault = await runCapture(['tokenize', '-t', 'regexp', '--json'], 'It costs $3.88, ok?');
    expect(JSON.parse(byDefault.stdout)).toEqual(['It', 'costs', '$3.88', ',', 'ok', '?']);
  });
});
