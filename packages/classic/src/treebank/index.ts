export { type DetokenizeOptions, TreebankWordDetokenizer } from './detokenizer.js';
export { NLTKWordTokenizer } from './nltk-word-tokenizer.js';
export { pythonRewrite, type Rewrite } from './rewrite.js';
export { type TreebankOptions, TreebankWordTokenizer } from './treebank-tokenizer.js';
