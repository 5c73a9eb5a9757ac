/**
 * Which special tokens `encode` may emit: minbpe's `allowed_special`.
 *
 * @example
 * ```ts
 * const allowed: AllowedSpecial = ['<|endoftext|>']; // or 'all', 'none', 'none_raise', a Set
 * tokenizer.encode('hi<|endoftext|>', { allowedSpecial: allowed }); // [104, 105, 258]
 * ```
 */
export type AllowedSpecial = 'all' | 'none' | 'none_raise' | ReadonlySet<string> | readonly string[];

/**
 * Thrown by `encode` under `'none_raise'` when the text contains a registered special token.
 *
 * @example
 * ```ts
 * try {
 *   tokenizer.encode('hi<|endoftext|>'); // '<|endoftext|>' registered, allowedSpecial defaults to 'none_raise'
 * } catch (error) {
 *   if (error instanceof DisallowedSpecialTokenError) [error.token, error.index]; // ['<|endoftext|>', 2]
 * }
 * ```
 */
export class DisallowedSpecialTokenError extends Error {
  /** The special token found. */
  readonly token: string;
  /** UTF-16 index of its first occurrence. */
  readonly index: number;
  /** Creates the error for `token` found at `index`. */
  constructor(token: string, index: number) {
    super(
      `text contains the special token ${JSON.stringify(token)} at index ${index}; ` +
        "pass allowedSpecial: 'all' (or a set naming it) to encode it as a special token, or 'none' to encode it as ordinary text",
    );
    this.name = 'DisallowedSpecialTokenError';
    this.token = token;
    this.index = index;
  }
}

/**
 * The special tokens `encode` should match for `allowed`, in registration order, or throw under
 * `'none_raise'` if the text holds one (minbpe asserts there).
 */
export function selectSpecialTokens(
  registered: ReadonlyMap<string, number>,
  allowed: AllowedSpecial,
  text: string,
): Map<string, number> {
  if (allowed === 'all') return new Map(registered);
  if (allowed === 'none') return new Map();
  if (allowed === 'none_raise') {
    for (const token of registered.keys()) {
      const index = text.indexOf(token);
      if (index >= 0) throw new DisallowedSpecialTokenError(token, index);
    }
    return new Map();
  }
  if (typeof allowed === 'object' && allowed !== null) {
    const names = new Set<string>(allowed as Iterable<string>);
    return new Map([...registered].filter(([token]) => names.has(token)));
  }
  throw new TypeError(
    `allowedSpecial must be 'all', 'none', 'none_raise' or a set of tokens, got ${String(allowed)}`,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/**
 * Cut `text` at the special tokens of `special` (leftmost match first; at one position the token
 * registered first wins, as Python's `re.split` with an alternation), alternating ordinary text and
 * special tokens: `[text, special, text, ...]`, starting and ending with (possibly empty) text.
 */
export function splitOnSpecialTokens(text: string, special: ReadonlyMap<string, number>): string[] {
  const pattern = new RegExp(`(${[...special.keys()].map(escapeRegExp).join('|')})`);
  return text.split(pattern);
}
