import { BIDI_CLASS_NAMES, BIDI_CLASS_RANGES } from './bidi-classes.js';
import { RangeTable } from './range-table.js';

/**
 * The Unicode Bidirectional Algorithm (UAX #9) for one line of plain text, enough to show a line
 * in visual order where nothing else does it (a terminal without bidi support). It implements
 * P2–P3, the weak types W1–W7, bracket pairs N0, neutrals N1–N2, implicit levels I1–I2, L1 for
 * trailing whitespace and L2 reordering. Explicit embeddings and overrides (LRE…PDF) are ignored
 * like boundary neutrals and isolates (LRI, RLI, FSI, PDI) are treated as neutrals: plain text
 * rarely holds them.
 */

/**
 * A bidi class name, as in the Unicode Character Database.
 *
 * @example
 * ```ts
 * const digit: BidiClass = bidiClass(0x661); // 'AN'
 * ```
 */
export type BidiClass =
  | 'L'
  | 'R'
  | 'AL'
  | 'EN'
  | 'ES'
  | 'ET'
  | 'AN'
  | 'CS'
  | 'NSM'
  | 'BN'
  | 'B'
  | 'S'
  | 'WS'
  | 'ON'
  | 'LRE'
  | 'LRO'
  | 'RLE'
  | 'RLO'
  | 'PDF'
  | 'LRI'
  | 'RLI'
  | 'FSI'
  | 'PDI';

/**
 * The paragraph direction: fixed, or `auto` (from the first strong letter, left-to-right if none).
 *
 * @example
 * ```ts
 * const direction: BidiDirection = 'auto';
 * bidiLevels('مرحبا hello', direction).paragraphLevel; // 1
 * ```
 */
export type BidiDirection = 'ltr' | 'rtl' | 'auto';

const BIDI_CLASSES = new RangeTable(BIDI_CLASS_RANGES);

function classIndex(codePoint: number): number {
  return BIDI_CLASSES.letterAt(codePoint) - 65;
}

/**
 * The bidi class of a code point.
 *
 * @example
 * ```ts
 * bidiClass(0x627); // 'AL' (ARABIC LETTER ALEF)
 * bidiClass(0x31); // 'EN'
 * bidiClass(0x663); // 'AN' (ARABIC-INDIC DIGIT THREE)
 * ```
 */
export function bidiClass(codePoint: number): BidiClass {
  return BIDI_CLASS_NAMES[classIndex(codePoint)]! satisfies BidiClass;
}

const OPENING: Readonly<Record<string, string>> = {
  '(': ')',
  '[': ']',
  '{': '}',
  '\u0F3A': '\u0F3B',
  '\u0F3C': '\u0F3D',
  '\u169B': '\u169C',
  '\u2045': '\u2046',
  '\u207D': '\u207E',
  '\u208D': '\u208E',
  '\u2329': '\u232A',
  '\u2768': '\u2769',
  '\u276A': '\u276B',
  '\u276C': '\u276D',
  '\u276E': '\u276F',
  '\u2770': '\u2771',
  '\u2772': '\u2773',
  '\u2774': '\u2775',
  '\u27E6': '\u27E7',
  '\u27E8': '\u27E9',
  '\u27EA': '\u27EB',
  '\u2983': '\u2984',
  '\u2985': '\u2986',
  '\u3008': '\u3009',
  '\u300A': '\u300B',
  '\u300C': '\u300D',
  '\u300E': '\u300F',
  '\u3010': '\u3011',
  '\uFF08': '\uFF09',
  '\uFF3B': '\uFF3D',
  '\uFF5B': '\uFF5D',
};
const CLOSING = new Set(Object.values(OPENING));

/** Characters drawn mirrored at a right-to-left level (rule L4), for the common pairs. */
const MIRROR: ReadonlyMap<string, string> = new Map(
  [...Object.entries(OPENING), ['<', '>'], ['«', '»'], ['‹', '›'], ['\u2264', '\u2265']].flatMap(([a, b]) => [
    [a!, b!],
    [b!, a!],
  ]),
);

