/**
 * Distinct chunks of a text in first-appearance order, with their counts.
 *
 * @example
 * ```ts
 * const { chunks, counts }: ScannedCounts = scanCountChunks('the cat the', null);
 * chunks; // ['the', ' cat', ' the']
 * counts; // Float64Array [1, 1, 1]
 * ```
 */
export interface ScannedCounts {
  /** The distinct chunks, in order of first appearance. */
  chunks: string[];
  /** `counts[i]` is how often `chunks[i]` occurs. */
  counts: Float64Array;
}

/**
 * Split `text` into chunks and count them without allocating a string per chunk: chunks are hashed
 * straight from the text and compared with their first occurrence, and only distinct chunks become
 * strings. With `regexSource` null the GPT-4 split pattern is applied by a hand-written scanner that
 * follows the pattern's alternatives in order (tested against the regex on random text); otherwise
 * the given regex (source and flags, global) finds the chunks.
 *
 * The function is self-contained (no imports, no outer variables) because worker threads run its
 * source text as is.
 *
 * @example
 * ```ts
 * scanCountChunks('the cat the', null); // { chunks: ['the', ' cat', ' the'], counts: [1, 1, 1] }
 * ```
 */
export function scanCountChunks(text: string, regexSource: string | null, regexFlags = 'gu'): ScannedCounts {
  const n = text.length;
  // Open-addressing table of distinct chunks: slot -> chunk index + 1.
  let slots = new Int32Array(1 << 12);
  let mask = slots.length - 1;
  let starts = new Int32Array(1 << 11);
  let lengths = new Int32Array(1 << 11);
  let hashes = new Int32Array(1 << 11);
  let counts = new Float64Array(1 << 11);
  let distinct = 0;

  const add = (s: number, e: number): void => {
    let h = 0x811c9dc5;
    for (let p = s; p < e; p++) h = Math.imul(h ^ text.charCodeAt(p), 0x01000193);
    const length = e - s;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0) {
        if (distinct === starts.length) {
          const grow = <T extends Int32Array | Float64Array>(a: T): T => {
            const b = new (a.constructor as new (size: number) => T)(a.length * 2);
            b.set(a);
            return b;
          };
          starts = grow(starts);
          lengths = grow(lengths);
          hashes = grow(hashes);
          counts = grow(counts);
        }
        starts[distinct] = s;
        lengths[distinct] = length;
        hashes[distinct] = h;
        counts[distinct] = 1;
        slots[slot] = ++distinct;
        if (distinct * 2 > slots.length) {
          slots = new Int32Array(slots.length * 2);
          mask = slots.length - 1;
          for (let c = 0; c < distinct; c++) {
            let t = hashes[c]! & mask;
            while (slots[t] !== 0) t = (t + 1) & mask;
            slots[t] = c + 1;
          }
        }
        return;
      }
      const c = entry - 1;
      if (hashes[c] === h && lengths[c] === length) {
        const first = starts[c]!;
        let same = true;
        for (let k = 0; k < length; k++)
          if (text.charCodeAt(first + k) !== text.charCodeAt(s + k)) {
            same = false;
            break;
          }
        if (same) {
          counts[c]!++;
          return;
        }
      }
    }
  };

  if (regexSource !== null) {
    const regexp = new RegExp(regexSource, regexFlags.includes('g') ? regexFlags : `${regexFlags}g`);
    for (let match = regexp.exec(text); match !== null; match = regexp.exec(text)) {
      const length = match[0].length;
      if (length === 0) regexp.lastIndex++;
      add(match.index, match.index + length);
    }
  } else {
    // Character classes, looked up once per distinct code unit: 1 letter, 2 number, 4 white space, 8 other.
    const LETTER = 1;
    const NUMBER = 2;
    const SPACE = 4;
    const OTHER = 8;
    const letter = /\p{L}/u;
    const number = /\p{N}/u;
    const space = /[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
    const bmp = new Uint8Array(65536);
    const astral = new Map<number, number>();
    const classify = (s: string): number =>
      letter.test(s) ? LETTER : number.test(s) ? NUMBER : space.test(s) ? SPACE : OTHER;
    // Class and width (1 or 2 code units) of the code point at i, packed as class * 4 + width.
    const at = (i: number): number => {
      const u = text.charCodeAt(i);
      if (u >= 0xd800 && u <= 0xdbff && i + 1 < n) {
        const v = text.charCodeAt(i + 1);
        if (v >= 0xdc00 && v <= 0xdfff) {
          const cp = (u - 0xd800) * 0x400 + (v - 0xdc00) + 0x10000;
          let k = astral.get(cp);
          if (k === undefined) {
            k = classify(String.fromCodePoint(cp));
            astral.set(cp, k);
          }
          return k * 4 + 2;
        }
      }
      let k = bmp[u]!;
      if (k === 0) {
        k = u >= 0xd800 && u <= 0xdfff ? OTHER : classify(String.fromCharCode(u));
        bmp[u] = k;
      }
      return k * 4 + 1;
    };
    const letters = (i: number): number => {
      while (i < n) {
        const a = at(i);
        if (a >> 2 !== LETTER) break;
        i += a & 3;
      }
      return i;
    };
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      const a = at(i);
      const k = a >> 2;
      const w = a & 3;
      let e = -1;
      // 1. '(?i:[sdmt]|ll|ve|re)
      if (c === 39 && i + 1 < n) {
        const x = text.charCodeAt(i + 1) | 0x20;
        const y = i + 2 < n ? text.charCodeAt(i + 2) | 0x20 : 0;
        if (x === 115 || x === 100 || x === 109 || x === 116 || text.charCodeAt(i + 1) === 0x17f) e = i + 2;
        else if ((x === 108 && y === 108) || (x === 118 && y === 101) || (x === 114 && y === 101)) e = i + 3;
      }
      // 2. [^\r\n\p{L}\p{N}]?\p{L}+
      if (e < 0) {
        if (k === LETTER) e = letters(i + w);
        else if (c !== 10 && c !== 13 && k !== NUMBER && i + w < n && at(i + w) >> 2 === LETTER)
          e = letters(i + w);
      }
      // 3. \p{N}{1,3}
      if (e < 0 && k === NUMBER) {
        e = i + w;
        for (let more = 0; more < 2 && e < n; more++) {
          const b = at(e);
          if (b >> 2 !== NUMBER) break;
          e += b & 3;
        }
      }
      // 4. ' ?[^\s\p{L}\p{N}]+[\r\n]*'
      if (e < 0) {
        const j = c === 32 ? i + 1 : i;
        if (j < n && at(j) >> 2 === OTHER) {
          e = j;
          while (e < n) {
            const b = at(e);
            if (b >> 2 !== OTHER) break;
            e += b & 3;
          }
          while (e < n && (text.charCodeAt(e) === 10 || text.charCodeAt(e) === 13)) e++;
        }
      }
      // 5-7. \s*[\r\n] | \s+(?!\S) | \s+
      if (e < 0) {
        let j = i;
        while (j < n && at(j) >> 2 === SPACE) j++;
        for (let p = j - 1; p >= i; p--) {
          const u = text.charCodeAt(p);
          if (u === 10 || u === 13) {
            e = p + 1;
            break;
          }
        }
        if (e < 0) e = j === n || j - i < 2 ? j : j - 1;
      }
      add(i, e);
      i = e;
    }
  }

  const chunks: string[] = new Array(distinct);
  for (let c = 0; c < distinct; c++) chunks[c] = text.slice(starts[c]!, starts[c]! + lengths[c]!);
  return { chunks, counts: counts.slice(0, distinct) };
}
