import { isPythonSpace } from './python-space.js';

/**
 * What the scanner reports, in document order. These are the events Python's `html.parser` gives
 * Beautiful Soup (with `convert_charrefs=False`, as bs4 sets it).
 */
export interface MarkupEvents {
  data(text: string): void;
  startTag(name: string): void;
  /** `<name ... />` */
  startEndTag(name: string): void;
  endTag(name: string): void;
  /** `&#...` with its digits (`65`, `x41`, `X41`). */
  charRef(digits: string): void;
  /** `&name` with the name alone. */
  entityRef(name: string): void;
  comment(text: string): void;
  /** `<!DOCTYPE ...>`, without `<!` and `>`. */
  declaration(text: string): void;
  /** `<![...]>` sections (CDATA among them), without `<![` and the closing brackets. */
  markedSection(text: string): void;
  processingInstruction(text: string): void;
}

/**
 * Markup that Python's `html.parser` refuses (an unknown `<![keyword[` section, or `<![` without a
 * name), so Beautiful Soup raises instead of returning a tree. The message is html.parser's.
 *
 * @example
 * ```ts
 * import { getText, HtmlParseError } from '@tokenlab/html';
 * try {
 *   getText('<![foo[ x ]]>');
 * } catch (error) {
 *   error instanceof HtmlParseError; // true
 * }
 * ```
 */
export class HtmlParseError extends Error {
  /** `'HtmlParseError'`, so that logs and `String(error)` say which error it is. */
  override name = 'HtmlParseError';
}

/** Elements whose content html.parser reads as raw text up to the matching end tag. */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style']);
const MARKED_SECTION_TO_DOUBLE_BRACKET = new Set(['temp', 'cdata', 'ignore', 'include', 'rcdata']);
const MARKED_SECTION_TO_SINGLE_BRACKET = new Set(['if', 'else', 'endif']);

const isAsciiLetter = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isAsciiDigit = (c: string): boolean => c >= '0' && c <= '9';
const isAsciiAlnum = (c: string): boolean => isAsciiLetter(c) || isAsciiDigit(c);
const isHexDigit = (c: string): boolean =>
  isAsciiDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
/** Characters that end a tag name: html.parser stops at these, not at every space. */
const endsTagName = (c: string): boolean =>
  c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === ' ' || c === '/' || c === '>' || c === '\0';

/**
 * A scanner that follows the lexical rules of Python's `html.parser` (CPython 3.11) as Beautiful Soup
 * drives it: it is fed the whole document, then closed, and what the first pass leaves unfinished
 * (an unclosed tag or comment, a dangling `&`) is read again at close, where it becomes text.
 * Standard HTML tokenizers (htmlparser2, parse5) follow the WHATWG rules instead, which differ on
 * exactly those cases, so they cannot give bs4's strings.
 */
export function scanMarkup(html: string, events: MarkupEvents): void {
  runs = new Runs(html);
  try {
    const scanner = new Scanner(html, events);
    const rest = scanner.run(0, false);
    scanner.run(rest, true);
  } finally {
    runs = undefined;
  }
}

type RunKind = 'spaces' | 'separators' | 'spacesOrSlashes' | 'tagName' | 'attributeName' | 'bareValue';

/**
 * Where each run of one kind of character ends, per kind, for the input being scanned; each table
 * is built on first use in one pass. html.parser rereads the same stretch once per '<' that starts an
 * unfinished tag (which Python pays for: `"<a b='" * 3000` takes it seconds); with these tables every
 * reread skips a run in constant time, so a scan stays linear in the input.
 */
class Runs {
  private readonly ends = new Map<RunKind, Int32Array>();

  constructor(private readonly s: string) {}

  end(kind: RunKind, from: number): number {
    const { s } = this;
    if (from >= s.length) return from;
    let table = this.ends.get(kind);
    if (!table) {
      table = new Int32Array(s.length + 1);
      table[s.length] = s.length;
      for (let i = s.length - 1; i >= 0; i--) table[i] = inRun(kind, s, i) ? (table[i + 1] as number) : i;
      this.ends.set(kind, table);
    }
    return table[from] as number;
  }
}

function inRun(kind: RunKind, s: string, i: number): boolean {
  const c = s[i] as string;
  switch (kind) {
    case 'spaces':
      return isPythonSpace(c);
    case 'separators':
      return isPythonSpace(c) || (c === '/' && s[i + 1] !== '>');
    case 'spacesOrSlashes':
      return c === '/' || isPythonSpace(c);
    case 'tagName':
      return !endsTagName(c);
    case 'attributeName':
      return !(c === '/' || c === '=' || c === '>' || isPythonSpace(c));
    case 'bareValue':
      return c !== '>' && !isPythonSpace(c);
  }
}

