import { CHUNK_HASH_PRIME, CHUNK_HASH_SEED, type ChunkStore, chunkHash } from './chunk-store.js';
import { scanCl100kPiece, scanR50kPiece } from './piece-scanners.js';

// What a UTF-16 unit is to the word chunks of the GPT-2 and GPT-4 patterns (0: not classified yet).
/** `\p{L}`: continues a word. */
const WORD = 1;
/** Neither a letter, a number, CR, LF, `'` nor a surrogate: may prefix a GPT-4 word. */
const PREFIX = 2;
/** A number, CR, LF or `'`: ends a word; a chunk starting with it is left to the scanner. */
const OTHER = 3;
/** Half of a surrogate pair (or a lone one): everything around it is left to the scanner. */
const SURROGATE = 4;

const unitKinds = new Uint8Array(0x10000);

function classify(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return SURROGATE;
  const char = String.fromCharCode(unit);
  if (/\p{L}/u.test(char)) return WORD;
  if (unit === 0x0a || unit === 0x0d || unit === 0x27 || /\p{N}/u.test(char)) return OTHER;
  return PREFIX;
}

function kindOf(unit: number): number {
  let kind = unitKinds[unit]!;
  if (kind === 0) {
    kind = classify(unit);
    unitKinds[unit] = kind;
  }
  return kind;
}

