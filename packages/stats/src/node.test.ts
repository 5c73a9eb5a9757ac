import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
});
