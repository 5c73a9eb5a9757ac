import { QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { HtmlParserRules, isAsciiLetter, isHtmlSpace, RAW_TEXT_ELEMENTS } from './html-parser-rules.js';
import { matchCharRef, matchEntityRef } from './text-references.js';

/**
 * What the reader reports, in document order: the events Python's `html.parser` gives Beautiful
 * Soup (with `convert_charrefs=False`, as bs4 sets it).
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

/** What html.parser makes of the markup at a position: where it ends and what it reports. */
interface Construct {
  end: number;
  report(): void;
}
/** The markup at a position is unfinished for html.parser (its end never comes). */
const UNFINISHED = 'unfinished';
/** A start tag or plain text: htmlparser2 is left to find its end. */
const UNDECIDED = 'undecided';

/** Elements htmlparser2 reads as raw text or RCDATA, which html.parser reads as markup (or as raw text up to a different end). */
const HTMLPARSER2_SPECIAL = new Set(['script', 'style', 'title', 'textarea', 'xmp']);
/** What a tokenizer is given first to go on inside a start tag, before an attribute name. */
const TAG_RESUMPTION = '<a ';
/** The first piece of input a tokenizer is given; each next piece is twice as long. */
const FIRST_PIECE = 16;

/**
 * Reads HTML as Python's `html.parser` does for Beautiful Soup, with htmlparser2's `Tokenizer`
 * finding the tags, comments, declarations and text. Where the two read the same markup differently,
 * the span the tokenizer reported is read again with html.parser's rule ({@link HtmlParserRules}),
 * and when that rule ends the markup elsewhere, a fresh tokenizer starts where html.parser goes on.
 *
 * html.parser is fed the whole document, then closed: the first unfinished construct (a tag or
 * comment whose end never comes, a bad `&#`) ends the first pass, and in the second, unfinished
 * markup becomes text. `closing` follows that.
 *
 * The input goes to each tokenizer in doubling pieces; between pieces, the construct the tokenizer
 * is still inside is checked with html.parser's rule, so that markup html.parser has already ended
 * (or knows it never will) costs no scan to the end of the input. Together with the rules'
 * remembering searches, this keeps reading linear in the input on unfinished markup.
 */
export function readMarkup(html: string, events: MarkupEvents): void {
  new MarkupReader(html, events).read();
}

class MarkupReader {
  private readonly rules: HtmlParserRules;
  /** html.parser's position: everything before it has been reported. */
  private cursor = 0;
  /** In html.parser's second pass (its `close()`). */
  private closing = false;
  /** Nothing more to report. */
  private done = false;
  /** Where the next tokenizer starts, once the current one has been stopped; -1 while it runs. */
  private restartAt = -1;
  private tokenizer: Tokenizer | undefined;
  /** The next tokenizer goes on inside the start tag at `tagStart`, before an attribute. */
  private inTag = false;
  /** The current tokenizer is reading the made-up start of that tag, whose name is not the tag's. */
  private resumingTag = false;
  /** Where the current tokenizer's input starts in `s` (its indices are relative to it). */
  private base = 0;
  /** The `<` of the start tag the tokenizer is reading, and the name it reads. */
  private tagStart = -1;
  private tokenizerTagName = '';
  /** Where the last attribute name the tokenizer read ends. */
  private attributeNameEnd = -1;
  /** Where html.parser ends the name of that tag. */
  private tagEnd = -1;
  private readonly callbacks: TokenizerCallbacks;

  constructor(
    private readonly s: string,
    private readonly events: MarkupEvents,
  ) {
    this.rules = new HtmlParserRules(s);
    const at = (index: number): number => this.base + index;
    this.callbacks = {
      ontext: (start, end) => this.live() && this.text(at(start), at(end)),
      onopentagname: (start, end) => {
        if (!this.live()) return;
        if (this.resumingTag) {
          this.resumingTag = false;
          return;
        }
        this.tagStart = at(start) - 1;
        this.attributeNameEnd = -1;
        this.tokenizerTagName = s.slice(at(start), at(end)).toLowerCase();
        this.tagName();
      },
      onopentagend: (end) => this.live() && this.startTag(at(end) + 1, false),
      // The tokenizer allows spaces between '/' and '>'; html.parser reads `<p / >` as a start tag.
      onselfclosingtag: (end) => this.live() && this.startTag(at(end) + 1, s[at(end) - 1] === '/'),
      onclosetag: (start, end) => this.live() && this.closeTag(at(start), at(end)),
      oncomment: (start, end, endOffset) => this.live() && this.comment(at(start), at(end), endOffset),
      ondeclaration: (start, end) => {
        if (!this.live()) return;
        const q = at(start) - 2;
        this.settle(q, this.declarationAt(q), at(end) + 1);
      },
      oncdata: (start, end, endOffset) => {
        if (!this.live()) return;
        const q = at(start) - '<![CDATA['.length;
        this.settle(q, this.markedSectionAt(q), endOffset === 0 ? at(end) : at(end) + 1);
      },
      onprocessinginstruction: (start, end) => {
        if (!this.live()) return;
        const q = at(start) - 2;
        this.settle(q, this.constructAt(q), at(end) + 1);
      },
      onend: () => this.live() && this.tail(),
      onattribname: (_start, end) => {
        this.attributeNameEnd = at(end);
      },
      onattribdata: () => {},
      onattribentity: () => {},
      // Only the end of a value: the tokenizer also reports a value in parts, where a piece of input ends.
      onattribend: (quote, end) => this.live() && quote === QuoteType.Unquoted && this.unquotedValue(at(end)),
      ontextentity: () => {},
    };
  }

  read(): void {
    let from = 0;
    while (!this.done && (from < this.s.length || this.inTag)) from = this.tokenize(from);
  }

  /** Runs a fresh tokenizer from `from`; returns where the next one starts (the length when done). */
  private tokenize(from: number): number {
    const { s } = this;
    this.restartAt = -1;
    const tokenizer = new Tokenizer({ decodeEntities: false }, this.callbacks);
    this.tokenizer = tokenizer;
    if (this.inTag) {
      this.inTag = false;
      // With no '>' ahead the tag is unfinished, however its attributes go on.
      if (this.rules.char('>', from) < 0) {
        this.unfinished(this.tagStart);
        return this.restartAt;
      }
      // Back inside a start tag: a made-up tag start puts the tokenizer where attributes begin.
      this.resumingTag = true;
      this.base = from - TAG_RESUMPTION.length;
      tokenizer.write(TAG_RESUMPTION);
    } else {
      this.base = from;
      this.cursor = from;
      this.tagStart = -1;
    }
    let written = from;
    let piece = FIRST_PIECE;
    while (written < s.length && this.live()) {
      const next = Math.min(s.length, written + piece);
      tokenizer.write(s.slice(written, next));
      written = next;
      piece *= 2;
      if (written < s.length && this.live()) this.checkUnfinished(written);
    }
    if (this.live()) tokenizer.end();
    return this.restartAt >= 0 ? this.restartAt : s.length;
  }

  private live(): boolean {
    return this.restartAt < 0 && !this.done;
  }

  /** Stops the current tokenizer; the next one starts at `at`. */
  private restart(at: number): void {
    this.cursor = at;
    this.restartAt = at;
    this.tokenizer?.pause();
  }

  /** Reports the rest of the input as text, as html.parser does after a bad reference in its second pass. */
  private restIsText(from: number): void {
    if (from < this.s.length) this.events.data(this.s.slice(from));
    this.done = true;
    this.tokenizer?.pause();
  }

  /**
   * html.parser found the construct at `q` unfinished: the first pass ends there, and in the second
   * the construct is text up to the next `>` (or `<`), where reading goes on.
   */
  private unfinished(q: number): void {
    const { rules } = this;
    this.closing = true;
    const gt = rules.char('>', q + 1);
    let k: number;
    if (gt >= 0) k = gt + 1;
    else {
      const lt = rules.char('<', q + 1);
      k = lt >= 0 ? lt : q + 1;
    }
    this.events.data(this.s.slice(q, k));
    this.restart(k);
  }

  /**
   * Reports the construct html.parser reads at `q`, which the tokenizer ended at `tokenizerEnd`;
   * where html.parser ends it elsewhere, a fresh tokenizer takes over there.
   */
  private settle(
    q: number,
    construct: Construct | typeof UNFINISHED | typeof UNDECIDED,
    tokenizerEnd: number,
  ): void {
    if (q > this.cursor && !this.skipped(q)) return;
    if (construct === UNFINISHED || construct === UNDECIDED) {
      this.unfinished(q);
      return;
    }
    construct.report();
    this.cursor = construct.end;
    if (construct.end !== tokenizerEnd) this.restart(construct.end);
  }

  /**
   * The tokenizer passed over the markup between the cursor and `to` without a word (it drops an
   * end tag it cannot finish): html.parser's reading of it. Returns whether the tokenizer may go on.
   */
  private skipped(to: number): boolean {
    const q = this.cursor;
    const construct = this.constructAt(q);
    if (construct === UNFINISHED || construct === UNDECIDED) {
      this.unfinished(q);
      return false;
    }
    construct.report();
    this.cursor = construct.end;
    if (construct.end === to) return true;
    this.restart(construct.end);
    return false;
  }

  /** html.parser's reading of the `<` construct at `q` (start tags and text are left to the tokenizer). */
  private constructAt(q: number): Construct | typeof UNFINISHED | typeof UNDECIDED {
    const { s, rules, events } = this;
    if (isAsciiLetter(s[q + 1] ?? '')) {
      const nameEnd = rules.nulAfterStartTagName(q);
      if (nameEnd >= 0) return { end: nameEnd, report: () => events.data(s.slice(q, nameEnd)) };
      // Past its name, html.parser ends a start tag only at a '>'.
      return rules.char('>', q + 1) < 0 ? UNFINISHED : UNDECIDED;
    }
    if (s.startsWith('</', q)) {
      const tag = rules.endTag(q);
      if (!tag) return UNFINISHED;
      return {
        end: tag.end,
        report: () => {
          if (tag.name !== undefined) events.endTag(tag.name);
          else if (tag.comment !== undefined) events.comment(tag.comment);
        },
      };
    }
    if (s.startsWith('<!--', q)) {
      const comment = rules.comment(q);
      if (!comment) return UNFINISHED;
      return { end: comment.end, report: () => events.comment(comment.text) };
    }
    if (s.startsWith('<?', q)) {
      const pi = rules.processingInstruction(q);
      if (!pi) return UNFINISHED;
      return { end: pi.end, report: () => events.processingInstruction(pi.text) };
    }
    if (s.startsWith('<!', q)) return this.declarationAt(q);
    return UNDECIDED;
  }

  private declarationAt(q: number): Construct | typeof UNFINISHED {
    if (this.s.startsWith('<![', q)) return this.markedSectionAt(q);
    const declaration = this.rules.declaration(q);
    if (!declaration) return UNFINISHED;
    const { events } = this;
    return {
      end: declaration.end,
      report: () =>
        declaration.kind === 'declaration'
          ? events.declaration(declaration.text)
          : events.comment(declaration.text),
    };
  }

  private markedSectionAt(q: number): Construct | typeof UNFINISHED {
    const section = this.rules.markedSection(q);
    if (!section) return UNFINISHED;
    return { end: section.end, report: () => this.events.markedSection(section.text) };
  }

  /**
   * Between two pieces of input: the construct the tokenizer is still inside, if html.parser
   * already knows where it ends (or that it never does).
   */
  private checkUnfinished(written: number): void {
    const q = this.cursor;
    if (this.s[q] !== '<') return;
    const construct = this.constructAt(q);
    if (construct === UNFINISHED) this.unfinished(q);
    else if (construct !== UNDECIDED && construct.end <= written) {
      construct.report();
      this.restart(construct.end);
    }
  }

  /**
   * The tokenizer reached the end of the input; what it left unread is an unfinished construct, or
   * a start tag with a quote that never closes.
   */
  private tail(): void {
    const q = this.cursor;
    if (q >= this.s.length) return;
    if (this.s[q] !== '<') {
      this.restIsText(q);
      return;
    }
    const construct = this.constructAt(q);
    if (construct === UNDECIDED && q === this.tagStart) {
      this.unclosedQuote();
      return;
    }
    if (construct === UNFINISHED || construct === UNDECIDED) {
      this.unfinished(q);
      return;
    }
    construct.report();
    this.restart(construct.end);
  }

  /**
   * The tokenizer ended inside the start tag at `tagStart` although a '>' follows: inside a quoted
   * value whose closing quote never comes. Where html.parser reads the quote as an attribute name,
   * the tag goes on after it; else the tag is unfinished.
   */
  private unclosedQuote(): void {
    const resume = this.rules.unclosedQuoteResumption(this.tagStart, this.attributeNameEnd);
    if (resume < 0) this.unfinished(this.tagStart);
    else this.resumeInTag(resume);
  }

  /** Stops the current tokenizer; the next one goes on inside the open start tag at `at`. */
  private resumeInTag(at: number): void {
    this.restartAt = at;
    this.inTag = true;
    this.tokenizer?.pause();
  }

  /** Text as the tokenizer found it, with html.parser's references and its reading of `</>` and `</ >`. */
  private text(from: number, to: number): void {
    const { s, events } = this;
    if (this.tagStart >= this.cursor) {
      // The tokenizer gives what follows a start tag's '/' at the end of the input as text; the tag is
      // unfinished.
      this.unfinished(this.tagStart);
      return;
    }
    if (from > this.cursor && !this.skipped(from)) return;
    let i = Math.max(from, this.cursor);
    while (i < to) {
      let j = i;
      while (j < to && s[j] !== '&' && s[j] !== '<') j++;
      if (j > i) events.data(s.slice(i, j));
      i = j;
      this.cursor = i;
      if (i >= to) break;
      if (s[i] === '<') {
        if (s[i + 1] !== '/') {
          events.data('<');
          i++;
          continue;
        }
        // The tokenizer keeps `</>` and `</ ...>` as text; html.parser reads an end tag or comment.
        const construct = this.constructAt(i);
        if (construct === UNFINISHED || construct === UNDECIDED) {
          this.unfinished(i);
          return;
        }
        construct.report();
        i = construct.end;
        if (i > to) {
          this.restart(i);
          return;
        }
        continue;
      }
      i = this.reference(i);
      if (i < 0) return;
    }
    this.cursor = Math.max(this.cursor, i);
  }

  /** The `&` at `i` as html.parser reads it; returns where text goes on, or -1 when reading is over. */
  private reference(i: number): number {
    const { s, events } = this;
    if (s[i + 1] === '#') {
      const end = matchCharRef(s, i);
      if (end >= 0) {
        events.charRef(s.slice(i + 2, end - 1));
        return s[end - 1] === ';' ? end : end - 1;
      }
      // A bad `&#`: the first pass takes it as text and stops if a ';' follows somewhere; the second
      // pass stops at it, and the rest of the input is text.
      if (!this.closing && this.rules.char(';', i) >= 0) {
        events.data('&#');
        this.closing = true;
        return i + 2;
      }
      this.restIsText(i);
      return -1;
    }
    const nameEnd = matchEntityRef(s, i);
    if (nameEnd >= 0) {
      events.entityRef(s.slice(i + 1, nameEnd));
      return s[nameEnd] === ';' ? nameEnd + 1 : nameEnd;
    }
    if (isAsciiLetter(s[i + 1] ?? '')) {
      // A name that runs to the end of the input: "&x" there loses its '&'; a longer one stays text.
      this.restIsText(i + 2 === s.length ? i + 1 : i);
      return -1;
    }
    events.data('&');
    return i + 1;
  }

  /** A start tag's name, which html.parser ends at a NUL too, where the tag so far may be text. */
  private tagName(): void {
    const q = this.tagStart;
    if (q > this.cursor && !this.skipped(q)) return;
    this.tagEnd = this.rules.startTagNameEnd(q);
    const nameEnd = this.rules.nulAfterStartTagName(q);
    if (nameEnd < 0) return;
    this.events.data(this.s.slice(q, nameEnd));
    this.restart(nameEnd);
  }

  /**
   * An unquoted attribute value the tokenizer read up to `end`, after the last attribute name, '='
   * and HTML's spaces. html.parser may end it elsewhere, and the tag then goes on from there.
   */
  private unquotedValue(end: number): void {
    const { s } = this;
    let start = this.attributeNameEnd;
    while (isHtmlSpace(s[start])) start++;
    start++;
    while (isHtmlSpace(s[start])) start++;
    const valueEnd = this.rules.attributeValueEnd(start);
    if (valueEnd !== end) this.resumeInTag(valueEnd);
  }

  private startTag(end: number, selfClosing: boolean): void {
    const q = this.tagStart;
    const { events } = this;
    const name = this.s.slice(q + 1, this.tagEnd).toLowerCase();
    this.cursor = end;
    if (selfClosing) {
      events.startEndTag(name);
      return;
    }
    events.startTag(name);
    if (RAW_TEXT_ELEMENTS.has(name)) {
      const { rules } = this;
      const close = rules.rawTextEnd(name, end);
      // An unclosed script or style waits for its end tag, which never comes: its content is lost.
      if (close < 0) {
        this.done = true;
        this.tokenizer?.pause();
        return;
      }
      if (close > end) events.data(this.s.slice(end, close));
      const tag = rules.endTag(close);
      if (tag?.name !== undefined) events.endTag(tag.name);
      this.restart(tag ? tag.end : close);
      return;
    }
    if (HTMLPARSER2_SPECIAL.has(this.tokenizerTagName)) this.restart(end);
  }

  private closeTag(nameStart: number, nameEnd: number): void {
    const { s, rules } = this;
    let p = nameStart - 1;
    while (isHtmlSpace(s[p])) p--;
    const q = p - 1;
    this.settle(q, this.constructAt(q), rules.char('>', nameEnd) + 1);
  }

  private comment(start: number, end: number, endOffset: number): void {
    const { s } = this;
    // A bogus end tag (`</3>`, `</ ;>`) is a comment to the tokenizer too, which starts it after `</` and spaces.
    let p = start - 1;
    while (isHtmlSpace(s[p])) p--;
    if (s[p] === '/' && s[p - 1] === '<') {
      const q = p - 1;
      this.settle(q, this.constructAt(q), end + 1);
      return;
    }
    const q = start - 4;
    this.settle(q, this.constructAt(q), endOffset === 0 ? end : end + 1);
  }
}
