import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  FUZZ_RUNS,
  FUZZ_TIMEOUT,
  hostileText,
  readGolden,
  runWithPipedStdin,
  tempFileWriter,
} from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { countChunks } from '../chunk-counts.js';
import type { ChunkTable } from '../chunk-table.js';
import { RegexTokenizer } from '../regex-tokenizer.js';
import { seededRandom } from '../test-random.js';
import { countFileChunks } from './corpus.js';
import { CorpusBytes } from './corpus-bytes.js';
import { countFileTable } from './count-file-table.js';
import { readableInRanges } from './count-files.js';

const texts = readGolden<{ id: string; text: string }>('minbpe_training_texts').map((row) => row.text);
const file = tempFileWriter('tokenlab-bpe-table-');

/** The table as `[chunk, count]` entries, like the `Map` of `countChunks`. */
function entries(table: ChunkTable): Array<[string, number]> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const out: Array<[string, number]> = [];
  for (let i = 0, offset = 0; i < table.lengths.length; i++) {
    const length = table.lengths[i]!;
    out.push([decoder.decode(table.bytes.subarray(offset, offset + length)), table.counts[i]!]);
    offset += length;
  }
  return out;
}

/** What Python's text mode reads from these files, joined by newlines (as training reads them). */
function pythonText(contents: readonly string[]): string {
  return contents.map((text) => text.replace(/\r\n?/g, '\n')).join('\n');
}

describe('countFileTable equals countChunks over the whole text', () => {
  it('on the training texts in two files, GPT-4 and GPT-2, in small ranges on two and three workers and in one thread', async () => {
    const contents = [texts.slice(0, 2).join('\n'), texts.slice(2).join('\n')];
    const files = contents.map(file);
    const whole = pythonText(contents);
    for (const pattern of ['gpt4', 'gpt2'] as const) {
      const expected = [...countChunks(whole, pattern)];
      expect(entries(await countFileTable(files, pattern, { rangeSize: 700, workers: 2 }))).toEqual(expected);
      expect(entries(await countFileTable(files, pattern, { rangeSize: 300, workers: 3 }))).toEqual(expected);
      expect(entries(await countFileTable(files, pattern, { rangeSize: 50, workers: 1 }))).toEqual(expected);
    }
  });

  it('moves no buffer away from the calling thread: the workers swap their shares themselves', async () => {
    // A buffer transferred away from a thread is detached, and at the first one V8 recompiles all of
    // that thread's typed-array code (the trainer's, warmed up while the workers count).
    const post = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const contents = [texts.join('\n')];
      const expected = [...countChunks(pythonText(contents), 'gpt4')];
      for (const workers of [2, 3])
        expect(
          entries(await countFileTable(contents.map(file), 'gpt4', { rangeSize: 500, workers })),
        ).toEqual(expected);
      expect(post.mock.calls.length).toBeGreaterThan(5);
      for (const [, transfer] of post.mock.calls) expect(transfer ?? []).toEqual([]);
    } finally {
      post.mockRestore();
    }
  });

  it('trains the same merges as training on the text', async () => {
    const contents = texts;
    const table = await countFileTable(contents.map(file), 'gpt4', { rangeSize: 1000, workers: 2 });
    expect(new RegexTokenizer('gpt4').trainFromCounts(table, 400).merges).toEqual(
      new RegexTokenizer('gpt4').train(pythonText(contents), 400).merges,
    );
  });

  it('reads newlines file by file as Python does, and keeps a byte-order mark', async () => {
    const contents = ['one\r\ntwo\rthree\r', '\ufeffAnd\r\n\r\nso  \n\nB\r', '\nC'];
    const files = contents.map(file);
    const expected = [...countChunks(pythonText(contents), 'gpt4')];
    for (const rangeSize of [1, 3, 1000])
      expect(entries(await countFileTable(files, 'gpt4', { rangeSize, workers: 1 }))).toEqual(expected);
    // The streamed Map counter reads them the same way.
    expect([...(await countFileChunks(files, 'gpt4', { blockSize: 3, workers: 1 }))]).toEqual(expected);
    const raw = [...countChunks(contents.join('\n'), 'gpt4')];
    expect(entries(await countFileTable(files, 'gpt4', { universalNewlines: false, workers: 1 }))).toEqual(
      raw,
    );
  });

  it(
    'on hostile text cut in many places',
    async () => {
      const hostile = hostileText({
        pieces: ['\r\n', '\n', '\r', ' \n', 'x\nA', '.\n\u0628', '\u00a0\nb', '\n\u{10400}', "'s\n", '  '],
        runs: [' ', '\n', 'a', '\u0628', '😀', '\u{20000}', '\u3000'],
      });
      await fc.assert(
        fc.asyncProperty(hostile, hostile, fc.integer({ min: 1, max: 40 }), async (a, b, rangeSize) => {
          const contents = [a, b].map((text) =>
            text.replace(/[\ud800-\udfff]/g, (unit, at, whole) =>
              // Lone surrogates cannot be written as UTF-8; keep pairs, replace the rest.
              /[\ud800-\udbff][\udc00-\udfff]/.test(whole.slice(at, at + 2)) ||
              /[\ud800-\udbff][\udc00-\udfff]/.test(whole.slice(at - 1, at + 1))
                ? unit
                : 'x',
            ),
          );
          const files = contents.map(file);
          const expected = [...countChunks(pythonText(contents), 'gpt4')];
          expect(entries(await countFileTable(files, 'gpt4', { rangeSize, workers: 1 }))).toEqual(expected);
        }),
        { numRuns: Math.max(20, FUZZ_RUNS >> 2) },
      );
    },
    FUZZ_TIMEOUT,
  );

  it('names the file and byte of invalid UTF-8, in whichever range it lies', async () => {
    const good = file('fine text\nhere\n');
    const bad = file(
      Buffer.concat([Buffer.from('ok\nAnd more\nText '), Buffer.from([0xe2, 0x28]), Buffer.from('\nZ')]),
    );
    for (const workers of [1, 2])
      await expect(countFileTable([good, bad], 'gpt4', { rangeSize: 4, workers })).rejects.toThrow(
        `${bad}: not valid UTF-8 at byte 17`,
      );
  });

  it('other patterns are counted by the general path, in first-appearance order', async () => {
    const path = file('b a b\nc a');
    expect(entries(await countFileTable([path], String.raw`\w+| `, { workers: 1 }))).toEqual([
      ...countChunks('b a b\nc a', String.raw`\w+| `),
    ]);
  });
});

