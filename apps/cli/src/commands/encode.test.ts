import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { getEncoding } from '@tokenlab/gpt';
import { countFileTokensParallel, encodeFileStreamParallel, encodeStreamParallel } from '@tokenlab/gpt/node';
import { get_encoding } from 'tiktoken';
import { describe, expect, it, vi } from 'vitest';
import { decodeInput } from '../input-decoding.js';
import { runCapture, tiktokenRankFile } from '../testing.js';

// The same functions, watched: whether a file was read by the threads themselves.
vi.mock('@tokenlab/gpt/node', async (importOriginal) => {
  const original = await importOriginal<typeof import('@tokenlab/gpt/node')>();
  return {
    ...original,
    encodeFileStreamParallel: vi.fn(original.encodeFileStreamParallel),
    encodeStreamParallel: vi.fn(original.encodeStreamParallel),
    countFileTokensParallel: vi.fn(original.countFileTokensParallel),
  };
});

describe('tokenlab encode', () => {
  it("prints tiktoken's ids", async () => {
    const run = await runCapture(['encode', '--encoding', 'cl100k_base'], 'hello world');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('15339 1917\n');
    const json = await runCapture(['encode', '-e', 'gpt2', '--json'], 'hello world');
    expect(JSON.parse(json.stdout)).toEqual([31373, 995]);
  });
  it('says which --jsonl line holds a lone surrogate, encoded as U+FFFD as tiktoken encodes it', async () => {
    const run = await runCapture(['encode', '-e', 'cl100k_base', '--jsonl'], '"ab"\n"a\\ud800b"\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('[370]\n[64,5809,65]\n');
    expect(run.stderr).toContain(
      'stdin line 2: a lone surrogate (U+D800, half of a pair) at character 1 is encoded as U+FFFD',
    );
    expect(run.stderr).not.toContain('line 1');
  });

  it('counts, also per line with --jsonl', async () => {
    expect((await runCapture(['encode', '-e', 'o200k_base', '--count'], 'hello world')).stdout).toBe('2\n');
    const run = await runCapture(['encode', '-e', 'cl100k_base', '--jsonl'], '"hello world"\n"👍"\n');
    expect(run.stdout).toBe('[15339,1917]\n[9468,239,235]\n');
    const counts = await runCapture(['encode', '-e', 'cl100k_base', '--jsonl', '--count'], '"hello world"\n');
    expect(counts.stdout).toBe('2\n');
  });
  it('refuses special tokens unless allowed, naming the fix', async () => {
    const refused = await runCapture(['encode', '-e', 'cl100k_base'], 'hi <|endoftext|>');
    // A fault of the text, not of the command line: exit code 1 (it was 2).
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "special token <|endoftext|> (at character offset 3). Pass --allowed-special '<|endoftext|>'",
    );
    expect(refused.stderr).toContain('--special-as-text');
    const asText = await runCapture(['encode', '-e', 'cl100k_base', '--special-as-text'], 'hi <|endoftext|>');
    expect(asText.stdout).toBe('6151 83739 8862 728 428 91 29\n');
    const all = await runCapture(
      ['encode', '-e', 'cl100k_base', '--allowed-special', 'all'],
      'hi <|endoftext|>',
    );
    expect(all.stdout).toBe('6151 220 100257\n');
    const listed = await runCapture(
      ['encode', '-e', 'o200k_base', '--allowed-special', '<|endofprompt|>'],
      '<|endofprompt|>',
    );
    expect(listed.stdout).toBe('200018\n');
  });
  it('reads files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-encode-'));
    writeFileSync(join(dir, 'a.txt'), 'hello');
    expect((await runCapture(['encode', '-e', 'r50k_base', join(dir, 'a.txt')])).stdout).toBe('31373\n');
  });
  it('encodes a large input on --threads worker threads to the same ids', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-encode-'));
    const file = join(dir, 'large.txt');
    const paragraph = 'The cat sat on the mat.\nIt was   warm; ٱلرَّحْمَٰنِ 😀 2024\r\n\n';
    writeFileSync(file, paragraph.repeat(Math.ceil((9 << 20) / Buffer.byteLength(paragraph))));
    const one = await runCapture(['encode', '-e', 'o200k_base', '--threads', '1', file]);
    const two = await runCapture(['encode', '-e', 'o200k_base', '--threads', '2', file]);
    expect(one.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe('');
    const count = await runCapture(['encode', '-e', 'o200k_base', '--threads', '2', '--count', file]);
    expect(count.stdout).toBe(`${one.stdout.trim().split(' ').length}\n`);
    // Millions of ids, written a block at a time (one string of them all can pass the longest string
    // there is): the same line, and the same ids as JSON, on one thread and on two.
    const ids = one.stdout.trim().split(' ').map(Number);
    expect(ids.length).toBeGreaterThan(1 << 20);
    for (const threads of ['1', '2']) {
      const json = await runCapture(['encode', '-e', 'o200k_base', '--threads', threads, '--json', file]);
      expect(JSON.parse(json.stdout)).toEqual(ids);
    }
  });
  it('has the threads read a large UTF-8 file themselves (one thread too), with the ids of reading it whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-encode-'));
    const paragraph = 'The cat sat on the mat.\nIt was   warm; ٱلرَّحْمَٰنِ 😀 2024\r\n\n';
    const body = paragraph.repeat(Math.ceil((9 << 20) / Buffer.byteLength(paragraph)));
    const spy = vi.mocked(encodeFileStreamParallel);
    const countSpy = vi.mocked(countFileTokensParallel);
    const enc = await getEncoding('o200k_base');
    // A BOM is dropped and --strip-final-newline drops a final CRLF, as when the file is read whole.
    for (const [name, content, extra, text] of [
      ['plain.txt', body, [], body],
      ['bom.txt', `\ufeff${body}end\r\n`, ['--strip-final-newline'], `${body}end`],
      [
        'special.txt',
        `${body}<|endoftext|>`,
        ['--allowed-special', 'all', '--count'],
        `${body}<|endoftext|>`,
      ],
    ] as const) {
      const file = join(dir, name);
      writeFileSync(file, content);
      // --count keeps no ids: the threads count each part's and drop them.
      const counting = (extra as readonly string[]).includes('--count');
      const ids = enc.encode(text, { allowedSpecial: 'all' });
      const expected = counting ? `${ids.length}\n` : `${ids.join(' ')}\n`;
      for (const threads of ['1', '2']) {
        spy.mockClear();
        countSpy.mockClear();
        const run = await runCapture(['encode', '-e', 'o200k_base', '--threads', threads, ...extra, file]);
        expect(counting ? countSpy : spy, `${name}, ${threads}`).toHaveBeenCalledOnce();
        expect(counting ? spy : countSpy, `${name}, ${threads}`).not.toHaveBeenCalled();
        expect(run.code, name).toBe(0);
        expect(run.stdout === expected, `${name}, ${threads} threads`).toBe(true);
        expect(run.stderr, name).toBe('');
      }
    }
    // Several files are read whole as before.
    spy.mockClear();
    const both = await runCapture([
      'encode',
      '-e',
      'o200k_base',
      '--threads',
      '2',
      '--count',
      join(dir, 'plain.txt'),
      join(dir, 'bom.txt'),
    ]);
    expect(both.code).toBe(0);
    expect(spy).not.toHaveBeenCalled();
  });
  it('has the threads read a large file themselves with a --tiktoken rank file too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-encode-'));
    const reference = get_encoding('gpt2');
    const ranks = join(dir, 'gpt2.tiktoken');
    try {
      writeFileSync(ranks, tiktokenRankFile(reference));
    } finally {
      reference.free();
    }
    const paragraph = 'The cat sat on the mat.\nIt was   warm; ٱلرَّحْمَٰنِ 😀 2024\r\n\n';
    const file = join(dir, 'large.txt');
    writeFileSync(file, paragraph.repeat(Math.ceil((9 << 20) / Buffer.byteLength(paragraph))));
    const spy = vi.mocked(encodeFileStreamParallel);
    const named = await runCapture(['encode', '-e', 'gpt2', '--threads', '1', file]);
    spy.mockClear();
    const fromRanks = await runCapture([
      'encode',
      '--tiktoken',
      ranks,
      '--pattern',
      'gpt2',
      '--threads',
      '2',
      file,
    ]);
    expect(spy).toHaveBeenCalledOnce();
    expect(fromRanks.code).toBe(0);
    expect(fromRanks.stdout).toBe(named.stdout);
  });
  it('reports a special token or bad UTF-8 in the first part of a large file as for any input, printing nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-encode-'));
    const body = Buffer.from('word and more words.\n'.repeat(500_000));
    const special = join(dir, 'special.txt');
    writeFileSync(special, Buffer.concat([Buffer.from('one <|endoftext|> '), body]));
    const refused = await runCapture(['encode', '-e', 'cl100k_base', '--threads', '2', special]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      "special token <|endoftext|> (at character offset 4). Pass --allowed-special '<|endoftext|>'",
    );
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, Buffer.concat([Buffer.from('one '), Buffer.from([0xff]), body]));
    const invalid = await runCapture(['encode', '-e', 'cl100k_base', '--threads', '2', bad]);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toBe('');
    expect(invalid.stderr).toContain('not valid utf-8 at byte 4 (1 invalid sequence)');
  });
  it('prints the ids of a large file part by part, and says so when a problem in a later part cuts them short', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-encode-'));
    const body = Buffer.from('word and more words.\n'.repeat(500_000));
    const whole = (
      await runCapture(['encode', '-e', 'cl100k_base', '--threads', '1'], body.toString())
    ).stdout
      .trim()
      .split(' ');
    const special = join(dir, 'special.txt');
    writeFileSync(special, Buffer.concat([body, Buffer.from(' <|endoftext|>')]));
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, Buffer.concat([body, Buffer.from([0xff]), body]));
    for (const [file, code, problem] of [
      [
        special,
        1,
        `special token <|endoftext|> (at character offset ${body.length + 1}); the ids printed so far end before it. Pass --allowed-special`,
      ],
      [
        bad,
        1,
        `${bad}: not valid UTF-8 at byte ${body.length}; the ids printed so far end before it. Name its encoding with --input-encoding`,
      ],
    ] as const) {
      const run = await runCapture(['encode', '-e', 'cl100k_base', '--threads', '2', file]);
      expect(run.code, file).toBe(code);
      expect(run.stderr, file).toContain(problem);
      // One line: the ids of the parts before the problem's, a beginning of the text's ids.
      expect(run.stdout.endsWith('\n'), file).toBe(true);
      const printed = run.stdout.trim().split(' ');
      expect(printed.length, file).toBeGreaterThan(1 << 16);
      expect(printed.length, file).toBeLessThan(whole.length);
      expect(printed, file).toEqual(whole.slice(0, printed.length));
    }
  });
  it('streams a large stdin: the same ids, counts and problems, the final newline as for any input', async () => {
    const paragraph = 'The cat sat on the mat.\nIt was   warm; ٱلرَّحْمَٰنِ 😀 2024\r\n\n';
    const body = Buffer.from(paragraph.repeat(Math.ceil((9 << 20) / Buffer.byteLength(paragraph))));
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-encode-'));
    const file = join(dir, 'large.txt');
    const ending = Buffer.concat([body, Buffer.from('end\r\n')]);
    writeFileSync(file, ending);
    // What the file gives, read by the threads (the same ids as read whole, tested above).
    const plain = (await runCapture(['encode', '-e', 'o200k_base', '--threads', '2', file])).stdout;
    const ids = plain.trim().split(' ');
    const stripped = (
      await runCapture(['encode', '-e', 'o200k_base', '--threads', '2', '--strip-final-newline', file])
    ).stdout;
    const spy = vi.mocked(encodeStreamParallel);
    for (const [extra, expected] of [
      [[], plain],
      [['--threads', '1'], plain],
      [['--json'], `[${ids.join(',')}]\n`],
      [['--count'], `${ids.length}\n`],
      [['--strip-final-newline'], stripped],
    ] as const) {
      spy.mockClear();
      const streamed = await runCapture(['encode', '-e', 'o200k_base', ...extra], ending);
      expect(streamed.code, `${extra}`).toBe(0);
      expect(streamed.stdout === expected, `${extra}`).toBe(true);
      expect(spy, `${extra}`).toHaveBeenCalledOnce();
    }
    expect(stripped.length).toBeLessThan(plain.length);
    // A problem in the first piece: as for any input, nothing printed.
    const early = await runCapture(
      ['encode', '-e', 'cl100k_base'],
      Buffer.concat([Buffer.from('one <|endoftext|> '), body]),
    );
    expect(early.code).toBe(1);
    expect(early.stdout).toBe('');
    expect(early.stderr).toContain('special token <|endoftext|> (at character offset 4). Pass');
    const invalid = await runCapture(
      ['encode', '-e', 'cl100k_base'],
      Buffer.concat([Buffer.from('one '), Buffer.from([0xff]), body]),
    );
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toBe('');
    expect(invalid.stderr).toContain(
      'stdin: not valid utf-8 at byte 4. Name its encoding with --input-encoding',
    );
    // Later: the ids of the pieces before it, a beginning of the text's ids, and an error that says so.
    const repeated = join(dir, 'repeated.txt');
    writeFileSync(repeated, Buffer.concat([body, body, body, body, body]));
    const whole = (await runCapture(['encode', '-e', 'cl100k_base', '--threads', '2', repeated])).stdout;
    for (const [input, code, problem] of [
      [
        Buffer.concat([body, Buffer.from(' <|endoftext|>')]),
        1,
        `special token <|endoftext|> (at character offset ${body.toString().length + 1}); the ids printed so far end before it. Pass`,
      ],
      [
        // In 64 KB chunks, as a pipe gives them, and far enough in to be decoded after the first ids
        // are printed (the threads read a few pieces ahead).
        chunked(Buffer.concat([body, body, body, body, body, Buffer.from([0xff])])),
        1,
        `stdin: not valid utf-8 at byte ${5 * body.length}; the ids printed so far end before it. Name its encoding`,
      ],
    ] as const) {
      const run = await runCapture(['encode', '-e', 'cl100k_base'], input);
      expect(run.code).toBe(code);
      expect(run.stderr).toContain(problem);
      // One line, ending where an id of the whole text's line ends.
      const printed = run.stdout.slice(0, -1);
      expect(run.stdout.endsWith('\n')).toBe(true);
      expect(printed.length).toBeGreaterThan(1 << 20);
      expect(printed.length).toBeLessThan(whole.length - 1);
      expect(whole.startsWith(printed) && whole[printed.length] === ' ').toBe(true);
    }
  });
  it('streams a large stdin or file with --replace-invalid, with the warning an input read whole gets', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-encode-'));
    const body = Buffer.from('A line of text, and ٱلرَّحْمَٰنِ.\n'.repeat(300_000));
    // Two bad sequences (one cut by a 64 KB chunk's end in the stream) and a U+FFFD the text holds itself.
    const input = Buffer.concat([
      body.subarray(0, (1 << 16) - 1),
      Buffer.from([0xe2, 0x82]),
      body.subarray((1 << 16) - 1),
      Buffer.from('\uFFFD and '),
      Buffer.from([0xff]),
      body,
    ]);
    const file = join(dir, 'replaced.txt');
    writeFileSync(file, input);
    // What an input read whole gives: its text and warning, by the function that reads one.
    let warning = '';
    const warnings = new PassThrough().on('data', (chunk) => {
      warning += chunk;
    });
    const text = await decodeInput(input, file, { replaceInvalid: true }, warnings);
    // Byte 65534: the cut of the text leaves the first byte of a letter before the bad sequence.
    expect(warning).toBe(
      `tokenlab: warning: ${file}: not valid utf-8 at byte 65534 (2 invalid sequences); replaced with U+FFFD (--replace-invalid)\n`,
    );
    const ids = `${(await getEncoding('cl100k_base')).encode(text).join(' ')}\n`;
    const spy = vi.mocked(encodeStreamParallel);
    spy.mockClear();
    const fromFile = await runCapture(['encode', '-e', 'cl100k_base', '--replace-invalid', file]);
    expect(spy).toHaveBeenCalledOnce();
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout === ids).toBe(true);
    expect(fromFile.stderr).toBe(warning);
    const streamed = await runCapture(['encode', '-e', 'cl100k_base', '--replace-invalid'], chunked(input));
    expect(streamed.code).toBe(0);
    expect(streamed.stdout === ids).toBe(true);
    expect(streamed.stderr).toBe(warning.replace(file, 'stdin'));
  });
  it('streams a large file in another --input-encoding (it was read whole, and refused past 512 MB)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-encode-'));
    const bytes = Buffer.from('Un café déjà bu, naïve « façon » 2024.\r\n'.repeat(250_000), 'latin1');
    const file = join(dir, 'latin1.txt');
    writeFileSync(file, bytes);
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.startsWith('Un café déjà')).toBe(true);
    const enc = await getEncoding('o200k_base');
    const spy = vi.mocked(encodeStreamParallel);
    for (const extra of [[], ['--threads', '1'], ['--count'], ['--strip-final-newline']]) {
      spy.mockClear();
      const run = await runCapture([
        'encode',
        '-e',
        'o200k_base',
        '--input-encoding',
        'latin1',
        ...extra,
        file,
      ]);
      expect(run.code, `${extra}`).toBe(0);
      expect(spy, `${extra}`).toHaveBeenCalledOnce();
      const expected =
        extra[0] === '--count'
          ? `${enc.encode(text).length}\n`
          : `${enc.encode(extra[0] === '--strip-final-newline' ? text.slice(0, -2) : text).join(' ')}\n`;
      expect(run.stdout === expected, `${extra}`).toBe(true);
    }
  });
  it('caps --threads at what the input keeps busy, with a note', async () => {
    const run = await runCapture(['encode', '-e', 'cl100k_base', '--threads', '64'], 'hello world');
    expect(run.stdout).toBe('15339 1917\n');
    expect(run.stderr).toMatch(/--threads 64 capped at 1: .*keeps at most 1 worker busy/);
    const bad = await runCapture(['encode', '-e', 'cl100k_base', '--threads', '0'], 'x');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--threads must be a positive integer');
  });
  it('explains a missing or unknown encoding', async () => {
    const missing = await runCapture(['encode'], 'x');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/needs --encoding NAME .*cl100k_base/);
    const unknown = await runCapture(['encode', '-e', 'cl200k'], 'x');
    expect(unknown.stderr).toMatch(/unknown encoding 'cl200k'. Available: gpt2/);
  });
});

