import { type ByteChunkStore, UTF8_HASH_PRIME, UTF8_HASH_SEED } from './byte-chunk-store.js';

// What a code point is to the GPT-2 and GPT-4 patterns (0: not classified yet), as piece-scanners.ts
// classifies it: its marks and other characters are all `[^\s\p{L}\p{N}]` here.
/** `\p{L}`. */
const LETTER = 1;
/** `\p{N}`. */
const NUMBER = 2;
/** White space (Rust's and Python's `\s`). */
const SPACE = 3;
/** `[^\s\p{L}\p{N}]`: punctuation, symbols, marks, the rest. */
const PUNCT = 4;

const LETTERS = 1 << LETTER;
const NUMBERS = 1 << NUMBER;
const PUNCTS = 1 << PUNCT;

/** Classes of every code point, filled as they are met. */
const classes = new Uint8Array(0x110000);

function classify(point: number): number {
  const char = String.fromCodePoint(point);
  if (/[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/.test(char)) return SPACE;
  if (/\p{L}/u.test(char)) return LETTER;
  if (/\p{N}/u.test(char)) return NUMBER;
  return PUNCT;
}

for (let point = 0; point < 0x80; point++) classes[point] = classify(point);

/** Bytes of the UTF-8 sequence that starts with `lead`. */
function widthOf(lead: number): number {
  return lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
}

/** The class of the character whose (valid) UTF-8 starts at `at`. */
function classAt(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]!;
  if (lead < 0x80) return classes[lead]!;
  let point: number;
  if (lead < 0xe0) point = ((lead & 0x1f) << 6) | (bytes[at + 1]! & 0x3f);
  else if (lead < 0xf0)
    point = ((lead & 0x0f) << 12) | ((bytes[at + 1]! & 0x3f) << 6) | (bytes[at + 2]! & 0x3f);
  else
    point =
      ((lead & 0x07) << 18) |
      ((bytes[at + 1]! & 0x3f) << 12) |
      ((bytes[at + 2]! & 0x3f) << 6) |
      (bytes[at + 3]! & 0x3f);
  let kind = classes[point]!;
  if (kind === 0) {
    kind = classify(point);
    classes[point] = kind;
  }
  return kind;
}

/** End of the run from `at` of characters whose class is in the set `mask`. */
function runEnd(bytes: Uint8Array, at: number, n: number, mask: number): number {
  while (at < n) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      if (((mask >> classes[lead]!) & 1) === 0) break;
      at++;
    } else {
      if (((mask >> classAt(bytes, at)) & 1) === 0) break;
      at += widthOf(lead);
    }
  }
  return at;
}

/** End of `\p{N}{0,max}` from `at` (characters counted). */
function numberRunEnd(bytes: Uint8Array, at: number, n: number, max: number): number {
  for (let count = 0; count < max && at < n && classAt(bytes, at) === NUMBER; count++)
    at += widthOf(bytes[at]!);
  return at;
}

/** `[^\s\p{L}\p{N}]+` from `at`, then `[\r\n]*` if `newlines`. */
function punctRunEnd(bytes: Uint8Array, at: number, n: number, newlines: boolean): number {
  at = runEnd(bytes, at, n, PUNCTS);
  if (newlines) while (at < n && (bytes[at] === 0x0a || bytes[at] === 0x0d)) at++;
  return at;
}

/**
 * The white-space alternatives on the run from `start`: with `newlines`, `\s*[\r\n]+` (up to the last
 * CR/LF of the run) first; then `\s+(?!\S)` (the run less its last character when text follows) and `\s+`.
 */
function spaceRunEnd(bytes: Uint8Array, start: number, n: number, newlines: boolean): number {
  let at = start;
  let last = start;
  let lastNewline = -1;
  while (at < n) {
    const lead = bytes[at]!;
    if ((lead < 0x80 ? classes[lead]! : classAt(bytes, at)) !== SPACE) break;
    if (lead === 0x0a || lead === 0x0d) lastNewline = at;
    last = at;
    at += widthOf(lead);
  }
  if (newlines && lastNewline >= 0) return lastNewline + 1;
  if (at === n || last === start) return at;
  return last;
}

/** `(c | 0x20) === lower`: an ASCII letter in either case. */
function isLetterPair(c: number | undefined, lower: number): boolean {
  return c !== undefined && (c | 0x20) === lower;
}

