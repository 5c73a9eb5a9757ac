import { requireText } from '@tokenlab/core';
import { TASHKEEL_CLASS, TATWEEL } from './characters.js';
import { classTable, MARK } from './scanner.js';

/**
 * The names of the normalization steps, in the order {@link normalizeArabic} runs them by default.
 * NFC comes first so that a decomposed hamza (ا + U+0654) is composed before alef forms are folded.
 *
 * @example
 * ```ts
 * ARABIC_NORMALIZATION_STEPS; // ['nfc', 'removeTatweel', 'stripTashkeel', 'foldAlef', ...]
 * ```
 */
export const ARABIC_NORMALIZATION_STEPS = [
  'nfc',
  'removeTatweel',
  'stripTashkeel',
  'foldAlef',
  'alefMaksura',
  'tehMarbuta',
  'digits',
] as const;

/**
 * One of {@link ARABIC_NORMALIZATION_STEPS}.
 *
 * @example
 * ```ts
 * const step: ArabicNormalizationStep = 'foldAlef';
 * ```
 */
export type ArabicNormalizationStep = (typeof ARABIC_NORMALIZATION_STEPS)[number];

/**
 * What one step did: its name and how many characters (code points) it changed or removed.
 *
 * @example
 * ```ts
 * normalizeArabic('ـا', ['removeTatweel']).steps[0]; // { step: 'removeTatweel', changed: 1 }
 * ```
 */
export interface ArabicStepReport {
  /** The step's name. */
  step: ArabicNormalizationStep;
  /** Characters of its input that the step replaced, removed or (for NFC) recomposed. */
  changed: number;
}

/**
 * The result of {@link normalizeArabic}.
 *
 * @example
 * ```ts
 * const { text, steps, offsets } = normalizeArabic('مُحَمَّد');
 * text; // 'محمد'
 * ```
 */
export interface ArabicNormalization {
  /** The normalized text. */
  text: string;
  /** The steps that ran, in order, with their counts. */
  steps: ArabicStepReport[];
  /**
   * For each UTF-16 offset `i` of `text` (and `text.length`), the offset in the original input
   * where that character came from. Removed characters (tatweel, tashkeel) fold into the character
   * before them, so a span `[s, e)` of `text` maps back to `[offsets[s], offsets[e])` of the input,
   * diacritics of its last letter included.
   */
  offsets: Uint32Array;
}

/** A step's output: the new text, the count, and the offset map (null when lengths are unchanged). */
interface StepOutput {
  text: string;
  changed: number;
  map: Uint32Array | null;
}

const TASHKEEL = new RegExp(`[${TASHKEEL_CLASS}]`, 'u');
const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;
const DECIMAL_SEPARATOR = '\u066b';
const THOUSANDS_SEPARATOR = '\u066c';

function unchanged(text: string): StepOutput {
  return { text, changed: 0, map: null };
}

/** Remove every code unit for which `drop` is true, keeping the offset map. */
function removeWhere(text: string, drop: Uint8Array): StepOutput {
  const kept: string[] = [];
  const map = new Uint32Array(text.length + 1);
  let length = 0;
  let removed = 0;
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    if (drop[text.charCodeAt(i)] === 1) {
      removed++;
      if (i > runStart) kept.push(text.slice(runStart, i));
      runStart = i + 1;
    } else {
      map[length++] = i;
    }
  }
  if (removed === 0) return unchanged(text);
  kept.push(text.slice(runStart));
  map[length] = text.length;
  return { text: kept.join(''), changed: removed, map: map.subarray(0, length + 1) };
}

/** Replace every match of `pattern` (single code units) by `replacement`: same length, so no offset map. */
function replaceAll(text: string, pattern: RegExp, replacement: string): StepOutput {
  let changed = 0;
  const result = text.replace(pattern, () => {
    changed++;
    return replacement;
  });
  return { text: result, changed, map: null };
}

/** A lookup table over BMP code units: 1 for the units matched by the one-character `pattern`. */
function unitTable(pattern: RegExp): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (let code = 0; code < 0x10000; code++) if (pattern.test(String.fromCharCode(code))) table[code] = 1;
  return table;
}