describe('tokenlab encode / decode --model', () => {
  it('runs a minbpe model, special tokens included', async () => {
    const { RegexTokenizer } = await import('@tokenlab/bpe');
    const { save } = await import('@tokenlab/bpe/node');
    const tokenizer = new RegexTokenizer('gpt4');
    tokenizer.train('the cat sat on the mat, the cat ate the rat. '.repeat(20), 300);
    tokenizer.registerSpecialTokens({ '<|endoftext|>': 300 });
    const prefix = join(mkdtempSync(join(tmpdir(), 'tokenlab-model-')), 'toy');
    const [model] = await save(tokenizer, prefix);
    const text = 'the cat<|endoftext|>';
    const run = await runCapture(['encode', '--model', model, '--allowed-special', 'all', '--json'], text);
    expect(JSON.parse(run.stdout)).toEqual(tokenizer.encode(text, { allowedSpecial: 'all' }));
    const back = await runCapture(['decode', '--model', model, '--json'], run.stdout);
    expect(JSON.parse(back.stdout)).toBe(text);
    const both = await runCapture(['encode', '--model', model, '-e', 'gpt2'], 'x');
    expect(both.stderr).toContain('either --encoding or --model');
  });

  it("says that a basic model encodes its special tokens as text (as minbpe's does), not silently", async () => {
    const { BasicTokenizer } = await import('@tokenlab/bpe');
    const { save } = await import('@tokenlab/bpe/node');
    const tokenizer = new BasicTokenizer();
    tokenizer.train('the cat sat on the mat. '.repeat(20), 300);
    tokenizer.registerSpecialTokens({ '<|endoftext|>': 300 });
    const prefix = join(mkdtempSync(join(tmpdir(), 'tokenlab-model-')), 'basic');
    const [model] = await save(tokenizer, prefix);
    const text = 'the cat<|endoftext|>';
    // --allowed-special did nothing, and the special token's text went through where a regex model stops.
    const allowed = await runCapture(['encode', '--model', model, '--allowed-special', 'all'], text);
    expect(allowed).toMatchObject({ code: 2, stdout: '' });
    expect(allowed.stderr).toContain(
      `${model} is a basic model (minbpe's BasicTokenizer), which encodes special tokens as ordinary text`,
    );
    const plain = await runCapture(['encode', '--model', model], text);
    expect(plain).toMatchObject({ code: 1, stdout: '' });
    expect(plain.stderr).toContain(
      'the text contains the special token <|endoftext|> (at character offset 7)',
    );
    expect(plain.stderr).toContain('Pass --special-as-text');
    const asText = await runCapture(['encode', '--model', model, '--special-as-text', '--json'], text);
    expect(JSON.parse(asText.stdout)).toEqual(tokenizer.encode(text));
    expect(JSON.parse((await runCapture(['encode', '--model', model, '--json'], 'the mat')).stdout)).toEqual(
      tokenizer.encode('the mat'),
    );
  });
});

describe('--pattern without --tiktoken', () => {
  it('is refused, where an encoding or a model file ignored it', async () => {
    for (const command of ['encode', 'decode']) {
      const run = await runCapture(
        [command, '-e', 'gpt2', '--pattern', 'gpt2'],
        command === 'encode' ? 'hi' : '5303',
      );
      expect(run.code, command).toBe(2);
      expect(run.stderr, command).toContain('--pattern applies to --tiktoken FILE');
    }
  });
});

/** `bytes` in chunks of 64 KB, as a pipe gives them. */
function chunked(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += 1 << 16) chunks.push(bytes.subarray(at, at + (1 << 16)));
  return chunks;
}
