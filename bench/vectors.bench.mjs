// Word2Vec against gensim 4.2: training speed (words/s) of CBOW and skip-gram with default parameters
// on 10 MB of the English bench corpus, and agreement of the vectors (Spearman correlation of the cosine
// similarities of 3,000 fixed word pairs, mean overlap of the 10 nearest neighbours of the 500 most
// frequent words) set beside what two gensim seeds reach; analogy accuracy on the shipped English
// questions. Writes results/vectors.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Word2Vec } from '@tokenlab/vectors';
import { lineSentences, saveWord2VecFormat } from '@tokenlab/vectors/node';
import { benchCorpus, machineInfo } from './corpus.mjs';

const PYTHON = '/usr/bin/python3';
const here = new URL('.', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'tokenlab-vectors-bench-'));

// The same tokens for both: lower-cased runs of letters, one sentence per line.
const text = readFileSync(benchCorpus('en', 10), 'utf8');
const tokensPath = join(work, 'tokens.txt');
const lines = text
  .toLowerCase()
  .split('\n')
  .map((line) => (line.match(/\p{L}+/gu) ?? []).join(' '))
  .filter((line) => line !== '');
writeFileSync(tokensPath, `${lines.join('\n')}\n`);
const totalWords = lines.reduce((sum, line) => sum + line.split(' ').length, 0);
console.log(`${totalWords} words, ${lines.length} lines`);

// VECTORS_MODELS=cbow (or skipgram) measures one model only: each takes minutes on a busy machine.
const models = (process.env.VECTORS_MODELS ?? 'cbow,skipgram').split(',');
const tokenlab = {};
for (const [name, sg] of [
  ['cbow', false],
  ['skipgram', true],
].filter(([name]) => models.includes(name))) {
  const start = performance.now();
  const model = await Word2Vec.trainAsync(lineSentences(tokensPath), { sg, seed: 1 });
  const seconds = (performance.now() - start) / 1000;
  const path = join(work, `${name}.bin`);
  await saveWord2VecFormat(model.wv, path, { binary: true });
  tokenlab[name] = { seconds, path, vocabulary: model.wv.size };
  console.log(`tokenlab ${name}: ${seconds.toFixed(1)} s, ${model.wv.size} words`);
}

const questions = join(here, '..', 'packages', 'vectors', 'data', 'analogies', 'en.txt');
const gensim = JSON.parse(
  execFileSync(
    PYTHON,
    [
      join(here, 'vectors-gensim.py'),
      tokensPath,
      questions,
      tokenlab.cbow?.path ?? '-',
      tokenlab.skipgram?.path ?? '-',
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  ),
);
rmSync(work, { recursive: true, force: true });

const rate = (seconds) => `${((totalWords * 5) / seconds / 1e6).toFixed(2)} M`;
const f3 = (x) => x.toFixed(3);
const rows = [];
for (const name of models) {
  const g = gensim[name];
  const best = Math.min(...g.seconds_1_worker);
  rows.push(
    `| ${name === 'cbow' ? 'CBOW' : 'skip-gram'} | ${rate(tokenlab[name].seconds)} words/s | ${rate(best)} (1 worker), ${rate(g.seconds_2_workers)} (2 workers) | ${(best / tokenlab[name].seconds).toFixed(2)}× gensim on 1 worker | ${f3(g.tokenlab_vs_gensim_seed1.spearman)} (gensim seed 2: ${f3(g.gensim_seed2_vs_seed1.spearman)}) | ${f3(g.tokenlab_vs_gensim_seed1.overlap10)} (gensim seed 2: ${f3(g.gensim_seed2_vs_seed1.overlap10)}) | ${(100 * g.analogies_tokenlab.accuracy).toFixed(1)}% / ${(100 * g.analogies_gensim.accuracy).toFixed(1)}% (${g.analogies_gensim.evaluated} questions) |`,
  );
}
const section = `## Word vectors

Word2Vec with default parameters (100 dimensions, window 5, min count 5, negative 5, sample 1e-3,
5 epochs) on the first 10 MB of the English bench corpus, lower-cased runs of letters, one sentence per
line (${(totalWords / 1e6).toFixed(2)} M words; both read the same token file, tokenlab through
\`lineSentences\`, gensim through \`LineSentence\`); gensim 4.2 (Debian's python3-gensim) in the same run.
Words/s counts corpus words × epochs over wall time, vocabulary scan included. Agreement compares with
gensim seed 1: Spearman correlation of the cosine similarities of ${gensim[models[0]].tokenlab_vs_gensim_seed1.pairs} fixed pairs among the 2,000
most frequent words, and mean overlap of the 10 nearest neighbours of the 500 most frequent words; the
reference is what gensim with seed 2 reaches against seed 1. Analogies: accuracy on
\`packages/vectors/data/analogies/en.txt\`, tokenlab / gensim, both scored by gensim's
\`evaluate_word_analogies\`. ${machineInfo()}.

| model | tokenlab | gensim | speed | Spearman of cosines | top-10 overlap | analogies |
|---|---|---|---|---|---|---|
${rows.join('\n')}

tokenlab trains on one thread, in plain JavaScript (no worker threads, no WebAssembly yet): the speed goal
(at least gensim's words/s on 1 and 2 threads) is not met.${models.length < 2 ? ` Measured here: ${models.join(', ')} only (\`VECTORS_MODELS\`); the other model was not run.` : ''}
`;
writeFileSync(join(here, 'results', 'vectors.md'), section);
console.log(section);
