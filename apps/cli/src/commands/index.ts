import type { CommandEntry } from '../command.js';

/**
 * Every `tokenlab` sub-command, in the order `tokenlab --help` lists them. A command's module (and the
 * packages it needs) is imported only when that command runs or shows its help, so `tokenlab train`
 * starts without the report, the web server or the word vectors.
 */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'compare',
    summary: 'the main job: every tokenizer side by side on English and Arabic, with an HTML report',
    load: async () => (await import('./compare.js')).compareCommand,
  },
  {
    name: 'count',
    summary: 'count the chunks of a file or byte range into Parquet (for sharded training)',
    load: async () => (await import('./count.js')).countCommand,
  },
  {
    name: 'decode',
    summary: 'token ids to text (tiktoken encodings, minbpe models)',
    load: async () => (await import('./decode.js')).decodeCommand,
  },
  {
    name: 'detokenize',
    summary: 'join Treebank tokens back into text',
    load: async () => (await import('./detokenize.js')).detokenizeCommand,
  },
  {
    name: 'embed',
    summary:
      'word vectors: train Word2Vec or PPMI/SVD vectors, nearest words, analogies and their evaluation (gensim-compatible files)',
    load: async () => (await import('./embed.js')).embedCommand,
  },
  {
    name: 'encode',
    summary: 'text to token ids (tiktoken encodings, minbpe models)',
    load: async () => (await import('./encode.js')).encodeCommand,
  },
  {
    name: 'export',
    summary: 'write a minbpe model as .tiktoken or Hugging Face tokenizer.json',
    load: async () => (await import('./export.js')).exportCommand,
  },
  {
    name: 'normalize',
    summary: 'normalize Arabic text with named steps (tatweel, tashkeel, alef forms, digits ...)',
    load: async () => (await import('./normalize.js')).normalizeCommand,
  },
  {
    name: 'sentences',
    summary: 'split text into sentences (Punkt, English or Arabic)',
    load: async () => (await import('./sentences.js')).sentencesCommand,
  },
  {
    name: 'stem',
    summary: "stem words with NLTK's stemmers (Porter, Lancaster, Snowball English/Arabic, ISRI), NLTK-exact",
    load: async () => (await import('./stem.js')).stemCommand,
  },
  {
    name: 'stats',
    summary: 'corpus statistics: frequencies, n-grams, collocations, TF-IDF',
    load: async () => (await import('./stats.js')).statsCommand,
  },
  {
    name: 'tokenize',
    summary: 'cut text into tokens with any tokenizer, or several side by side (-t a,b,c)',
    load: async () => (await import('./tokenize.js')).tokenizeCommand,
  },
  {
    name: 'train',
    summary: 'train a byte-level BPE tokenizer (minbpe-exact) and write .model/.vocab',
    load: async () => (await import('./train.js')).trainCommand,
  },
  {
    name: 'web',
    summary: 'serve the browser playground on localhost',
    load: async () => (await import('./web.js')).webCommand,
  },
];
