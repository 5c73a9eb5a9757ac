import {
  naturalAggressiveTokenizer,
  naturalSentenceTokenizer,
  naturalTreebankTokenizer,
  naturalWordPunctTokenizer,
  naturalWordTokenizer,
} from '@tokenlab/natural';
import type { TokenizerEntry } from './registry.js';

/** natural's tokenizers, as baselines (spans recovered by finding each token in the input). */
export const naturalTokenizers: TokenizerEntry[] = [
  {
    name: 'natural-word',
    family: 'natural',
    description: 'natural WordTokenizer: [A-Za-zА-Яа-я0-9_]+ only (drops Arabic and accented letters)',
    create: () => naturalWordTokenizer(),
  },
  {
    name: 'natural-wordpunct',
    family: 'natural',
    description: 'natural WordPunctTokenizer: Latin words, digit runs, other characters one by one',
    create: () => naturalWordPunctTokenizer(),
  },
  {
    name: 'natural-treebank',
    family: 'natural',
    description: 'natural TreebankWordTokenizer: a rough Treebank (cuts Arabic into letters)',
    create: () => naturalTreebankTokenizer(),
  },
  {
    name: 'natural-aggressive',
    family: 'natural',
    description: "natural AggressiveTokenizer: [a-zA-Z0-9'-/]+ only",
    create: () => naturalAggressiveTokenizer(),
  },
  {
    name: 'natural-sentence',
    family: 'natural',
    description: 'natural SentenceTokenizer: one token per sentence',
    create: () => naturalSentenceTokenizer(),
  },
];
