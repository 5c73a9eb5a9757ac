import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

describe('tokenlab tokenize with the arabic and natural tokenizers', () => {
  it('keeps diacritized Arabic words whole and splits clitics with --clitics', async () => {
    const plain = await runCapture(['tokenize', '-t', 'arabic', '--json'], 'بنور محمد-النَّبي، والكتاب');
    expect(JSON.parse(plain.stdout)).toEqual(['بنور', 'محمد-النَّبي', '،', 'والكتاب']);
    const clitics = await runCapture(['tokenize', '-t', 'arabic', '--clitics', '--json'], 'والكتاب');
    expect(JSON.parse(clitics.stdout)).toEqual(['و', 'ال', 'كتاب']);
  });

  it('runs every natural tokenizer, with spans', async () => {
    for (const name of ['natural-word', 'natural-wordpunct', 'natural-treebank', 'natural-aggressive']) {
      const run = await runCapture(['tokenize', '-t', name, '--json', '--spans'], 'Hello world');
      expect(run.code, name).toBe(0);
      expect(JSON.parse(run.stdout), name).toEqual([
        { text: 'Hello', start: 0, end: 5 },
        { text: 'world', start: 6, end: 11 },
      ]);
    }
    const sentences = await runCapture(
      ['tokenize', '-t', 'natural-sentence', '--jsonl'],
      '"Hi there. Bye!"\n',
    );
    expect(sentences.stdout).toBe('["Hi there.","Bye!"]\n');
  });
});
