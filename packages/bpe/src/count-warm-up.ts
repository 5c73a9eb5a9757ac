import { ByteChunkStore } from './byte-chunk-store.js';
import { countUtf8Chunks } from './utf8-count.js';

/**
 * A made-up text with one or more of every kind of chunk the GPT-2 and GPT-4 byte scanners cut:
 * words in lower and upper case with each contraction, numbers of one to five digits, runs of
 * punctuation (with and without a leading space and trailing newlines), runs of spaces, tabs and
 * newlines (`\r\n` too), letters of two, three and four bytes with their marks, Arabic with its own
 * digits, punctuation and diacritics, no-break spaces, emoji, and words longer than a record.
 *
 * @example
 * ```ts
 * countChunks(WARM_UP_SAMPLE, 'gpt4').has("'ll"); // true
 * ```
 */
export const WARM_UP_SAMPLE =
  "The cat's HERE, they'll go; I'M sure you've seen we'd DON'T 'tis o'clock.\n" +
  '  Numbers 1 12 123 1234 12345 3.14 -7% x² 2024-03-15\r\n' +
  '\tTabs\t\there  \n\n   trailing   \n' +
  'École café naïve Ærø ÀÉÎ straße\u00a0nbsp «quotes» — dash … ¿qué? ¡sí!\n' +
  'مرحبا بالعالم، كيف حالك؟ ١٢٣٤ ٥٦ وَرَحْمَةُ ٱللَّهِ ـــ\n' +
  'हिन्दी भाषा 中文字符 日本語のテキスト 한국어 텍스트 😀 🎉👍🏽\n' +
  `${'a'.repeat(70)} ${'ب'.repeat(40)} (((!!!))) ... ??? ''' """ \n`;

const warmedUp = new Set<'gpt2' | 'gpt4'>();

/** Corpora smaller than this are counted without the warm-up: they end before a compile would pay. */
const WARM_UP_BYTES = 1 << 20;

/**
 * Count a small made-up sample (every kind of chunk the scanners cut) with `scanner` into a throwaway
 * store, once per thread and scanner (a few milliseconds). V8 compiles the scanner's loops while the
 * first range of a corpus runs, with the type feedback gathered so far, and each rarer path met
 * afterwards (a contraction, a four-byte character, a long word) throws that code away to be compiled
 * again. After the sample every path has run, so the corpus runs on code compiled once. The counts are
 * the same either way. `corpusBytes`, when given, skips the warm-up for a corpus under 1 MiB.
 *
 * @example
 * ```ts
 * warmUpUtf8Count('gpt4', bytes.length); // before counting a corpus on this thread
 * countUtf8Chunks(bytes, bytes.length, 'gpt4', store, 0);
 * ```
 */
export function warmUpUtf8Count(scanner: 'gpt2' | 'gpt4', corpusBytes = Number.POSITIVE_INFINITY): void {
  if (warmedUp.has(scanner) || corpusBytes < WARM_UP_BYTES) return;
  warmedUp.add(scanner);
  const bytes = new TextEncoder().encode(WARM_UP_SAMPLE.repeat(4));
  countUtf8Chunks(bytes, bytes.length, scanner, new ByteChunkStore(), 0);
}