// ASCII classes, for the white-space and punctuation chunks that start with ASCII.
const A_LETTER = 1;
const A_DIGIT = 2;
const A_SPACE = 3;
/** `[^\s\p{L}\p{N}]` in ASCII (`'` included). */
const A_PUNCT = 4;
const asciiKinds = Uint8Array.from({ length: 0x80 }, (_, unit) => {
  if ((unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7a) return A_LETTER;
  if (unit >= 0x30 && unit <= 0x39) return A_DIGIT;
  if ((unit >= 0x09 && unit <= 0x0d) || unit === 0x20) return A_SPACE;
  return A_PUNCT;
});

/**
 * End of the run of ASCII characters of class `kind` from `at`, or -1 if the run meets a unit outside
 * ASCII (which might continue it: the scanner decides those).
 */
function asciiRunEnd(text: string, at: number, n: number, kind: number): number {
  for (; at < n; at++) {
    const unit = text.charCodeAt(at);
    if (unit >= 0x80) return -1;
    if (asciiKinds[unit] !== kind) break;
  }
  return at;
}

/** The scanners' white-space rule on an ASCII run from `start` to `end` (`newlines`: GPT-4's `\s*[\r\n]+`). */
function spaceEnd(text: string, start: number, end: number, n: number, newlines: boolean): number {
  if (newlines)
    for (let at = end - 1; at >= start; at--) {
      const unit = text.charCodeAt(at);
      if (unit === 0x0a || unit === 0x0d) return at + 1;
    }
  return end === n || end - start === 1 ? end : end - 1;
}

/**
 * Where scanCl100kPiece ends a chunk that starts at `start` with ASCII white space or punctuation
 * other than `'`, and is not a word (the caller tried that): a punctuation run (after one space)
 * with its trailing CR/LF, or a white-space run. -1 when a unit outside ASCII is met on the way, or
 * for a chunk of another kind.
 */
function cl100kAsciiEnd(text: string, start: number, n: number): number {
  const first = text.charCodeAt(start);
  const kind = asciiKinds[first]!;
  let from = start;
  if (first === 0x20 && start + 1 < n) {
    const second = text.charCodeAt(start + 1);
    if (second >= 0x80) return -1;
    if (asciiKinds[second] === A_PUNCT) from = start + 1;
  }
  if (from === start + 1 || (kind === A_PUNCT && first !== 0x27)) {
    let end = asciiRunEnd(text, from, n, A_PUNCT);
    if (end < 0) return -1;
    while (end < n && (text.charCodeAt(end) === 0x0a || text.charCodeAt(end) === 0x0d)) end++;
    return end;
  }
  if (kind !== A_SPACE) return -1;
  const end = asciiRunEnd(text, start, n, A_SPACE);
  return end < 0 ? -1 : spaceEnd(text, start, end, n, true);
}

/**
 * Where scanR50kPiece ends a chunk that starts at `start` with ASCII white space or punctuation
 * other than `'`, and is not a word: ` ?[^\s\p{L}\p{N}]+` or a white-space run; -1 otherwise, or
 * when a unit outside ASCII is met.
 */
function r50kAsciiEnd(text: string, start: number, n: number): number {
  const first = text.charCodeAt(start);
  const kind = asciiKinds[first]!;
  let from = -1;
  if (first === 0x20 && start + 1 < n) {
    const second = text.charCodeAt(start + 1);
    if (second >= 0x80) return -1;
    const secondKind = asciiKinds[second]!;
    if (secondKind === A_PUNCT) from = start + 1;
    else if (secondKind !== A_SPACE) return -1;
  } else if (kind === A_PUNCT && first !== 0x27) from = start;
  if (from >= 0) return asciiRunEnd(text, from, n, A_PUNCT);
  if (kind !== A_SPACE) return -1;
  const end = asciiRunEnd(text, start, n, A_SPACE);
  return end < 0 ? -1 : spaceEnd(text, start, end, n, false);
}

/**
 * Where {@link countTextChunks} puts the chunks it cuts: a {@link ChunkStore}, or anything else with
 * its `addHashed`.
 *
 * @example
 * ```ts
 * const cuts: Array<[number, number]> = [];
 * const sink: HashedChunkSink = { addHashed: (text, start, end) => void cuts.push([start, end]) };
 * ```
 */
export type HashedChunkSink = Pick<ChunkStore, 'addHashed'>;

/**
 * Count every chunk of `text` into `store` (chunk positions are `offset` plus their offset in `text`),
 * cut as the hand-written scanner of minbpe's GPT-2 or GPT-4 pattern (`piece-scanners.ts`) cuts it.
 * Words, the bulk of any prose, are scanned and hashed in one pass over their UTF-16 units: a chunk
 * that starts with a letter, or (GPT-4) with one character that may prefix a word, or (GPT-2) with a
 * space before a letter, runs over BMP letters, and ends at the first unit that is not one. Everything
 * else (white space, numbers, punctuation, contractions, and any word that meets a surrogate, which may
 * be an astral letter) is cut by the scanner itself and hashed afterwards, except white space and
 * punctuation that stay within ASCII, whose simple rules are applied here. The chunks are the
 * scanner's exactly (the property tests compare them, and the patterns' regexes).
 *
 * @example
 * ```ts
 * const store = new ChunkStore();
 * countTextChunks('the cat the', 'gpt4', store, 0);
 * store.distinct; // 3: 'the', ' cat', ' the'
 * ```
 */
export function countTextChunks(
  text: string,
  scanner: 'gpt2' | 'gpt4',
  store: HashedChunkSink,
  offset: number,
): void {
  const gpt4 = scanner === 'gpt4';
  const scan = gpt4 ? scanCl100kPiece : scanR50kPiece;
  const n = text.length;
  for (let start = 0; start < n; ) {
    const first = text.charCodeAt(start);
    const kind = kindOf(first);
    let hash = Math.imul(CHUNK_HASH_SEED ^ first, CHUNK_HASH_PRIME);
    let at = start + 1;
    let word = kind === WORD;
    if (!word && at < n && (gpt4 ? kind === PREFIX : first === 0x20)) {
      const second = text.charCodeAt(at);
      if (kindOf(second) === WORD) {
        hash = Math.imul(hash ^ second, CHUNK_HASH_PRIME);
        at++;
        word = true;
      }
    }
    if (word) {
      let unit = 0;
      for (; at < n; at++) {
        unit = text.charCodeAt(at);
        if (kindOf(unit) !== WORD) break;
        hash = Math.imul(hash ^ unit, CHUNK_HASH_PRIME);
      }
      if (at === n || kindOf(unit) !== SURROGATE) {
        store.addHashed(text, start, at, hash, offset + start);
        start = at;
        continue;
      }
    } else if (first < 0x80) {
      const end = gpt4 ? cl100kAsciiEnd(text, start, n) : r50kAsciiEnd(text, start, n);
      if (end >= 0) {
        store.addHashed(text, start, end, chunkHash(text, start, end), offset + start);
        start = end;
        continue;
      }
    }
    const end = scan(text, start, n);
    store.addHashed(text, start, end, chunkHash(text, start, end), offset + start);
    start = end;
  }
}
