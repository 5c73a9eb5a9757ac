import { childrenOf, type PatternNode } from './ast.js';
import { PythonPatternError } from './error.js';
import { canBeEmpty } from './non-empty.js';
import { captureGroups } from './set-groups.js';

/**
 * Repeats whose body can match the empty string in a round it need not run (a round past the
 * minimum). Python accepts such a round and then stops repeating; JavaScript rejects the round and
 * goes on to the body's other choices. Nothing tells them apart unless the round leaves a capture
 * behind or the body could still have matched something after trying the empty match:
 * `x(?:a*|b){1,2}` on `xb` gives `x` in Python (`a*` matched nothing, the repeat stopped) and `xb` in
 * JavaScript (`a*`'s empty round rejected, `b` tried).
 */

/**
 * Whether an empty match of `node` may come before another of its matches at the same spot, in the
 * order the backtracking engine tries them. Then Python, which stops at the empty round, and
 * JavaScript, which goes on to the later matches, can differ. When every empty match is the node's
 * last choice, rejecting it (JavaScript) and stopping after it (Python) leave the same choices.
 *
 * @example
 * ```ts
 * mayPreferEmpty(parsePythonPattern('a*|b', flags).root); // true: a* may match nothing before b is tried
 * mayPreferEmpty(parsePythonPattern('a|b?', flags).root); // false: nothing is tried after b? matches nothing
 * ```
 */
export function mayPreferEmpty(node: PatternNode): boolean {
  switch (node.kind) {
    case 'sequence':
      // Empty only when every item is; it is the last choice when it is each item's last choice.
      return node.items.some(mayPreferEmpty);
    case 'alternation': {
      const last = node.alternatives.length - 1;
      return node.alternatives.some(
        (alternative, index) => mayPreferEmpty(alternative) || (index < last && canBeEmpty(alternative)),
      );
    }
    case 'group':
      // Atomic groups and look-arounds have a single match.
      return (node.type === 'capture' || node.type === 'plain') && mayPreferEmpty(node.body);
    case 'quantifier':
      if (node.mode === 'possessive') return false;
      // A lazy repeat tries stopping (here: empty) before another round.
      if (node.mode === 'lazy' && node.max > node.min) return canBeEmpty(node);
      // A greedy repeat tries another round before stopping.
      return mayPreferEmpty(node.body);
    default:
      return false;
  }
}

/**
 * Refuse a repeat with optional rounds (more allowed than required) whose body can match the empty
 * string and either holds a capture group (Python keeps the empty round's captures) or
 * {@link mayPreferEmpty}.
 *
 * @example
 * ```ts
 * rejectEmptyRounds(parsePythonPattern(String.raw`(\d*\.?){1,3}`, flags).root, pattern);
 * // throws: a repeat whose body can match the empty string ... at position 8
 * ```
 */
export function rejectEmptyRounds(node: PatternNode, pattern: string): void {
  if (node.kind === 'quantifier' && node.max > node.min && canBeEmpty(node.body)) {
    const why =
      captureGroups(node.body).length > 0
        ? 'and holds a capture group'
        : mayPreferEmpty(node.body)
          ? 'before a longer match (an alternation with an empty-matching branch before another, or a lazy repeat)'
          : undefined;
    if (why)
      throw new PythonPatternError(
        `a repeat whose body can match the empty string ${why}: in a round past the minimum, Python stops after a body that matched nothing and keeps that round, JavaScript rejects the round and tries the body's other choices, so the matches would differ; write the body so that it cannot match nothing, e.g. (\\d+\\.?|\\.){1,3} rather than (\\d*\\.?){1,3}; the repeat is`,
        pattern,
        node.position,
      );
  }
  for (const child of childrenOf(node)) rejectEmptyRounds(child, pattern);
}
