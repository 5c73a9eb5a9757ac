import type { ClassItem, PatternFlags, PatternNode, ShorthandClass } from './ast.js';
import { PythonPatternError } from './error.js';

/** The result of parsing: the tree, the flags in force at the top and the capturing groups. */
export interface ParsedPattern {
  root: PatternNode;
  flags: PatternFlags;
  groupCount: number;
  groupNames: Map<string, number>;
}

const DIGITS = /[0-9]/;
const OCTAL = /[0-7]/;
const HEX = /^[0-9a-fA-F]+$/;
const VERBOSE_SPACE = /[ \t\n\r\v\f]/;
const FLAG_LETTERS = 'aiLmsux';
const NAME = /^[\p{L}\p{Nl}_][\p{L}\p{N}\p{Mn}\p{Mc}\p{Pc}]*$/u;
const SHORTHANDS = new Set(['w', 'W', 'd', 'D', 's', 'S']);

/** Parse `pattern` with Python `re` syntax (plus the `regex`-module extras tokenizers use). */
export function parsePythonPattern(
  pattern: string,
  initial: PatternFlags,
  dialect: PythonDialect = 'regex',
): ParsedPattern {
  return new Parser(pattern, initial, dialect).parse();
}

/**
 * Which Python engine's syntax to accept: `'re'` (the standard library: no `\p{..}`, no `(?<name>...)`,
 * fixed-width look-behind only) or `'regex'` (those too, as the third-party `regex` module has them).
 *
 * @example
 * ```ts
 * const dialect: PythonDialect = 're';
 * ```
 */
export type PythonDialect = 're' | 'regex';

/** Length of every string `node` matches, or undefined when it varies (for Python re's look-behind rule). */
function fixedWidth(node: PatternNode): number | undefined {
  switch (node.kind) {
    case 'char':
    case 'class':
    case 'any':
      return 1;
    case 'assertion':
      return 0;
    case 'sequence': {
      let total = 0;
      for (const item of node.items) {
        const width = fixedWidth(item);
        if (width === undefined) return undefined;
        total += width;
      }
      return total;
    }
    case 'alternation': {
      const widths = new Set(node.alternatives.map(fixedWidth));
      return widths.size === 1 ? [...widths][0] : undefined;
    }
    case 'group':
      return node.type === 'capture' || node.type === 'plain' || node.type === 'atomic'
        ? fixedWidth(node.body)
        : 0;
    case 'quantifier': {
      if (node.min !== node.max) return undefined;
      const width = fixedWidth(node.body);
      return width === undefined ? undefined : width * node.min;
    }
    case 'backreference':
      return undefined;
  }
}

class Parser {
  private pos = 0;
  private groupCount = 0;
  private readonly groupNames = new Map<string, number>();
  private readonly openGroups = new Set<number>();
  /** Whether anything but global flag groups has been seen, which forbids further global flags. */
  private sawContent = false;
  private readonly flags: PatternFlags;

  constructor(
    private readonly source: string,
    initial: PatternFlags,
    private readonly dialect: PythonDialect,
  ) {
    this.flags = { ...initial };
  }

  parse(): ParsedPattern {
    const root = this.parseAlternation(this.flags, 0);
    if (this.pos < this.source.length) {
      // Only an unmatched ')' can stop the top-level alternation early.
      throw this.error('unbalanced parenthesis', this.pos);
    }
    return { root, flags: this.flags, groupCount: this.groupCount, groupNames: this.groupNames };
  }

  private error(message: string, position: number): PythonPatternError {
    return new PythonPatternError(message, this.source, position);
  }

  private peek(offset = 0): string | undefined {
    return this.source[this.pos + offset];
  }

  private parseAlternation(flags: PatternFlags, depth: number): PatternNode {
    const alternatives: PatternNode[] = [this.parseSequence(flags, depth)];
    while (this.peek() === '|') {
      this.pos++;
      this.sawContent = true;
      alternatives.push(this.parseSequence(flags, depth));
    }
    return alternatives.length === 1 ? alternatives[0]! : { kind: 'alternation', alternatives };
  }