/** The run tables of the scan in progress (scanning is synchronous, so one at a time). */
let runs: Runs | undefined;

function runEnd(kind: RunKind, s: string, from: number): number {
  if (runs) return runs.end(kind, from);
  let p = from;
  while (p < s.length && inRun(kind, s, p)) p++;
  return p;
}

/**
 * A "first match at or after `from`" search that remembers its last answer, so that the many
 * searches an unfinished construct causes (each `<!--` or `'` without an end looks to the end of the
 * input) cost linear time in all, not quadratic.
 */
function rememberingSearch(find: (from: number) => number): (from: number) => number {
  let lastFrom = Number.POSITIVE_INFINITY;
  let lastFound = -1;
  return (from) => {
    if (from >= lastFrom && (lastFound < 0 || lastFound >= from)) return lastFound;
    lastFrom = from;
    lastFound = find(from);
    return lastFound;
  };
}

/** The searches of one scan. */
export interface Searches {
  /** Index of `text` at or after `from`, or -1, for a one-character `text`. */
  char(text: string, from: number): number;
  /** Where the attributes that start at `from` end, as html.parser finds a start tag's end. */
  attributesEnd(from: number): number;
}

class Scanner implements Searches {
  /** Set while inside `<script>` or `<style>`: the element whose end tag ends the raw text. */
  private rawTextElement: string | undefined;
  private readonly charSearches = new Map<string, (from: number) => number>();
  private readonly rawTextEnds = new Map<string, (from: number) => number>();
  private readonly commentClose: (from: number) => number;
  private readonly bracketCloses: Record<1 | 2, (from: number) => { start: number; end: number } | undefined>;

  constructor(
    private readonly s: string,
    private readonly events: MarkupEvents,
  ) {
    this.commentClose = rememberingSearch((from) => findCommentClose(s, from));
    this.bracketCloses = { 1: rememberingRange(s, 1), 2: rememberingRange(s, 2) };
  }

  private attributeChains: Int32Array | undefined;

  /** Follows the chain of attributes from `from`; every position on it remembers where it ends. */
  attributesEnd(from: number): number {
    this.attributeChains ??= new Int32Array(this.s.length + 1).fill(-1);
    const chains = this.attributeChains;
    const visited: number[] = [];
    let p = from;
    let end: number;
    for (;;) {
      const known = chains[p] as number;
      if (known >= 0) {
        end = known;
        break;
      }
      visited.push(p);
      const next = attributeEnd(this.s, p, true, this);
      if (next < 0) {
        end = p;
        break;
      }
      p = next;
    }
    for (const at of visited) chains[at] = end;
    return end;
  }

  char(text: string, from: number): number {
    let search = this.charSearches.get(text);
    if (!search) {
      search = rememberingSearch((at) => this.s.indexOf(text, at));
      this.charSearches.set(text, search);
    }
    return search(from);
  }

  /** One pass over `s` from `start`; returns where it stopped (the input's length when done). */
  run(start: number, atEnd: boolean): number {
    const { s, events } = this;
    const n = s.length;
    let i = start;
    while (i < n) {
      let j: number;
      if (this.rawTextElement === undefined) {
        j = nextMarkupChar(s, i);
      } else {
        const name = this.rawTextElement;
        let search = this.rawTextEnds.get(name);
        if (!search) {
          search = rememberingSearch((from) => findRawTextEnd(s, name, from));
          this.rawTextEnds.set(name, search);
        }
        j = search(i);
        if (j < 0) break; // the raw text waits for its end tag, which never comes
      }
      if (i < j) events.data(s.slice(i, j));
      i = j;
      if (i === n) break;
      if (s[i] === '<') {
        let k: number;
        if (i + 1 < n && isAsciiLetter(s[i + 1] as string)) k = this.startTag(i);
        else if (s.startsWith('</', i)) k = this.endTag(i);
        else if (s.startsWith('<!--', i)) k = this.comment(i);
        else if (s.startsWith('<?', i)) k = this.processingInstruction(i);
        else if (s.startsWith('<!', i)) k = this.declaration(i);
        else if (i + 1 < n) {
          events.data('<');
          k = i + 1;
        } else break;
        if (k < 0) {
          if (!atEnd) break;
          // At close, an unfinished construct is text up to the next '>' (or '<').
          const gt = this.char('>', i + 1);
          if (gt >= 0) k = gt + 1;
          else {
            const lt = this.char('<', i + 1);
            k = lt >= 0 ? lt : i + 1;
          }
          events.data(s.slice(i, k));
        }
        i = k;
      } else if (s.startsWith('&#', i)) {
        const end = matchCharRef(s, i);
        if (end >= 0) {
          events.charRef(s.slice(i + 2, end - 1));
          i = s[end - 1] === ';' ? end : end - 1;
          continue;
        }
        if (this.char(';', i) >= 0) {
          events.data('&#');
          i += 2;
        }
        break;
      } else {
        // '&'
        const entity = matchEntityRef(s, i);
        if (entity) {
          events.entityRef(s.slice(i + 1, entity.nameEnd));
          i = s[entity.nameEnd] === ';' ? entity.nameEnd + 1 : entity.nameEnd;
          continue;
        }
        if (i + 1 < n && (isAsciiLetter(s[i + 1] as string) || s[i + 1] === '#')) {
          // An incomplete reference: at close, a bare "&x" loses its '&'; anything longer stays text.
          if (atEnd && i + 2 === n) i += 1;
          break;
        }
        if (i + 1 < n) {
          events.data('&');
          i += 1;
        } else break;
      }
    }
    if (atEnd && i < n && this.rawTextElement === undefined) {
      events.data(s.slice(i, n));
      i = n;
    }
    return i;
  }