/**
 * What {@link bidiLevels} gives: the paragraph's level and one level per UTF-16 code unit.
 *
 * @example
 * ```ts
 * const { paragraphLevel, levels }: BidiLevels = bidiLevels('a ب', 'ltr');
 * [paragraphLevel, ...levels]; // [0, 0, 0, 1]
 * ```
 */
export interface BidiLevels {
  /** 0 for a left-to-right paragraph, 1 for right-to-left. */
  paragraphLevel: number;
  /** The resolved embedding level of every code unit (both halves of a surrogate pair alike). */
  levels: Uint8Array;
}

type Strong = 'L' | 'R';

/** L for even levels, R for odd ones. */
function directionOf(level: number): Strong {
  return level % 2 === 0 ? 'L' : 'R';
}

/** The strong direction a resolved type counts as for neutrals: numbers count as R (N1). */
function strongFor(type: string): Strong | undefined {
  if (type === 'L') return 'L';
  if (type === 'R' || type === 'AL' || type === 'EN' || type === 'AN') return 'R';
  return undefined;
}

const NEUTRAL = new Set(['B', 'S', 'WS', 'ON', 'LRI', 'RLI', 'FSI', 'PDI']);
const REMOVED = new Set(['LRE', 'RLE', 'LRO', 'RLO', 'PDF', 'BN']);

/**
 * Resolve the embedding level of every character of one line (one paragraph).
 *
 * @example
 * ```ts
 * const { paragraphLevel, levels } = bidiLevels('في 2014 م', 'auto');
 * paragraphLevel; // 1
 * [...levels]; // [1, 1, 1, 2, 2, 2, 2, 1, 1]
 * ```
 */
