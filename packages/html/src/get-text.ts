import { requireText } from '@tokenlab/core';
import { decodeCharRef } from './char-ref.js';
import { NAMED_ENTITIES } from './entities.generated.js';
import { type MarkupEvents, readMarkup } from './markup-reader.js';
import { pythonStrip } from './python-space.js';

/**
 * Options of {@link getText}, named like the arguments of bs4's `get_text`.
 *
 * @example
 * ```ts
 * import { type GetTextOptions, getText } from '@tokenlab/html';
 * const lines: GetTextOptions = { separator: '\n', strip: true };
 * getText('<li> a </li><li>b</li>', lines); // 'a\nb'
 * ```
 */
export interface GetTextOptions {
  /** Put between the strings (bs4's `separator`); default `''`. */
  separator?: string;
  /** Strip each string of Python's whitespace and drop the empty ones (bs4's `strip`); default false. */
  strip?: boolean;
}

/** Tags bs4's html.parser builder closes as soon as they open (HTML's void elements, old and new). */
const EMPTY_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'menuitem',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  'basefont',
  'bgsound',
  'command',
  'frame',
  'image',
  'isindex',
  'nextid',
  'spacer',
]);
/** Tags whose strings bs4 keeps in their own string classes, which `get_text` leaves out. */
const STRING_CONTAINERS = new Set(['rt', 'rp', 'style', 'script', 'template']);
/** Tags inside which bs4 keeps whitespace-only strings as they are. */
const PRESERVE_WHITESPACE = new Set(['pre', 'textarea']);
/** bs4's ASCII spaces: a string made only of these is collapsed outside `<pre>` and `<textarea>`. */
function onlyAsciiSpaces(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0c && c !== 0x0d) return false;
  }
  return true;
}

type StringKind = 'text' | 'cdata' | 'other';

/**
 * The text of an HTML document exactly as Beautiful Soup 4 gives it with
 * `BeautifulSoup(html, 'html.parser').get_text(separator, strip)` (bs4 4.11, Python 3.11): every
 * text and CDATA string in document order; no comments, doctype or processing instructions; nothing
 * from `<script>`, `<style>`, `<template>`, `<rt>` or `<rp>`; entities and character references
 * decoded as bs4 decodes them (`&amp` and `&copy` without semicolon too, numeric references below 256
 * as windows-1252); a string of spaces between tags becomes one space (or one newline if it had one)
 * except inside `<pre>` and `<textarea>`; no other whitespace changes, so the page furniture stays.
 *
 * Throws {@link HtmlParseError} where bs4 raises (an unknown `<![keyword[` section).
 *
 * @example
 * ```ts
 * import { getText } from '@tokenlab/html';
 * getText('<p>Fish &amp; chips</p>\n  <p>&copy 2024<br>London</p><script>x()</script>');
 * // 'Fish & chips\n© 2024London'
 * getText('<p>One</p><p>Two</p>', { separator: '\n', strip: true }); // 'One\nTwo'
 * ```
 */
export function getText(html: string, options: GetTextOptions = {}): string {
  requireText(html, 'getText');
  const strings = collectStrings(html);
  const { separator = '', strip = false } = options;
  if (!strip) return strings.join(separator);
  const kept: string[] = [];
  for (const text of strings) {
    const stripped = pythonStrip(text);
    if (stripped.length > 0) kept.push(stripped);
  }
  return kept.join(separator);
}

/** The strings `get_text` joins, in document order. */
function collectStrings(html: string): string[] {
  const strings: string[] = [];
  /** Names of the open tags, innermost last. */
  const open: string[] = [];
  const openCount = new Map<string, number>();
  /** Open tags, by their depth in `open`, that are string containers / keep whitespace. */
  const containers: number[] = [];
  const preserving: number[] = [];
  /** Void tags closed at their start tag, whose next explicit end tag bs4 swallows. */
  const closedEmpty: string[] = [];
  const pending: string[] = [];

  const endData = (kind: StringKind = 'text'): void => {
    if (pending.length === 0) return;
    let text = pending.length === 1 ? (pending[0] as string) : pending.join('');
    pending.length = 0;
    if (preserving.length === 0 && onlyAsciiSpaces(text)) text = text.includes('\n') ? '\n' : ' ';
    const included = kind === 'cdata' || (kind === 'text' && containers.length === 0);
    if (included) strings.push(text);
  };
  const push = (name: string): void => {
    open.push(name);
    openCount.set(name, (openCount.get(name) ?? 0) + 1);
    if (PRESERVE_WHITESPACE.has(name)) preserving.push(open.length - 1);
    if (STRING_CONTAINERS.has(name)) containers.push(open.length - 1);
  };
  const pop = (): void => {
    const depth = open.length - 1;
    const name = open.pop() as string;
    openCount.set(name, (openCount.get(name) ?? 0) - 1);
    if (preserving.at(-1) === depth) preserving.pop();
    if (containers.at(-1) === depth) containers.pop();
  };
  const popTo = (name: string): void => {
    while (open.length > 0 && (openCount.get(name) ?? 0) > 0) {
      const top = open.at(-1);
      pop();
      if (top === name) break;
    }
  };
  const start = (name: string): void => {
    endData();
    push(name);
  };
  const end = (name: string): void => {
    endData();
    popTo(name);
  };
  const special = (kind: StringKind, text: string): void => {
    endData();
    pending.push(text);
    endData(kind);
  };

  const events: MarkupEvents = {
    data: (text) => pending.push(text),
    startTag: (name) => {
      start(name);
      if (EMPTY_ELEMENTS.has(name)) {
        end(name);
        closedEmpty.push(name);
      }
    },
    startEndTag: (name) => {
      start(name);
      events.endTag(name);
    },
    endTag: (name) => {
      const swallowed = closedEmpty.indexOf(name);
      if (swallowed >= 0) closedEmpty.splice(swallowed, 1);
      else end(name);
    },
    charRef: (digits) => pending.push(decodeCharRef(digits)),
    entityRef: (name) =>
      pending.push(Object.hasOwn(NAMED_ENTITIES, name) ? (NAMED_ENTITIES[name] as string) : `&${name}`),
    comment: (text) => special('other', text),
    declaration: (text) => special('other', text),
    markedSection: (text) =>
      special(text.slice(0, 6).toUpperCase() === 'CDATA[' ? 'cdata' : 'other', text.slice(6)),
    processingInstruction: (text) => special('other', text),
  };
  readMarkup(html, events);
  endData();
  return strings;
}