  private startTag(i: number): number {
    const { s, events } = this;
    const end = wholeStartTagEnd(s, i, this);
    if (end < 0) return end;
    const nameEnd = tagNameEnd(s, i + 1);
    const name = s.slice(i + 1, nameEnd).toLowerCase();
    let k = skipAttributeSeparators(s, nameEnd);
    while (k < end) {
      const next = attributeEnd(s, k, false, this);
      if (next < 0) break;
      k = next;
    }
    const closing = pythonStrip(s.slice(k, Math.max(k, end)));
    if (closing !== '>' && closing !== '/>') {
      events.data(s.slice(i, end));
      return end;
    }
    if (closing === '/>') events.startEndTag(name);
    else {
      events.startTag(name);
      if (RAW_TEXT_ELEMENTS.has(name)) this.rawTextElement = name;
    }
    return end;
  }

  private endTag(i: number): number {
    const { s, events } = this;
    const gt = this.char('>', i + 1);
    if (gt < 0) return -1;
    const afterGt = gt + 1;
    const strict = strictEndTagName(s, i);
    if (strict === undefined) {
      if (this.rawTextElement !== undefined) {
        events.data(s.slice(i, afterGt));
        return afterGt;
      }
      if (!isAsciiLetter(s[i + 2] ?? '')) {
        if (s.startsWith('</>', i)) return i + 3;
        return this.bogusComment(i);
      }
      const nameEnd = tagNameEnd(s, i + 2);
      const name = s.slice(i + 2, nameEnd).toLowerCase();
      const close = this.char('>', skipAttributeSeparators(s, nameEnd));
      events.endTag(name);
      return close + 1;
    }
    if (this.rawTextElement !== undefined && strict !== this.rawTextElement) {
      events.data(s.slice(i, afterGt));
      return afterGt;
    }
    events.endTag(strict);
    this.rawTextElement = undefined;
    return afterGt;
  }

  private comment(i: number): number {
    const at = this.commentClose(i + 4);
    if (at < 0) return -1;
    this.events.comment(this.s.slice(i + 4, at));
    return skipSpaces(this.s, at + 2) + 1;
  }

  private bogusComment(i: number): number {
    const gt = this.char('>', i + 2);
    if (gt < 0) return -1;
    this.events.comment(this.s.slice(i + 2, gt));
    return gt + 1;
  }

  private processingInstruction(i: number): number {
    const gt = this.char('>', i + 2);
    if (gt < 0) return -1;
    this.events.processingInstruction(this.s.slice(i + 2, gt));
    return gt + 1;
  }

  private declaration(i: number): number {
    const { s } = this;
    if (s.startsWith('<![', i)) return this.markedSection(i);
    if (s.slice(i, i + 9).toLowerCase() === '<!doctype') {
      const gt = this.char('>', i + 9);
      if (gt < 0) return -1;
      this.events.declaration(s.slice(i + 2, gt));
      return gt + 1;
    }
    return this.bogusComment(i);
  }

