/**
 * Which special tokens `encode` may emit as their ids: a list, or `'all'`.
 *
 * @example
 * ```ts
 * const allowed: AllowedSpecial = ['<|endoftext|>'];
 * ```
 */
export type AllowedSpecial = readonly string[] | ReadonlySet<string> | 'all';

/**
 * Which special tokens make `encode` throw when their text appears: a list, or `'all'` (the default:
 * every special not allowed).
 *
 * @example
 * ```ts
 * const disallowed: DisallowedSpecial = []; // never throw; unlisted specials are ordinary text
 * ```
 */
export type DisallowedSpecial = readonly string[] | ReadonlySet<string> | 'all';

/**
 * Options of `encode`, with tiktoken's meaning and defaults.
 *
 * @example
 * ```ts
 * enc.encode(text, { allowedSpecial: 'all' });
 * ```
 */
export interface EncodeOptions {
  /** Special tokens to encode as their ids where their text appears (default: none). */
  allowedSpecial?: AllowedSpecial;
  /**
   * Special tokens whose text makes `encode` throw (default `'all'`: every special token that is not
   * allowed). Pass `[]` to encode such text as ordinary text instead.
   */
  disallowedSpecial?: DisallowedSpecial;
}

/**
 * Thrown by `encode` when the text contains a special token that was not allowed, as tiktoken does.
 * The message names the token, where it is, and both fixes.
 *
 * @example
 * ```ts
 * try {
 *   encoding.encode('hi <|endoftext|>');
 * } catch (error) {
 *   if (error instanceof DisallowedSpecialTokenError) console.log(error.token, error.index); // '<|endoftext|>' 3
 * }
 * ```
 */
export class DisallowedSpecialTokenError extends Error {
  /** The special token found in the text. */
  readonly token: string;
  /** Its UTF-16 offset in the text. */
  readonly index: number;

  /** Creates the error for `token` found at `index`. */
  constructor(token: string, index: number) {
    const quoted = JSON.stringify(token);
    super(
      `The text contains a special token that is not allowed: ${token} (at index ${index}). ` +
        `To encode it as the special token, pass { allowedSpecial: [${quoted}] } (or 'all'); ` +
        `to encode it as ordinary text, pass { disallowedSpecial: [] }.`,
    );
    this.name = 'DisallowedSpecialTokenError';
    this.token = token;
    this.index = index;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** A global regex matching any of `tokens` (longest first, so a token that prefixes another loses); `null` for none. */
export function specialTokenRegex(tokens: Iterable<string>): RegExp | null {
  const sorted = [...tokens].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  if (sorted.length === 0) return null;
  return new RegExp(sorted.map(escapeRegExp).join('|'), 'g');
}
