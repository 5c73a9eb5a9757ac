/**
 * The characters Python's `re` treats as equal to one character under IGNORECASE, for scoped
 * `(?i:...)` groups, where the JavaScript `i` flag cannot be used and the variants are spelled out.
 *
 * Python compares simple lowercases (one character to one: `İ` lowercases to `i`, the Kelvin sign to
 * `k`), and also equates lowercase letters with the same uppercase (its table of "extra cases": `s`
 * and `ſ`, `θ` and `ϑ`, and, through a shared uppercase of several letters, `ΐ` and `ΐ` or `ﬅ` and
 * `ﬆ`). Both rules together: two characters match when the uppercase of their simple lowercase is
 * the same string.
 */

/** The string two case-insensitively equal characters share: the uppercase of the simple lowercase. */
function foldKey(codePoint: number): string {
  const char = String.fromCodePoint(codePoint);
  const lower = char.toLowerCase();
  // A lowercase of several characters is no simple mapping; İ's simple lowercase is i.
  const simple = codePoint === 0x130 ? 'i' : [...lower].length === 1 ? lower : char;
  return simple.toUpperCase();
}

let classes: Map<string, number[]> | undefined;

/**
 * Fold key → the code points whose key it is and differs from the code point itself, built once on
 * first use. A character whose key is itself (such as `K`) is found through the key instead.
 */
function caseClasses(): Map<string, number[]> {
  if (classes) return classes;
  classes = new Map();
  // Every cased character lies below U+20000.
  for (let codePoint = 0; codePoint < 0x20000; codePoint++) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
    const key = foldKey(codePoint);
    if (key === String.fromCodePoint(codePoint)) continue;
    const list = classes.get(key);
    if (list) list.push(codePoint);
    else classes.set(key, [codePoint]);
  }
  return classes;
}

/**
 * The code points that match `codePoint` case-insensitively in Python's `re`, itself first.
 *
 * @example
 * ```ts
 * caseVariants(0x6b);   // [0x6b, 0x212a, 0x4b]: k, the Kelvin sign and K
 * caseVariants(0xfb05); // [0xfb05, 0xfb06]: the ligatures ﬅ and ﬆ, whose uppercase is ST
 * ```
 */
export function caseVariants(codePoint: number): number[] {
  const key = foldKey(codePoint);
  const variants = new Set([codePoint, ...(caseClasses().get(key) ?? [])]);
  // The one character whose key is itself, when the key is a single character (K for k, Θ for ϑ).
  const keyCodePoint = key.codePointAt(0)!;
  if (String.fromCodePoint(keyCodePoint) === key && foldKey(keyCodePoint) === key) variants.add(keyCodePoint);
  return [...variants];
}
