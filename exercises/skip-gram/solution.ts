// Reference solution of docs/exercises/skip-gram.md.
import { SeededRandom } from '@tokenlab/vectors';

/** Words kept for training (seen at least `minCount` times), most frequent first, ties in order of first appearance. */
export function countVocabulary(
  sentences: readonly (readonly string[])[],
  minCount: number,
): { words: string[]; counts: number[] } {
  const counts = new Map<string, number>();
  for (const sentence of sentences)
    for (const word of sentence) counts.set(word, (counts.get(word) ?? 0) + 1);
  const kept = [...counts].filter(([, count]) => count >= minCount).sort((a, b) => b[1] - a[1]);
  return { words: kept.map(([word]) => word), counts: kept.map(([, count]) => count) };
}

/** gensim's `cum_table`: cumulative count^0.75, scaled to 2^31 − 1 and rounded. */
export function negativeTable(counts: readonly number[]): number[] {
  const domain = 2 ** 31 - 1;
  const total = counts.reduce((sum, count) => sum + count ** 0.75, 0);
  let cumulative = 0;
  return counts.map((count) => {
    cumulative += count ** 0.75;
    return Math.round((cumulative / total) * domain);
  });
}

/** A row drawn from the table: the first entry ≥ `draw % last entry` (Python's `bisect_left`). */
export function drawNegative(table: readonly number[], draw: number): number {
  const value = draw % (table[table.length - 1] as number);
  let low = 0;
  let high = table.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((table[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The logistic function. */
export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * One skip-gram step: the input vector of `context` learns to predict `center` (label 1) and not the
 * `negatives` (label 0; one equal to `center` is skipped). Dot products beyond ±6 are skipped. The output
 * rows change at once; the input row takes the summed error at the end.
 */
export function trainPair(
  input: Float32Array,
  output: Float32Array,
  size: number,
  context: number,
  center: number,
  negatives: readonly number[],
  alpha: number,
): void {
  const hidden = Float64Array.from(input.subarray(context * size, (context + 1) * size));
  const work = new Float64Array(size);
  const targets: [number, number][] = [[center, 1]];
  for (const row of negatives) if (row !== center) targets.push([row, 0]);
  for (const [row, label] of targets) {
    const offset = row * size;
    let dot = 0;
    for (let k = 0; k < size; k++) dot += (hidden[k] as number) * (output[offset + k] as number);
    if (dot <= -6 || dot >= 6) continue;
    const gradient = (label - sigmoid(dot)) * alpha;
    for (let k = 0; k < size; k++) {
      work[k] = (work[k] as number) + gradient * (output[offset + k] as number);
      output[offset + k] = (output[offset + k] as number) + gradient * (hidden[k] as number);
    }
  }
  for (let k = 0; k < size; k++)
    input[context * size + k] = (input[context * size + k] as number) + (work[k] as number);
}

/** Options of {@link trainSkipGram}: those of `Word2Vec.train` with `sg: true, sample: 0`. */
export interface SkipGramOptions {
  vectorSize: number;
  window: number;
  minCount: number;
  negative: number;
  alpha: number;
  minAlpha: number;
  epochs: number;
  seed: number;
}

/** Skip-gram with negative sampling, drawing random numbers exactly as `Word2Vec.train` does. */
export function trainSkipGram(
  sentences: readonly (readonly string[])[],
  options: SkipGramOptions,
): { words: string[]; vectors: Float32Array } {
  const { vectorSize: size, window, negative, alpha, minAlpha, epochs } = options;
  const { words, counts } = countVocabulary(sentences, options.minCount);
  const index = new Map(words.map((word, row) => [word, row]));
  const table = negativeTable(counts);
  const random = new SeededRandom(options.seed);
  const input = new Float32Array(words.length * size);
  for (let i = 0; i < input.length; i++) input[i] = (random.nextFloat() * 2 - 1) / size;
  const output = new Float32Array(words.length * size);
  const totalTokens = sentences.reduce((sum, sentence) => sum + sentence.length, 0) * epochs;
  let tokensRead = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const sentence of sentences) {
      const rate = alpha - (alpha - minAlpha) * (tokensRead / totalTokens);
      const rows: number[] = [];
      for (const word of sentence) {
        const row = index.get(word);
        if (row === undefined) continue;
        random.nextUint32(); // the down-sampling draw: with sample 0 every word is kept, but the draw is made
        rows.push(row);
      }
      for (let i = 0; i < rows.length; i++) {
        const shrink = random.nextUint32() % window;
        const from = Math.max(0, i - window + shrink);
        const to = Math.min(rows.length, i + window + 1 - shrink);
        for (let j = from; j < to; j++) {
          if (j === i) continue;
          const negatives = Array.from({ length: negative }, () => drawNegative(table, random.nextUint32()));
          trainPair(input, output, size, rows[j] as number, rows[i] as number, negatives, rate);
        }
      }
      tokensRead += sentence.length;
    }
  }
  return { words, vectors: input };
}
