/**
 * Throw a `TypeError` that names `where` when `options` has a property that is none of `names`. The
 * libraries tokenlab follows spell their options in snake_case (scikit-learn's `ngram_range`, gensim's
 * `vector_size`, Keras' `num_words`); written so here, an option was read by nothing and its default
 * used, silently. A snake_case name is answered with the name it has here, another unknown name with
 * the nearest known one.
 *
 * @example
 * ```ts
 * requireOptionNames({ ngramRange: [1, 2] }, ['ngramRange', 'minDf'], 'CountVectorizer'); // passes
 * requireOptionNames({ ngram_range: [1, 2] }, ['ngramRange', 'minDf'], 'CountVectorizer');
 * // TypeError: CountVectorizer: unknown option 'ngram_range': it is written ngramRange here (...)
 * ```
 */
export function requireOptionNames(options: unknown, names: readonly string[], where: string): void {
  if (typeof options !== 'object' || options === null) return;
  // for...in: no array made for the usual empty or small options of a hot call such as encode.
  for (const key in options) {
    if (!Object.hasOwn(options, key) || names.includes(key)) continue;
    const camel = key.replace(/_+([a-z0-9])/gi, (_, letter: string) => letter.toUpperCase());
    const near = nearestName(key, names);
    const hint =
      camel !== key && names.includes(camel)
        ? `: it is written ${camel} here`
        : near !== undefined
          ? `: did you mean ${near}?`
          : '';
    throw new TypeError(`${where}: unknown option '${key}'${hint} (the options: ${names.join(', ')})`);
  }
}

/**
 * The option names of an options type `T`, checked complete when the code compiles: a name missing
 * from the list, or one that `T` does not have, is a type error, so the list {@link requireOptionNames}
 * checks against cannot fall behind the type.
 *
 * @example
 * ```ts
 * interface GreetOptions { loud?: boolean; name?: string }
 * const GREET_OPTIONS = optionNames<GreetOptions>()(['loud', 'name']); // ['loud'] alone does not compile
 * ```
 */
export function optionNames<T extends object>() {
  return <const N extends readonly (keyof T & string)[]>(
    names: N &
      ([Exclude<keyof T & string, N[number]>] extends [never]
        ? unknown
        : { missing: Exclude<keyof T & string, N[number]> }),
  ): N => names;
}

/**
 * The name in `names` that a mistyped `key` most likely meant, if any: the only one it begins (three
 * letters or more), else one within an edit or two. Case, `_` and `-` are not compared, so
 * `ngram_range` finds `ngramRange` and `vocab-size` finds `vocab-sizes`.
 *
 * @example
 * ```ts
 * nearestName('lowercse', ['lowercase', 'binary']); // 'lowercase'
 * nearestName('colour', ['lowercase', 'binary']);   // undefined
 * ```
 */
export function nearestName(key: string, names: readonly string[]): string | undefined {
  const fold = (name: string) => name.toLowerCase().replace(/[_-]/g, '');
  const folded = fold(key);
  const starting = names.filter((name) => fold(name).startsWith(folded));
  if (folded.length >= 3 && starting.length === 1) return starting[0];
  let best: string | undefined;
  let bestDistance = Math.min(2, Math.floor(folded.length / 3)) + 1;
  for (const name of names) {
    const distance = editDistance(folded, fold(name), bestDistance);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance of `a` and `b`, or `bound` when it is at least that. */
function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) >= bound) return bound;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return Math.min(previous[b.length]!, bound);
}
