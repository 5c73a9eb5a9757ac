/** Help lines are kept to this many columns: a terminal of 100 columns shows them unbroken. */
export const HELP_WIDTH = 100;
/** A terminal narrower than this gets help laid out for this width (and wraps it itself). */
const NARROWEST_HELP = 40;

/**
 * The width to lay help out for on `output`: a terminal's own width when it is narrower than
 * {@link HELP_WIDTH} (so that an 80-column terminal breaks no word in two), else HELP_WIDTH (pipes
 * and files included).
 *
 * @example
 * ```ts
 * helpWidth(process.stdout); // 80 in an 80-column terminal, 100 when piped
 * ```
 */
export function helpWidth(output: unknown): number {
  const columns = (output as { columns?: unknown } | null)?.columns;
  if (typeof columns !== 'number' || !Number.isFinite(columns)) return HELP_WIDTH;
  return Math.max(NARROWEST_HELP, Math.min(HELP_WIDTH, Math.floor(columns)));
}

/** `  -e, --encoding NAME   text`: the flags (words with single spaces), two or more spaces, the text. */
const OPTION_LINE = /^( +)(-[^ ]*(?: [^ ]+)*)( {2,})(\S.*)$/;
/** `  name   text` or `name   text` (a tokenizer, a sub-command): one word, two or more spaces, the text. */
const ENTRY_LINE = /^( *)([^\s-][^ ]*)( {2,})(\S.*)$/;

/** An option or a list entry: its head (indent and flags, or indent and name) and its text's lines. */
interface Item {
  option: boolean;
  head: string;
  /** Where its text starts in the help as written. */
  column: number;
  text: string[];
}

/**
 * A command's `--help` as printed: every option's text starts in one column (the widest flags' plus
 * two spaces), whichever file the option's lines come from, and an option's or a list entry's text
 * that would pass `width` columns is wrapped again under its first word; a paragraph of prose with a
 * line that would pass it is wrapped again as a whole (an indented line, such as an example, under
 * its own indent). Text that fits keeps the line breaks it was written with.
 *
 * @example
 * ```ts
 * layOutHelp('Options:\n  -q, --quiet  no output\n      --input-encoding E  the encoding');
 * // 'Options:\n  -q, --quiet             no output\n      --input-encoding E  the encoding'
 * ```
 */
export function layOutHelp(help: string, width = HELP_WIDTH): string {
  const parts: Array<string | Item> = [];
  let item: Item | undefined;
  for (const line of help.split('\n')) {
    const option = OPTION_LINE.exec(line);
    const entry = option ? null : ENTRY_LINE.exec(line);
    const match = option ?? entry;
    if (match) {
      const [, indent, head, gap, text] = match as unknown as [string, string, string, string, string];
      item = {
        option: option !== null,
        head: indent + head,
        column: indent.length + head.length + gap.length,
        text: [text],
      };
      parts.push(item);
    } else if (item && line.trim() !== '' && leadingSpaces(line) >= item.column) {
      item.text.push(line.trim());
    } else {
      item = undefined;
      parts.push(line);
    }
  }
  let optionColumn = 0;
  for (const part of parts)
    if (typeof part !== 'string' && part.option) optionColumn = Math.max(optionColumn, part.head.length + 2);
  const lines: string[] = [];
  let paragraph: string[] = [];
  let usage = false;
  const endParagraph = () => {
    lines.push(...wrapParagraph(paragraph, width));
    paragraph = [];
  };
  for (const part of parts) {
    // The usage block: its first line and the other forms indented under it, up to a blank line.
    usage = typeof part === 'string' && (part.startsWith('Usage: ') || (usage && /^ +\S/.test(part)));
    if (usage) {
      endParagraph();
      lines.push(...wrapUsage(part as string, width));
      continue;
    }
    // A paragraph of prose is its run of unindented lines; an indented line (an example) stands alone.
    if (typeof part === 'string' && part !== '' && leadingSpaces(part) === 0) {
      paragraph.push(part);
      continue;
    }
    endParagraph();
    if (typeof part === 'string') lines.push(...wrapParagraph([part], width));
    else lines.push(...layOutItem(part, part.option ? optionColumn : part.column, width));
  }
  endParagraph();
  return lines.join('\n');
}

/** One item's lines with its text from `column`, wrapped again only if a line would pass `width`. */
function layOutItem(item: Item, column: number, width: number): string[] {
  const indent = ' '.repeat(column);
  const written = item.text.map((text, i) => (i === 0 ? item.head.padEnd(column) : indent) + text);
  if (written.every((line) => line.length <= width)) return written;
  return wrapWords(item.text.join(' '), item.head.padEnd(column), indent, width);
}

/**
 * Lines of prose as written if none passes `width`; else their words wrapped again as one paragraph,
 * under the first line's indent.
 */
function wrapParagraph(paragraph: readonly string[], width: number): string[] {
  if (paragraph.every((line) => line.length <= width)) return [...paragraph];
  const indent = ' '.repeat(leadingSpaces(paragraph[0]!));
  return wrapWords(paragraph.join(' '), indent, indent, width);
}

/**
 * A usage line (or another form under it) as written if it fits; else wrapped with its later lines
 * under the command's arguments (`Usage: tokenlab encode ` wide, at most half the width), so that no
 * argument starts at column 0 where it would read as a line of prose.
 */
function wrapUsage(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const command = /^(?:Usage:)? +\S+ +\S+ +/.exec(line)?.[0].length ?? 'Usage: '.length;
  const indent = ' '.repeat(Math.min(command, width >> 1));
  return wrapWords(line, ' '.repeat(leadingSpaces(line)), indent, width);
}

/** `text`'s words after `first`, then on lines that start with `indent`, each line at most `width` (a longer word alone). */
function wrapWords(text: string, first: string, indent: string, width: number): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.trim().split(/ +/)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent;
      empty = true;
    }
    line += (empty ? '' : ' ') + word;
    empty = false;
  }
  lines.push(line);
  return lines;
}

function leadingSpaces(line: string): number {
  return line.length - line.trimStart().length;
}