describe('a file that can only be read once (a pipe)', () => {
  // A pipe reports no size and cannot be read at an offset: counted in byte ranges, it gave no chunks.
  it('is counted as a stream by countFileTable, and refused by name where byte ranges are needed', () => {
    const text = texts.join('\n');
    const script = `
      import { countFileRanges, countFileTable, readableInRanges } from '@tokenlab/bpe/node';
      const table = await countFileTable(['/dev/stdin'], 'gpt4', { workers: 2 });
      const refused = await countFileRanges(['/dev/stdin'], 'gpt4').then(() => 'read', (error) => error.message);
      console.log(JSON.stringify({ readable: await readableInRanges(['/dev/stdin']), lengths: [...table.lengths], counts: [...table.counts], refused }));
    `;
    const run = runWithPipedStdin(script, fileURLToPath(new URL('../..', import.meta.url)), text);
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout);
    const expected = [...countChunks(text, 'gpt4')];
    expect(result.readable).toBe(false);
    expect(result.counts).toEqual(expected.map(([, count]) => count));
    expect(result.lengths).toEqual(expected.map(([chunk]) => new TextEncoder().encode(chunk).length));
    expect(result.refused).toMatch(/^\/dev\/stdin: not a regular file \(a pipe, socket or device\)/);
  });

  it('is told apart from regular files and folders', async () => {
    const path = file('regular');
    expect(await readableInRanges([path, '/no/such/file'])).toBe(true);
    expect(() => new CorpusBytes([path, fileURLToPath(new URL('.', import.meta.url))])).toThrow(
      /not a regular file \(a directory\)/,
    );
  });
});

describe('CorpusBytes.safeCut', () => {
  it('cuts only after a newline that follows a non-space and precedes a letter', () => {
    const path = file('ab \nx.\n1y\nZ\u00a0\n\u0628q\n\u0628');
    const corpus = new CorpusBytes([path]);
    const cuts: number[] = [];
    for (let at = 0; at < corpus.length; ) {
      at = corpus.safeCut(at + 1);
      if (at < corpus.length) cuts.push(at);
    }
    corpus.close();
    // Not after 'ab ' or a no-break space (white space), nor before '1' (not a letter); after 'y' before
    // 'Z', and after 'q' before an Arabic letter.
    expect(cuts).toEqual([10, 18]);
  });

  it('finds the same cuts as a scan of the whole text, across its 64 KiB windows and the joins of files', () => {
    // Rare newlines between letters, spaces, marks, digits and no-break spaces; a stretch of 200 KB
    // without a safe cut (more than three windows) in the middle; and three files.
    const random = seededRandom(17);
    const pieces = ['a', 'b', ' ', '\u0628', '\u064e', '1', '.', '\u00a0', '\u00e9', 'x'];
    const part = (length: number, newlines: number) => {
      let text = '';
      while (text.length < length)
        text += random() < newlines ? '\n' : pieces[Math.floor(random() * pieces.length)];
      return text;
    };
    const contents = [
      part(90_000, 0.01),
      `${part(70_000, 0.002)}${'ab \n'.repeat(50_000)}`,
      part(80_000, 0.001),
    ];
    const corpus = new CorpusBytes(contents.map(file));
    const bytes = new TextEncoder().encode(contents.join('\n'));
    expect(corpus.length).toBe(bytes.length);
    const text = new TextDecoder().decode(bytes);
    // The rule, scanned over the whole text: just after a newline that follows a character other than
    // white space and precedes a letter (the pieces are all of one UTF-16 unit).
    const safe: number[] = [];
    for (let i = 0, at = 0; i < text.length; i++) {
      if (text[i] === '\n' && i > 0 && /\p{L}/u.test(text[i + 1] ?? '') && !/\s/u.test(text[i - 1]!))
        safe.push(at + 1);
      const code = text.charCodeAt(i);
      at += code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
    }
    const expected = (from: number) => safe.find((cut) => cut >= Math.max(from, 2)) ?? corpus.length;
    for (let from = 0; from < corpus.length; from += 997) expect(corpus.safeCut(from)).toBe(expected(from));
    for (const cut of safe.slice(0, 200)) expect(corpus.safeCut(cut)).toBe(cut);
    // From just before and after each window's end, for the cuts that follow a long stretch without one.
    const window = 1 << 16;
    const afterStretch = safe.filter((cut, k) => k > 0 && cut - safe[k - 1]! > 3 * window);
    expect(afterStretch.length).toBeGreaterThan(0);
    for (const cut of afterStretch)
      for (const windows of [1, 2, 3])
        for (const nudge of [-2, -1, 0, 1, 2]) {
          const from = cut - windows * window + nudge;
          expect(corpus.safeCut(from)).toBe(expected(from));
        }
    corpus.close();
  });
});
