/**
 * Word ids from an open-addressing hash table over the words' UTF-16 units: `table[slot]` is a
 * word's id + 1 (0 = empty), `words[id]` the word. For turning a long token list into ids this is
 * faster than a `Map<string, number>`, whose every lookup goes through a builtin; and as functions
 * over plain arrays, their optimized code depends on no object's hidden class, so it survives the
 * garbage collections that drop the objects holding the arrays.
 */

/** An empty table, to grow through {@link internWordList}. */
export function emptyWordTable(): Int32Array {
  return new Int32Array(1024);
}

function hashWord(word: string): number {
  const length = word.length;
  let h = length;
  for (let i = 0; i < length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return Math.imul(h ^ (h >>> 15), 0x5bd1e995) ^ (h >>> 13);
}

/** The id of `word`, or -1 if it is not in `words`. */
export function wordId(words: readonly string[], table: Int32Array, word: string): number {
  const mask = table.length - 1;
  let slot = hashWord(word) & mask;
  for (;;) {
    const entry = table[slot]!;
    if (entry === 0) return -1;
    if (words[entry - 1] === word) return entry - 1;
    slot = (slot + 1) & mask;
  }
}

/**
 * Write into `ids` the id of each word of `list` (-1 for `null`/`undefined`, the padding),
 * appending new words to `words` and a 0 to `counts` for each. Returns the table, grown (a new
 * array) when it filled up.
 */
export function internWordList(
  list: readonly (string | null | undefined)[],
  ids: Int32Array,
  words: string[],
  counts: number[],
  table: Int32Array,
): Int32Array {
  let mask = table.length - 1;
  for (let i = 0; i < list.length; i++) {
    const word = list[i];
    if (word === null || word === undefined) {
      ids[i] = -1;
      continue;
    }
    let slot = hashWord(word) & mask;
    let entry = table[slot]!;
    while (entry !== 0 && words[entry - 1] !== word) {
      slot = (slot + 1) & mask;
      entry = table[slot]!;
    }
    if (entry !== 0) {
      ids[i] = entry - 1;
      continue;
    }
    const id = words.length;
    words.push(word);
    counts.push(0);
    table[slot] = id + 1;
    ids[i] = id;
    // At most half full, so probe runs stay short.
    if (2 * words.length > table.length) {
      table = rebuild(words, 2 * table.length);
      mask = table.length - 1;
    }
  }
  return table;
}

function rebuild(words: readonly string[], size: number): Int32Array {
  const table = new Int32Array(size);
  const mask = size - 1;
  for (let id = 0; id < words.length; id++) {
    let slot = hashWord(words[id]!) & mask;
    while (table[slot] !== 0) slot = (slot + 1) & mask;
    table[slot] = id + 1;
  }
  return table;
}
