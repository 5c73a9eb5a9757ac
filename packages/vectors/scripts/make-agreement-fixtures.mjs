// Writes test/fixtures/agreement/ for src/gensim-agreement.test.ts: the vectors gensim 4.2 trains with seeds 1
// and 2 on the token lists that test trains tokenlab on (two bundled corpora cut by tokenlab's ArabicTokenizer),
// and agreement.json with the settings and a SHA-256 of the tokens, so the test knows it has the same tokens.
//
//     pnpm turbo run build --filter @tokenlab/vectors... && node packages/vectors/scripts/make-agreement-fixtures.mjs
//
// Needs Debian's python3-gensim at /usr/bin/python3. The tokenization below is the test's, repeated.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArabicTokenizer, stripTashkeel } from '@tokenlab/classic';
import { loadCorpus } from '@tokenlab/corpora';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'test', 'fixtures', 'agreement');

/** Lines cut by ArabicTokenizer, tokens holding a letter, lower-cased (Arabic: tashkeel stripped first). */
async function tokenLists(corpus) {
  const tokenizer = new ArabicTokenizer();
  const text = await loadCorpus(corpus);
  return text
    .split('\n')
    .map((line) =>
      tokenizer
        .words(corpus === 'quran-uthmani' ? stripTashkeel(line) : line)
        .filter((token) => /\p{L}/u.test(token))
        .map((token) => token.toLowerCase()),
    )
    .filter((tokens) => tokens.length > 0);
}

const ROWS = [
  { name: 'en-cbow', corpus: 'austen-emma', sg: false, epochs: 10 },
  { name: 'en-skipgram', corpus: 'austen-emma', sg: true, epochs: 5 },
  { name: 'ar-cbow', corpus: 'quran-uthmani', sg: false, epochs: 20 },
  { name: 'ar-skipgram', corpus: 'quran-uthmani', sg: true, epochs: 10 },
];

mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'vectors-agreement-'));
const rows = [];
for (const row of ROWS) {
  const sentences = await tokenLists(row.corpus);
  const text = `${sentences.map((tokens) => tokens.join(' ')).join('\n')}\n`;
  const tokensPath = join(work, `${row.corpus}.txt`);
  writeFileSync(tokensPath, text);
  const { vocabulary } = JSON.parse(
    execFileSync(
      '/usr/bin/python3',
      [
        join(here, 'make-agreement-fixtures.py'),
        tokensPath,
        out,
        row.name,
        row.sg ? '1' : '0',
        String(row.epochs),
      ],
      { encoding: 'utf8', env: { ...process.env, PYTHONHASHSEED: '0' } },
    ),
  );
  rows.push({
    ...row,
    vectorSize: 50,
    tokens: sentences.reduce((sum, tokens) => sum + tokens.length, 0),
    tokensSha256: createHash('sha256').update(text).digest('hex'),
    vocabulary,
  });
  console.log(rows.at(-1));
}
rmSync(work, { recursive: true, force: true });
writeFileSync(join(out, 'agreement.json'), `${JSON.stringify(rows, null, 1)}\n`);
