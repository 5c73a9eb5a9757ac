import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

describe('tokenlab tokenize with the GPT encodings', () => {
  it('gives byte-level tokens with ids and spans, special tokens as themselves', async () => {
    const run = await runCapture(
      ['tokenize', '-t', 'cl100k_base', '--json', '--spans'],
      'hi 👍<|endoftext|>',
    );
    const tokens = JSON.parse(run.stdout) as { text: string; id: number; start: number; end: number }[];
    expect(tokens.map((token) => token.id)).toEqual([6151, 62904, 235, 100257]);
    expect(tokens[1]).toMatchObject({ text: ' 👍', start: 2, end: 5 });
    expect(tokens[3]).toMatchObject({ text: '<|endoftext|>', start: 5, end: 18 });
  });
  it('lists all five', async () => {
    const help = await runCapture(['tokenize', '--help']);
    for (const name of ['gpt2', 'r50k_base', 'p50k_base', 'cl100k_base', 'o200k_base'])
      expect(help.stdout).toContain(name);
  });
});
