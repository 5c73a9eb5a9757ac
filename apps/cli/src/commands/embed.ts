import { availableParallelism } from 'node:os';
import { readableInRanges } from '@tokenlab/bpe/count-files';
import type { Corpus, KeyedVectors, Word2VecProgress } from '@tokenlab/vectors';
import { countVectors, OptionError, Word2Vec } from '@tokenlab/vectors';
import {
  loadModel,
  loadWord2VecFormat,
  readAnalogyQuestions,
  saveModel,
  saveWord2VecFormat,
  startWorkerThread,
} from '@tokenlab/vectors/node';
import { type Command, type ParsedArgs, parseCommandArgs } from '../command.js';
import { INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS, InvalidInputError } from '../input-decoding.js';
import { readInputText } from '../input-text.js';
import {
  type CommandIO,
  checkInputFiles,
  checkOutputFile,
  openInputFile,
  readNumberedLines,
  readOptionFile,
  UsageError,
  writeLine,
  writingFile,
} from '../io.js';
import { splitPythonWords } from '../python-split.js';
import { isUrlOperand } from '../url-fetch.js';
import { type InputOptions, inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';

const HELP = `Usage: tokenlab embed train (--out FILE | --model FILE) [options] [FILE...]
       tokenlab embed train --resume MODEL (--out FILE | --model FILE) [--epochs N] [--workers N]
                            [FILE...]
       tokenlab embed count --out FILE [options] [FILE...]
       tokenlab embed similar --vectors FILE [--binary | --glove] [--topn N] [--cosmul] [--json]
                              WORD...
       tokenlab embed analogy --vectors FILE [--binary | --glove] [--topn N] [--cosmul] [--json]
                              A B C
       tokenlab embed evaluate --vectors FILE [--binary | --glove]
                               (--questions FILE | --builtin en|ar) [options]

train     trains Word2Vec (gensim's defaults) on the FILEs (or stdin): one sentence per line, tokens
          separated by white space as Python's str.split() separates them (gensim's LineSentence).
          Files are streamed, once to count words and once per epoch, never held in memory (stdin
          and pipes, which can be read only once, are).
          Saves the vectors in the word2vec format (--out, text, or binary with --binary) and/or the
          whole model to continue training later (--model).
count     count-based vectors: PPMI of words and their window contexts, optionally reduced by SVD
          (--dimensions), saved in the word2vec format.
similar   the words nearest to the mean of the WORDs (gensim's most_similar).
analogy   A is to B as C is to ?: most_similar(positive=[B, C], negative=[A]) (--cosmul: 3CosMul).
evaluate  accuracy on analogy questions (": section" lines, then "a b c d"), per section and overall,
          as gensim's evaluate_word_analogies.

Options of train:
  -o, --out FILE            save the word vectors (word2vec format)
      --model FILE          save the whole model (vocabulary, weights, training state)
      --resume MODEL        continue training a saved model: its remaining epochs, or --epochs more
      --sg                  skip-gram (default CBOW)
      --hs                  hierarchical softmax (use --negative 0 for it alone)
      --vector-size N       dimension (default 100)
      --window N            context window (default 5)
      --min-count N         ignore rarer words (default 5)
      --max-vocab-size N    prune rare words while counting to hold at most N (default: no limit)
      --max-final-vocab N   keep at most N words, raising --min-count (default: no limit)
      --epochs N            passes over the corpus (default 5)
      --negative N          negative samples (default 5; 0 turns negative sampling off)
      --sample X            down-sampling threshold (default 0.001)
      --alpha X             initial learning rate (default 0.025)
      --min-alpha X         final learning rate (default 0.0001)
      --seed N              random seed (default 1)
      --workers N           training threads (default 1, deterministic for a seed; more train in
                            parallel on shared weights, as gensim's workers, not deterministic)
      --binary              save --out in the binary format
Options of count:
  -o, --out FILE            save the vectors (word2vec format; --binary for binary)
      --window N            context window (default 2)
      --min-count N         ignore rarer words (default 1)
      --smoothing X         context distribution smoothing exponent (default 1; 0.75 often helps)
      --dimensions N        reduce to N dimensions by truncated SVD (needed beyond 4096 words)
      --binary              save in the binary format
Options of train and count (reading FILEs):
${INPUT_DECODING_HELP}
${URL_INPUT_HELP}
Options of similar, analogy and evaluate:
      --vectors FILE        word2vec file to load (required)
      --binary              the file is in the binary format
      --glove               the file is a GloVe text file (no header)
      --topn N              how many words (default 10)
      --cosmul              similar and analogy by 3CosMul (gensim's most_similar_cosmul)
      --questions FILE      analogy questions to evaluate
      --builtin LANG        the analogy questions shipped with tokenlab: en or ar
      --restrict-vocab N    only the N most frequent words count (default 300000)
      --case-sensitive      compare words as written (default: case-insensitive, as gensim)
      --dummy4unknown       count questions with unknown words as wrong instead of skipping them
      --json                print JSON
  -h, --help                show this help`;

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

/**
 * Save word vectors in the word2vec format (text, or binary with `binary`) at `path` (written beside it
 * and renamed over it, or into it for a device or a named pipe, as `saveWord2VecFormat` does). A
 * failure is one line naming `path`.
 */
async function saveVectors(kv: KeyedVectors, path: string, binary: boolean): Promise<void> {
  await writingFile(path, () => saveWord2VecFormat(kv, path, { binary }));
}

/** gensim's `LineSentence` cuts a longer line into sentences of this many tokens. */
const MAX_SENTENCE_LENGTH = 10_000;

/** The sentences of one line: its tokens (Python's `str.split()`), in pieces of {@link MAX_SENTENCE_LENGTH}. */
function lineSentencesOf(line: string): string[][] {
  const tokens = splitPythonWords(line);
  const sentences: string[][] = [];
  for (let start = 0; start < tokens.length; start += MAX_SENTENCE_LENGTH)
    sentences.push(tokens.slice(start, start + MAX_SENTENCE_LENGTH));
  return sentences;
}

/**
 * The sentences of a text as gensim's `LineSentence` reads them: one per line (lines end at `\n`
 * only), its tokens separated by white space as Python's `str.split()` separates them.
 */
function sentencesOf(text: string): string[][] {
  return text.split('\n').flatMap(lineSentencesOf);
}

/**
 * The sentences of a UTF-8 file, read line by line each time the corpus is iterated (once to count the
 * words, once per epoch), as {@link sentencesOf} reads a text: bytes that are not UTF-8 stop training
 * with the file, line and byte, and the fixes (`--input-encoding`, `--replace-invalid`).
 */
function fileSentences(file: string): AsyncIterable<string[]> {
  return {
    async *[Symbol.asyncIterator]() {
      const handle = await openInputFile(file);
      try {
        const lines = readNumberedLines(handle.createReadStream({ autoClose: false }), `'${file}'`, {
          invalid: (problem) => new InvalidInputError(problem),
        });
        for await (const { line } of lines) yield* lineSentencesOf(line);
      } finally {
        await handle.close();
      }
    },
  };
}

/** Sentences of the FILEs, streamed and re-read per epoch; what can be read only once is held in memory. */
async function corpusOf(files: string[], io: CommandIO, options: InputOptions): Promise<Corpus | string[][]> {
  // Plain UTF-8 files stream once per epoch; stdin (none named, or '-'), pipes, URLs and input that
  // needs another decoding or HTML/feed handling are read whole first, as every other command reads them.
  const readWhole =
    files.length === 0 ||
    files.includes('-') ||
    files.some(isUrlOperand) ||
    options.encoding !== undefined ||
    options.replaceInvalid === true ||
    options.web?.html !== undefined ||
    options.web?.feed === true ||
    // A file that cannot be read in byte ranges (a pipe) cannot be read a second time either.
    !(await readableInRanges(files));
  if (readWhole) return readInputText(files, io, options).then(sentencesOf);
  // A missing file or a folder is said now, by name, not by the first epoch.
  await checkInputFiles(files);
  const sources = files.map(fileSentences);
  return async function* () {
    for (const source of sources) yield* source;
  };
}

async function train(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('embed', argv, {
    out: { type: 'string', short: 'o' },
    model: { type: 'string' },
    resume: { type: 'string' },
    sg: { type: 'boolean' },
    hs: { type: 'boolean' },
    'vector-size': { type: 'string' },
    window: { type: 'string' },
    'min-count': { type: 'string' },
    'max-vocab-size': { type: 'string' },
    'max-final-vocab': { type: 'string' },
    epochs: { type: 'string' },
    negative: { type: 'string' },
    sample: { type: 'string' },
    alpha: { type: 'string' },
    'min-alpha': { type: 'string' },
    seed: { type: 'string' },
    workers: { type: 'string' },
    binary: { type: 'boolean' },
    ...INPUT_DECODING_OPTIONS,
    ...URL_INPUT_OPTIONS,
  });
  let workers = integerOption(values, 'workers');
  if (workers !== undefined && workers > availableParallelism()) {
    // Each thread costs memory whether or not a core is free for it.
    io.stderr.write(`--workers ${workers} capped at the ${availableParallelism()} cores of this machine\n`);
    workers = availableParallelism();
  }
  const out = typeof values.out === 'string' ? values.out : undefined;
  const modelPath = typeof values.model === 'string' ? values.model : undefined;
  if (!out && !modelPath)
    throw new UsageError('say where to save: --out FILE (word vectors) and/or --model FILE (whole model)');
  if (values.binary === true && !out)
    throw new UsageError(
      '--binary applies to --out FILE (the word vectors); --model FILE has a format of its own',
    );
  // Before the training, which may take long, not after it.
  for (const path of [out, modelPath]) if (path) await checkOutputFile(path);
  const corpus = await corpusOf(positionals, io, inputOptionsFrom(values));
  const onProgress = (p: Word2VecProgress) => {
    io.stderr.write(
      `epoch ${p.epoch}/${p.epochs}: ${p.tokensTrained} tokens trained, alpha ${p.alpha.toFixed(6)}\n`,
    );
  };
  let model: Word2Vec;
  if (typeof values.resume === 'string') {
    const shaping = [
      'sg',
      'hs',
      'vector-size',
      'window',
      'min-count',
      'max-vocab-size',
      'max-final-vocab',
      'negative',
      'sample',
      'alpha',
      'min-alpha',
      'seed',
    ];
    const given = shaping.filter((name) => values[name] !== undefined);
    if (given.length > 0)
      throw new UsageError(`--resume keeps the saved model's parameters; drop --${given.join(', --')}`);
    model = await readOptionFile(values.resume, '--resume', loadModel);
    await model.trainAsync(corpus, {
      epochs: integerOption(values, 'epochs'),
      onProgress,
      workers,
      threads: startWorkerThread,
    });
  } else {
    model = await Word2Vec.trainAsync(corpus, {
      sg: values.sg === true,
      hs: values.hs === true,
      vectorSize: integerOption(values, 'vector-size'),
      window: integerOption(values, 'window'),
      minCount: integerOption(values, 'min-count'),
      maxVocabSize: integerOption(values, 'max-vocab-size'),
      maxFinalVocab: integerOption(values, 'max-final-vocab'),
      epochs: integerOption(values, 'epochs'),
      negative: integerOption(values, 'negative'),
      sample: numberOption(values, 'sample'),
      alpha: numberOption(values, 'alpha'),
      minAlpha: numberOption(values, 'min-alpha'),
      seed: integerOption(values, 'seed'),
      workers,
      threads: startWorkerThread,
      onProgress,
    });
  }
  if (out) {
    await saveVectors(model.wv, out, values.binary === true);
    io.stderr.write(`${model.wv.size} vectors of ${model.wv.vectorSize} dimensions saved to ${out}\n`);
  }
  if (modelPath) {
    await writingFile(modelPath, () => saveModel(model, modelPath));
    io.stderr.write(`model saved to ${modelPath}\n`);
  }
  return 0;
}

async function count(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('embed', argv, {
    out: { type: 'string', short: 'o' },
    window: { type: 'string' },
    'min-count': { type: 'string' },
    smoothing: { type: 'string' },
    dimensions: { type: 'string' },
    binary: { type: 'boolean' },
    ...INPUT_DECODING_OPTIONS,
    ...URL_INPUT_OPTIONS,
  });
  if (typeof values.out !== 'string') throw new UsageError('say where to save the vectors: --out FILE');
  await checkOutputFile(values.out);
  const sentences = sentencesOf(await readInputText(positionals, io, inputOptionsFrom(values)));
  const kv = countVectors(sentences, {
    window: integerOption(values, 'window'),
    minCount: integerOption(values, 'min-count'),
    alpha: numberOption(values, 'smoothing'),
    dimensions: integerOption(values, 'dimensions'),
  });
  const out = values.out;
  await saveVectors(kv, out, values.binary === true);
  io.stderr.write(`${kv.size} vectors of ${kv.vectorSize} dimensions saved to ${values.out}\n`);
  return 0;
}

const QUERY_OPTIONS = {
  vectors: { type: 'string' },
  binary: { type: 'boolean' },
  glove: { type: 'boolean' },
  topn: { type: 'string' },
  cosmul: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

async function loadVectors(values: ParsedArgs['values']): Promise<KeyedVectors> {
  if (typeof values.vectors !== 'string') throw new UsageError('say which vectors to load: --vectors FILE');
  return readOptionFile(values.vectors, '--vectors', (file) =>
    loadWord2VecFormat(file, { binary: values.binary === true, noHeader: values.glove === true }),
  );
}

async function query(kind: 'similar' | 'analogy', argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('embed', argv, QUERY_OPTIONS);
  if (typeof values.vectors !== 'string') throw new UsageError('say which vectors to load: --vectors FILE');
  if (kind === 'analogy' && positionals.length !== 3)
    throw new UsageError('analogy takes three words: A B C');
  if (positionals.length === 0) throw new UsageError('name at least one word');
  const kv = await loadVectors(values);
  const topn = integerOption(values, 'topn') ?? 10;
  const [a = '', b = '', c = ''] = positionals;
  const answers =
    kind === 'analogy'
      ? values.cosmul
        ? kv.mostSimilarCosmul({ positive: [b, c], negative: [a], topn })
        : kv.mostSimilar({ positive: [b, c], negative: [a], topn })
      : values.cosmul
        ? kv.mostSimilarCosmul({ positive: positionals, topn })
        : kv.mostSimilar({ positive: positionals, topn });
  if (values.json) {
    await writeLine(io.stdout, JSON.stringify(answers));
    return 0;
  }
  for (const { word, score } of answers) await writeLine(io.stdout, `${word}\t${score.toFixed(4)}`);
  return 0;
}

async function evaluate(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('embed', argv, {
    ...QUERY_OPTIONS,
    questions: { type: 'string' },
    builtin: { type: 'string' },
    'restrict-vocab': { type: 'string' },
    'case-sensitive': { type: 'boolean' },
    dummy4unknown: { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`evaluate takes no words, got '${positionals[0]}'`);
  // As gensim's evaluate_word_analogies: 3CosAdd, the first of the five best answers that is no question word.
  if (values.cosmul === true || values.topn !== undefined)
    throw new UsageError(
      `${values.cosmul === true ? '--cosmul' : '--topn'} applies to similar and analogy; evaluate scores as gensim does (3CosAdd, top 5)`,
    );
  const { questions, builtin } = values;
  if ((typeof questions === 'string') === (typeof builtin === 'string'))
    throw new UsageError('give the questions: --questions FILE or --builtin en|ar (one of them)');
  if (typeof builtin === 'string' && builtin !== 'en' && builtin !== 'ar')
    throw new UsageError(`--builtin must be en or ar, got '${builtin}'`);
  const kv = await loadVectors(values);
  const text =
    typeof questions === 'string'
      ? await readInputText([questions], io)
      : await readAnalogyQuestions(builtin as 'en' | 'ar');
  const result = kv.evaluateWordAnalogies(text, {
    restrictVocab: integerOption(values, 'restrict-vocab'),
    caseInsensitive: values['case-sensitive'] !== true,
    dummy4unknown: values.dummy4unknown === true,
    source: typeof questions === 'string' ? questions : `builtin ${builtin}`,
  });
  const rows = [...result.sections, result.total].map((s) => ({
    section: s.section,
    correct: s.correct.length,
    incorrect: s.incorrect.length,
    accuracy: s.accuracy,
  }));
  if (values.json) {
    await writeLine(
      io.stdout,
      JSON.stringify({
        accuracy: result.accuracy,
        questions: result.questions,
        outOfVocabulary: result.outOfVocabulary,
        sections: rows,
      }),
    );
    return 0;
  }
  const width = Math.max(...rows.map((r) => [...r.section].length));
  for (const r of rows) {
    const percent = (100 * r.accuracy).toFixed(1).padStart(5);
    await writeLine(
      io.stdout,
      `${r.section.padEnd(width)}  ${percent}%  (${r.correct}/${r.correct + r.incorrect})`,
    );
  }
  const skipped = (100 * result.outOfVocabulary) / result.questions;
  await writeLine(
    io.stdout,
    `questions with out-of-vocabulary words: ${result.outOfVocabulary} of ${result.questions} (${skipped.toFixed(1)}%)`,
  );
  return 0;
}

/**
 * The library's advice in the words of its options (`raise minCount`), said with this command's flags
 * (`raise --min-count`): a user of the command cannot pass `minCount`.
 */
const LIBRARY_ADVICE: ReadonlyArray<readonly [string, string]> = [
  ['ask for dimensions (SVD)', 'ask for --dimensions N (a truncated SVD)'],
  ['raise minCount', 'raise --min-count'],
  ['after minCount', 'after --min-count'],
  ['lower vectorSize', 'lower --vector-size'],
  ['use a smaller window', 'use a smaller --window'],
];

/** `error` with the library's advice in its message said with this command's flags (see {@link LIBRARY_ADVICE}). */
function inCommandWords(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof UsageError) return error;
  let message = error.message;
  for (const [library, command] of LIBRARY_ADVICE) message = message.replaceAll(library, command);
  return message === error.message ? error : new Error(message);
}

/**
 * The library's refusal of an option value, in this command's words and with its exit code:
 * `vectorSize must be ...` becomes `--vector-size must be ...`. `renamed` maps the options whose
 * flags are not their names in kebab case.
 */
function asUsageError(renamed: Readonly<Record<string, string>> = {}): (error: unknown) => never {
  return (error) => {
    if (!(error instanceof OptionError)) throw inCommandWords(error);
    const flag = `--${renamed[error.option] ?? error.option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    const { message, option } = error;
    throw new UsageError(message.startsWith(`${option} `) ? flag + message.slice(option.length) : message);
  };
}

/** `tokenlab embed`: train word vectors and ask them for neighbours and analogies. */
export const embedCommand: Command = {
  name: 'embed',
  help: HELP,
  async run(argv, io) {
    const [action, ...rest] = argv;
    if (action === 'train') return train(rest, io).catch(asUsageError());
    if (action === 'count') return count(rest, io).catch(asUsageError({ alpha: 'smoothing' }));
    if (action === 'similar' || action === 'analogy') return query(action, rest, io).catch(asUsageError());
    if (action === 'evaluate') return evaluate(rest, io).catch(asUsageError());
    if (action === undefined)
      throw new UsageError('choose an action: train, count, similar, analogy or evaluate');
    throw new UsageError(`unknown action '${action}': train, count, similar, analogy or evaluate`);
  },
};