  private markedSection(i: number): number {
    const { s } = this;
    const start = i + 3;
    if (start === s.length) return -1;
    if (!isAsciiLetter(s[start] as string)) {
      throw new HtmlParseError(`expected name token at ${pythonRepr(s.slice(i, i + 20))}`);
    }
    let p = start + 1;
    while (p < s.length && isDeclarationNameChar(s[p] as string)) p++;
    const rawName = s.slice(start, p);
    p = skipSpaces(s, p);
    if (p === s.length) return -1;
    const keyword = rawName.toLowerCase();
    let close: { start: number; end: number } | undefined;
    if (MARKED_SECTION_TO_DOUBLE_BRACKET.has(keyword)) close = this.bracketCloses[2](start);
    else if (MARKED_SECTION_TO_SINGLE_BRACKET.has(keyword)) close = this.bracketCloses[1](start);
    else throw new HtmlParseError(`unknown status keyword ${pythonRepr(rawName)} in marked section`);
    if (!close) return -1;
    this.events.markedSection(s.slice(start, close.start));
    return close.end;
  }
}

const isDeclarationNameChar = (c: string): boolean => isAsciiAlnum(c) || c === '-' || c === '_' || c === '.';

/** Index of the next `</name\s*>` that closes the raw text element `name` (any case), or -1. */
function findRawTextEnd(s: string, name: string, from: number): number {
  for (let at = s.indexOf('</', from); at >= 0; at = s.indexOf('</', at + 1)) {
    let p = skipSpaces(s, at + 2);
    if (s.slice(p, p + name.length).toLowerCase() !== name) continue;
    p = skipSpaces(s, p + name.length);
    if (s[p] === '>') return at;
  }
  return -1;
}

/** Start of the next `--\s*>` at or after `from` (the end of a comment), or -1. */
function findCommentClose(s: string, from: number): number {
  for (let at = s.indexOf('--', from); at >= 0; at = s.indexOf('--', at + 1)) {
    if (s[skipSpaces(s, at + 2)] === '>') return at;
  }
  return -1;
}

/** {@link findBracketClose} for one bracket count, remembering its last answer. */
function rememberingRange(
  s: string,
  brackets: 1 | 2,
): (from: number) => { start: number; end: number } | undefined {
  let found: { start: number; end: number } | undefined;
  const start = rememberingSearch((from) => {
    found = findBracketClose(s, from, brackets);
    return found ? found.start : -1;
  });
  return (from) => {
    const at = start(from);
    if (at < 0) return undefined;
    if (!found || found.start !== at) found = findBracketClose(s, at, brackets);
    return found;
  };
}

/** Next '&' or '<' at or after `from`, or the length. */
function nextMarkupChar(s: string, from: number): number {
  for (let p = from; p < s.length; p++) {
    const c = s[p];
    if (c === '&' || c === '<') return p;
  }
  return s.length;
}

function skipSpaces(s: string, from: number): number {
  return runEnd('spaces', s, from);
}

/** Strips Python's whitespace from both ends, as `str.strip()`. */
export function pythonStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPythonSpace(text[start] as string)) start++;
  while (end > start && isPythonSpace(text[end - 1] as string)) end--;
  return text.slice(start, end);
}

/** End of a tag name that starts at `from` (its first character is already known to be a letter). */
function tagNameEnd(s: string, from: number): number {
  return runEnd('tagName', s, from + 1);
}

/** Whitespace, and slashes not followed by '>', which html.parser skips between attributes. */
function skipAttributeSeparators(s: string, from: number): number {
  return runEnd('separators', s, from);
}

/**
 * One attribute (name, optional `= value`, then separators) starting at `from`, as html.parser reads
 * it; -1 when there is none. `trailingSpaces` is the variant used to find where a start tag ends, which
 * also skips spaces after a value (the separators skip them anyway, so only the rules differ).
 */
function attributeEnd(s: string, from: number, trailingSpaces: boolean, searches: Searches): number {
  const before = s[from - 1];
  if (
    !(before === "'" || before === '"' || before === '/' || (before !== undefined && isPythonSpace(before)))
  )
    return -1;
  const first = s[from];
  if (first === undefined || first === '/' || first === '>' || isPythonSpace(first)) return -1;
  let p = runEnd('attributeName', s, from + 1);
  const value = attributeValueEnd(s, p, searches);
  if (value >= 0) p = trailingSpaces ? skipSpaces(s, value) : value;
  return skipAttributeSeparators(s, p);
}

/**
 * End of `\s*=+\s*value` after an attribute name, or -1. When a quoted value is not closed, the
 * value falls back (like the backtracking of html.parser's pattern) to an empty value before the
 * last space, or to a bare value that starts with the last '='.
 */
