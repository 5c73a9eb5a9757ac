import type { PatternNode } from './ast.js';

type Backreference = Extract<PatternNode, { kind: 'backreference' }>;

/**
 * The capture groups that have surely taken part once `node` has matched, given the groups surely
 * set before it, as the JavaScript engine runs the pattern: an alternation keeps what every branch
 * sets, a repeat that may run zero times adds nothing, a negative look-around keeps no capture, a
 * look-behind runs its body right to left, and a repeat's body starts every round with its own
 * captures cleared (so the walk of a body starts from `before`, never from an earlier round).
 * `onBackreference` is called for every backreference with the groups surely set where it is tried.
 *
 * @example
 * ```ts
 * groupsSetAfter(parsePythonPattern('(a)(b)?(?:(c)|d)', flags).root, new Set()); // Set {1}
 * groupsSetAfter(parsePythonPattern(String.raw`(a)?\1`, flags).root, new Set(), (reference, set) => {
 *   set.has(reference.index); // false: group 1 may not have taken part
 * });
 * ```
 */
export function groupsSetAfter(
  node: PatternNode,
  before: ReadonlySet<number>,
  onBackreference?: (node: Backreference, set: ReadonlySet<number>) => void,
  backward = false,
): ReadonlySet<number> {
  const walk = (child: PatternNode, set: ReadonlySet<number>, reversed = backward) =>
    groupsSetAfter(child, set, onBackreference, reversed);
  switch (node.kind) {
    case 'char':
    case 'class':
    case 'any':
    case 'assertion':
      return before;
    case 'backreference':
      onBackreference?.(node, before);
      return before;
    case 'sequence': {
      let set = before;
      for (const item of backward ? [...node.items].reverse() : node.items) set = walk(item, set);
      return set;
    }
    case 'alternation': {
      const sets = node.alternatives.map((alternative) => walk(alternative, before));
      return new Set([...sets[0]!].filter((index) => sets.every((set) => set.has(index))));
    }
    case 'group':
      switch (node.type) {
        case 'capture':
          return new Set([...walk(node.body, before), node.index!]);
        case 'plain':
        case 'atomic':
        case 'lookahead':
          return walk(node.body, before);
        case 'lookbehind':
          return walk(node.body, before, true);
        case 'negativeLookahead':
          walk(node.body, before);
          return before;
        case 'negativeLookbehind':
          walk(node.body, before, true);
          return before;
      }
      return before;
    case 'quantifier': {
      // `x{0}` never runs its body, so nothing in it is ever tried.
      if (node.max === 0) return before;
      const after = walk(node.body, before);
      return node.min > 0 ? after : before;
    }
  }
}

/**
 * The capture groups in `node` that can hold a value after it: all but those inside a negative
 * look-around, which never keeps a capture in Python or in JavaScript.
 *
 * @example
 * ```ts
 * captureGroups(parsePythonPattern('(a)(?!(b))(?=(c))', flags).root).map((group) => group.index); // [1, 3]
 * ```
 */
export function captureGroups(node: PatternNode): Extract<PatternNode, { kind: 'group' }>[] {
  switch (node.kind) {
    case 'sequence':
      return node.items.flatMap(captureGroups);
    case 'alternation':
      return node.alternatives.flatMap(captureGroups);
    case 'quantifier':
      return captureGroups(node.body);
    case 'group':
      if (node.type === 'negativeLookahead' || node.type === 'negativeLookbehind') return [];
      return node.type === 'capture' ? [node, ...captureGroups(node.body)] : captureGroups(node.body);
    default:
      return [];
  }
}
