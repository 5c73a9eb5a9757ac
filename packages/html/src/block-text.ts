/** The little of a DOM node that {@link blockText} reads (linkedom's nodes have it, as browsers' do). */
export interface DomNode {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<DomNode>;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/** Elements that start and end a block of text (HTML's block-level and table elements). */
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BODY',
  'CAPTION',
  'DD',
  'DETAILS',
  'DIALOG',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HGROUP',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TD',
  'TFOOT',
  'TH',
  'THEAD',
  'TR',
  'UL',
]);
/** Elements whose content is never shown as text. */
const HIDDEN = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'HEAD',
  'TITLE',
  'IFRAME',
  'OBJECT',
  'SVG',
]);
/** HTML's whitespace, which a browser collapses (not U+00A0, which it keeps). */
const HTML_SPACES = /[ \t\n\r\f]+/g;

/**
 * The text of a DOM subtree as a browser lays it out in blocks: one paragraph per block element,
 * paragraphs separated by a blank line, whitespace collapsed to single spaces except inside `<pre>`,
 * a newline for each `<br>`.
 */
export function blockText(root: DomNode): string {
  const paragraphs: string[] = [];
  let line = '';
  const flush = (): void => {
    const text = line
      .split('\n')
      .map((part) => part.replace(HTML_SPACES, ' ').trim())
      .join('\n')
      .trim();
    if (text.length > 0) paragraphs.push(text);
    line = '';
  };
  const preformatted: string[] = [];
  const visit = (node: DomNode, inPre: boolean): void => {
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) {
      const text = node.nodeValue ?? '';
      if (inPre) preformatted.push(text);
      else line += text.replaceAll('\n', ' ');
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const name = node.nodeName.toUpperCase();
    if (HIDDEN.has(name)) return;
    if (name === 'BR') {
      if (inPre) preformatted.push('\n');
      else line += '\n';
      return;
    }
    if (name === 'PRE' && !inPre) {
      flush();
      preformatted.length = 0;
      for (const child of Array.from(node.childNodes)) visit(child, true);
      // A browser drops the newline that directly follows <pre>.
      const text = preformatted.join('').replace(/^\n/, '').trimEnd();
      if (text.length > 0) paragraphs.push(text);
      return;
    }
    const block = BLOCKS.has(name);
    if (block && !inPre) flush();
    for (const child of Array.from(node.childNodes)) visit(child, inPre);
    if (block && !inPre) flush();
  };
  visit(root, false);
  flush();
  return paragraphs.join('\n\n');
}