  private parseSequence(flags: PatternFlags, depth: number): PatternNode {
    const items: PatternNode[] = [];
    const source = this.source;
    while (this.pos < source.length) {
      const char = source[this.pos]!;
      if (char === '|') break;
      if (char === ')') {
        if (depth === 0) throw this.error('unbalanced parenthesis', this.pos);
        break;
      }
      // In verbose mode the current scope's flags decide; a global (?x) at the start updates this.flags.
      const verbose = depth === 0 ? this.flags.verbose : flags.verbose;
      if (verbose) {
        if (VERBOSE_SPACE.test(char)) {
          this.pos++;
          continue;
        }
        if (char === '#') {
          const newline = source.indexOf('\n', this.pos);
          this.pos = newline === -1 ? source.length : newline + 1;
          continue;
        }
      }
      const start = this.pos;
      if (char === '*' || char === '+' || char === '?' || char === '{') {
        const bounds = this.readQuantifierBounds();
        if (bounds) {
          const last = items.at(-1);
          if (!last || last.kind === 'assertion') throw this.error('nothing to repeat', start);
          if (last.kind === 'quantifier') throw this.error('multiple repeat', start);
          let mode: 'greedy' | 'lazy' | 'possessive' = 'greedy';
          if (this.peek() === '?') {
            mode = 'lazy';
            this.pos++;
          } else if (this.peek() === '+') {
            mode = 'possessive';
            this.pos++;
          }
          items[items.length - 1] = { kind: 'quantifier', body: last, ...bounds, mode, position: start };
          continue;
        }
        // A '{' that does not start a valid repeat is a literal, as in Python.
      }
      const scope = depth === 0 ? this.flags : flags;
      if (char === '(') {
        const node = this.parseGroup(scope, depth);
        if (node) items.push(node);
        continue;
      }
      this.sawContent = true;
      if (char === '[') {
        items.push(this.parseClass(scope));
      } else if (char === '\\') {
        items.push(this.parseEscape(scope));
      } else if (char === '.') {
        this.pos++;
        items.push({ kind: 'any', dotAll: scope.dotAll });
      } else if (char === '^') {
        this.pos++;
        items.push({ kind: 'assertion', name: 'start', multiline: scope.multiline, ascii: scope.ascii });
      } else if (char === '$') {
        this.pos++;
        items.push({ kind: 'assertion', name: 'end', multiline: scope.multiline, ascii: scope.ascii });
      } else {
        const codePoint = source.codePointAt(this.pos)!;
        this.pos += codePoint > 0xffff ? 2 : 1;
        items.push({ kind: 'char', codePoint, ...caseOf(scope) });
      }
    }
    return items.length === 1 ? items[0]! : { kind: 'sequence', items };
  }

