/**
 * Robert MacIntyre's contractions, as NLTK splits them: `cannot` → `can not`, `gonna` → `gon na`,
 * `'tis` → `'t is`. Each pattern has two groups; the `(?#X)` comment marks where the split goes.
 */
export const CONTRACTIONS2 = [
  String.raw`(?i)\b(can)(?#X)(not)\b`,
  String.raw`(?i)\b(d)(?#X)('ye)\b`,
  String.raw`(?i)\b(gim)(?#X)(me)\b`,
  String.raw`(?i)\b(gon)(?#X)(na)\b`,
  String.raw`(?i)\b(got)(?#X)(ta)\b`,
  String.raw`(?i)\b(lem)(?#X)(me)\b`,
  String.raw`(?i)\b(more)(?#X)('n)\b`,
  String.raw`(?i)\b(wan)(?#X)(na)(?=\s)`,
];

/** Contractions that follow a space: `'tis`, `'twas`. */
export const CONTRACTIONS3 = [String.raw`(?i) ('t)(?#X)(is)\b`, String.raw`(?i) ('t)(?#X)(was)\b`];