/** End of GPT-4's `'(?i:[sdmt]|ll|ve|re)` at `at` (which holds `'`), or -1. */
function anyCaseContractionEnd(bytes: Uint8Array, at: number, n: number): number {
  if (at + 1 >= n) return -1;
  const c = bytes[at + 1]! | 0x20;
  if (c === 0x73 || c === 0x74 || c === 0x6d || c === 0x64) return bytes[at + 1]! < 0x80 ? at + 2 : -1;
  // ſ (U+017F) folds to s.
  if (bytes[at + 1] === 0xc5 && bytes[at + 2] === 0xbf && at + 2 < n) return at + 3;
  if (at + 2 >= n) return -1;
  const d = bytes[at + 2];
  if ((c === 0x72 && isLetterPair(d, 0x65)) || (c === 0x76 && isLetterPair(d, 0x65))) return at + 3;
  if (c === 0x6c && isLetterPair(d, 0x6c)) return at + 3;
  return -1;
}

/** End of GPT-2's `'s|'t|'re|'ve|'m|'ll|'d` at `at` (which holds `'`), or -1. */
function contractionEnd(bytes: Uint8Array, at: number, n: number): number {
  if (at + 1 >= n) return -1;
  const c = bytes[at + 1]!;
  if (c === 0x73 || c === 0x74 || c === 0x6d || c === 0x64) return at + 2;
  if (at + 2 >= n) return -1;
  const d = bytes[at + 2]!;
  if ((c === 0x72 && d === 0x65) || (c === 0x76 && d === 0x65) || (c === 0x6c && d === 0x6c)) return at + 3;
  return -1;
}

/**
 * Where the GPT-4 (cl100k) chunk that starts at byte `start` of the valid UTF-8 `bytes[0, n)` ends:
 * `scanCl100kPiece` on bytes.
 */
function cl100kEnd(bytes: Uint8Array, start: number, n: number): number {
  const lead = bytes[start]!;
  if (lead === 0x27) {
    const end = anyCaseContractionEnd(bytes, start, n);
    if (end >= 0) return end;
  }
  const kind = classAt(bytes, start);
  const after = start + widthOf(lead);
  if (kind === LETTER) return runEnd(bytes, after, n, LETTERS);
  if (kind === NUMBER) return numberRunEnd(bytes, after, n, 2);
  // White space, a mark or other punctuation: it prefixes a following word unless it is CR/LF.
  const nextKind = after < n ? classAt(bytes, after) : 0;
  if (lead !== 0x0a && lead !== 0x0d && nextKind === LETTER)
    return runEnd(bytes, after + widthOf(bytes[after]!), n, LETTERS);
  if (lead === 0x20 && nextKind === PUNCT) return punctRunEnd(bytes, after, n, true);
  if (kind === SPACE) return spaceRunEnd(bytes, start, n, true);
  return punctRunEnd(bytes, start, n, true);
}

/**
 * Where the GPT-2 (r50k) chunk that starts at byte `start` of the valid UTF-8 `bytes[0, n)` ends:
 * `scanR50kPiece` on bytes.
 */
function r50kEnd(bytes: Uint8Array, start: number, n: number): number {
  let at = start;
  let lead = bytes[at]!;
  if (lead === 0x27) {
    const end = contractionEnd(bytes, start, n);
    if (end >= 0) return end;
  }
  let kind = classAt(bytes, at);
  if (lead === 0x20 && at + 1 < n) {
    const nextKind = classAt(bytes, at + 1);
    if (nextKind !== SPACE) {
      at++;
      lead = bytes[at]!;
      kind = nextKind;
    }
  }
  const after = at + widthOf(lead);
  if (kind === LETTER) return runEnd(bytes, after, n, LETTERS);
  if (kind === NUMBER) return runEnd(bytes, after, n, NUMBERS);
  if (kind === SPACE) return spaceRunEnd(bytes, start, n, false);
  return punctRunEnd(bytes, at, n, false);
}

/** ASCII bytes that are letters (1), and that may prefix a GPT-4 word (2: not a letter, digit, CR, LF or `'`). */
const asciiWord = Uint8Array.from({ length: 0x80 }, (_, b) =>
  classes[b] === LETTER ? 1 : classes[b] === NUMBER || b === 0x0a || b === 0x0d || b === 0x27 ? 0 : 2,
);

/** {@link asciiWord}'s kinds for the character outside ASCII at `at`. */
function wordKindAt(bytes: Uint8Array, at: number): number {
  const kind = classAt(bytes, at);
  return kind === LETTER ? 1 : kind === NUMBER ? 0 : 2;
}

