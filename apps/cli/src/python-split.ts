import { isPythonSpace } from '@tokenlab/pattern';

/**
 * The words of `text` as Python's `str.split()` (no argument) gives them: runs of characters that are
 * not white space, white space being what Python's `str.isspace()` says (from @tokenlab/pattern's
 * `isPythonSpace`). That is JavaScript's `\s` less U+FEFF, plus U+001C–U+001F and U+0085: NLTK's
 * stemming examples and gensim's `LineSentence` split words so, and `tokenize -t whitespace` too.
 *
 * @example
 * ```ts
 * splitPythonWords('running\u001cjumps\u0085ran'); // ['running', 'jumps', 'ran']
 * splitPythonWords('a\uFEFFb'); // ['a\uFEFFb']: U+FEFF is no space in Python
 * ```
 */
export function splitPythonWords(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (isPythonSpace(text.charCodeAt(i))) {
      if (start >= 0) {
        words.push(text.slice(start, i));
        start = -1;
      }
    } else if (start < 0) start = i;
  }
  if (start >= 0) words.push(text.slice(start));
  return words;
}