function attributeValueEnd(s: string, from: number, searches: Searches): number {
  const equals = skipSpaces(s, from);
  if (s[equals] !== '=') return -1;
  let afterEquals = equals;
  while (s[afterEquals] === '=') afterEquals++;
  const value = skipSpaces(s, afterEquals);
  const quote = s[value];
  if (quote === "'" || quote === '"') {
    const close = searches.char(quote, value + 1);
    if (close >= 0) return close + 1;
    if (value > afterEquals) return value - 1;
    if (afterEquals - equals > 1) return bareValueEnd(s, afterEquals - 1);
    return -1;
  }
  return bareValueEnd(s, value);
}

function bareValueEnd(s: string, from: number): number {
  return runEnd('bareValue', s, from);
}

/**
 * Where html.parser considers the start tag at `i` to end: after its '>' (or '/>'); -1 when it is
 * unfinished; or, for a tag broken by a stray character, the position of that character.
 */
function wholeStartTagEnd(s: string, i: number, searches: Searches): number {
  let p = tagNameEnd(s, i + 1);
  // Spaces and slashes before the first attribute.
  p = runEnd('spacesOrSlashes', s, p);
  p = skipSpaces(s, searches.attributesEnd(p));
  const next = s[p];
  if (next === '>') return p + 1;
  if (next === '/') return s[p + 1] === '>' ? p + 2 : -1;
  if (next === undefined || next === '=' || isAsciiLetter(next)) return -1;
  return p;
}

/** The lowercased name of `</name\s*>` at `i` (name: a letter, then letters, digits, `-._:`), if it is one. */
function strictEndTagName(s: string, i: number): string | undefined {
  let p = skipSpaces(s, i + 2);
  const start = p;
  if (!isAsciiLetter(s[p] ?? '')) return undefined;
  p++;
  while (p < s.length) {
    const c = s[p] as string;
    if (!(isAsciiAlnum(c) || c === '-' || c === '.' || c === ':' || c === '_')) break;
    p++;
  }
  const end = p;
  p = skipSpaces(s, p);
  return s[p] === '>' ? s.slice(start, end).toLowerCase() : undefined;
}

/**
 * `&#digits` or `&#xhex` followed by one character that is not a hex digit: the index after that
 * character, or -1. (A reference at the very end of the input is not complete.)
 */
function matchCharRef(s: string, i: number): number {
  let p = i + 2;
  if (s[p] === 'x' || s[p] === 'X') {
    const digits = p + 1;
    p = digits;
    while (p < s.length && isHexDigit(s[p] as string)) p++;
    if (p === digits) return -1;
  } else {
    const digits = p;
    while (p < s.length && isAsciiDigit(s[p] as string)) p++;
    if (p === digits) return -1;
  }
  if (p >= s.length || isHexDigit(s[p] as string)) return -1;
  return p + 1;
}

/**
 * `&name` (a letter, then letters, digits, '-' or '.') followed by a character that is not a letter
 * or digit. When the name runs to the end of the input, it is cut at its last '-' or '.', which then
 * serves as that character.
 */
function matchEntityRef(s: string, i: number): { nameEnd: number } | undefined {
  if (!isAsciiLetter(s[i + 1] ?? '')) return undefined;
  let p = i + 2;
  while (p < s.length) {
    const c = s[p] as string;
    if (!(isAsciiAlnum(c) || c === '-' || c === '.')) break;
    p++;
  }
  if (p < s.length) return { nameEnd: p };
  for (let cut = p - 1; cut > i + 1; cut--) {
    if (s[cut] === '-' || s[cut] === '.') return { nameEnd: cut };
  }
  return undefined;
}

/** `]]>` (brackets: 2) or `]>` (brackets: 1), with spaces allowed between, searched from `from`. */
function findBracketClose(
  s: string,
  from: number,
  brackets: 1 | 2,
): { start: number; end: number } | undefined {
  for (let at = s.indexOf(']', from); at >= 0; at = s.indexOf(']', at + 1)) {
    let p = at + 1;
    if (brackets === 2) {
      p = skipSpaces(s, p);
      if (s[p] !== ']') continue;
      p++;
    }
    p = skipSpaces(s, p);
    if (s[p] === '>') return { start: at, end: p + 1 };
  }
  return undefined;
}

/** Python's repr of a short string, for error messages that match html.parser's. */
function pythonRepr(text: string): string {
  return text.includes("'") && !text.includes('"') ? `"${text}"` : `'${text.replaceAll("'", "\\'")}'`;
}
