/**
 * Where a text may be cut into pieces that line-local tokenizers cut exactly as they cut the whole:
 * right after a newline that has a non-space character on each side (`x\nY`). Every regex tokenizer
 * whose matches cannot cross that newline (WordPunct, the GPT pre-tokenizers, minbpe's RegexTokenizer,
 * code points, bytes) then gives the same tokens for the parts as for the whole, so an edit only
 * re-tokenizes the part it touched.
 *
 * @example
 * ```ts
 * segmentStarts('one\ntwo\n\nthree'); // Int32Array [0, 4]: the blank line stays inside the second part
 * ```
 */
export function segmentStarts(text: string): Int32Array {
  const starts = [0];
  const cut = /\S\n(?=\S)/g;
  for (let match = cut.exec(text); match !== null; match = cut.exec(text)) {
    starts.push(match.index + 2);
    cut.lastIndex = match.index + 2;
  }
  return Int32Array.from(starts);
}

/**
 * A text cut by {@link segmentStarts}, each part a string of its own. The last text's cut is kept:
 * every column (and the text statistics) use the same part strings, so a map keyed by part hashes
 * each part once per text, not once per column.
 */
export interface Segmented {
  /** The whole text. */
  text: string;
  /** Where each part starts. */
  starts: Int32Array;
  /** The parts. */
  parts: string[];
  /** UTF-8 byte offset of each part, filled in when a byte-level token first needs it. */
  byteStarts?: Float64Array;
}

let last: Segmented | undefined;

/**
 * `text` cut into parts at {@link segmentStarts}, the last result kept.
 *
 * @example
 * ```ts
 * segmented('a\nb').parts; // ['a\n', 'b']
 * ```
 */
export function segmented(text: string): Segmented {
  if (last?.text === text) return last;
  const starts = segmentStarts(text);
  const parts = Array.from(starts, (start, i) =>
    text.slice(start, i + 1 < starts.length ? starts[i + 1] : text.length),
  );
  last = { text, starts, parts };
  return last;
}