/**
 * Where {@link countUtf8Chunks} puts the chunks it cuts: a {@link ByteChunkStore}, or anything else
 * with its `addHashed`.
 *
 * @example
 * ```ts
 * const cuts: Array<[number, number]> = [];
 * const sink: Utf8ChunkSink = { addHashed: (bytes, start, end) => void cuts.push([start, end]) };
 * ```
 */
export type Utf8ChunkSink = Pick<ByteChunkStore, 'addHashed'>;

/**
 * Count every chunk of the valid UTF-8 `bytes[0, n)` into `store` (chunk positions are `offset` plus
 * their byte offset), cut as the hand-written scanner of minbpe's GPT-2 or GPT-4 pattern
 * (`piece-scanners.ts`) cuts the decoded text, with no decoding: the chunks are read, classified,
 * hashed and compared as bytes. Words, the bulk of any prose, are cut and hashed in one pass;
 * everything else is cut by the byte version of the scanner and hashed afterwards. The bytes must be
 * valid UTF-8 (check them first: `isUtf8`); the property tests compare the chunks with the scanner's
 * and the patterns' regexes.
 *
 * @example
 * ```ts
 * const store = new ByteChunkStore();
 * const bytes = new TextEncoder().encode('the cat the');
 * countUtf8Chunks(bytes, bytes.length, 'gpt4', store, 0);
 * store.distinct; // 3: 'the', ' cat', ' the'
 * ```
 */
export function countUtf8Chunks(
  bytes: Uint8Array,
  n: number,
  scanner: 'gpt2' | 'gpt4',
  store: Utf8ChunkSink,
  offset: number,
): void {
  const gpt4 = scanner === 'gpt4';
  const chunkEnd = gpt4 ? cl100kEnd : r50kEnd;
  for (let start = 0; start < n; ) {
    // A word, with (GPT-4) one character that may prefix it or (GPT-2) a space: cut and hashed in one
    // loop over its bytes.
    const first = bytes[start]!;
    const kind = first < 0x80 ? asciiWord[first]! : wordKindAt(bytes, start);
    let at = start;
    if (kind === 1) at = start + widthOf(first);
    else if (kind === 2 && (gpt4 || first === 0x20)) {
      const next = start + widthOf(first);
      if (next < n) {
        const second = bytes[next]!;
        if (second < 0x80 ? asciiWord[second] === 1 : classAt(bytes, next) === LETTER)
          at = next + widthOf(second);
      }
    }
    if (at > start) {
      let hash = UTF8_HASH_SEED;
      for (let p = start; p < at; p++) hash = Math.imul(hash ^ bytes[p]!, UTF8_HASH_PRIME);
      while (at < n) {
        const b = bytes[at]!;
        if (b < 0x80) {
          if (asciiWord[b] !== 1) break;
          hash = Math.imul(hash ^ b, UTF8_HASH_PRIME);
          at++;
        } else if (b < 0xe0) {
          // Two bytes (Latin, Greek, Cyrillic, Hebrew, Arabic...): decoded here.
          const b1 = bytes[at + 1]!;
          const point = ((b & 0x1f) << 6) | (b1 & 0x3f);
          let kind = classes[point]!;
          if (kind === 0) kind = classAt(bytes, at);
          if (kind !== LETTER) break;
          hash = Math.imul(Math.imul(hash ^ b, UTF8_HASH_PRIME) ^ b1, UTF8_HASH_PRIME);
          at += 2;
        } else {
          // Three or four bytes.
          if (classAt(bytes, at) !== LETTER) break;
          hash = Math.imul(hash ^ b, UTF8_HASH_PRIME);
          hash = Math.imul(hash ^ bytes[at + 1]!, UTF8_HASH_PRIME);
          hash = Math.imul(hash ^ bytes[at + 2]!, UTF8_HASH_PRIME);
          if (b >= 0xf0) hash = Math.imul(hash ^ bytes[at + 3]!, UTF8_HASH_PRIME);
          at += widthOf(b);
        }
      }
      store.addHashed(bytes, start, at, hash, offset + start);
      start = at;
      continue;
    }
    const end = chunkEnd(bytes, start, n);
    let hash = UTF8_HASH_SEED;
    for (let p = start; p < end; p++) hash = Math.imul(hash ^ bytes[p]!, UTF8_HASH_PRIME);
    store.addHashed(bytes, start, end, hash, offset + start);
    start = end;
  }
}
