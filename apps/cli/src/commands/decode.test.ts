import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';
import { parseIds } from './decode.js';

describe('tokenlab decode', () => {
  it('reads ids separated by spaces, commas or as a JSON array', async () => {
    for (const input of ['15339 1917', '15339,1917\n', '[15339, 1917]']) {
      const run = await runCapture(['decode', '--encoding', 'cl100k_base'], input);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('hello world');
    }
  });
  it('prints JSON strings per line with --jsonl, and U+FFFD for partial characters', async () => {
    const run = await runCapture(['decode', '-e', 'cl100k_base', '--jsonl'], '[15339]\n[9468]\n');
    expect(run.stdout).toBe('"hello"\n"\uFFFD"\n');
  });
  it('says on stderr where the first byte that is not UTF-8 is, never replacing it in silence', async () => {
    // cl100k_base cuts the fathatan (D9 8B) in two: 149 is its first byte alone.
    const cut = await runCapture(['decode', '-e', 'cl100k_base'], '22071 149 5821');
    expect(cut.code).toBe(0);
    expect(cut.stdout).toBe('ب\ufffdا');
    expect(cut.stderr).toContain(
      'the ids decode to bytes that are not UTF-8, the first at byte 2 of the text',
    );
    const whole = await runCapture(['decode', '-e', 'cl100k_base'], '22071 149 233 5821');
    expect(whole.stdout).toBe('بًا');
    expect(whole.stderr).toBe('');
    // A text that ends inside a character, and a line of --jsonl.
    const end = await runCapture(['decode', '-e', 'cl100k_base'], '22071 149');
    expect(end.stderr).toContain('the first at byte 2 of the text');
    const jsonl = await runCapture(['decode', '-e', 'cl100k_base', '--jsonl'], '22071 149 233\n149\n');
    expect(jsonl.stdout).toBe('"بً"\n"\ufffd"\n');
    expect(jsonl.stderr).toContain(
      'stdin line 2: the ids decode to bytes that are not UTF-8, the first at byte 0',
    );
    expect(jsonl.stderr).not.toContain('line 1');
  });

  it('round-trips with encode, special tokens included', async () => {
    const text = 'Arabic مَرْحَبًا and 👋🏽<|endoftext|>';
    const ids = await runCapture(['encode', '-e', 'o200k_base', '--allowed-special', 'all'], text);
    const back = await runCapture(['decode', '-e', 'o200k_base', '--json'], ids.stdout);
    expect(JSON.parse(back.stdout)).toBe(text);
  });
  it('names a bad id and an unknown id', async () => {
    // Faults of the input, not of the command line: exit code 1 (they were 2).
    const bad = await runCapture(['decode', '-e', 'gpt2'], '1 2 x3');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("stdin: 'x3' is not a token id");
    const unknown = await runCapture(['decode', '-e', 'gpt2'], '50257');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown token id 50257');
    const abc = await runCapture(['decode', '-e', 'gpt2'], 'abc');
    expect(abc.code).toBe(1);
    const jsonl = await runCapture(['decode', '-e', 'gpt2', '--jsonl'], '[1, 2]\n[50257]\n');
    expect(jsonl.code).toBe(1);
    expect(jsonl.stderr).toContain('stdin line 2: gpt2: unknown token id 50257');
    // A --jsonl line that is not ids is a bad record, a usage error in every command.
    const record = await runCapture(['decode', '-e', 'gpt2', '--jsonl'], '[1, 2]\n{"a": 1}\n');
    expect(record.code).toBe(2);
    expect(record.stderr).toContain('stdin line 2:');
  });
  it('decodes a long input as it streams: ids cut between chunks, characters cut between batches', async () => {
    const text = 'Arabic مَرْحَبًا, emoji 👋🏽 and text. '.repeat(12_000);
    const ids = (await runCapture(['encode', '-e', 'cl100k_base'], text)).stdout.trim();
    // Far more ids than one batch (characters of several tokens fall between batches), in chunks of
    // 1,000 bytes that cut ids in two.
    expect(ids.split(' ').length).toBeGreaterThan(3 << 16);
    const chunks: Uint8Array[] = [];
    const bytes = Buffer.from(ids);
    for (let at = 0; at < bytes.length; at += 1000) chunks.push(bytes.subarray(at, at + 1000));
    const run = await runCapture(['decode', '-e', 'cl100k_base'], chunks);
    expect(run.code).toBe(0);
    expect(run.stdout === text).toBe(true);
    const json = await runCapture(['decode', '-e', 'cl100k_base', '--json'], chunks);
    expect(json.stdout === `${JSON.stringify(text)}\n`).toBe(true);
    // A problem past the first batch: the text of the batches before it, and an error that says so.
    const late = await runCapture(['decode', '-e', 'cl100k_base'], `${ids} 99999999 1`);
    expect(late.code).toBe(1);
    expect(late.stderr).toBe(
      'tokenlab decode: cl100k_base: unknown token id 99999999 (valid ids are 0..100276); the text printed so far ends before it\n',
    );
    expect(late.stdout.length).toBeGreaterThan(0);
    expect(text.startsWith(late.stdout)).toBe(true);
    // In the first batch: nothing printed, as before.
    const early = await runCapture(['decode', '-e', 'cl100k_base', '--json'], `15339 99999999 ${ids}`);
    expect(early.stdout).toBe('');
    expect(early.stderr).toBe(
      'tokenlab decode: cl100k_base: unknown token id 99999999 (valid ids are 0..100276)\n',
    );
    // A run with no separator is refused once it is longer than any id, not read on without end.
    const run2 = await runCapture(
      ['decode', '-e', 'cl100k_base'],
      [Buffer.from('1 '), Buffer.alloc(1 << 20, 0x37)],
    );
    expect(run2.code).toBe(1);
    expect(run2.stderr).toMatch(/stdin: '7{40}…' is too large to be a token id/);
  });
});

/** What parseIds gives, by the rule it states (words between `\s`, `,`, `[`, `]`): the reference. */
function idsByWords(text: string): number[] | string {
  const ids: number[] = [];
  for (const word of text.replace(/[[\]]/g, ' ').split(/[\s,]+/)) {
    if (word === '') continue;
    if (!/^\d+$/.test(word))
      return `'${word.length > 40 ? `${word.slice(0, 40)}…` : word}' is not a token id`;
    if (!Number.isSafeInteger(Number(word)))
      return `'${word.length > 40 ? `${word.slice(0, 40)}…` : word}' is too large`;
    ids.push(Number(word));
  }
  return ids;
}

describe('parseIds', () => {
  it('reads ids as splitting into words would, errors included, on any mix of digits, separators and other characters', () => {
    const piece = fc.oneof(
      fc.constantFrom(' ', ',', '[', ']', '\n', '\r\n', '\t', '\u00a0', '\u3000', '\ufeff', '\u2028', '\v'),
      fc.stringMatching(/^\d{1,20}$/),
      fc.constantFrom('x', '-1', '1.5', '٣', '+7', '1e3', '0x10', '9007199254740993'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        const expected = idsByWords(text);
        let got: number[] | string;
        try {
          got = parseIds(text);
        } catch (error) {
          got = (error as Error).message;
        }
        if (typeof expected === 'string') expect(got).toContain(expected);
        else expect(got).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
