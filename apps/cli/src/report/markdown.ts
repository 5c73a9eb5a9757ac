import type { ReportChart } from './charts.js';
import {
  creditLine,
  formatCount,
  LEGEND,
  NUMERIC_COLUMNS,
  ratioCells,
  rowCells,
  TABLE_HEADERS,
} from './format.js';
import type { CompareReport, LanguageSection, RatioSection } from './model.js';

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
    `${formatCount(size.characters)} characters, ${formatCount(size.bytes)} bytes, ${formatCount(size.words)} words, ` +
      `${formatCount(size.sentences)} sentences, ${formatCount(size.documents)} lines (every 10th line, ` +
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
  return `## ${lang}:en token ratio\n\n${note}\n\n${markdownTable(
    headers,
    rows,
    headers.map((_, i) => i > 0),
  )}`;
}

function samplesPart(report: CompareReport): string {
  const parts = report.samples.map((sample) => {
    const section = report.languages.find((candidate) => candidate.language === sample.language);
    const dir = section?.direction === 'rtl' ? ' dir="rtl"' : '';
    const lines = sample.segmentations.map((segmentation) => {
      if (segmentation.error) return `- **${segmentation.name}**: failed (${segmentation.error})`;
      const tokens = segmentation.segments
        .filter((segment) => !segment.gap)
        .map((segment) => segment.text.replace(/\n/g, '↵'))
        .join('│');
      return `- **${segmentation.name}** (${segmentation.tokens}): <bdi${dir}>\`${tokens}\`</bdi>`;
    });
    return `### ${section?.label ?? sample.language}: <bdi${dir}>${sample.text}</bdi>\n\n(${sample.source})\n\n${lines.join('\n')}`;
  });
  return `## Sample sentences\n\nTokens joined by │ (whitespace that a tokenizer drops is not shown).\n\n${parts.join('\n\n')}`;
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
    `Every tokenizer on the same English and Arabic text. Made ${report.created} in ${report.run.seconds.toFixed(
      1,
    )} s on ${report.run.cpus} CPUs (Node ${report.run.node}).`,
    `## Columns\n\n${legend}`,
    report.textChoice ?? '',
    ...report.languages.map(languagePart),
    ...report.ratios.map(ratioPart),
    samplesPart(report),
    `## Charts\n\n${chartPart}`,
    missing,
    skipped,
  ]
    .filter(Boolean)
    .join('\n\n')}\n`;
}