  /** Reads `* + ? {m,n}` at the cursor; undefined (cursor unmoved) when `{` is a literal. */
  private readQuantifierBounds(): { min: number; max: number } | undefined {
    const char = this.source[this.pos]!;
    if (char !== '{') {
      this.pos++;
      if (char === '*') return { min: 0, max: Number.POSITIVE_INFINITY };
      if (char === '+') return { min: 1, max: Number.POSITIVE_INFINITY };
      return { min: 0, max: 1 };
    }
    const match = /^\{([0-9]*)(?:(,)([0-9]*))?\}/.exec(this.source.slice(this.pos, this.pos + 40));
    if (!match || (match[1] === '' && match[2] === undefined)) return undefined;
    const start = this.pos;
    this.pos += match[0].length;
    const min = match[1] === '' ? 0 : Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3]);
    if (max < min) throw this.error('min repeat greater than max repeat', start + 1);
    if (min > 0xffffffff || (Number.isFinite(max) && max > 0xffffffff))
      throw this.error('the repetition number is too large', start + 1);
    return { min, max };
  }

  /** Parses `(...)`; returns undefined for comments and global flag groups, which produce no node. */
  private parseGroup(flags: PatternFlags, depth: number): PatternNode | undefined {
    const start = this.pos;
    const source = this.source;
    this.pos++;
    type GroupType = Extract<PatternNode, { kind: 'group' }>['type'];
    let type: GroupType = 'capture';
    let name: string | undefined;
    let scoped: PatternFlags = flags;
    if (source[this.pos] === '?') {
      this.pos++;
      const next = source[this.pos];
      if (next === ':') {
        this.pos++;
        type = 'plain';
      } else if (next === '=' || next === '!') {
        this.pos++;
        type = next === '=' ? 'lookahead' : 'negativeLookahead';
      } else if (next === '>') {
        this.pos++;
        type = 'atomic';
      } else if (next === '#') {
        const close = source.indexOf(')', this.pos);
        if (close === -1) throw this.error('missing ), unterminated comment', start);
        this.pos = close + 1;
        return undefined;
      } else if (next === '<' && (source[this.pos + 1] === '=' || source[this.pos + 1] === '!')) {
        type = source[this.pos + 1] === '=' ? 'lookbehind' : 'negativeLookbehind';
        this.pos += 2;
      } else if (next === 'P' && source[this.pos + 1] === '=') {
        this.pos += 2;
        const groupName = this.readName(')', start);
        const index = this.groupNames.get(groupName);
        if (index === undefined) throw this.error(`unknown group name '${groupName}'`, start + 4);
        if (this.openGroups.has(index)) throw this.error('cannot refer to an open group', start);
        this.sawContent = true;
        return { kind: 'backreference', index, ...caseOf(flags), position: start };
      } else if (next === 'P' && source[this.pos + 1] === '<') {
        this.pos += 2;
        name = this.readName('>', start);
      } else if (next === '<') {
        if (this.dialect === 're')
          throw this.error(
            `unknown extension ?<${source[this.pos + 1] ?? ''} (Python re names groups (?P<name>...))`,
            start + 1,
          );
        this.pos++;
        name = this.readName('>', start);
      } else if (next === '(') {
        throw this.error('conditional group (?(...)...) has no JavaScript equivalent', start);
      } else if (next !== undefined && (FLAG_LETTERS.includes(next) || next === '-')) {
        const result = this.readFlagGroup(flags, start, depth);
        if (result === 'global') return undefined;
        scoped = result;
        type = 'plain';
      } else if (next === 'P') {
        throw this.error(`unknown extension ?P${source[this.pos + 1] ?? ''}`, start + 1);
      } else {
        throw this.error(`unknown extension ?${next ?? ''}`, start + 1);
      }
    }
    this.sawContent = true;
    let index: number | undefined;
    if (type === 'capture') {
      index = ++this.groupCount;
      this.openGroups.add(index);
      if (name !== undefined) {
        if (this.groupNames.has(name)) throw this.error(`redefinition of group name '${name}'`, start);
        this.groupNames.set(name, index);
      }
    }
    const body = this.parseAlternation(scoped, depth + 1);
    if (source[this.pos] !== ')') throw this.error('missing ), unterminated subpattern', start);
    this.pos++;
    if (index !== undefined) this.openGroups.delete(index);
    if (
      this.dialect === 're' &&
      (type === 'lookbehind' || type === 'negativeLookbehind') &&
      fixedWidth(body) === undefined
    )
      throw this.error('look-behind requires fixed-width pattern', start);
    return { kind: 'group', type, index, name, body, position: start };
  }

  /** Reads the flags of `(?aiLmsux)` or `(?imsx-imsx:...)`; the cursor is on the first letter. */
  private readFlagGroup(flags: PatternFlags, start: number, depth: number): PatternFlags | 'global' {
    const source = this.source;
    let added = '';
    while (source[this.pos] !== undefined && FLAG_LETTERS.includes(source[this.pos]!)) {
      const letter = source[this.pos++]!;
      // Positions as CPython's re gives them: just after the offending letter.
      if (letter === 'L')
        throw this.error("bad inline flags: cannot use 'L' flag with a str pattern", this.pos);
      if (letter === 'a' || letter === 'u') {
        const other = letter === 'a' ? 'u' : 'a';
        if (added.includes(other))
          throw this.error("bad inline flags: flags 'a', 'u' and 'L' are incompatible", this.pos);
      }
      added += letter;
    }
    let removed = '';
    if (source[this.pos] === '-') {
      this.pos++;
      while (source[this.pos] !== undefined && FLAG_LETTERS.includes(source[this.pos]!)) {
        const letter = source[this.pos++]!;
        if ('auL'.includes(letter))
          throw this.error("bad inline flags: cannot turn off flags 'a', 'u' and 'L'", this.pos);
        removed += letter;
      }
      if (removed === '') throw this.error('missing flag', this.pos);
    }
    const end = source[this.pos];
    if (end === ')') {
      if (removed) throw this.error('missing :', this.pos);
      this.pos++;
      if (depth > 0 || this.sawContent)
        throw this.error('global flags not at the start of the expression', start);
      applyFlags(this.flags, added, '');
      return 'global';
    }
    if (end !== ':') throw this.error(end === undefined ? 'missing -, : or )' : 'unknown flag', this.pos);
    if ([...removed].some((letter) => added.includes(letter)))
      throw this.error('bad inline flags: flag turned on and off', this.pos);
    this.pos++;
    const scoped = { ...flags };
    applyFlags(scoped, added, removed);
    return scoped;
  }

  private readName(terminator: string, groupStart: number): string {
    const end = this.source.indexOf(terminator, this.pos);
    if (end === -1) throw this.error(`missing ${terminator}, unterminated name`, this.pos);
    const name = this.source.slice(this.pos, end);
    if (name === '') throw this.error('missing group name', this.pos);
    if (!NAME.test(name)) throw this.error(`bad character in group name '${name}'`, groupStart);
    this.pos = end + 1;
    return name;
  }

  private parseEscape(flags: PatternFlags): PatternNode {
    const start = this.pos;
    const source = this.source;
    const letter = source[this.pos + 1];
    if (letter === undefined) throw this.error('bad escape (end of pattern)', start);
    const assertion = (name: Extract<PatternNode, { kind: 'assertion' }>['name']): PatternNode => {
      this.pos += 2;
      return { kind: 'assertion', name, multiline: flags.multiline, ascii: flags.ascii };
    };
    if (letter === 'A') return assertion('startOfText');
    if (letter === 'Z' || letter === 'z') return assertion('endOfText');
    if (letter === 'b') return assertion('wordBoundary');
    if (letter === 'B') return assertion('notWordBoundary');
    if (SHORTHANDS.has(letter)) {
      this.pos += 2;
      return {
        kind: 'class',
        negated: false,
        items: [{ kind: 'shorthand', name: letter as ShorthandClass, ascii: flags.ascii }],
        ignoreCase: false,
      };
    }
    if (letter === 'p' || letter === 'P') {
      return {
        kind: 'class',
        negated: false,
        items: [this.readProperty()],
        ignoreCase: false,
      };
    }
    if (DIGITS.test(letter) && letter !== '0') {
      // Python: three octal digits are an octal escape, otherwise one or two digits name a group.
      const three = source.slice(this.pos + 1, this.pos + 4);
      if (/^[0-7]{3}$/.test(three)) {
        this.pos += 4;
        return this.octalChar(three, start, flags);
      }
      const digits = /^[0-9]{1,2}/.exec(source.slice(this.pos + 1))![0];
      const index = Number(digits);
      this.pos += 1 + digits.length;
      if (index > this.groupCount) throw this.error(`invalid group reference ${index}`, start + 1);
      if (this.openGroups.has(index)) throw this.error('cannot refer to an open group', start);
      return { kind: 'backreference', index, ...caseOf(flags), position: start };
    }
    return { kind: 'char', codePoint: this.readCharEscape(false), ...caseOf(flags) };
  }

  private octalChar(digits: string, start: number, flags: PatternFlags): PatternNode {
    const codePoint = Number.parseInt(digits, 8);
    if (codePoint > 0o377) throw this.error(`octal escape value \\${digits} outside of range 0-0o377`, start);
    return { kind: 'char', codePoint, ...caseOf(flags) };
  }

  /** `\p{...}` / `\P{...}` of the `regex` module; the cursor is on the backslash. */
  private readProperty(): ClassItem {
    const start = this.pos;
    const negated = this.source[this.pos + 1] === 'P';
    if (this.dialect === 're')
      throw this.error(
        `bad escape \\${negated ? 'P' : 'p'} (property escapes are the regex module's, not Python re's)`,
        start,
      );
    const match = /^\{([^}]*)\}/.exec(this.source.slice(this.pos + 2, this.pos + 80));
    if (!match) throw this.error('bad property escape: expected \\p{Name}', start);
    this.pos += 2 + match[0].length;
    let body = match[1]!.trim();
    let flip = false;
    if (body.startsWith('^')) {
      flip = true;
      body = body.slice(1);
    }
    return { kind: 'property', negated: negated !== flip, body, position: start };
  }

  /**
   * A single-character escape (`\n`, `\x41`, `\u0663`, `\U0001F600`, `\0`, `\.`); the cursor is on the
   * backslash. Inside a class, `\b` is a backspace.
   */
  private readCharEscape(inClass: boolean): number {
    const start = this.pos;
    const source = this.source;
    const letter = source[this.pos + 1]!;
    const simple: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
    if (inClass && letter === 'b') {
      this.pos += 2;
      return 8;
    }
    if (simple[letter] !== undefined) {
      this.pos += 2;
      return simple[letter]!;
    }
    const hexLength = letter === 'x' ? 2 : letter === 'u' ? 4 : letter === 'U' ? 8 : 0;
    if (hexLength > 0) {
      const digits = source.slice(this.pos + 2, this.pos + 2 + hexLength);
      if (digits.length !== hexLength || !HEX.test(digits))
        throw this.error(`incomplete escape \\${letter}${digits}`, start);
      const codePoint = Number.parseInt(digits, 16);
      if (codePoint > 0x10ffff) throw this.error(`bad escape \\${letter}${digits}`, start);
      this.pos += 2 + hexLength;
      return codePoint;
    }
    if (OCTAL.test(letter) && (letter === '0' || inClass)) {
      const digits = /^[0-7]{1,3}/.exec(source.slice(this.pos + 1))![0];
      const codePoint = Number.parseInt(digits, 8);
      if (codePoint > 0o377)
        throw this.error(`octal escape value \\${digits} outside of range 0-0o377`, start);
      this.pos += 1 + digits.length;
      return codePoint;
    }
    if (letter === 'N')
      throw this.error('named character escape \\N{...} is not supported; use \\uXXXX', start);
    if (/[0-9a-zA-Z]/.test(letter)) throw this.error(`bad escape \\${letter}`, start);
    const codePoint = source.codePointAt(this.pos + 1)!;
    this.pos += 1 + (codePoint > 0xffff ? 2 : 1);
    return codePoint;
  }

  private parseClass(flags: PatternFlags): PatternNode {
    const start = this.pos;
    const source = this.source;
    this.pos++;
    let negated = false;
    if (source[this.pos] === '^') {
      negated = true;
      this.pos++;
    }
    const firstPosition = this.pos;
    const items: ClassItem[] = [];
    for (;;) {
      if (this.pos >= source.length) throw this.error('unterminated character set', start);
      if (source[this.pos] === ']' && this.pos !== firstPosition) {
        this.pos++;
        break;
      }
      const itemStart = this.pos;
      const first = this.readClassAtom(flags);
      if (source[this.pos] === '-' && this.pos + 1 < source.length && source[this.pos + 1] !== ']') {
        this.pos++;
        const second = this.readClassAtom(flags);
        if (typeof first !== 'number' || typeof second !== 'number')
          throw this.error(`bad character range ${source.slice(itemStart, this.pos)}`, itemStart);
        if (second < first)
          throw this.error(`bad character range ${source.slice(itemStart, this.pos)}`, itemStart);
        items.push({ kind: 'range', from: first, to: second });
        continue;
      }
      items.push(typeof first === 'number' ? { kind: 'range', from: first, to: first } : first);
    }
    return { kind: 'class', negated, items, ...caseOf(flags) };
  }

  /** One class member: a code point, or a shorthand / property that cannot start a range. */
  private readClassAtom(flags: PatternFlags): number | ClassItem {
    const source = this.source;
    if (source[this.pos] !== '\\') {
      const codePoint = source.codePointAt(this.pos)!;
      this.pos += codePoint > 0xffff ? 2 : 1;
      return codePoint;
    }
    const letter = source[this.pos + 1];
    if (letter === undefined) throw this.error('unterminated character set', this.pos);
    if (SHORTHANDS.has(letter)) {
      this.pos += 2;
      return { kind: 'shorthand', name: letter as ShorthandClass, ascii: flags.ascii };
    }
    if (letter === 'p' || letter === 'P') return this.readProperty();
    if (DIGITS.test(letter) && !OCTAL.test(letter)) throw this.error(`bad escape \\${letter}`, this.pos);
    return this.readCharEscape(true);
  }
}

/** The case fields of a char, class or backreference node under `flags`. */
function caseOf(flags: PatternFlags): { ignoreCase: boolean; asciiCase?: true } {
  return flags.ignoreCase && flags.ascii
    ? { ignoreCase: true, asciiCase: true }
    : { ignoreCase: flags.ignoreCase };
}

function applyFlags(flags: PatternFlags, added: string, removed: string): void {
  for (const [letter, on] of [
    ...[...added].map((l) => [l, true] as const),
    ...[...removed].map((l) => [l, false] as const),
  ]) {
    if (letter === 'i') flags.ignoreCase = on;
    else if (letter === 'm') flags.multiline = on;
    else if (letter === 's') flags.dotAll = on;
    else if (letter === 'x') flags.verbose = on;
    else if (letter === 'a') flags.ascii = on;
    else if (letter === 'u') flags.unicode = on;
  }
}
