import type { CorpusFormat } from './catalog.js';

const TANZIL_LINE = /^(\d+)\|(\d+)\|(.*)$/;

/**
 * One verse of a Tanzil file.
 *
 * @example
 * ```ts
 * const [verse]: TanzilVerse[] = parseTanzil('2|255|ٱللَّهُ\n');
 * verse.sura; // 2
 * ```
 */
export interface TanzilVerse {
  /** Sura (chapter) number, from 1. */
  sura: number;
  /** Aya (verse) number within the sura, from 1. */
  aya: number;
  /** The verse text, unchanged. */
  text: string;
}

/**
 * The verses of a Tanzil `sura|aya|text` file; the `#` copyright block and blank lines are skipped.
 * A line that is neither a verse, a comment nor blank is an error naming its line number.
 *
 * @example
 * ```ts
 * parseTanzil('1|1|بِسْمِ ٱللَّهِ\n\n# copyright\n'); // [{ sura: 1, aya: 1, text: 'بِسْمِ ٱللَّهِ' }]
 * ```
 */
export function parseTanzil(fileText: string, source = 'Tanzil file'): TanzilVerse[] {
  const verses: TanzilVerse[] = [];
  const lines = fileText.split('\n');
  lines.forEach((rawLine, index) => {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line === '' || line.startsWith('#')) return;
    const match = TANZIL_LINE.exec(line);
    if (!match)
      throw new Error(
        `${source}:${index + 1}: expected 'sura|aya|text', got ${JSON.stringify(line.slice(0, 40))}`,
      );
    verses.push({ sura: Number(match[1]), aya: Number(match[2]), text: match[3]! });
  });
  return verses;
}

/** Blank-line separated paragraphs, trimmed of their outer newlines, empty ones dropped. */
function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n(?:[ \t]*\r?\n)+/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');
}

/**
 * The documents of a corpus file: verses for Tanzil files, articles for Farasa files (their
 * `# section` headings removed), paragraphs for plain text. Document text is never altered.
 *
 * @example
 * ```ts
 * splitDocuments('a b\n\nc d\n', 'plain'); // ['a b', 'c d']
 * ```
 */
export function splitDocuments(fileText: string, format: CorpusFormat, source?: string): string[] {
  switch (format) {
    case 'tanzil':
      return parseTanzil(fileText, source).map((verse) => verse.text);
    case 'farasa':
      return paragraphs(
        fileText
          .split('\n')
          .filter((line) => !line.startsWith('# '))
          .join('\n'),
      );
    case 'plain':
      return paragraphs(fileText);
  }
}

/**
 * The running text of a corpus file with its framing removed: Tanzil verses one per line without
 * their `sura|aya|` prefix or the copyright block; Farasa articles without their `# section`
 * headings; plain files as they are.
 *
 * @example
 * ```ts
 * stripFraming('1|1|a\n1|2|b\n\n# (c) Tanzil\n', 'tanzil'); // 'a\nb\n'
 * ```
 */
export function stripFraming(fileText: string, format: CorpusFormat, source?: string): string {
  switch (format) {
    case 'tanzil':
      return parseTanzil(fileText, source)
        .map((verse) => `${verse.text}\n`)
        .join('');
    case 'farasa':
      return fileText
        .split('\n')
        .filter((line) => !line.startsWith('# '))
        .join('\n');
    case 'plain':
      return fileText;
  }
}
