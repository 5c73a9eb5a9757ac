import type { PatternNode } from './ast.js';

/** A node that never matches: `(?:node)(?!)`, so its capture groups keep their numbers. */
function never(node: PatternNode): PatternNode {
  const empty: PatternNode = { kind: 'sequence', items: [] };
  return {
    kind: 'sequence',
    items: [
      { kind: 'group', type: 'plain', body: node, position: 0 },
      { kind: 'group', type: 'negativeLookahead', body: empty, position: 0 },
    ],
  };
}

/** Whether the node can match the empty string. */
export function canBeEmpty(node: PatternNode): boolean {
  switch (node.kind) {
    case 'char':
    case 'class':
    case 'any':
      return false;
    case 'assertion':
    case 'backreference':
      return true;
    case 'sequence':
      return node.items.every(canBeEmpty);
    case 'alternation':
      return node.alternatives.some(canBeEmpty);
    case 'group':
      return node.type === 'capture' || node.type === 'plain' || node.type === 'atomic'
        ? canBeEmpty(node.body)
        : true;
    case 'quantifier':
      return node.min === 0 || canBeEmpty(node.body);
  }
}

/** Whether the node matches only the empty string (assertions, look-arounds, `x{0}`). */
function onlyEmpty(node: PatternNode): boolean {
  switch (node.kind) {
    case 'assertion':
      return true;
    case 'sequence':
      return node.items.every(onlyEmpty);
    case 'alternation':
      return node.alternatives.every(onlyEmpty);
    case 'group':
      return node.type === 'capture' || node.type === 'plain' || node.type === 'atomic'
        ? onlyEmpty(node.body)
        : true;
    case 'quantifier':
      return node.max === 0 || onlyEmpty(node.body);
    default:
      return false;
  }
}

/**
 * A tree that matches exactly the non-empty matches of `node`, in the same backtracking order, or
 * `undefined` when no such rewrite is known (an atomic group or possessive repeat that may match
 * empty, a backreference, two parts that may each be empty or not). Python 3.7+ retries at the spot
 * of an empty match asking for a non-empty one; this tree asks the same question at the cost of the
 * match itself, where "capture the rest of the text and require the end to differ" costs the length
 * of the whole rest of the text at every such spot.
 *
 * The rewrite: a node that cannot be empty stays; a node that can only be empty never matches; an
 * alternation rewrites each alternative in place (order kept); a group rewrites its body; `x*`,
 * `x?`, `x{0,n}` (greedy or lazy, `x` never empty) become `x+`, `x{1}`, `x{1,n}`, which list the same
 * choices minus the empty one; a sequence whose parts are all empty-only but one rewrites that one.
 *
 * @example
 * ```ts
 * nonEmptyTree(parsePythonPattern(String.raw`\B|\w+`, flags, 're').root); // the tree of (?:\B(?!)|\w+)
 * ```
 */
export function nonEmptyTree(node: PatternNode): PatternNode | undefined {
  if (!canBeEmpty(node)) return node;
  if (onlyEmpty(node)) return never(node);
  switch (node.kind) {
    case 'alternation': {
      const alternatives: PatternNode[] = [];
      for (const alternative of node.alternatives) {
        const rewritten = nonEmptyTree(alternative);
        if (!rewritten) return undefined;
        alternatives.push(rewritten);
      }
      return { ...node, alternatives };
    }
    case 'group': {
      if (node.type !== 'capture' && node.type !== 'plain') return undefined;
      const body = nonEmptyTree(node.body);
      return body && { ...node, body };
    }
    case 'quantifier':
      if (node.mode === 'possessive' || node.min !== 0 || canBeEmpty(node.body)) return undefined;
      return { ...node, min: 1 };
    case 'sequence': {
      const mixed = node.items.filter((item) => !onlyEmpty(item));
      if (mixed.length !== 1) return undefined;
      const rewritten = nonEmptyTree(mixed[0]!);
      return (
        rewritten && { ...node, items: node.items.map((item) => (item === mixed[0] ? rewritten : item)) }
      );
    }
    default:
      return undefined;
  }
}
