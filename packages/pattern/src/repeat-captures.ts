import { childrenOf, type PatternNode } from './ast.js';
import { PythonPatternError } from './error.js';
import { captureGroups, groupsSetAfter } from './set-groups.js';

/**
 * Refuse a capture group inside a repeat that can run more than once when some round may end without
 * the group taking part. JavaScript clears a repeated body's captures at the start of every round, so
 * the group is empty after such a last round; Python keeps the value of the last round that set it:
 * `(?:(a)|b)+` on `ab` gives group 1 `a` in Python, nothing in JavaScript. A group set by every round
 * (`(\w)+`, `(?:(\w)-)+`) has the last round's value in both.
 *
 * @example
 * ```ts
 * rejectPartialRepeatCaptures(parsePythonPattern('(?:(a)|b)+', flags).root, pattern);
 * // throws: group 1 is inside a repeat (at position 9) but does not take part in every round ... at position 3
 * ```
 */
export function rejectPartialRepeatCaptures(node: PatternNode, pattern: string): void {
  if (node.kind === 'quantifier' && node.max > 1) {
    const everyRound = groupsSetAfter(node.body, new Set());
    const partial = captureGroups(node.body).find((group) => !everyRound.has(group.index!));
    if (partial)
      throw new PythonPatternError(
        `group ${partial.index} is inside a repeat (at position ${node.position}) but does not take part in every round: Python keeps its value from the last round that set it, JavaScript clears it at every round, so the group's value would differ; make it non-capturing, (?:...), if its value is not needed, or capture the whole repeat, ((?:...)+); the group is`,
        pattern,
        partial.position,
      );
  }
  for (const child of childrenOf(node)) rejectPartialRepeatCaptures(child, pattern);
}
