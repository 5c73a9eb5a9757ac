// tokenlab's side of vectors-speed.bench.mjs, one training per process (so that its peak memory is its own):
//   node vectors-speed-run.mjs TOKENS_FILE cbow|skipgram WORKERS VECTORS_OUT
// Counts the vocabulary, then times the 5 epochs alone (gensim's side times the same; the first epoch
// reads the token file line by line, the others train from the rows it kept; wall and CPU time, all threads); writes the vectors (word2vec binary) and
// prints JSON.
import { Word2Vec } from '@tokenlab/vectors';
import { lineSentences, saveWord2VecFormat, startWorkerThread } from '@tokenlab/vectors/node';

const [tokens, model, workersText, out] = process.argv.slice(2);
const workers = Number(workersText);
const corpus = lineSentences(tokens);
const w2v = await Word2Vec.buildVocabAsync(corpus, { sg: model === 'skipgram', seed: 1, workers });
const start = performance.now();
const cpu = process.cpuUsage();
await w2v.trainAsync(corpus, { threads: startWorkerThread });
const seconds = (performance.now() - start) / 1000;
// CPU time of the whole process, worker threads included.
const { user, system } = process.cpuUsage(cpu);
await saveWord2VecFormat(w2v.wv, out, { binary: true });
// What the first epoch kept of the corpus for the others: 4 bytes a known word, 8 a sentence.
let keptBytes = 0;
for await (const sentence of corpus) {
  keptBytes += 8;
  for (const word of sentence) if (w2v.wv.has(word)) keptBytes += 4;
}
const { weights } = w2v.state();
console.log(
  JSON.stringify({
    seconds,
    cpuSeconds: (user + system) / 1e6,
    vocabulary: w2v.wv.size,
    weightBytes: weights.input.byteLength + (weights.outputNegative?.byteLength ?? 0),
    trainingBytes: weights.input.buffer.byteLength,
    keptBytes,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  }),
);
