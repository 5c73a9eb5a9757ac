import type { ClassItem, PatternNode } from './ast.js';
import { caseVariants } from './case-variants.js';
import { PythonPatternError } from './error.js';

/**
 * Python's character classes, as JavaScript class contents. Python's `\w` is `str.isalnum()` or `_`:
 * letters and numbers, but not the combining marks (Mn, Mc) that Arabic diacritics are.
 *
 * @example
 * ```ts
 * 'a_1 b'.match(new RegExp(`[${PYTHON_WORD}]+`, 'gu'));    // ['a_1', 'b']
 * 'مُحَمَّد'.match(new RegExp(`[${PYTHON_WORD}]+`, 'gu')); // ['م', 'ح', 'م', 'د'], as Python cuts it
 * ```
 */
export const PYTHON_WORD = '\\p{L}\\p{N}_';
/**
 * `\w` with combining marks, for Unicode-correct word matching (Arabic diacritics stay inside words).
 *
 * @example
 * ```ts
 * 'مُحَمَّد'.match(new RegExp(`[${UNICODE_WORD}]+`, 'gu')); // ['مُحَمَّد']
 * ```
 */
export const UNICODE_WORD = '\\p{L}\\p{M}\\p{N}_';
/**
 * Python's Unicode `\s`: `str.isspace()`, which includes the separators U+001C..U+001F and U+0085.
 *
 * @example
 * ```ts
 * 'x\u001cy\u0085z'.split(new RegExp(`[${PYTHON_SPACE}]+`, 'u')); // ['x', 'y', 'z']
 * ```
 */
export const PYTHON_SPACE =
  '\\t-\\r\\u{1c}-\\u{20}\\u{85}\\u{a0}\\u{1680}\\u{2000}-\\u{200a}\\u{2028}\\u{2029}\\u{202f}\\u{205f}\\u{3000}';
const PYTHON_DIGIT = '\\p{Nd}';
const ASCII_WORD = '0-9A-Za-z_';
const ASCII_SPACE = '\\t-\\r ';
const ASCII_DIGIT = '0-9';

/** What the emitter produces: the JavaScript source and where each Python group ended up. */
export interface EmittedPattern {
  source: string;
  /** `groupIndex[i]` is the JavaScript group number of Python group `i` (`groupIndex[0] = 0`). */
  groupIndex: number[];
  /** Whether the JavaScript `i` flag carries Python's case-insensitivity for the whole pattern. */
  ignoreCaseFlag: boolean;
}

/** Translate a parsed pattern to JavaScript `u`-mode source; helper groups get their own numbers. */
export function emitPattern(
  root: PatternNode,
  pattern: string,
  groupOffset = 0,
  unicodeWord = false,
): EmittedPattern {
  const caseModes = new Set<boolean>();
  collectCaseModes(root, caseModes);
  // The `i` flag folds U+0345 (a combining mark, not a word character in Python) onto ι in every
  // class, so it would change \w, \W, \b and \B; spell case out there instead, unless a
  // case-insensitive backreference needs the flag.
  const ignoreCaseFlag =
    caseModes.size === 1 &&
    caseModes.has(true) &&
    !(hasUnicodeWordClass(root) && !hasCaseInsensitiveBackreference(root));
  const emitter = new Emitter(
    pattern,
    !ignoreCaseFlag && caseModes.has(true),
    groupOffset,
    unicodeWord ? UNICODE_WORD : PYTHON_WORD,
  );
  const source = emitter.emit(root);
  return { source, groupIndex: emitter.groupIndex, ignoreCaseFlag };
}

function collectCaseModes(node: PatternNode, modes: Set<boolean>): void {
  switch (node.kind) {
    // ASCII-only folding is spelled out by the emitter, so it counts as case-sensitive here.
    case 'char':
    case 'backreference':
      modes.add(node.ignoreCase && !node.asciiCase);
      return;
    case 'class':
      // A class of shorthands and properties is closed under case already; only literal members count.
      if (node.items.some((item) => item.kind === 'range')) modes.add(node.ignoreCase && !node.asciiCase);
      return;
    case 'sequence':
      for (const item of node.items) collectCaseModes(item, modes);
      return;
    case 'alternation':
      for (const item of node.alternatives) collectCaseModes(item, modes);
      return;
    case 'group':
    case 'quantifier':
      collectCaseModes(node.body, modes);
      return;
    default:
      return;
  }
}

