/**
 * Which rule-triggering characters a text contains, as bits. Each Treebank rule names the bits it
 * needs; a rule whose characters are all absent cannot match and is skipped without running its
 * RegExp. Rules only insert spaces and turn `"` into ` `` ` or `''`, so a `"` counts as `'` and
 * `` ` `` too, and the mask of the original text stays valid while the rules run.
 */
export const QUOTE = 1 << 0;
export const APOSTROPHE = 1 << 1;
export const BACKTICK = 1 << 2;
export const COLON_COMMA = 1 << 3;
export const PERIOD = 1 << 4;
export const SYMBOL = 1 << 5;
export const QUESTION_EXCLAMATION = 1 << 6;
export const BRACKET = 1 << 7;
export const DASH = 1 << 8;
export const STAR = 1 << 9;
export const OPENING_QUOTE = 1 << 10;
export const CLOSING_QUOTE = 1 << 11;
/** A doubled n, m or t (any case): `cannot`, `gonna`, `gimme`, `gotta`, `lemme`, `wanna`. */
export const DOUBLE_NMT = 1 << 12;
/** Set in every mask: for rules without a cheap precondition. */
export const ALWAYS = 1 << 13;
/** Every bit: run every rule. */
export const EVERY_RULE = (1 << 14) - 1;

const ASCII = new Uint16Array(128);
const assign = (chars: string, bit: number) => {
  for (const char of chars) ASCII[char.charCodeAt(0)] |= bit;
};
assign('"', QUOTE | APOSTROPHE | BACKTICK);
assign("'", APOSTROPHE);
assign('`', BACKTICK);
assign(':,', COLON_COMMA);
assign('.', PERIOD);
assign(';@#$%&', SYMBOL);
assign('?!', QUESTION_EXCLAMATION);
assign('[](){}<>', BRACKET);
assign('-', DASH);
assign('*', STAR);

const NMT = new Set([0x6e, 0x6d, 0x74]);

/** The trigger bits of `text`. */
export function triggerMask(text: string): number {
  let mask = ALWAYS;
  let previous = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 128) {
      mask |= ASCII[unit]!;
      if ((unit | 0x20) === (previous | 0x20) && NMT.has(unit | 0x20)) mask |= DOUBLE_NMT;
      previous = unit;
    } else if (unit === 0xab || unit === 0x201c || unit === 0x2018 || unit === 0x201e) mask |= OPENING_QUOTE;
    else if (unit === 0xbb || unit === 0x201d || unit === 0x2019) mask |= CLOSING_QUOTE;
  }
  return mask;
}