let tashkeelTable: Uint8Array | null = null;
let tatweelTable: Uint8Array | null = null;

const NFC_CHUNK = 1 << 16;

let continuesTable: Uint8Array | null = null;

/** 1 for the code units that continue a cluster: combining marks, Hangul medial/final jamo, low surrogates. */
function clusterContinuations(): Uint8Array {
  if (continuesTable) return continuesTable;
  const classes = classTable();
  const table = new Uint8Array(0x10000);
  for (let code = 0; code < 0x10000; code++) {
    const continues =
      classes[code] === MARK || (code >= 0x1160 && code <= 0x11ff) || (code >= 0xdc00 && code <= 0xdfff);
    table[code] = continues ? 1 : 0;
  }
  continuesTable = table;
  return table;
}

let startsBuffer = new Int32Array(NFC_CHUNK + 2);

/**
 * The start offsets of the clusters of `text` (a character and the marks after it), then its
 * length, into `into` from index 0; returns how many were written.
 */
function clusterStarts(text: string, continues: Uint8Array, into: Int32Array): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (i === 0 || continues[text.charCodeAt(i)] === 0) into[count++] = i;
  into[count++] = text.length;
  return count;
}

function sameUnits(a: string, aStart: number, b: string, bStart: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (a.charCodeAt(aStart + k) !== b.charCodeAt(bStart + k)) return false;
  return true;
}

/**
 * NFC with an offset map. The text is normalized in chunks cut at cluster boundaries (a character
 * and the marks after it). NFC composes and reorders only inside a cluster, so a changed chunk and
 * its normal form have the same clusters: an unchanged cluster maps one to one, a changed one maps
 * every output character to the start of the cluster it came from.
 */
function nfcWithOffsets(text: string): StepOutput {
  const whole = text.normalize('NFC');
  if (whole === text) return unchanged(text);
  const continues = clusterContinuations();
  const map = new Uint32Array(whole.length + 1);
  const parts: string[] = [];
  let written = 0;
  let changed = 0;
  for (let chunkStart = 0; chunkStart < text.length; ) {
    let chunkEnd = Math.min(text.length, chunkStart + NFC_CHUNK);
    while (chunkEnd < text.length && continues[text.charCodeAt(chunkEnd)] === 1) chunkEnd++;
    const chunk = text.slice(chunkStart, chunkEnd);
    const normalized = chunk.normalize('NFC');
    if (written + normalized.length > whole.length) return coarseNfc(text, whole);
    if (normalized === chunk) {
      for (let k = 0; k < chunk.length; k++) map[written + k] = chunkStart + k;
    } else {
      const longest = Math.max(chunk.length, normalized.length) + 2;
      if (startsBuffer.length < 2 * longest) startsBuffer = new Int32Array(2 * longest);
      const before = startsBuffer.subarray(0, longest);
      const after = startsBuffer.subarray(longest, 2 * longest);
      const clusters = clusterStarts(chunk, continues, before);
      if (clusterStarts(normalized, continues, after) !== clusters) return coarseNfc(text, whole);
      for (let c = 0; c + 1 < clusters; c++) {
        const from = before[c]!;
        const fromLength = before[c + 1]! - from;
        const to = after[c]!;
        const toLength = after[c + 1]! - to;
        if (fromLength === toLength && sameUnits(chunk, from, normalized, to, fromLength)) {
          for (let k = 0; k < toLength; k++) map[written + to + k] = chunkStart + from + k;
        } else {
          // Characters (code points) of the input cluster.
          for (let k = 0; k < fromLength; k++) if (!isLowSurrogate(chunk.charCodeAt(from + k))) changed++;
          for (let k = 0; k < toLength; k++) map[written + to + k] = chunkStart + from;
        }
      }
    }
    parts.push(normalized);
    written += normalized.length;
    chunkStart = chunkEnd;
  }
  // Chunks are cut before a starter, and NFC never composes across one, so the pieces add up to
  // the whole; checked anyway, as the offsets rely on it.
  if (written !== whole.length || parts.join('') !== whole) return coarseNfc(text, whole);
  map[whole.length] = text.length;
  return { text: whole, changed, map };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** When composition crosses a cluster boundary (it should not): every character maps to the start. */
function coarseNfc(text: string, whole: string): StepOutput {
  const coarse = new Uint32Array(whole.length + 1);
  coarse[whole.length] = text.length;
  return { text: whole, changed: Array.from(text).length, map: coarse };
}

function isDigitAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= ARABIC_INDIC_ZERO && code <= ARABIC_INDIC_ZERO + 9) ||
    (code >= PERSIAN_ZERO && code <= PERSIAN_ZERO + 9)
  );
}