/** Whether the node holds a Unicode `\w`, `\W`, `\b` or `\B`. */
function hasUnicodeWordClass(node: PatternNode): boolean {
  switch (node.kind) {
    case 'class':
      return node.items.some(
        (item) => item.kind === 'shorthand' && (item.name === 'w' || item.name === 'W') && !item.ascii,
      );
    case 'assertion':
      return (node.name === 'wordBoundary' || node.name === 'notWordBoundary') && !node.ascii;
    case 'sequence':
      return node.items.some(hasUnicodeWordClass);
    case 'alternation':
      return node.alternatives.some(hasUnicodeWordClass);
    case 'group':
    case 'quantifier':
      return hasUnicodeWordClass(node.body);
    default:
      return false;
  }
}

function hasCaseInsensitiveBackreference(node: PatternNode): boolean {
  switch (node.kind) {
    case 'backreference':
      return node.ignoreCase;
    case 'sequence':
      return node.items.some(hasCaseInsensitiveBackreference);
    case 'alternation':
      return node.alternatives.some(hasCaseInsensitiveBackreference);
    case 'group':
    case 'quantifier':
      return hasCaseInsensitiveBackreference(node.body);
    default:
      return false;
  }
}

class Emitter {
  readonly groupIndex: number[] = [0];
  private jsGroups: number;

  constructor(
    private readonly pattern: string,
    /** Expand case variants by hand: case-insensitivity is scoped, so the `i` flag cannot be used. */
    private readonly manualCase: boolean,
    groupOffset: number,
    private readonly word: string,
  ) {
    this.jsGroups = groupOffset;
  }

  emit(node: PatternNode): string {
    switch (node.kind) {
      case 'sequence':
        return node.items
          .map((item, index) =>
            item.kind === 'assertion'
              ? this.emitAssertionInContext(item, node.items[index - 1], node.items[index + 1])
              : this.emit(item),
          )
          .join('');
      case 'alternation':
        return node.alternatives.map((item) => this.emit(item)).join('|');
      case 'char':
        if (node.asciiCase) {
          const variants = asciiCaseVariants(node.codePoint, node.codePoint);
          return variants ? `[${classChar(node.codePoint)}${variants}]` : literalChar(node.codePoint);
        }
        if (node.ignoreCase && DOTTED_AND_DOTLESS_I.includes(node.codePoint)) return I_VARIANTS;
        if (this.manualCase && node.ignoreCase) {
          const variants = caseVariants(node.codePoint);
          if (variants.length > 1) return `[${variants.map(classChar).join('')}]`;
        }
        return literalChar(node.codePoint);
      case 'any':
        return node.dotAll ? '[\\s\\S]' : '[^\\n]';
      case 'class':
        return this.emitClass(node);
      case 'assertion':
        return emitAssertion(node, this.word);
      case 'backreference': {
        if (node.asciiCase)
          throw new PythonPatternError(
            'a case-insensitive backreference under the ASCII flag (ASCII-only case folding) has no JavaScript equivalent',
            this.pattern,
            node.position,
          );
        if (this.manualCase && node.ignoreCase)
          throw new PythonPatternError(
            'a case-insensitive backreference inside a scoped (?i:...) group has no JavaScript equivalent',
            this.pattern,
            node.position,
          );
        return `(?:\\${this.groupIndex[node.index]})`;
      }
      case 'group':
        return this.emitGroup(node);
      case 'quantifier':
        return this.emitQuantifier(node);
    }
  }

  /**
   * `\b` and `\B` next to a character known to be (or not to be) a word character only need to look
   * at the other side. The one-sided form is much faster: V8 otherwise evaluates both lookarounds at
   * every position before it reaches the literal.
   */
  private emitAssertionInContext(
    node: Extract<PatternNode, { kind: 'assertion' }>,
    previous: PatternNode | undefined,
    next: PatternNode | undefined,
  ): string {
    if (node.name !== 'wordBoundary' && node.name !== 'notWordBoundary') return this.emit(node);
    const word = node.ascii ? ASCII_WORD : this.word;
    const wordClass = new RegExp(`[${word}]`, 'u');
    // A case-insensitive literal matches each of its case variants, and ι's include U+0345, a mark.
    const isWord = (char: Extract<PatternNode, { kind: 'char' }> | undefined) => {
      if (!char) return undefined;
      const codePoints = char.ignoreCase && !char.asciiCase ? caseVariants(char.codePoint) : [char.codePoint];
      const kinds = new Set(codePoints.map((codePoint) => wordClass.test(String.fromCodePoint(codePoint))));
      return kinds.size === 1 ? [...kinds][0] : undefined;
    };
    const after = isWord(edgeChar(next, 'first'));
    const before = isWord(edgeChar(previous, 'last'));
    const boundary = node.name === 'wordBoundary';
    if (after !== undefined) {
      // A boundary before a word character means a non-word character (or the start) behind.
      return boundary === after ? `(?<![${word}])` : `(?<=[${word}])`;
    }
    if (before !== undefined) return boundary === before ? `(?![${word}])` : `(?=[${word}])`;
    return this.emit(node);
  }

