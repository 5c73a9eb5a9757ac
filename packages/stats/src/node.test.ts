import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Utf8Error } from '@tokenlab/core';
import { describe, expect, it } from 'vitest';
import { Dictionary } from './gensim.js';
import { readLines } from './node.js';
import { TfidfVectorizer } from './tfidf.js';

describe('readLines', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'tokenlab-stats-')), 'corpus.txt');
  writeFileSync(file, 'the cat sat\r\n\n  \nthe dog sat down\n');
  it('streams the non-empty lines into a vectorizer and a dictionary', async () => {
    const lines: string[] = [];
    for await (const line of readLines(file)) lines.push(line);
    expect(lines).toEqual(['the cat sat', 'the dog sat down']);
    const vectorizer = await new TfidfVectorizer().fitAsync(readLines(file));
    expect(vectorizer.getFeatureNamesOut()).toEqual(['cat', 'dog', 'down', 'sat', 'the']);
    expect(vectorizer.documentCount).toBe(2);
    async function* tokens() {
      for await (const line of readLines(file)) yield line.split(' ');
    }
    const dictionary = await new Dictionary().addDocumentsAsync(tokens());
    expect(dictionary.numDocs).toBe(2);
  });
  it('keeps blank lines when asked', async () => {
    const lines: string[] = [];
    for await (const line of readLines(file, { skipBlank: false })) lines.push(line);
    expect(lines).toHaveLength(4);
  });
  it('reports bytes that are not UTF-8 with the file and the first bad byte, never reading them as U+FFFD', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'tokenlab-stats-')), 'latin1.txt');
    // 'café' in Latin-1 after 100,000 bytes of good lines: past the first chunk a stream reads.
    writeFileSync(
      bad,
      Buffer.concat([Buffer.from('good words here\n'.repeat(6250)), Buffer.from('caf\xe9 noir\n', 'latin1')]),
    );
    const lines: string[] = [];
    const error = await (async () => {
      for await (const line of readLines(bad)) lines.push(line);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Utf8Error);
    expect((error as Utf8Error).message).toBe(`${bad}: invalid UTF-8 at byte 100003 (0xe9)`);
    expect(lines.every((line) => !line.includes('\ufffd'))).toBe(true);
  });
});
