import type { KeyedVectors } from '@tokenlab/vectors';
import { Word2Vec } from '@tokenlab/vectors';
import { loadWord2VecFormat, saveWord2VecFormat } from '@tokenlab/vectors/node';
import { type Command, type ParsedArgs, parseCommandArgs } from '../command.js';
import { type CommandIO, readInputText, UsageError, writeLine } from '../io.js';
import { inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';

const HELP = `Usage: tokenlab embed train --out FILE [options] [FILE...]
       tokenlab embed similar --vectors FILE [--binary | --glove] [--topn N] [--json] WORD...
       tokenlab embed analogy --vectors FILE [--binary | --glove] [--topn N] [--json] A B C

train    trains Word2Vec (negative sampling, gensim's defaults) on the FILEs (or stdin): one sentence per
         line, tokens separated by whitespace (as gensim's LineSentence), and saves the vectors in the
         word2vec format (text, or binary with --binary).
similar  the words nearest to the mean of the WORDs (gensim's most_similar).
analogy  A is to B as C is to ?: most_similar(positive=[B, C], negative=[A]).

Options of train:
      --out FILE         where to save the vectors (required)
      --sg               skip-gram (default CBOW)
      --vector-size N    dimension (default 100)
      --window N         context window (default 5)
      --min-count N      ignore rarer words (default 5)
      --epochs N         passes over the corpus (default 5)
      --negative N       negative samples (default 5)
      --sample X         down-sampling threshold (default 0.001)
      --alpha X          initial learning rate (default 0.025)
      --seed N           random seed (default 1)
      --binary           save in the binary format
${URL_INPUT_HELP}
Options of similar and analogy:
      --vectors FILE     word2vec file to load (required)
      --binary           the file is in the binary format
      --glove            the file is a GloVe text file (no header)
      --topn N           how many words (default 10)
      --json             print a JSON array of {word, score}
  -h, --help             show this help`;

function integerOption(values: ParsedArgs['values'], name: string): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const number = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw new UsageError(`--${name} must be a whole number, got '${value}'`);
  return number;
}

function numberOption(values: ParsedArgs['values'], name: string): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const number = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(number)) {
    throw new UsageError(`--${name} must be a number, got '${value}'`);
  }
  return number;
}

async function train(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('embed', argv, {
    out: { type: 'string' },
    sg: { type: 'boolean' },
    'vector-size': { type: 'string' },
    window: { type: 'string' },
    'min-count': { type: 'string' },
    epochs: { type: 'string' },
    negative: { type: 'string' },
    sample: { type: 'string' },
    alpha: { type: 'string' },
    seed: { type: 'string' },
    binary: { type: 'boolean' },
    ...URL_INPUT_OPTIONS,
  });
  if (typeof values.out !== 'string') throw new UsageError('say where to save the vectors: --out FILE');
  const text = await readInputText(positionals, io, inputOptionsFrom(values));
  const sentences = text
    .split('\n')
    .map((line) => line.split(/\s+/u).filter((token) => token !== ''))
    .filter((sentence) => sentence.length > 0);
  const model = Word2Vec.train(sentences, {
    sg: values.sg === true,
    vectorSize: integerOption(values, 'vector-size'),
    window: integerOption(values, 'window'),
    minCount: integerOption(values, 'min-count'),
    epochs: integerOption(values, 'epochs'),
    negative: integerOption(values, 'negative'),
    sample: numberOption(values, 'sample'),
    alpha: numberOption(values, 'alpha'),
    seed: integerOption(values, 'seed'),
    onProgress: (p) => {
      io.stderr.write(
        `epoch ${p.epoch}/${p.epochs}: ${p.tokensTrained} tokens trained, alpha ${p.alpha.toFixed(6)}\n`,
      );
    },
  });
  await saveWord2VecFormat(model.wv, values.out, { binary: values.binary === true });
  io.stderr.write(`${model.wv.size} vectors of ${model.wv.vectorSize} dimensions saved to ${values.out}\n`);
  return 0;
}

async function query(kind: 'similar' | 'analogy', argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('embed', argv, {
    vectors: { type: 'string' },
    binary: { type: 'boolean' },
    glove: { type: 'boolean' },
    topn: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (typeof values.vectors !== 'string') throw new UsageError('say which vectors to load: --vectors FILE');
  if (kind === 'analogy' && positionals.length !== 3)
    throw new UsageError('analogy takes three words: A B C');
  if (positionals.length === 0) throw new UsageError('name at least one word');
  const kv: KeyedVectors = await loadWord2VecFormat(values.vectors, {
    binary: values.binary === true,
    noHeader: values.glove === true,
  });
  const topn = integerOption(values, 'topn') ?? 10;
  const [a = '', b = '', c = ''] = positionals;
  const answers =
    kind === 'analogy'
      ? kv.mostSimilar({ positive: [b, c], negative: [a], topn })
      : kv.mostSimilar({ positive: positionals, topn });
  if (values.json) {
    await writeLine(io.stdout, JSON.stringify(answers));
    return 0;
  }
  for (const { word, score } of answers) await writeLine(io.stdout, `${word}\t${score.toFixed(4)}`);
  return 0;
}

/** `tokenlab embed`: train word vectors and ask them for neighbours and analogies. */
export const embedCommand: Command = {
  name: 'embed',
  summary: 'word vectors: train Word2Vec, nearest words, analogies (gensim-compatible files)',
  help: HELP,
  async run(argv, io) {
    const [action, ...rest] = argv;
    if (action === 'train') return train(rest, io);
    if (action === 'similar' || action === 'analogy') return query(action, rest, io);
    if (action === undefined) throw new UsageError('choose an action: train, similar or analogy');
    throw new UsageError(`unknown action '${action}': train, similar or analogy`);
  },
};
