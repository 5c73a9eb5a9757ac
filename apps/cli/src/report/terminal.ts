import { visualLine } from '@tokenlab/core';
import { displayWidth } from '../display-width.js';
import { joinTokens, visualTokens } from './bidi-display.js';
import {
  bpeNotes,
  bpeTable,
  countOf,
  formatCount,
  LEGEND,
  NUMERIC_COLUMNS,
  ratioCells,
  rowCells,
  TABLE_HEADERS,
} from './format.js';
import type { CompareReport, LanguageSection, RatioSection, SampleSegment, SampleSentence } from './model.js';

function pad(text: string, width: number, right: boolean): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
}

/** A plain-text table: a header, a rule, the rows; numeric columns right-aligned. */
export function textTable(
  headers: readonly string[],
  rows: readonly string[][],
  numeric: readonly boolean[],
): string {
  const widths = headers.map((header, column) =>
    Math.max(displayWidth(header), ...rows.map((row) => displayWidth(row[column] ?? ''))),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => pad(cell, widths[column]!, numeric[column] ?? false))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((width) => '─'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** The table of one language. */
export function languageTable(section: LanguageSection): string {
  const available = section.rows.filter((row) => row.available).map(rowCells);
  const table = textTable(TABLE_HEADERS, available, NUMERIC_COLUMNS);
  const missing = section.rows
    .filter((row) => !row.available)
    .map((row) => `  ${row.name}: ${row.error ?? 'not available'}`);
  return missing.length === 0 ? table : `${table}\n${missing.join('\n')}`;
}

function sectionHeading(section: LanguageSection): string {
  const { size, source } = section;
  return (
    `${section.label} (${section.language}): ${source.title}: ${countOf(size.characters, 'character')}, ` +
    `${countOf(size.words, 'word')}, ${countOf(size.sentences, 'sentence')}, ${countOf(size.documents, 'line')} ` +
    `(${formatCount(size.documents - size.trainingDocuments)} held out: every 10th)`
  );
}

/** The Arabic:English (or other language:English) table. */
export function ratioTable(ratio: RatioSection): string {
  const lang = ratio.language;
  const headers = [
    'tokenizer',
    'en tok/1k chars',
    `${lang} tok/1k chars`,
    `${lang}:en per char`,
    ...(ratio.parallel ? ['UDHR en', `UDHR ${lang}`, `${lang}:en same text`] : []),
  ];
  const rows = ratio.rows.map((row) => ratioCells(row, ratio));
  return textTable(headers, rows, [false, true, true, true, true, true, true]);
}

const PALETTE = [153, 223, 194, 217, 189, 230];
const RLI = '\u2067';
const PDI = '\u2069';

/** How right-to-left samples reach the terminal. */
export type BidiOutput =
  /** Logical order inside a right-to-left isolate: for terminals that run the bidi algorithm themselves, and for pipes. */
  | 'logical'
  /** Reordered into visual order here: for terminals that draw characters in the order they arrive. */
  | 'visual';

/**
 * One segmentation as a terminal line. With colour, tokens alternate background colours and the
 * text keeps its spaces; without, tokens are joined by `│` (dropped whitespace disappears), with
 * direction marks that keep the halves of a cut number in order (see {@link joinTokens}).
 *
 * A right-to-left sample is written in logical order inside a right-to-left isolate (RLI … PDI) by
 * default: terminals with bidi support (GNOME Terminal and other VTE terminals, Konsole, mlterm) lay
 * the line out themselves, and text piped into a file or `grep` stays the text. With `bidi` set to
 * `visual`, the line is reordered here by the Unicode Bidirectional Algorithm, for terminals that
 * do no bidi (xterm, most macOS and Windows terminals); on a bidi terminal that output would be
 * reversed a second time, which is why it is not the default.
 */
export function segmentationLine(
  sample: SampleSentence['segmentations'][number],
  text: string,
  rtl: boolean,
  colour: boolean,
  bidi: BidiOutput = 'logical',
): string {
  const direction = rtl ? 'rtl' : 'ltr';
  const paint = (piece: string, segment: SampleSegment) => {
    if (!colour) return piece;
    const background = PALETTE[(segment.index ?? 0) % PALETTE.length];
    const mark = segment.partial ? '\x1b[4m' : '';
    return `\x1b[48;5;${background}m\x1b[38;5;16m${mark}${piece}\x1b[0m`;
  };
  if (rtl && bidi === 'visual')
    return colour
      ? visualTokens(text, sample.segments, direction, { paint })
      : visualTokens(text, sample.segments, direction, { separator: '│' });
  const line = colour
    ? sample.segments
        .map((segment) => {
          const piece = segment.text.replace(/\n/g, '↵');
          return segment.gap ? piece : paint(piece, segment);
        })
        .join('')
    : joinTokens(text, sample.segments, direction);
  return rtl ? `${RLI}${line}${PDI}` : line;
}

/** The sample sentences, one line per tokenizer. */
export function samplesText(report: CompareReport, colour: boolean, bidi: BidiOutput = 'logical'): string {
  return report.samples
    .map((sample) => {
      const section = report.languages.find((candidate) => candidate.language === sample.language);
      const rtl = section?.direction === 'rtl';
      const width = Math.max(...sample.segmentations.map((s) => s.name.length)) + 2;
      const lines = sample.segmentations.map((segmentation) => {
        const head = `  ${segmentation.name.padEnd(width)}${String(segmentation.tokens).padStart(3)}  `;
        if (segmentation.error) return `${head}(failed: ${segmentation.error})`;
        return head + segmentationLine(segmentation, sample.text, rtl, colour, bidi);
      });
      const text = !rtl
        ? sample.text
        : bidi === 'visual'
          ? visualLine(sample.text, 'rtl')
          : `${RLI}${sample.text}${PDI}`;
      return `${section?.label ?? sample.language} sample (${sample.source}): ${text}\n${lines.join('\n')}`;
    })
    .join('\n\n');
}

function bpeText(report: CompareReport): string {
  const { bpe } = report;
  if (!bpe.available) return `BPE: not available (${bpe.error})`;
  const { headers, rows } = bpeTable(report);
  const seconds = Object.entries(bpe.trainingSeconds)
    .map(([language, value]) => `${language} ${value.toFixed(1)} s`)
    .join(', ');
  const ranOut = bpeNotes(report)
    .map((note) => `\n${note}`)
    .join('');
  return `BPE compression on held-out text (trained on → applied to; training: ${seconds})${ranOut}\n${textTable(
    headers,
    rows,
    headers.map((_, i) => i > 0),
  )}`;
}

/** The whole terminal report: legend, language tables, ratios, samples, BPE, timing. */
export function terminalReport(report: CompareReport, colour: boolean, bidi: BidiOutput = 'logical'): string {
  const bold = (text: string) => (colour ? `\x1b[1m${text}\x1b[0m` : text);
  const parts: string[] = [];
  parts.push(
    bold('tokenlab compare: every tokenizer on the same English and Arabic text'),
    LEGEND.map(([column, meaning]) => `  ${column.padEnd(10)} ${meaning}`).join('\n'),
  );
  if (report.findings?.length)
    parts.push(
      `${bold('What this run found')}\n${report.findings.map((finding) => `  - ${finding.text}`).join('\n')}`,
    );
  if (report.textChoice) parts.push(report.textChoice);
  for (const section of report.languages)
    parts.push(`${bold(sectionHeading(section))}\n${languageTable(section)}`);
  for (const ratio of report.ratios) {
    const note = ratio.parallel
      ? `same text: ${ratio.parallel.title} (${formatCount(ratio.parallel.characters.en)} en / ${formatCount(
          ratio.parallel.characters[ratio.language],
        )} ${ratio.language} characters); per char: the main corpora`
      : 'per character, on the main corpora (no parallel text)';
    parts.push(`${bold(`${ratio.language}:en token ratio`)} (${note})\n${ratioTable(ratio)}`);
  }
  parts.push(bold('Sample sentences (token boundaries)'), samplesText(report, colour, bidi));
  parts.push(bpeText(report));
  if (report.missing.length > 0)
    parts.push(`Not available:\n${report.missing.map((m) => `  - ${m}`).join('\n')}`);
  if (report.skipped.length > 0)
    parts.push(`Registered but left out:\n${report.skipped.map((m) => `  - ${m}`).join('\n')}`);
  const steps = Object.entries(report.run.steps)
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`)
    .join(', ');
  parts.push(
    `Done in ${report.run.seconds.toFixed(1)} s (${steps}) on ${report.run.cpus} CPUs, Node ${report.run.node}.`,
  );
  return `${parts.join('\n\n')}\n`;
}
