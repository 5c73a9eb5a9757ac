import { childrenOf, type PatternNode } from './ast.js';
import { PythonPatternError } from './error.js';
import { groupsSetAfter } from './set-groups.js';

/**
 * Backreferences to groups that may not have taken part in the match. Python's backreference to such
 * a group fails; JavaScript's matches the empty string. `(['"])?\w+\1` finds only quoted words in
 * Python, and also bare words in JavaScript.
 */

const NONE: ReadonlySet<number> = new Set();

/**
 * The groups whose backreference every successful match of `node` tries: when such a group has not
 * taken part, `node` cannot match in Python.
 */
function backreferencesTried(node: PatternNode): ReadonlySet<number> {
  switch (node.kind) {
    case 'backreference':
      return new Set([node.index]);
    case 'sequence':
      return new Set(node.items.flatMap((item) => [...backreferencesTried(item)]));
    case 'alternation': {
      const [first, ...rest] = node.alternatives.map(backreferencesTried);
      return new Set([...first!].filter((index) => rest.every((set) => set.has(index))));
    }
    case 'group':
      return node.type === 'negativeLookahead' || node.type === 'negativeLookbehind'
        ? NONE
        : backreferencesTried(node.body);
    case 'quantifier':
      return node.min > 0 ? backreferencesTried(node.body) : NONE;
    default:
      return NONE;
  }
}

/**
 * Make `(X)?` mandatory where a backreference to its group follows on every path: in Python the path
 * that skips `(X)` always fails at that backreference, so `(X)?...\1` finds exactly what `(X)...\1`
 * finds, in the same order, and the JavaScript translation of the latter needs no empty group.
 * `later` holds the groups whose backreference the rest of the match surely tries.
 *
 * Left alone: repeats that can run twice (in Python a later round may use an earlier round's value),
 * look-behinds (run right to left in JavaScript and in the regex module), and the continuation past
 * an atomic group, a possessive repeat or a look-around, which commit to their first match: there the
 * skipping path could be the one chosen.
 *
 * @example
 * ```ts
 * requireGroupsOfBackreferences(parsePythonPattern(String.raw`(['"])?\w+\1`, flags).root);
 * // the tree of (['"])\w+\1
 * ```
 */
export function requireGroupsOfBackreferences(
  node: PatternNode,
  later: ReadonlySet<number> = NONE,
): PatternNode {
  switch (node.kind) {
    case 'sequence': {
      const items = [...node.items];
      let rest = later;
      for (let index = items.length - 1; index >= 0; index--) {
        const item = items[index]!;
        items[index] = requireGroupsOfBackreferences(item, rest);
        rest = new Set([...rest, ...backreferencesTried(item)]);
      }
      return { ...node, items };
    }
    case 'alternation':
      return {
        ...node,
        alternatives: node.alternatives.map((alternative) =>
          requireGroupsOfBackreferences(alternative, later),
        ),
      };
    case 'group':
      if (node.type === 'lookbehind' || node.type === 'negativeLookbehind') return node;
      return {
        ...node,
        body: requireGroupsOfBackreferences(
          node.body,
          node.type === 'capture' || node.type === 'plain' ? later : NONE,
        ),
      };
    case 'quantifier': {
      if (node.max > 1) return node;
      const body = requireGroupsOfBackreferences(node.body, node.mode === 'possessive' ? NONE : later);
      const required =
        node.min === 0 && node.max === 1 && [...groupsSetAfter(body, NONE)].some((index) => later.has(index));
      if (!required) return { ...node, body };
      // Exactly once: the body itself, or an atomic group for `?+`.
      return node.mode === 'possessive' ? { ...node, body, min: 1 } : body;
    }
    default:
      return node;
  }
}

/**
 * Backreferences that are the whole body of a repeat that may run zero times (`\1?`, `(?:\1)*`).
 * With their group unset they agree: Python's round fails, and JavaScript's round matches nothing,
 * which it rejects in a round past the minimum. Either way the repeat stops there.
 */
function optionalBackreferences(node: PatternNode, found = new Set<PatternNode>()): Set<PatternNode> {
  if (node.kind === 'quantifier' && node.min === 0) {
    let body = node.body;
    while (body.kind === 'group' && body.type === 'plain') body = body.body;
    if (body.kind === 'backreference') found.add(body);
  }
  for (const child of childrenOf(node)) optionalBackreferences(child, found);
  return found;
}

/**
 * Refuse a backreference to a group that may not have taken part where the backreference is tried
 * (after {@link requireGroupsOfBackreferences} has made the groups it can mandatory), unless it is
 * the whole body of an optional repeat (`(['"])?\w+\1?`), where both engines agree.
 *
 * @example
 * ```ts
 * rejectUnsetBackreferences(parsePythonPattern(String.raw`(?:(a)|b)\1`, flags).root, pattern);
 * // throws: backreference to group 1, which may not have taken part ... at position 9
 * ```
 */
export function rejectUnsetBackreferences(root: PatternNode, pattern: string): void {
  const optional = optionalBackreferences(root);
  groupsSetAfter(root, NONE, (node, set) => {
    if (!set.has(node.index) && !optional.has(node))
      throw new PythonPatternError(
        `backreference to group ${node.index}, which may not have taken part in the match here: Python's backreference then fails, JavaScript's would match the empty string; make the group mandatory, or move the backreference into the branch that sets the group ((?:(a)\\1|b) rather than (?:(a)|b)\\1); the backreference is`,
        pattern,
        node.position,
      );
  });
}
