import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

describe('tokenlab tokenize', () => {
  it('prints one token per line, control characters escaped', async () => {
    const run = await runCapture(['tokenize', '--tokenizer', 'chars'], 'ab\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('a\nb\n\\u000a\n');
  });

  it('gives spans and ids with --spans', async () => {
    const run = await runCapture(['tokenize', '-t', 'utf8', '--spans'], 'é');
    expect(run.stdout.trim().split('\n')).toEqual(['0\t1\t195\té', '0\t1\t169\té']);
  });

  it('reads JSON strings line by line in --jsonl mode', async () => {
    const run = await runCapture(['tokenize', '-t', 'codepoints', '--jsonl'], '"ab"\n"😀"\n');
    expect(run.stdout).toBe('["a","b"]\n["😀"]\n');
    const spans = await runCapture(['tokenize', '-t', 'codepoints', '--jsonl', '--spans'], '"😀"\n');
    expect(JSON.parse(spans.stdout)).toEqual([{ text: '😀', start: 0, end: 2, id: 0x1f600 }]);
  });

  it('names the bad line in --jsonl mode', async () => {
    const run = await runCapture(['tokenize', '--jsonl'], '"ok"\n42\n');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('stdin line 2');
  });

  it('lists the available tokenizers for an unknown name', async () => {
    const run = await runCapture(['tokenize', '-t', 'nope'], 'x');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown tokenizer 'nope'. Available: .*chars.*codepoints.*utf8/);
  });

  it('refuses a setting none of the chosen tokenizers reads, where it was ignored', async () => {
    const cases: Array<[string[], string]> = [
      [
        ['-t', 'word', '--pattern', '\\w+'],
        '--pattern applies to the regexp tokenizer, and -t word has none',
      ],
      [['-t', 'whitespace', '--gaps'], '--gaps applies to the regexp tokenizer'],
      [['-t', 'word', '--clitics'], '--clitics applies to the arabic tokenizer'],
      [['--model', 'm.model'], '--model applies to the bpe tokenizer, and -t chars has none'],
      [['-t', 'cl100k_base', '--corpus', 'ar'], '--corpus applies to the bpe-N tokenizers'],
    ];
    for (const [options, message] of cases) {
      const run = await runCapture(['tokenize', ...options], 'hi');
      expect(run.code, options.join(' ')).toBe(2);
      expect(run.stderr, options.join(' ')).toContain(message);
    }
    // Among several tokenizers, one that reads it is enough.
    const both = await runCapture(['tokenize', '-t', 'regexp,word', '--pattern', '\\w+'], 'hi');
    expect(both.code).toBe(0);
  });

  it('prints the whole input as one JSON array with --json', async () => {
    const run = await runCapture(['tokenize', '-t', 'chars', '--json'], 'hi');
    expect(JSON.parse(run.stdout)).toEqual(['h', 'i']);
  });
});

describe('tokenlab', () => {
  it('has --help for every command', async () => {
    const main = await runCapture(['--help']);
    expect(main.code).toBe(0);
    const commands = [...main.stdout.matchAll(/^ {2}(\w+) {2,}/gm)].map((m) => m[1]!);
    expect(commands).toContain('tokenize');
    for (const command of commands) {
      const help = await runCapture([command, '--help']);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(/^Usage: tokenlab /);
    }
  });

  it('rejects an unknown command', async () => {
    const run = await runCapture(['frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown command 'frobnicate'");
  });
});