  private emitGroup(node: Extract<PatternNode, { kind: 'group' }>): string {
    switch (node.type) {
      case 'capture': {
        const index = ++this.jsGroups;
        this.groupIndex[node.index!] = index;
        const open = node.name === undefined ? '(' : `(?<${node.name}>`;
        return `${open}${this.emit(node.body)})`;
      }
      case 'plain':
        return `(?:${this.emit(node.body)})`;
      case 'lookahead':
        return `(?=${this.emit(node.body)})`;
      case 'negativeLookahead':
        return `(?!${this.emit(node.body)})`;
      case 'lookbehind':
        return `(?<=${this.emit(node.body)})`;
      case 'negativeLookbehind':
        return `(?<!${this.emit(node.body)})`;
      case 'atomic':
        return this.atomic(() => this.emit(node.body));
    }
  }

  /**
   * An atomic group: a lookahead never backtracks into itself once it has matched, and the
   * backreference then consumes exactly what it captured.
   */
  private atomic(body: () => string): string {
    const index = ++this.jsGroups;
    return `(?:(?=(${body()}))\\${index})`;
  }

  private emitQuantifier(node: Extract<PatternNode, { kind: 'quantifier' }>): string {
    const { min, max } = node;
    let suffix: string;
    if (min === 0 && max === Number.POSITIVE_INFINITY) suffix = '*';
    else if (min === 1 && max === Number.POSITIVE_INFINITY) suffix = '+';
    else if (min === 0 && max === 1) suffix = '?';
    else if (min === max) suffix = `{${min}}`;
    else if (max === Number.POSITIVE_INFINITY) suffix = `{${min},}`;
    else suffix = `{${min},${max}}`;
    if (node.mode === 'lazy') suffix += '?';
    const atom = () => {
      const body = this.emit(node.body);
      const single =
        node.body.kind === 'char' ||
        node.body.kind === 'any' ||
        node.body.kind === 'class' ||
        (node.body.kind === 'group' && (node.body.type === 'capture' || node.body.type === 'plain'));
      return single ? body : `(?:${body})`;
    };
    if (node.mode === 'possessive') return this.atomic(() => `${atom()}${suffix}`);
    return `${atom()}${suffix}`;
  }

  private emitClass(node: Extract<PatternNode, { kind: 'class' }>): string {
    let positive = '';
    const complements: string[] = [];
    for (const item of node.items) {
      if (item.kind === 'range') {
        positive += classRange(item.from, item.to);
        if (node.asciiCase) {
          positive += asciiCaseVariants(item.from, item.to);
          continue;
        }
        if (this.manualCase && node.ignoreCase) positive += rangeCaseVariants(item.from, item.to);
        if (node.ignoreCase && DOTTED_AND_DOTLESS_I.some((i) => i >= item.from && i <= item.to))
          positive += I_VARIANTS.slice(1, -1);
      } else if (item.kind === 'property') {
        positive += this.property(item);
      } else {
        const { content, negated } = shorthandContent(item, this.word);
        if (negated) complements.push(content);
        else positive += content;
      }
    }
    if (complements.length === 0) return node.negated ? `[^${positive}]` : `[${positive}]`;
    if (!node.negated) {
      const alternatives = complements.map((content) => `[^${content}]`);
      if (positive) alternatives.unshift(`[${positive}]`);
      return alternatives.length === 1 ? alternatives[0]! : `(?:${alternatives.join('|')})`;
    }
    // Not in any member: outside the positive part and inside every complemented set.
    const last = complements.at(-1)!;
    const guards = complements
      .slice(0, -1)
      .map((content) => `(?=[${content}])`)
      .join('');
    return `(?:${positive ? `(?![${positive}])` : ''}${guards}[${last}])`;
  }

  private property(item: Extract<ClassItem, { kind: 'property' }>): string {
    const letter = item.negated ? 'P' : 'p';
    for (const body of [item.body, `Script=${item.body}`]) {
      try {
        new RegExp(`\\p{${body}}`, 'u');
        return `\\${letter}{${body}}`;
      } catch {
        // try the next spelling
      }
    }
    throw new PythonPatternError(
      `unknown Unicode property \\${letter}{${item.body}}`,
      this.pattern,
      item.position,
    );
  }
}