export function bidiLevels(text: string, direction: BidiDirection = 'auto'): BidiLevels {
  // One entry per code point: its first code unit and its class.
  const offsets: number[] = [];
  const chars: string[] = [];
  const original: string[] = [];
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i)!;
    const char = String.fromCodePoint(codePoint);
    offsets.push(i);
    chars.push(char);
    original.push(bidiClass(codePoint));
    i += char.length;
  }
  let paragraphLevel = direction === 'rtl' ? 1 : 0;
  if (direction === 'auto') {
    const first = original.find((type) => type === 'L' || type === 'R' || type === 'AL');
    paragraphLevel = first === 'R' || first === 'AL' ? 1 : 0;
  }
  const e = directionOf(paragraphLevel);

  // X9: embeddings, overrides and boundary neutrals take no part in the rules.
  const kept = original.flatMap((type, index) => (REMOVED.has(type) ? [] : [index]));
  const types = kept.map((index) => original[index]!);
  const n = types.length;

  // W1: a non-spacing mark takes the type of the character before it.
  for (let i = 0; i < n; i++)
    if (types[i] === 'NSM') {
      const before = i === 0 ? e : types[i - 1]!;
      types[i] = before === 'LRI' || before === 'RLI' || before === 'FSI' || before === 'PDI' ? 'ON' : before;
    }
  // W2, W3: European numbers after Arabic letters are Arabic numbers; AL becomes R.
  let lastStrong: string = e;
  for (let i = 0; i < n; i++) {
    const type = types[i]!;
    if (type === 'L' || type === 'R' || type === 'AL') lastStrong = type;
    else if (type === 'EN' && lastStrong === 'AL') types[i] = 'AN';
  }
  for (let i = 0; i < n; i++) if (types[i] === 'AL') types[i] = 'R';
  // W4: one separator between two numbers of the same kind joins them.
  for (let i = 1; i + 1 < n; i++) {
    const [before, type, after] = [types[i - 1], types[i], types[i + 1]];
    if (type === 'ES' && before === 'EN' && after === 'EN') types[i] = 'EN';
    else if (type === 'CS' && before === after && (before === 'EN' || before === 'AN')) types[i] = before!;
  }
  // W5: terminators next to a European number belong to it.
  for (let i = 0; i < n; i++) {
    if (types[i] !== 'ET') continue;
    let end = i;
    while (end < n && types[end] === 'ET') end++;
    if ((i > 0 && types[i - 1] === 'EN') || (end < n && types[end] === 'EN')) types.fill('EN', i, end);
    i = end - 1;
  }
  // W6: remaining separators and terminators are neutral.
  for (let i = 0; i < n; i++)
    if (types[i] === 'ES' || types[i] === 'ET' || types[i] === 'CS') types[i] = 'ON';
  // W7: European numbers after a left-to-right letter are left-to-right.
  lastStrong = e;
  for (let i = 0; i < n; i++) {
    const type = types[i]!;
    if (type === 'L' || type === 'R') lastStrong = type;
    else if (type === 'EN' && lastStrong === 'L') types[i] = 'L';
  }

  resolveBrackets(
    kept.map((index) => chars[index]!),
    kept.map((index) => original[index]!),
    types,
    e,
  );

  // N1, N2: a run of neutrals between two strong types of one direction takes it, else e.
  for (let i = 0; i < n; i++) {
    if (!NEUTRAL.has(types[i]!)) continue;
    let end = i;
    while (end < n && NEUTRAL.has(types[end]!)) end++;
    const before = i === 0 ? e : (strongFor(types[i - 1]!) ?? e);
    const after = end === n ? e : (strongFor(types[end]!) ?? e);
    types.fill(before === after ? before : e, i, end);
    i = end - 1;
  }

  // I1, I2: implicit levels.
  const levels = new Uint8Array(text.length).fill(paragraphLevel);
  const cpLevels = new Array<number>(chars.length).fill(paragraphLevel);
  kept.forEach((index, i) => {
    const type = types[i]!;
    let level = paragraphLevel;
    if (paragraphLevel % 2 === 0) level += type === 'R' ? 1 : type === 'AN' || type === 'EN' ? 2 : 0;
    else level += type === 'L' || type === 'EN' || type === 'AN' ? 1 : 0;
    cpLevels[index] = level;
  });
  // Removed characters take the level of the character before them (X9).
  for (let i = 0; i < chars.length; i++)
    if (REMOVED.has(original[i]!)) cpLevels[i] = i === 0 ? paragraphLevel : cpLevels[i - 1]!;
  // L1: separators, and whitespace before them or at the end of the line, go back to the paragraph level.
  let trailing = true;
  for (let i = chars.length - 1; i >= 0; i--) {
    const type = original[i]!;
    if (type === 'S' || type === 'B') {
      cpLevels[i] = paragraphLevel;
      trailing = true;
    } else if (trailing && (type === 'WS' || NEUTRAL.has(type) || REMOVED.has(type)) && type !== 'ON') {
      cpLevels[i] = paragraphLevel;
    } else trailing = false;
  }
  offsets.forEach((offset, i) => {
    levels.fill(cpLevels[i]!, offset, offset + chars[i]!.length);
  });
  return { paragraphLevel, levels };
}

/** N0: paired brackets take the direction of what they enclose, or of their context. */
function resolveBrackets(
  chars: readonly string[],
  original: readonly string[],
  types: string[],
  e: Strong,
): void {
  const pairs: [number, number][] = [];
  const stack: { close: string; at: number }[] = [];
  for (let i = 0; i < chars.length; i++) {
    if (types[i] !== 'ON' || original[i] !== 'ON') continue;
    const char = chars[i]!;
    const close = OPENING[char];
    if (close !== undefined) {
      if (stack.length === 63) break;
      stack.push({ close, at: i });
    } else if (CLOSING.has(char)) {
      for (let depth = stack.length - 1; depth >= 0; depth--)
        if (stack[depth]!.close === char) {
          pairs.push([stack[depth]!.at, i]);
          stack.length = depth;
          break;
        }
    }
  }
  pairs.sort((a, b) => a[0] - b[0]);
  for (const [open, close] of pairs) {
    let inside: Strong | undefined;
    let opposite = false;
    for (let i = open + 1; i < close; i++) {
      const strong = strongFor(types[i]!);
      if (strong === e) inside = e;
      else if (strong) opposite = true;
    }
    let resolved: Strong | undefined = inside;
    if (!resolved && opposite) {
      let context: Strong = e;
      for (let i = open - 1; i >= 0; i--) {
        const strong = strongFor(types[i]!);
        if (strong) {
          context = strong;
          break;
        }
      }
      resolved = context === e ? e : context;
    }
    if (!resolved) continue;
    for (const at of [open, close]) {
      types[at] = resolved;
      // Marks on a bracket follow its new direction.
      for (let i = at + 1; i < types.length && original[i] === 'NSM'; i++) types[i] = resolved;
    }
  }
}

