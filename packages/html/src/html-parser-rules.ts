import { HtmlParseError } from './html-parse-error.js';
import { isPythonSpace } from './python-space.js';

/**
 * Python's `html.parser` rules (CPython 3.11) for the stretches of markup where it reads HTML
 * differently from htmlparser2's tokenizer: where an end tag, a comment, a declaration, a marked
 * section or a raw-text element ends, and how it names a tag. Each rule is applied to the source at
 * a position htmlparser2 reported, so that the reader can keep html.parser's reading where the two
 * disagree. All searches remember their last answer, so the many searches that unfinished markup
 * causes cost linear time in all.
 */
export class HtmlParserRules {
  private readonly charSearches = new Map<string, (from: number) => number>();
  private readonly rawTextEnds = new Map<string, (from: number) => number>();
  private readonly commentClose: (from: number) => number;
  private readonly bracketCloses: Record<1 | 2, (from: number) => { start: number; end: number } | undefined>;
  /** The last start tag whose name was measured (the reader asks again while the tag is open). */
  private lastTagStart = -1;
  private lastTagNameEnd = -1;

  constructor(private readonly s: string) {
    this.commentClose = rememberingSearch((from) => findCommentClose(s, from));
    this.bracketCloses = { 1: rememberingRange(s, 1), 2: rememberingRange(s, 2) };
  }

  /** Index of the one-character `text` at or after `from`, or -1. */
  char(text: string, from: number): number {
    let search = this.charSearches.get(text);
    if (!search) {
      search = rememberingSearch((at) => this.s.indexOf(text, at));
      this.charSearches.set(text, search);
    }
    return search(from);
  }

  /** Where the name html.parser gives the start tag at `i` ends (it also stops at a NUL). */
  startTagNameEnd(i: number): number {
    if (i === this.lastTagStart) return this.lastTagNameEnd;
    const { s } = this;
    let p = i + 2;
    while (p < s.length && !endsTagName(s[p] as string)) p++;
    this.lastTagStart = i;
    this.lastTagNameEnd = p;
    return p;
  }

  /**
   * Where the name of the start tag at `i` ends if a NUL follows it, which html.parser's pattern
   * cannot read as an attribute, so that the tag so far is text; else -1. (An attribute may start
   * right after a quote or one of Python's spaces, which a name may hold: `<a"\0>` and `<a\v\0>`
   * are tags with the attribute "\0".)
   */
  nulAfterStartTagName(i: number): number {
    const { s } = this;
    const nameEnd = this.startTagNameEnd(i);
    const last = s[nameEnd - 1] as string;
    const attributeMayStart = last === '"' || last === "'" || isPythonSpace(last);
    return s[nameEnd] === '\0' && !attributeMayStart ? nameEnd : -1;
  }

  /**
   * Where html.parser ends the attribute value that htmlparser2 reads unquoted from `start` (after
   * `=` and HTML's spaces, up to an HTML space or '>'). html.parser's pattern takes every '=' right
   * after the first and then any of Python's spaces (U+00A0, U+0085, U+000B, ... too), then a quoted
   * value or a bare one that ends at any of Python's spaces, so its value may end elsewhere
   * (`<a b=='x>y'>`, `<a b=\u00a0'x>y'>`, `<a b=x\u00a0c='>'>`). With no closing quote it
   * backtracks: to an empty value before the spaces (the quote then starts an attribute name), or to
   * a bare value from the last '='.
   */
  attributeValueEnd(start: number): number {
    const { s } = this;
    let equals = start - 1;
    while (isHtmlSpace(s[equals])) equals--;
    let afterEquals = equals + 1;
    while (s[afterEquals] === '=') afterEquals++;
    const p = skipSpaces(s, afterEquals);
    const quote = s[p];
    if (quote !== "'" && quote !== '"') return bareValueEnd(s, p);
    const close = this.char(quote, p + 1);
    if (close >= 0) return close + 1;
    if (p > afterEquals) return p;
    return bareValueEnd(s, afterEquals - 1);
  }

  /**
   * For a start tag at `tagStart` left inside a quoted value whose closing quote never comes (the
   * value of the attribute whose name ends at `attributeNameEnd`): html.parser's pattern backtracks,
   * and where a space comes before the '=' or the quote, the value is empty (or absent) and the quote
   * starts the next attribute's name, so the tag goes on after the quote (`<a b= 'x>` is a tag).
   * Returns that position, or -1 when the tag is unfinished (`<a b='x>` is text).
   */
  unclosedQuoteResumption(tagStart: number, attributeNameEnd: number): number {
    const { s } = this;
    if (attributeNameEnd <= tagStart) return -1;
    let p = attributeNameEnd;
    while (isHtmlSpace(s[p])) p++;
    const equals = p;
    p++;
    while (isHtmlSpace(s[p])) p++;
    if (s[equals] !== '=' || (s[p] !== "'" && s[p] !== '"')) return -1;
    if (equals === attributeNameEnd && p === equals + 1) return -1;
    return p + 1;
  }

  /**
   * The end tag, bogus comment or `</>` at `i` (which starts with `</`): what html.parser reports
   * and where it ends, or undefined when it is unfinished (no `>` follows).
   */
  endTag(i: number): { end: number; name?: string; comment?: string } | undefined {
    const { s } = this;
    const gt = this.char('>', i + 1);
    if (gt < 0) return undefined;
    const strict = strictEndTagName(s, i);
    if (strict !== undefined) return { end: gt + 1, name: strict };
    if (isAsciiLetter(s[i + 2] ?? '')) {
      let nameEnd = i + 3;
      while (nameEnd < s.length && !endsTagName(s[nameEnd] as string)) nameEnd++;
      return { end: gt + 1, name: s.slice(i + 2, nameEnd).toLowerCase() };
    }
    if (s.startsWith('</>', i)) return { end: i + 3 };
    return { end: gt + 1, comment: s.slice(i + 2, gt) };
  }

