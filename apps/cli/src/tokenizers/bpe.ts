import { loadModelFile } from '@tokenlab/bpe/node';
import { UsageError } from '../io.js';
import type { TokenizerEntry } from './registry.js';

/** Byte-level BPE from @tokenlab/bpe: a minbpe .model file trained with `tokenlab train` or by minbpe. */
export const bpeTokenizers: TokenizerEntry[] = [
  {
    name: 'bpe',
    family: 'bpe',
    description: 'byte-level BPE from a minbpe .model file (--model PREFIX.model; Basic or Regex)',
    create: async (settings) => {
      if (typeof settings.model !== 'string')
        throw new UsageError(
          "the bpe tokenizer needs --model PREFIX.model (train one with 'tokenlab train')",
        );
      return loadModelFile(settings.model);
    },
  },
];