/**
 * L2: the order in which to draw items of the given levels, left to right (indices into `levels`).
 *
 * @example
 * ```ts
 * visualOrder([0, 1, 1, 0]); // [0, 2, 1, 3]
 * ```
 */
export function visualOrder(levels: ArrayLike<number>): number[] {
  const order = Array.from({ length: levels.length }, (_, i) => i);
  let highest = 0;
  let lowestOdd = Number.POSITIVE_INFINITY;
  for (let i = 0; i < levels.length; i++) {
    highest = Math.max(highest, levels[i]!);
    if (levels[i]! % 2 === 1) lowestOdd = Math.min(lowestOdd, levels[i]!);
  }
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; i++) {
      if (levels[order[i]!]! < level) continue;
      let end = i;
      while (end < order.length && levels[order[end]!]! >= level) end++;
      order.splice(i, end - i, ...order.slice(i, end).reverse());
      i = end - 1;
    }
  }
  return order;
}

/**
 * One drawable piece of a line in visual order: a character with the marks that follow it.
 *
 * @example
 * ```ts
 * const [first]: VisualCluster[] = visualClusters('بَ 1', 'rtl');
 * first; // { start: 3, end: 4, text: '1', level: 2 }
 * ```
 */
export interface VisualCluster {
  /** Where the cluster starts in the original string (UTF-16 offset). */
  start: number;
  /** Where it ends. */
  end: number;
  /** What to draw: the characters in their original order, a bracket mirrored at a right-to-left level. */
  text: string;
  /** Its resolved level (odd = right to left). */
  level: number;
}

/**
 * A line in visual order, left to right, for a display that draws characters in the order it
 * receives them (most terminals). Combining marks stay after their base character so that they
 * still combine; brackets at right-to-left levels are mirrored (L4).
 *
 * @example
 * ```ts
 * visualClusters('في 2014 (GPT)', 'rtl').map((c) => c.text).join(''); // '(GPT) 2014 يف'
 * ```
 */
export function visualClusters(text: string, direction: BidiDirection = 'auto'): VisualCluster[] {
  const { levels } = bidiLevels(text, direction);
  const clusters: VisualCluster[] = [];
  for (const match of text.matchAll(/\P{M}\p{M}*|\p{M}+/gsu)) {
    const start = match.index;
    const end = start + match[0].length;
    const level = levels[start] ?? 0;
    const first = String.fromCodePoint(match[0].codePointAt(0)!);
    const mirrored = level % 2 === 1 ? MIRROR.get(first) : undefined;
    clusters.push({ start, end, text: mirrored ? mirrored + match[0].slice(first.length) : match[0], level });
  }
  return visualOrder(clusters.map((cluster) => cluster.level)).map((index) => clusters[index]!);
}

/**
 * A line's characters in visual order, left to right (see {@link visualClusters}).
 *
 * @example
 * ```ts
 * visualLine('العدد ٣٤٥ و 2024', 'rtl'); // '2024 و ٣٤٥ ددعلا'
 * ```
 */
export function visualLine(text: string, direction: BidiDirection = 'auto'): string {
  return visualClusters(text, direction)
    .map((cluster) => cluster.text)
    .join('');
}
