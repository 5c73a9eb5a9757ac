export { BlanklineTokenizer } from './blankline.js';
export { RegexpTokenizer, type RegexpTokenizerOptions, regexpTokenize } from './regexp-tokenizer.js';
export { WhitespaceTokenizer } from './whitespace.js';
export { type WordPunctOptions, WordPunctTokenizer } from './wordpunct.js';
