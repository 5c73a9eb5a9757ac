import { compilePythonPattern } from '@tokenlab/pattern';

/**
 * A Python `re.sub(pattern, template, text)` compiled once and applied to many texts.
 *
 * @example
 * ```ts
 * const squeeze: Rewrite = pythonRewrite(String.raw`\s+`, ' ');
 * squeeze('a \t b'); // 'a b'
 * ```
 */
export type Rewrite = (text: string) => string;

/**
 * Compile a Python substitution: `pattern` in Python syntax and a Python replacement template
 * (`\1`, `\g<1>`, `\g<0>`). The Treebank rules are applied as such rewrites, in NLTK's order.
 * An optional `hint` must match every text the pattern can match in (for instance the one
 * character the pattern cannot do without); texts it does not match are returned unchanged.
 *
 * @example
 * ```ts
 * pythonRewrite(String.raw`([:,])([^\d])`, String.raw` \1 \2`)('a,b'); // 'a , b'
 * ```
 */
export function pythonRewrite(pattern: string, template: string, hint?: RegExp): Rewrite {
  const compiled = compilePythonPattern(pattern);
  if (compiled.nullable)
    throw new RangeError(`rewrite pattern ${JSON.stringify(pattern)} can match the empty string`);
  const replacement = template.replace(
    /\$|\\g<(\d+)>|\\(\d{1,2})/g,
    (token, named?: string, numbered?: string) => {
      if (token === '$') return '$$';
      const group = Number(named ?? numbered);
      if (group > compiled.groupCount)
        throw new RangeError(`invalid group reference ${group} in ${JSON.stringify(template)}`);
      return group === 0 ? '$&' : `$${compiled.groupIndex[group]}`;
    },
  );
  const { regexp } = compiled;
  // The hint is a cheap test for something every match must contain; most texts fail it and skip the rule.
  if (hint) return (text) => (hint.test(text) ? text.replace(regexp, replacement) : text);
  return (text) => text.replace(regexp, replacement);
}
