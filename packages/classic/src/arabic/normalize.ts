import { TASHKEEL_CLASS, TATWEEL } from './characters.js';

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
const ALEF_FORMS: Readonly<Record<string, string>> = {
  '\u0622': '\u0627', // آ
  '\u0623': '\u0627', // أ
  '\u0625': '\u0627', // إ
  '\u0671': '\u0627', // ٱ
};
const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;
const DECIMAL_SEPARATOR = '\u066b';
const THOUSANDS_SEPARATOR = '\u066c';

function unchanged(text: string): StepOutput {
  return { text, changed: 0, map: null };
}

/** Remove every code unit for which `drop` is true, keeping the offset map. */
function removeWhere(text: string, drop: (char: string) => boolean): StepOutput {
  const kept: string[] = [];
  const map = new Uint32Array(text.length + 1);
  let length = 0;
  let removed = 0;
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    if (drop(text[i]!)) {
      removed++;
      if (i > runStart) kept.push(text.slice(runStart, i));
      runStart = i + 1;
    } else {
      map[length++] = i;
    }
  }
  if (removed === 0) return { text, changed: 0, map: null };
  kept.push(text.slice(runStart));
  map[length] = text.length;
  return { text: kept.join(''), changed: removed, map: map.subarray(0, length + 1) };
}

/** Replace code units one for one (same length, so no offset map). */
function replaceEach(
  text: string,
  pattern: RegExp,
  replace: (char: string, index: number) => string,
): StepOutput {
  let changed = 0;
  const result = text.replace(pattern, (char: string, index: number) => {
    const replacement = replace(char, index);
    if (replacement !== char) changed++;
    return replacement;
  });
  return { text: result, changed, map: null };
}

/**
 * NFC one cluster at a time (a character and the marks after it, or a Hangul syllable's jamo), so
 * that each output character maps back to the cluster it came from.
 */
function nfcWithOffsets(text: string): StepOutput {
  const whole = text.normalize('NFC');
  if (whole === text) return { text, changed: 0, map: null };
  const cluster = /[\s\S][\p{M}\u1160-\u11FF]*/gu;
  const parts: string[] = [];
  const map: number[] = [];
  let changed = 0;
  for (const match of text.matchAll(cluster)) {
    const normalized = match[0].normalize('NFC');
    if (normalized !== match[0]) changed += Array.from(match[0]).length;
    for (let k = 0; k < normalized.length; k++) map.push(match.index);
    parts.push(normalized);
  }
  const joined = parts.join('');
  if (joined !== whole) {
    // Composition crossed a cluster boundary: map every character to the start of the text.
    return {
      text: whole,
      changed: Array.from(text).length,
      map: Uint32Array.from({ length: whole.length + 1 }, (_, i) => (i === whole.length ? text.length : 0)),
    };
  }
  map.push(text.length);
  return { text: whole, changed, map: Uint32Array.from(map) };
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
  removeTatweel: (text) => removeWhere(text, (char) => char === TATWEEL),
  stripTashkeel: (text) =>
    TASHKEEL.test(text) ? removeWhere(text, (char) => TASHKEEL.test(char)) : unchanged(text),
  foldAlef: (text) => replaceEach(text, /[\u0622\u0623\u0625\u0671]/g, (char) => ALEF_FORMS[char]!),
  alefMaksura: (text) => replaceEach(text, /\u0649/g, () => '\u064a'),
  tehMarbuta: (text) => replaceEach(text, /\u0629/g, () => '\u0647'),
  digits: (text) =>
    replaceEach(text, /[\u0660-\u0669\u06f0-\u06f9\u066b\u066c]/g, (char, index) => {
      const code = char.charCodeAt(0);
      if (char === DECIMAL_SEPARATOR || char === THOUSANDS_SEPARATOR) {
        // A separator becomes . or , only between two digits; elsewhere it is punctuation.
        const between = index > 0 && isDigitAt(text, index - 1) && isDigitAt(text, index + 1);
        return between ? (char === DECIMAL_SEPARATOR ? '.' : ',') : char;
      }
      const zero = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
      return String.fromCharCode(0x30 + code - zero);
    }),
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
  return STEP_FUNCTIONS.digits(text).text;
}
