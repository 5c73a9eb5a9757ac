/**
 * The visible stand-ins for whitespace: a middle dot for a space, an arrow for a tab, ⏎ for a newline,
 * and names in Latin letters where a symbol is missing from common fonts.
 */
export const WHITESPACE_GLYPHS: Readonly<Record<string, string>> = {
  ' ': '·',
  '\t': '→',
  '\n': '⏎',
  '\r': '‹CR›',
  '\u00a0': '⍽',
  '\u200b': '␣',
  '\u200c': '‹ZWNJ›',
  '\u200d': '‹ZWJ›',
  '\ufeff': '‹BOM›',
};

/** The short names of the C0 control characters, U+0000 to U+001F. */
const C0_NAMES = (
  'NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI ' +
  'DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC FS GS RS US'
).split(' ');

/**
 * The stand-in for a control character (the UDHR's Arabic text from NLTK holds a U+001C): its short
 * name (‹FS›), or its code point for U+0080–U+009F, in Latin letters that every font draws. Without
 * it a control character is drawn as an empty box, like a missing glyph; the Control Pictures
 * symbols (␜, ␍) are missing from common fonts (DejaVu) too, so a carriage return is ‹CR› as well.
 * `undefined` for any other character.
 *
 * @example
 * ```ts
 * controlGlyph('\u001c'); // '‹FS›'
 * ```
 */
export function controlGlyph(char: string): string | undefined {
  const code = char.charCodeAt(0);
  if (code < 0x20) return `‹${C0_NAMES[code]}›`;
  if (code === 0x7f) return '‹DEL›';
  if (code >= 0x80 && code <= 0x9f) return `‹U+${code.toString(16).toUpperCase().padStart(4, '0')}›`;
  return undefined;
}

/** One run of a text to draw: ordinary text, or whitespace and control characters shown as glyphs. */
export interface GlyphRun {
  /** What to draw. */
  text: string;
  /** `true` when `text` is glyphs standing for whitespace or control characters (drawn dimmed). */
  whitespace: boolean;
  /** How many newlines the run stands for (a line break follows it on screen). */
  newlines: number;
}

const SHOWN_AS_GLYPHS = /[\s\u200b-\u200d\ufeff\u0000-\u001f\u007f-\u009f]+/gu;

/**
 * Split `text` into runs of ordinary text and of whitespace shown as glyphs, so that spaces, tabs
 * and newlines inside tokens can be seen. Other Unicode spaces become a middle dot too, and control
 * characters their short name (‹FS›) or code point.
 */
export function glyphRuns(text: string): GlyphRun[] {
  const runs: GlyphRun[] = [];
  let last = 0;
  for (const match of text.matchAll(SHOWN_AS_GLYPHS)) {
    if (match.index > last)
      runs.push({ text: text.slice(last, match.index), whitespace: false, newlines: 0 });
    let glyphs = '';
    let newlines = 0;
    for (const char of match[0]) {
      glyphs += WHITESPACE_GLYPHS[char] ?? controlGlyph(char) ?? '·';
      if (char === '\n') newlines++;
    }
    runs.push({ text: glyphs, whitespace: true, newlines });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), whitespace: false, newlines: 0 });
  return runs;
}
