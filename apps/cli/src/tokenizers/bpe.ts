import { RegexTokenizer } from '@tokenlab/bpe';
import { loadModelFile } from '@tokenlab/bpe/node';
import { readOptionFile, UsageError } from '../io.js';
import type { TokenizerEntry } from './registry.js';

/** Byte-level BPE from @tokenlab/bpe: a minbpe .model file trained with `tokenlab train` or by minbpe. */
export const bpeTokenizers: TokenizerEntry[] = [
  {
    name: 'bpe',
    family: 'bpe',
    description: 'byte-level BPE from a minbpe .model file (--model PREFIX.model; Basic or Regex)',
    reads: ['model'],
    create: async (settings) => {
      if (typeof settings.model !== 'string')
        throw new UsageError(
          "the bpe tokenizer needs --model PREFIX.model (train one with 'tokenlab train')",
        );
      return readOptionFile(settings.model, '--model', loadModelFile);
    },
  },
];

/** The names of the BPE rows of the compare report: `bpe-512`, `bpe-1024`, `bpe-4096`, ... */
export const TRAINED_BPE_NAME = /^bpe-(\d+)$/;

/** The line `tokenize --help` shows for the `bpe-N` names. */
export const TRAINED_BPE_HELP = {
  name: 'bpe-N',
  description:
    "BPE with N tokens trained here as compare's bpe-N rows: GPT-4 split pattern, on the bundled corpus of --corpus en|ar (default en), 9 of every 10 lines",
};

/**
 * The entry for a name such as `bpe-512`: a regex BPE (minbpe's `RegexTokenizer`, GPT-4 pattern)
 * trained on the bundled corpus exactly as `tokenlab compare` trains its `bpe-512` row, so that the
 * report's row names work in `tokenize`. `undefined` for other names.
 *
 * @example
 * ```ts
 * const entry = trainedBpeEntry('bpe-512');
 * const tokenizer = await entry!.create({ corpus: 'ar' });
 * ```
 */
export function trainedBpeEntry(name: string): TokenizerEntry | undefined {
  const match = TRAINED_BPE_NAME.exec(name);
  if (!match) return undefined;
  const size = Number(match[1]);
  return {
    name,
    family: 'bpe',
    description: TRAINED_BPE_HELP.description.replace('N tokens', `${size} tokens`),
    reads: ['corpus'],
    create: async (settings) => {
      if (size <= 256 || size > 65_536)
        throw new UsageError(`${name}: the vocabulary size must be from 257 to 65536`);
      const language = typeof settings.corpus === 'string' ? settings.corpus : 'en';
      // The report's own corpus loading and training split, so the tokens are the row's tokens.
      const { DEFAULT_CORPORA, loadLanguageTexts } = await import('../report/inputs.js');
      if (!(language in DEFAULT_CORPORA))
        throw new UsageError(
          `--corpus: '${language}' has no bundled corpus; use ${Object.keys(DEFAULT_CORPORA).join(' or ')}`,
        );
      const { trainingText } = await import('../report/bpe-sweep.js');
      const [corpus] = await loadLanguageTexts([{ language }]);
      const trainer = new RegexTokenizer('gpt4');
      trainer.train(trainingText(corpus!), size);
      return RegexTokenizer.fromMerges(trainer.merges, { pattern: 'gpt4', name });
    },
  };
}