function shorthandContent(
  item: Extract<ClassItem, { kind: 'shorthand' }>,
  unicodeWord: string,
): { content: string; negated: boolean } {
  const lower = item.name.toLowerCase();
  const negated = item.name !== lower;
  if (lower === 'd' && !item.ascii)
    return negated ? { content: '\\P{Nd}', negated: false } : { content: PYTHON_DIGIT, negated: false };
  const content =
    lower === 'w'
      ? item.ascii
        ? ASCII_WORD
        : unicodeWord
      : lower === 's'
        ? item.ascii
          ? ASCII_SPACE
          : PYTHON_SPACE
        : ASCII_DIGIT;
  return { content, negated };
}

function emitAssertion(node: Extract<PatternNode, { kind: 'assertion' }>, unicodeWord: string): string {
  const word = node.ascii ? ASCII_WORD : unicodeWord;
  switch (node.name) {
    // The JavaScript RegExp never gets the `m` flag, so its `^` and `$` are the ends of the input.
    case 'start':
      return node.multiline ? '(?<![^\\n])' : '^';
    case 'end':
      // Python's `$` also matches just before a newline that ends the text.
      return node.multiline ? '(?![^\\n])' : '(?=\\n?$)';
    case 'startOfText':
      return '^';
    case 'endOfText':
      return '$';
    case 'wordBoundary':
      return `(?:(?<=[${word}])(?![${word}])|(?<![${word}])(?=[${word}]))`;
    case 'notWordBoundary':
      // Python's \B (before 3.14) never matches in an empty text.
      return `(?:(?<=[${word}])(?=[${word}])|(?<![${word}])(?![${word}])(?:(?<=[\\s\\S])|(?=[\\s\\S])))`;
  }
}

/** The literal character a node must start (or end) with, when it is one fixed character. */
function edgeChar(
  node: PatternNode | undefined,
  edge: 'first' | 'last',
): Extract<PatternNode, { kind: 'char' }> | undefined {
  if (!node) return undefined;
  switch (node.kind) {
    case 'char':
      return node;
    case 'sequence':
      return edgeChar(edge === 'first' ? node.items[0] : node.items.at(-1), edge);
    case 'group':
      return node.type === 'capture' || node.type === 'plain' || node.type === 'atomic'
        ? edgeChar(node.body, edge)
        : undefined;
    case 'quantifier':
      return node.min >= 1 ? edgeChar(node.body, edge) : undefined;
    default:
      return undefined;
  }
}

const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);

function literalChar(codePoint: number): string {
  const char = String.fromCodePoint(codePoint);
  if (SYNTAX.has(char)) return `\\${char}`;
  if (codePoint > 0x20 && codePoint < 0x7f) return char;
  return `\\u{${codePoint.toString(16)}}`;
}

function classChar(codePoint: number): string {
  if (
    (codePoint >= 0x30 && codePoint <= 0x39) ||
    (codePoint >= 0x41 && codePoint <= 0x5a) ||
    (codePoint >= 0x61 && codePoint <= 0x7a)
  )
    return String.fromCodePoint(codePoint);
  return `\\u{${codePoint.toString(16)}}`;
}

function classRange(from: number, to: number): string {
  return from === to ? classChar(from) : `${classChar(from)}-${classChar(to)}`;
}

/**
 * I, i, İ (U+0130) and ı (U+0131): one case-insensitive class in Python's re, which lowercases İ to
 * i and uppercases ı to I; JavaScript's case folding keeps İ and ı apart from i and I.
 */
const DOTTED_AND_DOTLESS_I = [0x49, 0x69, 0x130, 0x131];
const I_VARIANTS = '[Ii\u0130\u0131]';

/** The other case of the ASCII letters in `[from, to]`, as class members: Python's folding under the ASCII flag. */
function asciiCaseVariants(from: number, to: number): string {
  let extra = '';
  for (const [lower, upper] of [
    [0x61, 0x7a],
    [0x41, 0x5a],
  ] as const) {
    const start = Math.max(from, lower);
    const end = Math.min(to, upper);
    // Lowercase letters add their uppercase (subtract 32) and the reverse.
    const shift = lower === 0x61 ? -32 : 32;
    if (start <= end) extra += classRange(start + shift, end + shift);
  }
  return extra;
}

function rangeCaseVariants(from: number, to: number): string {
  let extra = '';
  for (let codePoint = from; codePoint <= to; codePoint++) {
    for (const variant of caseVariants(codePoint)) {
      if (variant < from || variant > to) extra += classChar(variant);
    }
  }
  return extra;
}
