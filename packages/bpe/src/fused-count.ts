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
 * be an astral letter) is cut by the scanner itself and hashed afterwards, so the chunks are the
 * scanner's exactly; the fast path only saves reading each word twice.
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
    }
    const end = scan(text, start, n);
    store.addHashed(text, start, end, chunkHash(text, start, end), offset + start);
    start = end;
  }
}
