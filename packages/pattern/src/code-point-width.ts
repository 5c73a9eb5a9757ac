/**
 * How many UTF-16 code units the code point at `index` takes: 2 for a surrogate pair, else 1 (a lone
 * surrogate counts as one character, as Python and JavaScript's `u` mode treat it).
 */
export function codePointWidth(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  if (unit < 0xd800 || unit > 0xdbff) return 1;
  const next = text.charCodeAt(index + 1);
  return next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
}
