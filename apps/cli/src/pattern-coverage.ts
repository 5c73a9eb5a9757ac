import type { ChunkCounts, SplitPattern } from '@tokenlab/bpe';

/**
 * What a split pattern leaves out of a text: characters no chunk holds, so no token encodes them.
 *
 * @example
 * ```ts
 * const loss: PatternLoss = patternLoss('a, b', SplitPattern.from('\\w+')); // 2 of 4 dropped
 * ```
 */
export interface PatternLoss {
  /** Characters (code points) of the text outside every chunk. */
  dropped: number;
  /** Characters (code points) of the whole text. */
  total: number;
  /** The most frequent dropped characters and their counts, most frequent first. */
  common: [string, number][];
}

/**
 * How many UTF-16 units of a text of `length` units the chunks in `counts` leave out: the chunks of a
 * text never overlap, so what they do not add up to was dropped. A cheap test before {@link patternLoss}.
 *
 * @example
 * ```ts
 * droppedUnits(new Map([['ab', 2]]), 5); // 1 ('ab ab' split by \w+ drops the space)
 * ```
 */
export function droppedUnits(counts: ChunkCounts, length: number): number {
  let kept = 0;
  for (const [chunk, count] of counts) kept += chunk.length * count;
  return length - kept;
}

/**
 * The characters of `text` that `split` puts in no chunk (between matches, or outside the capture
 * group of a one-group pattern), counted by character; `common` keeps the `top` most frequent.
 *
 * @example
 * ```ts
 * patternLoss('Hello, world!', SplitPattern.from('\\w+'));
 * // { dropped: 3, total: 13, common: [[',', 1], [' ', 1], ['!', 1]] }
 * ```
 */
export function patternLoss(text: string, split: SplitPattern, top = 8): PatternLoss {
  const byCharacter = new Map<string, number>();
  let dropped = 0;
  split.forEachDropped(text, (start, end) => {
    for (const character of text.slice(start, end)) {
      byCharacter.set(character, (byCharacter.get(character) ?? 0) + 1);
      dropped++;
    }
  });
  let total = 0;
  for (const _ of text) total++;
  const common = [...byCharacter].sort((x, y) => y[1] - x[1]).slice(0, top);
  return { dropped, total, common };
}

/**
 * The warning `train` prints for a pattern that drops characters.
 *
 * @example
 * ```ts
 * lossWarning({ dropped: 3, total: 13, common: [[',', 1], [' ', 1], ['!', 1]] });
 * // 'the split pattern drops 3 of 13 characters of the training text (23.1%) ...'
 * ```
 */
export function lossWarning(loss: PatternLoss): string {
  const share = ((100 * loss.dropped) / Math.max(1, loss.total)).toFixed(1);
  const shown = loss.common.map(([character, n]) => `${JSON.stringify(character)} ×${n}`).join(', ');
  return (
    `the split pattern drops ${loss.dropped} of ${loss.total} characters of the training text (${share}%); ` +
    `no token holds them, so decode(encode(text)) loses them. Most dropped: ${shown}. ` +
    `A pattern that matches every character (gpt4, gpt2) keeps them.`
  );
}
