/** The visible stand-ins for whitespace: a middle dot for a space, an arrow for a tab, ⏎ for a newline. */
export const WHITESPACE_GLYPHS: Readonly<Record<string, string>> = {
  ' ': '·',
  '\t': '→',
  '\n': '⏎',
  '\r': '␍',
  '\u00a0': '⍽',
  '\u200b': '␣',
  '\u200c': '‹ZWNJ›',
  '\u200d': '‹ZWJ›',
  '\ufeff': '‹BOM›',
};

/** One run of a text to draw: ordinary text, or whitespace shown as its glyphs. */
export interface GlyphRun {
  /** What to draw. */
  text: string;
  /** `true` when `text` is glyphs standing for whitespace (drawn dimmed). */
  whitespace: boolean;
  /** How many newlines the run stands for (a line break follows it on screen). */
  newlines: number;
}

const WHITESPACE = /[\s\u200b-\u200d\ufeff]+/gu;

/**
 * Split `text` into runs of ordinary text and of whitespace shown as glyphs, so that spaces, tabs
 * and newlines inside tokens can be seen. Other Unicode spaces become a middle dot too.
 */
export function glyphRuns(text: string): GlyphRun[] {
  const runs: GlyphRun[] = [];
  let last = 0;
  for (const match of text.matchAll(WHITESPACE)) {
    if (match.index > last)
      runs.push({ text: text.slice(last, match.index), whitespace: false, newlines: 0 });
    let glyphs = '';
    let newlines = 0;
    for (const char of match[0]) {
      glyphs += WHITESPACE_GLYPHS[char] ?? '·';
      if (char === '\n') newlines++;
    }
    runs.push({ text: glyphs, whitespace: true, newlines });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), whitespace: false, newlines: 0 });
  return runs;
}