  /** The `<!--` comment at `i`: its text and end (after `--`, spaces, `>`), or undefined if unfinished. */
  comment(i: number): { end: number; text: string } | undefined {
    const at = this.commentClose(i + 4);
    if (at < 0) return undefined;
    return { end: skipSpaces(this.s, at + 2) + 1, text: this.s.slice(i + 4, at) };
  }

  /**
   * The `<!` construct at `i` that is neither a comment nor a marked section: a doctype declaration
   * or a bogus comment, each up to the next `>`; undefined if unfinished.
   */
  declaration(i: number): { end: number; kind: 'declaration' | 'comment'; text: string } | undefined {
    const { s } = this;
    const doctype = s.slice(i, i + 9).toLowerCase() === '<!doctype';
    const gt = this.char('>', i + (doctype ? 9 : 2));
    if (gt < 0) return undefined;
    return { end: gt + 1, kind: doctype ? 'declaration' : 'comment', text: s.slice(i + 2, gt) };
  }

  /**
   * The marked section `<![keyword[ ... ]]>` at `i` (CDATA among them): its text without `<![`
   * and the brackets, and its end; undefined if unfinished. Throws {@link HtmlParseError} where
   * html.parser raises (no keyword, or an unknown one).
   */
  markedSection(i: number): { end: number; text: string } | undefined {
    const { s } = this;
    const start = i + 3;
    if (start === s.length) return undefined;
    if (!isAsciiLetter(s[start] as string)) {
      throw new HtmlParseError(`expected name token at ${pythonRepr(s.slice(i, i + 20))}`);
    }
    let p = start + 1;
    while (p < s.length && isDeclarationNameChar(s[p] as string)) p++;
    const rawName = s.slice(start, p);
    p = skipSpaces(s, p);
    if (p === s.length) return undefined;
    const keyword = rawName.toLowerCase();
    let close: { start: number; end: number } | undefined;
    if (MARKED_SECTION_TO_DOUBLE_BRACKET.has(keyword)) close = this.bracketCloses[2](start);
    else if (MARKED_SECTION_TO_SINGLE_BRACKET.has(keyword)) close = this.bracketCloses[1](start);
    else throw new HtmlParseError(`unknown status keyword ${pythonRepr(rawName)} in marked section`);
    if (!close) return undefined;
    return { end: close.end, text: s.slice(start, close.start) };
  }

  /** The processing instruction `<?...>` at `i`: its text and end, or undefined if unfinished. */
  processingInstruction(i: number): { end: number; text: string } | undefined {
    const gt = this.char('>', i + 2);
    if (gt < 0) return undefined;
    return { end: gt + 1, text: this.s.slice(i + 2, gt) };
  }

  /** Where the raw text of `<script>`/`<style>` (`name`) that starts at `from` ends: its `</name\s*>`, or -1. */
  rawTextEnd(name: string, from: number): number {
    let search = this.rawTextEnds.get(name);
    if (!search) {
      search = rememberingSearch((at) => findRawTextEnd(this.s, name, at));
      this.rawTextEnds.set(name, search);
    }
    return search(from);
  }
}

/** Elements whose content html.parser reads as raw text up to the matching end tag. */
export const RAW_TEXT_ELEMENTS = new Set(['script', 'style']);
const MARKED_SECTION_TO_DOUBLE_BRACKET = new Set(['temp', 'cdata', 'ignore', 'include', 'rcdata']);
const MARKED_SECTION_TO_SINGLE_BRACKET = new Set(['if', 'else', 'endif']);

export const isAsciiLetter = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isAsciiDigit = (c: string): boolean => c >= '0' && c <= '9';
const isAsciiAlnum = (c: string): boolean => isAsciiLetter(c) || isAsciiDigit(c);
/** Characters that end a tag name in html.parser: not every space, but a NUL. */
const endsTagName = (c: string): boolean =>
  c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === ' ' || c === '/' || c === '>' || c === '\0';
/** HTML's spaces, which htmlparser2's tokenizer skips (Python's `\s` has more). */
export const isHtmlSpace = (c: string | undefined): boolean =>
  c === ' ' || c === '\n' || c === '\t' || c === '\f' || c === '\r';
const isDeclarationNameChar = (c: string): boolean => isAsciiAlnum(c) || c === '-' || c === '_' || c === '.';

/**
 * A "first match at or after `from`" search that remembers its last answer, so that the many
 * searches an unfinished construct causes (each `<!--` without an end looks to the end of the input)
 * cost linear time in all, not quadratic.
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

function skipSpaces(s: string, from: number): number {
  let p = from;
  while (p < s.length && isPythonSpace(s[p] as string)) p++;
  return p;
}

/** End of a bare attribute value from `from`: at the first of Python's spaces or '>'. */
function bareValueEnd(s: string, from: number): number {
  let p = from;
  while (p < s.length && s[p] !== '>' && !isPythonSpace(s[p] as string)) p++;
  return p;
}

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

/** Python's repr of a short string, for error messages that match html.parser's. */
function pythonRepr(text: string): string {
  return text.includes("'") && !text.includes('"') ? `"${text}"` : `'${text.replaceAll("'", "\\'")}'`;
}