const STEP_FUNCTIONS: Record<ArabicNormalizationStep, (text: string) => StepOutput> = {
  nfc: nfcWithOffsets,
  removeTatweel: (text) => {
    if (!text.includes(TATWEEL)) return unchanged(text);
    tatweelTable ??= unitTable(/\u0640/);
    return removeWhere(text, tatweelTable);
  },
  stripTashkeel: (text) => {
    if (!TASHKEEL.test(text)) return unchanged(text);
    tashkeelTable ??= unitTable(TASHKEEL);
    return removeWhere(text, tashkeelTable);
  },
  foldAlef: (text) => replaceAll(text, /[\u0622\u0623\u0625\u0671]/g, '\u0627'),
  alefMaksura: (text) => replaceAll(text, /\u0649/g, '\u064a'),
  tehMarbuta: (text) => replaceAll(text, /\u0629/g, '\u0647'),
  digits: (text) => {
    let changed = 0;
    const result = text.replace(
      /[\u0660-\u0669\u06f0-\u06f9\u066b\u066c]/g,
      (char: string, index: number) => {
        const code = char.charCodeAt(0);
        if (char === DECIMAL_SEPARATOR || char === THOUSANDS_SEPARATOR) {
          // A separator becomes . or , only between two digits; elsewhere it is punctuation.
          if (!(index > 0 && isDigitAt(text, index - 1) && isDigitAt(text, index + 1))) return char;
          changed++;
          return char === DECIMAL_SEPARATOR ? '.' : ',';
        }
        changed++;
        const zero = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
        return String.fromCharCode(0x30 + code - zero);
      },
    );
    return { text: result, changed, map: null };
  },
};

/**
 * The step names `steps` stands for: `'all'`, a comma-separated list, or an array of names. An
 * unknown name is an error that lists the known ones.
 *
 * @example
 * ```ts
 * parseArabicSteps('nfc,foldAlef'); // ['nfc', 'foldAlef']
 * parseArabicSteps('all').length;   // 7
 * ```
 */
export function parseArabicSteps(steps: string | readonly string[]): ArabicNormalizationStep[] {
  const names = typeof steps === 'string' ? steps.split(',').map((name) => name.trim()) : [...steps];
  if (names.length === 1 && names[0] === 'all') return [...ARABIC_NORMALIZATION_STEPS];
  return names.map((name) => {
    if (!(ARABIC_NORMALIZATION_STEPS as readonly string[]).includes(name)) {
      throw new Error(
        `unknown Arabic normalization step '${name}'. Known steps: ${ARABIC_NORMALIZATION_STEPS.join(', ')} (or 'all')`,
      );
    }
    return name as ArabicNormalizationStep;
  });
}

/**
 * Normalize Arabic text with named, composable steps, and report what each did:
 *
 * - `nfc`: Unicode NFC (composes a decomposed hamza or madda with its letter);
 * - `removeTatweel`: drop tatweel ـ (U+0640);
 * - `stripTashkeel`: drop harakat, tanween, shadda, sukun, the superscript alef and the Quranic
 *   marks (see `TASHKEEL_CLASS`);
 * - `foldAlef`: أ إ آ ٱ → ا;
 * - `alefMaksura`: ى → ي;
 * - `tehMarbuta`: ة → ه;
 * - `digits`: Arabic-Indic and Persian digits → ASCII, and ٫ ٬ between digits → `.` `,`.
 *
 * Steps run in the order given (default: all, in {@link ARABIC_NORMALIZATION_STEPS} order). Removing
 * characters changes offsets; `offsets` maps every offset of the result back to the input.
 *
 * @example
 * ```ts
 * const result = normalizeArabic('العـــربيّة ١٢٫٥', ['removeTatweel', 'stripTashkeel', 'digits']);
 * result.text;  // 'العربية 12.5'
 * result.steps; // [{ step: 'removeTatweel', changed: 3 }, { step: 'stripTashkeel', changed: 1 },
 *               //  { step: 'digits', changed: 4 }]
 * ```
 */
