import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArabicTokenizer, WhitespaceTokenizer, WordPunctTokenizer } from '@tokenlab/classic';
import { getEncoding } from '@tokenlab/gpt';
import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';
import { lastSpaceCut } from '../tokenizers/stream-cuts.js';
import { recut } from './tokenize.js';

describe('tokenlab tokenize', () => {
  it('prints one token per line, control characters escaped', async () => {
    const run = await runCapture(['tokenize', '--tokenizer', 'chars'], 'ab\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('a\nb\n\\u000a\n');
  });

  it('gives spans and ids with --spans', async () => {
    const run = await runCapture(['tokenize', '-t', 'utf8', '--spans'], 'é');
    expect(run.stdout.trim().split('\n')).toEqual(['0\t1\t195\t\\xc3', '0\t1\t169\t\\xa9']);
  });

  it('prints the bytes of a byte-level token that holds part of a character, whole characters as text', async () => {
    // cl100k_base cuts the fathatan (U+064B, D9 8B) in two; gpt2 joins a cut byte to whole characters.
    const arabic = await runCapture(['tokenize', '-t', 'cl100k_base'], 'بًا');
    expect(arabic.stdout).toBe('ب\n\\xd9\n\\x8b\nا\n');
    const mixed = await runCapture(['tokenize', '-t', 'gpt2', '--spans'], 'aé😀b');
    const lines = mixed.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    const bytes = Buffer.from('aé😀b');
    let at = 0;
    for (const [, , , shown] of lines) {
      // Each printed token, its escapes read back as bytes, is the next run of the input's bytes.
      const own = Buffer.from(
        shown!
          .split(/(\\x[0-9a-f]{2})/)
          .flatMap((part) =>
            part.startsWith('\\x') ? [Number.parseInt(part.slice(2), 16)] : [...Buffer.from(part)],
          ),
      );
      expect(own.equals(bytes.subarray(at, at + own.length)), shown).toBe(true);
      at += own.length;
    }
    expect(at).toBe(bytes.length);
    // In JSON as in the lines: each token's own bytes, so that the tokens do not repeat the character.
    const json = await runCapture(['tokenize', '-t', 'utf8', '--json'], 'é');
    expect(JSON.parse(json.stdout)).toEqual(['\\xc3', '\\xa9']);
    const gpt = await runCapture(['tokenize', '-t', 'cl100k_base', '--json'], 'بًا');
    expect(JSON.parse(gpt.stdout)).toEqual(['ب', '\\xd9', '\\x8b', 'ا']);
    const jsonl = await runCapture(['tokenize', '-t', 'utf8', '--jsonl'], '"é"\n');
    expect(JSON.parse(jsonl.stdout)).toEqual(['\\xc3', '\\xa9']);
    const spans = await runCapture(['tokenize', '-t', 'utf8', '--json', '--spans'], 'é');
    expect(JSON.parse(spans.stdout)[0]).toEqual({ text: 'é', start: 0, end: 1, id: 195, bytes: [0, 1] });
  });

  it('prints cut characters as bytes in a streamed input of several chunks and side by side', async () => {
    // 150,000 bytes: read in chunks of 64 KiB, the first of which ends inside an 'é'.
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-tokenize-'));
    const file = join(dir, 'cut.txt');
    writeFileSync(file, 'aé'.repeat(50_000));
    const run = await runCapture(['tokenize', '-t', 'utf8', file]);
    expect(run.stdout).toBe('a\n\\xc3\n\\xa9\n'.repeat(50_000));
    rmSync(dir, { recursive: true });
    const several = await runCapture(['tokenize', '-t', 'chars,utf8'], 'é');
    expect(several.stdout).toBe('chars\tutf8\né\t\\xc3\n\t\\xa9\n');
  });

  it('streams whitespace and WordPunct, cut after spaces: the tokens and spans of the whole text', async () => {
    // Over 64 KiB chunks: a run of 100,000 letters without a space crosses chunk ends, and no-break
    // spaces (white space to these tokenizers, no place to cut) sit next to the cuts.
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-tokenize-'));
    const file = join(dir, 'words.txt');
    const text = `${'بِسْمِ ٱللَّهِ, "quoted" and\u00a0more\r\n'.repeat(3000)}${'x'.repeat(100_000)}.\tend\u3000z`;
    writeFileSync(file, text);
    for (const [name, tokenizer] of [
      ['whitespace', new WhitespaceTokenizer()],
      ['wordpunct', new WordPunctTokenizer()],
      ['wordpunct-unicode', new WordPunctTokenizer({ unicodeWord: true })],
      ['arabic', new ArabicTokenizer()],
      ['arabic-clitics', new ArabicTokenizer({ clitics: true })],
    ] as const) {
      const expected = tokenizer.tokenize(text);
      const plain = await runCapture(['tokenize', '-t', name, file]);
      expect(plain.code, name).toBe(0);
      expect(plain.stdout === expected.map((token) => `${token.text}\n`).join(''), name).toBe(true);
      const spans = await runCapture(['tokenize', '-t', name, '--json', '--spans', file]);
      expect(JSON.parse(spans.stdout), name).toEqual(
        expected.map(({ text, start, end }) => ({ text, start, end })),
      );
    }
    rmSync(dir, { recursive: true });
  });

  it('streams the GPT encodings, cut where no id can change: the tokens, spans and ids of the whole text', async () => {
    // Over 64 KiB chunks: prose in both scripts with CRLF and runs of spaces, special tokens, and a
    // stretch of minified JSON with no space (cut between a letter or digit and punctuation).
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-tokenize-'));
    const file = join(dir, 'mixed.txt');
    const json = JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ id: i, w: `w${i}`, ok: true })));
    const text = `${'The "quoted"  words,\r\n  بِسْمِ ٱللَّهِ 2024\t<|endoftext|>x\n\n'.repeat(2500)}${json}${'a'.repeat(70_000)} end`;
    writeFileSync(file, text);
    for (const name of ['gpt2', 'cl100k_base', 'o200k_base'] as const) {
      const encoding = await getEncoding(name);
      const expected = encoding.encodeWithOffsets(text, { allowedSpecial: 'all' });
      const run = await runCapture(['tokenize', '-t', name, '--json', '--spans', file]);
      expect(run.code, name).toBe(0);
      const got = JSON.parse(run.stdout) as typeof expected;
      expect(got.length, name).toBe(expected.length);
      expect(
        got.every(
          (token, i) =>
            token.id === expected[i]!.id &&
            token.start === expected[i]!.start &&
            token.end === expected[i]!.end,
        ),
        name,
      ).toBe(true);
    }
    rmSync(dir, { recursive: true });
  });

  it('re-cuts a stream just after its last space, tab or line break, keeping every unit', async () => {
    async function* from(chunks: string[]) {
      yield* chunks;
    }
    const cutAfterSpaces = (chunks: AsyncIterable<string>, limit?: number) =>
      recut(chunks, lastSpaceCut, limit);
    const cut = async (chunks: string[]) => {
      const out: string[] = [];
      for await (const piece of cutAfterSpaces(from(chunks))) out.push(piece);
      return out;
    };
    expect(await cut(['ab c', 'de', 'f\ng', 'h'])).toEqual(['ab ', 'cdef\n', 'gh']);
    expect(await cut(['abc', 'def', ''])).toEqual(['abcdef']);
    expect(await cut(['a\u00a0b', 'c\t'])).toEqual(['a\u00a0bc\t']);
    expect(await cut([])).toEqual([]);
    // A stretch without a place to cut longer than a string holds (here, a limit of 5) is refused.
    const long = async () => {
      for await (const _ of cutAfterSpaces(from(['ab c', 'defg', 'hij k']), 5));
    };
    await expect(long()).rejects.toThrow(
      /more than 5 characters without a place where this tokenizer may cut it/,
    );
    const fits: string[] = [];
    for await (const piece of cutAfterSpaces(from(['ab c', 'def ', 'gh']), 5)) fits.push(piece);
    expect(fits).toEqual(['ab ', 'cdef ', 'gh']);
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
