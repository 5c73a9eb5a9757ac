import { joinTokens } from './bidi-display.js';
import type { ReportChart } from './charts.js';
import {
  bpeNotes,
  bpeTable,
  countOf,
  creditLine,
  formatCount,
  humanDate,
  LEGEND,
  NUMERIC_COLUMNS,
  ratioCells,
  ratioLegend,
  rowCells,
  TABLE_HEADERS,
} from './format.js';
import type { CompareReport, LanguageSection, RatioSection } from './model.js';

/**
 * Text from a corpus or a user's file, made inert in Markdown: HTML and Markdown syntax characters
 * become numeric character references (which Markdown decodes in text and HTML alike), so
 * `<svg onload=…>` or `**` shows as written; whitespace runs become one space, so the text stays on
 * its line.
 *
 * @example
 * ```ts
 * escapeMarkdownText('<b>*hi*</b>'); // '&#60;b&#62;&#42;hi&#42;&#60;/b&#62;'
 * ```
 */
export function escapeMarkdownText(text: string): string {
  return text.replace(/[&<>"'\\`*_[\]|~#]/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\s+/g, ' ');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** A Markdown table; numeric columns right-aligned. */
export function markdownTable(
  headers: readonly string[],
  rows: readonly string[][],
  numeric: readonly boolean[],
): string {
  const rule = headers.map((_, column) => (numeric[column] ? '---:' : '---'));
  return [headers, rule, ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
}

function languagePart(section: LanguageSection): string {
  const { size, source } = section;
  const rows = section.rows.filter((row) => row.available).map(rowCells);
  const missing = section.rows
    .filter((row) => !row.available)
    .map((row) => `- \`${row.name}\`: ${row.error ?? 'not available'}`);
  const credit = source.attribution ? `\n\nText: ${creditLine(source)}.` : '';
  return [
    `## ${section.label} (\`${section.language}\`): ${source.title}`,
    `${countOf(size.characters, 'character')}, ${countOf(size.bytes, 'byte')}, ${countOf(size.words, 'word')}, ` +
      `${countOf(size.sentences, 'sentence')}, ${countOf(size.documents, 'line')} (every 10th line, ` +
      `${formatCount(size.documents - size.trainingDocuments)} in all, is held out; the others train the vocabularies and BPE).${credit}`,
    markdownTable(TABLE_HEADERS, rows, NUMERIC_COLUMNS),
    ...(missing.length ? [`Not available:\n\n${missing.join('\n')}`] : []),
  ].join('\n\n');
}

function ratioPart(ratio: RatioSection): string {
  const lang = ratio.language;
  const headers = [
    'tokenizer',
    'en tokens / 1k chars',
    `${lang} tokens / 1k chars`,
    `${lang}:en per char`,
    ...(ratio.parallel ? ['UDHR en tokens', `UDHR ${lang} tokens`, `${lang}:en same text`] : []),
  ];
  const rows = ratio.rows.map((row) => ratioCells(row, ratio));
  const note = ratio.parallel
    ? `"Same text" divides the tokens of the ${lang} declaration by those of the English one (${ratio.parallel.note}); ` +
      '"per char" compares tokens per character on the main corpora, which say different things.'
    : 'Tokens per character compared on the main corpora (no parallel text for this language).';
  const legend = ratioLegend(lang, ratio.parallel !== undefined)
    .map(([term, meaning]) => `- **${term}**: ${meaning}`)
    .join('\n');
  return `## ${lang}:en token ratio\n\n${note}\n\n${markdownTable(
    headers,
    rows,
    headers.map((_, i) => i > 0),
  )}\n\n${legend}`;
}

function samplesPart(report: CompareReport): string {
  const parts = report.samples.map((sample) => {
    const section = report.languages.find((candidate) => candidate.language === sample.language);
    const direction = section?.direction ?? 'ltr';
    const dir = direction === 'rtl' ? ' dir="rtl"' : '';
    const lines = sample.segmentations.map((segmentation) => {
      if (segmentation.error)
        return `- **${segmentation.name}**: failed (${escapeMarkdownText(segmentation.error)})`;
      // The tokens sit in an HTML <code> element (not a backtick span) so that they can be escaped.
      const tokens = escapeMarkdownText(joinTokens(sample.text, segmentation.segments, direction));
      return `- **${segmentation.name}** (${segmentation.tokens}): <bdi${dir}><code>${tokens}</code></bdi>`;
    });
    return `### ${section?.label ?? sample.language} sample\n\n<p${dir}>${escapeMarkdownText(sample.text)}</p>\n\n(${escapeMarkdownText(sample.source)})\n\n${lines.join('\n')}`;
  });
  return `## Sample sentences\n\nTokens joined by │ (whitespace that a tokenizer drops is not shown).\n\n${parts.join('\n\n')}`;
}

function bpePart(report: CompareReport): string {
  if (!report.bpe.available) return '';
  const { headers, rows } = bpeTable(report);
  const notes = bpeNotes(report).map((note) => `- ${note}`);
  return `## BPE compression on held-out text\n\nUTF-8 bytes per token; en→ar = trained on English, applied to Arabic.\n\n${markdownTable(
    headers,
    rows,
    headers.map((_, i) => i > 0),
  )}${notes.length ? `\n\n${notes.join('\n')}` : ''}`;
}

/** The report as Markdown, with the charts as SVG files in `charts/`. */
export function markdownReport(report: CompareReport, charts: readonly ReportChart[]): string {
  const legend = LEGEND.map(([column, meaning]) => `- **${column}**: ${meaning}`).join('\n');
  const chartPart = charts
    .map((chart) => `### ${chart.title}\n\n![${chart.title}](charts/${chart.id}.svg)\n\n${chart.caption}`)
    .join('\n\n');
  const missing = report.missing.length
    ? `## Not available\n\n${report.missing.map((item) => `- ${item}`).join('\n')}`
    : '';
  const skipped = report.skipped.length ? `Registered but left out: ${report.skipped.join('; ')}.` : '';
  return `${[
    '# tokenlab compare',
    `Every tokenizer on the same ${report.languages.map((section) => section.label).join(' and ')} text. Made ${humanDate(
      report.created,
    )} in ${report.run.seconds.toFixed(1)} s on ${report.run.cpus} CPUs (Node ${report.run.node}).`,
    `## What this run found\n\n${
      report.findings?.length
        ? report.findings.map((finding) => `- ${finding.text}`).join('\n')
        : 'No finding: the measures it needs are missing from this run.'
    }${
      report.warnings?.length
        ? `\n\nToo little text for some measures (shown as n/a):\n\n${report.warnings.map((w) => `- ${escapeMarkdownText(w)}`).join('\n')}`
        : ''
    }`,
    `## Columns\n\n${legend}`,
    report.textChoice ?? '',
    ...report.languages.map(languagePart),
    ...report.ratios.map(ratioPart),
    samplesPart(report),
    bpePart(report),
    `## Charts\n\n${chartPart}`,
    missing,
    skipped,
  ]
    .filter(Boolean)
    .join('\n\n')}\n`;
}
