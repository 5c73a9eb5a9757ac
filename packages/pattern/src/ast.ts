/**
 * The syntax tree of a Python regular expression, as the parser builds it and the emitter reads it.
 * Nodes whose meaning depends on an inline flag carry the flag value that was in force where they
 * were written, so scoped flags such as `(?i:...)` need no extra bookkeeping later.
 */

/** The shorthand classes `\w \W \d \D \s \S`. */
export type ShorthandClass = 'w' | 'W' | 'd' | 'D' | 's' | 'S';

/** One member of a bracketed class. */
export type ClassItem =
  | { kind: 'range'; from: number; to: number }
  | { kind: 'shorthand'; name: ShorthandClass; ascii: boolean }
  | { kind: 'property'; negated: boolean; body: string; position: number };

/**
 * A node of the tree; `position` is the offset in the pattern where the construct starts. `asciiCase`
 * marks case-insensitive nodes under the ASCII flag, which fold ASCII letters only.
 */
export type PatternNode =
  | { kind: 'sequence'; items: PatternNode[] }
  | { kind: 'alternation'; alternatives: PatternNode[] }
  | { kind: 'char'; codePoint: number; ignoreCase: boolean; asciiCase?: true }
  | { kind: 'class'; negated: boolean; items: ClassItem[]; ignoreCase: boolean; asciiCase?: true }
  | { kind: 'any'; dotAll: boolean }
  | {
      kind: 'assertion';
      name: 'start' | 'end' | 'startOfText' | 'endOfText' | 'wordBoundary' | 'notWordBoundary';
      multiline: boolean;
      ascii: boolean;
    }
  | {
      kind: 'group';
      type:
        | 'capture'
        | 'plain'
        | 'lookahead'
        | 'negativeLookahead'
        | 'lookbehind'
        | 'negativeLookbehind'
        | 'atomic';
      /** Python group number, for capturing groups. */
      index?: number;
      name?: string;
      body: PatternNode;
      position: number;
    }
  | {
      kind: 'quantifier';
      body: PatternNode;
      min: number;
      /** `Infinity` when unbounded. */
      max: number;
      mode: 'greedy' | 'lazy' | 'possessive';
      position: number;
    }
  | { kind: 'backreference'; index: number; ignoreCase: boolean; asciiCase?: true; position: number };

/** The inline flags Python knows, as a set of letters. */
export interface PatternFlags {
  ignoreCase: boolean;
  multiline: boolean;
  dotAll: boolean;
  verbose: boolean;
  ascii: boolean;
  /** `u` was given: Python 3's default for text anyway, but a global `u` with a global `a` is an error. */
  unicode: boolean;
}

/**
 * The nodes directly inside `node` (none for a character, class, assertion or backreference), for
 * checks that walk the whole tree and look at a few kinds of node only.
 *
 * @example
 * ```ts
 * childrenOf({ kind: 'sequence', items: [a, b] }); // [a, b]
 * ```
 */
export function childrenOf(node: PatternNode): readonly PatternNode[] {
  switch (node.kind) {
    case 'sequence':
      return node.items;
    case 'alternation':
      return node.alternatives;
    case 'group':
    case 'quantifier':
      return [node.body];
    default:
      return [];
  }
}
