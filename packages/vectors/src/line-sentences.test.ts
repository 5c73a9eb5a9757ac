import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWithPipedStdin } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { lineSentences } from './node.js';
import { Word2Vec } from './word2vec.js';

async function collect(iterable: AsyncIterable<string[]>): Promise<string[][]> {
  const out: string[][] = [];
  for await (const sentence of iterable) out.push(sentence);
  return out;
}

describe('lineSentences', () => {
  it("splits a line on Python's white space, as gensim's LineSentence does (str.split())", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vectors-'));
    const path = join(dir, 'corpus.txt');
    // U+001C and U+0085 are white space to Python, U+FEFF is not.
    await writeFile(path, 'running\u001cjumps\u0085ran a\ufeffb\u3000c');
    expect(await collect(lineSentences(path))).toEqual([['running', 'jumps', 'ran', 'a\ufeffb', 'c']]);
  });

  it('reads a file line by line, again on each pass, cutting long lines', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vectors-'));
    const path = join(dir, 'corpus.txt');
    await writeFile(path, 'the cat  sat\n\n  ملك ملكة\r\na b c d e\nlast line');
    const sentences = lineSentences(path, { maxSentenceLength: 3 });
    const expected = [
      ['the', 'cat', 'sat'],
      ['ملك', 'ملكة'],
      ['a', 'b', 'c'],
      ['d', 'e'],
      ['last', 'line'],
    ];
    expect(await collect(sentences)).toEqual(expected);
    expect(await collect(sentences)).toEqual(expected);
  });

  it('reads a pipe once, and says so when it is read again (as an epoch would)', () => {
    const script = `
      import { lineSentences } from '@tokenlab/vectors/node';
      const sentences = lineSentences('/dev/stdin');
      const passes = [];
      for (let pass = 0; pass < 2; pass++) {
        const read = [];
        try { for await (const sentence of sentences) read.push(sentence); passes.push(read); }
        catch (error) { passes.push(error.message); }
      }
      console.log(JSON.stringify(passes));
    `;
    const run = runWithPipedStdin(script, fileURLToPath(new URL('..', import.meta.url)), 'the cat\nsat\n');
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([
      [['the', 'cat'], ['sat']],
      '/dev/stdin: a pipe, socket or device can be read only once, and a corpus is read once per epoch; save it to a file, or read its sentences into an array',
    ]);
  });

  it('invalid UTF-8 names the file, line and byte offset', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vectors-'));
    const path = join(dir, 'bad.txt');
    await writeFile(
      path,
      Buffer.concat([Buffer.from('ok line\nbad '), Buffer.from([0xff]), Buffer.from('\n')]),
    );
    await expect(collect(lineSentences(path))).rejects.toThrow(
      `${path}:2: invalid UTF-8 in the line starting at byte 8`,
    );
  });

  it('trains Word2Vec from the file as from the same sentences in memory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vectors-'));
    const path = join(dir, 'corpus.txt');
    const sentences = Array.from({ length: 200 }, (_, i) => [`w${i % 7}`, `w${i % 5}`, `w${i % 3}`, 'and']);
    await writeFile(path, sentences.map((s) => s.join(' ')).join('\n'));
    const options = { vectorSize: 8, minCount: 1, epochs: 2, seed: 2 };
    const streamed = await Word2Vec.trainAsync(lineSentences(path), options);
    const inMemory = Word2Vec.train(sentences, options);
    expect(Array.from(streamed.wv.vectors)).toEqual(Array.from(inMemory.wv.vectors));
  });
});