export function normalizeArabic(
  text: string,
  steps: string | readonly string[] = ARABIC_NORMALIZATION_STEPS,
): ArabicNormalization {
  requireText(text, 'normalizeArabic');
  const names = parseArabicSteps(steps);
  let current = text;
  let offsets: Uint32Array | null = null;
  const reports: ArabicStepReport[] = [];
  for (const name of names) {
    const output = STEP_FUNCTIONS[name](current);
    reports.push({ step: name, changed: output.changed });
    if (output.map) {
      const previous: Uint32Array | null = offsets;
      offsets = previous ? output.map.map((offset) => previous[offset]!) : output.map;
    }
    current = output.text;
  }
  return { text: current, steps: reports, offsets: offsets ?? identityOffsets(text.length) };
}

function identityOffsets(length: number): Uint32Array {
  const offsets = new Uint32Array(length + 1);
  for (let i = 0; i <= length; i++) offsets[i] = i;
  return offsets;
}

/**
 * Unicode NFC.
 *
 * @example
 * ```ts
 * nfc('\u0627\u0654'); // 'أ'
 * ```
 */
export function nfc(text: string): string {
  requireText(text, 'nfc');
  return text.normalize('NFC');
}

/**
 * Drop tatweel (kashida, U+0640).
 *
 * @example
 * ```ts
 * removeTatweel('العـــربية'); // 'العربية'
 * ```
 */
export function removeTatweel(text: string): string {
  requireText(text, 'removeTatweel');
  return STEP_FUNCTIONS.removeTatweel(text).text;
}

/**
 * Drop Arabic diacritics: harakat, tanween, shadda, sukun, superscript alef, Quranic marks.
 *
 * @example
 * ```ts
 * stripTashkeel('مُحَمَّدٌ'); // 'محمد'
 * ```
 */
export function stripTashkeel(text: string): string {
  requireText(text, 'stripTashkeel');
  return STEP_FUNCTIONS.stripTashkeel(text).text;
}

/**
 * Fold the hamza and wasla alef forms أ إ آ ٱ into a bare alef ا.
 *
 * @example
 * ```ts
 * foldAlef('أحمد إلى آخر ٱلحمد'); // 'احمد الى اخر الحمد'
 * ```
 */
export function foldAlef(text: string): string {
  requireText(text, 'foldAlef');
  return STEP_FUNCTIONS.foldAlef(text).text;
}

/**
 * Write alef maksura ى as yeh ي.
 *
 * @example
 * ```ts
 * alefMaksura('على'); // 'علي'
 * ```
 */
export function alefMaksura(text: string): string {
  requireText(text, 'alefMaksura');
  return STEP_FUNCTIONS.alefMaksura(text).text;
}

/**
 * Write teh marbuta ة as heh ه.
 *
 * @example
 * ```ts
 * tehMarbuta('مدرسة'); // 'مدرسه'
 * ```
 */
export function tehMarbuta(text: string): string {
  requireText(text, 'tehMarbuta');
  return STEP_FUNCTIONS.tehMarbuta(text).text;
}

/**
 * Arabic-Indic (٠–٩) and Persian (۰–۹) digits to ASCII; ٫ and ٬ between digits to `.` and `,`.
 *
 * @example
 * ```ts
 * asciiDigits('١٢٫٥ و ۱۲۳'); // '12.5 و 123'
 * ```
 */
export function asciiDigits(text: string): string {
  requireText(text, 'asciiDigits');
  return STEP_FUNCTIONS.digits(text).text;
}
