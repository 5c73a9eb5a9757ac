// Types for the few natural submodules the adapter loads directly (natural's own typings only
// describe its root module, which pulls in database clients and prints on import).

declare module 'natural/lib/natural/tokenizers/regexp_tokenizer.js' {
  interface NaturalTokenizer {
    tokenize(text: string): string[] | null;
  }
  const tokenizers: {
    WordTokenizer: new () => NaturalTokenizer;
    WordPunctTokenizer: new () => NaturalTokenizer;
  };
  export default tokenizers;
}

declare module 'natural/lib/natural/tokenizers/treebank_word_tokenizer.js' {
  const TreebankWordTokenizer: new () => { tokenize(text: string): string[] };
  export default TreebankWordTokenizer;
}

declare module 'natural/lib/natural/tokenizers/aggressive_tokenizer.js' {
  const AggressiveTokenizer: new () => { tokenize(text: string): string[] };
  export default AggressiveTokenizer;
}

declare module 'natural/lib/natural/tokenizers/sentence_tokenizer.js' {
  const SentenceTokenizer: new (
    abbreviations?: string[],
    trimSentences?: boolean,
  ) => {
    tokenize(text: string): string[];
  };
  export default SentenceTokenizer;
}

declare module 'natural/lib/natural/stemmers/porter_stemmer.js' {
  const PorterStemmer: { stem(word: string): string };
  export default PorterStemmer;
}

declare module 'natural/lib/natural/stemmers/lancaster_stemmer.js' {
  const LancasterStemmer: { stem(word: string): string };
  export default LancasterStemmer;
}
