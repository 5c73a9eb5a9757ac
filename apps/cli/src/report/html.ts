import { joinsAcross } from '@tokenlab/core';
import { familyOf } from './candidates.js';
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
import type { CompareReport, LanguageSection, RatioSection, SampleSegment } from './model.js';
import { escapeXml } from './svg.js';

const STYLE = `
:root { --fg: #1d1d1f; --muted: #5f6368; --line: #e2e2e2; --bg: #fff; --panel: #f7f7f8; }
* { box-sizing: border-box; }
body { margin: 0; padding: 20px 24px 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans Arabic", sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
h3 { font-size: 15px; margin: 16px 0 6px; }
p.meta, p.caption, .note { color: var(--muted); margin: 4px 0 10px; }
p.caption { font-size: 12.5px; max-width: 640px; }
dl.legend { display: grid; grid-template-columns: max-content 1fr; gap: 3px 14px; margin: 8px 0 0; padding: 12px 16px; background: var(--panel); border-radius: 8px; max-width: 1200px; }
dl.legend dt { font-weight: 600; font-family: ui-monospace, monospace; }
dl.legend dd { margin: 0; }
.side-by-side { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 560px), 1fr)); gap: 20px 28px; align-items: start; }
.side-by-side > * { min-width: 0; }
/* Tables of nine columns need about 630 px with their headers on two lines: side by side only where
   both fit whole (from about 1,400 px), else one above the other. */
.side-by-side.tables { grid-template-columns: repeat(auto-fit, minmax(min(100%, 640px), 1fr)); }
.side-by-side.tables > * { max-width: 960px; }
table.measures th, table.ratios th { white-space: normal; vertical-align: bottom; }
section.summary { margin: 14px 0 0; padding: 10px 16px; border-left: 4px solid #4e79a7; background: var(--panel); border-radius: 0 8px 8px 0; max-width: 1200px; }
section.summary h2 { margin: 0 0 6px; border: 0; font-size: 17px; }
section.summary ul { margin: 0; padding-left: 20px; }
ul.warnings li { color: #8a5a00; }
td.fam-core { box-shadow: inset 4px 0 0 #9c9c9c; } td.fam-classic { box-shadow: inset 4px 0 0 #4e79a7; }
td.fam-natural { box-shadow: inset 4px 0 0 #b07aa1; } td.fam-bpe { box-shadow: inset 4px 0 0 #59a14f; }
td.fam-gpt { box-shadow: inset 4px 0 0 #f28e2b; }
td.name[class*="fam-"] { padding-left: 9px; }
@media (max-width: 600px) {
  body { padding: 12px 10px 32px; }
  dl.legend { grid-template-columns: 1fr; }
  dl.legend dd { margin-bottom: 6px; }
}
.lang-block { min-width: 0; }
table { border-collapse: collapse; font-size: 12px; }
th, td { padding: 2px 5px; border-bottom: 1px solid var(--line); white-space: nowrap; }
table.measures { width: 100%; }
th { text-align: left; background: var(--panel); font-weight: 600; position: sticky; top: 0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.family-start td { border-top: 2px solid #c9c9c9; }
td.name { font-family: ui-monospace, monospace; }
td.na { color: #a33; white-space: normal; }
.scroll { overflow-x: auto; max-width: 100%; }
table.samples { width: 100%; }
.samples td { vertical-align: top; white-space: normal; }
.samples td.seg { overflow-wrap: anywhere; }
table.samples { table-layout: fixed; }
.samples col.name { width: 9.5em; } .samples col.count { width: 4.4em; }
/* Headers break between words only ("tokens" whole); a tokenizer's name may break anywhere. */
.samples th { white-space: normal; }
.samples td.name { white-space: normal; overflow-wrap: anywhere; }
@media (max-width: 600px) { .samples col.name { width: 7.5em; } .samples td.name { font-size: 11px; } }
.samples td.seg { font-size: 15px; line-height: 1.9; }
.samples th.lang { text-align: center; }
[dir="rtl"], .rtl { unicode-bidi: isolate; }
td.seg[dir="rtl"] { text-align: right; font-size: 17px; }
.tok { border-radius: 3px; padding: 1px 0; }
.tok.partial { box-shadow: inset 2px 0 0 #d33; }
/* A cut inside a joined word: a zero-width joiner on each side keeps the letters' joined shapes.
   Generated content is not text, so copying a sample gives the original characters. */
.join-start::before, .join-end::after { content: "\\200D"; }
.c0 { background: #cfe3f7; } .c1 { background: #fbe0b9; } .c2 { background: #cdeccd; }
.c3 { background: #f6cfd3; } .c4 { background: #e1d6f2; } .c5 { background: #f7efb8; }
.gap { color: #aaa; }
.count { color: var(--muted); font-variant-numeric: tabular-nums; text-align: right; }
figure { margin: 0 0 18px; }
figure svg { max-width: 100%; height: auto; display: block; }
/* On a phone a chart keeps its drawn size (its 11 px labels would shrink to 7 px) and scrolls sideways in its own box. */
@media (max-width: 600px) { figure { overflow-x: auto; } figure svg { max-width: none; } }
ul.missing li { color: #a33; }
nav.contents ul { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; margin: 10px 0 0; padding: 0; font-size: 13px; }
a { color: #2b5d95; }
footer { margin-top: 36px; color: var(--muted); font-size: 12px; }
`;

/**
 * The report's style sheet, for tests that draw pieces of the report on their own page.
 *
 * @example
 * ```ts
 * htmlReportStyle().includes('.join-start::before'); // true
 * ```
 */
export function htmlReportStyle(): string {
  return STYLE;
}

function languageTable(section: LanguageSection): string {
  const head = TABLE_HEADERS.map(
    (header, column) => `<th${NUMERIC_COLUMNS[column] ? ' class="num"' : ''}>${headerText(header)}</th>`,
  ).join('');
  let family = '';
  const body = section.rows
    .map((row) => {
      const start = row.family !== family && family !== '' ? ' class="family-start"' : '';
      const fam = ` fam-${row.family}`;
      family = row.family;
      const title = escapeXml(`${row.family}: ${row.description}`);
      if (!row.available)
        return `<tr${start}><td class="name${fam}" title="${title}">${escapeXml(row.name)}</td><td class="na" colspan="${
          TABLE_HEADERS.length - 1
        }">${escapeXml(row.error ?? 'not available')}</td></tr>`;
      const cells = rowCells(row).map((text, column) => {
        if (column === 0) return `<td class="name${fam}" title="${title}">${escapeXml(text)}</td>`;
        const tipText =
          column === 6
            ? row.roundTrip?.firstFailure
            : column === 7
              ? row.oov?.notComputed
              : column === 8 && row.speedSpread
                ? `median of ${row.speedPasses} passes over ${formatCount(row.speedBytes)} bytes; slowest ${row.speedSpread[0].toFixed(2)}, fastest ${row.speedSpread[1].toFixed(2)} MB/s`
                : undefined;
        const tip = tipText ? ` title="${escapeXml(tipText)}"` : '';
        return `<td${NUMERIC_COLUMNS[column] ? ' class="num"' : ''}${tip}>${escapeXml(text)}</td>`;
      });
      return `<tr${start}>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<div class="scroll"><table class="measures" data-language="${section.language}"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function languageBlock(section: LanguageSection): string {
  const { size, source } = section;
  const credit = source.attribution ? `<p class="note">Text: ${escapeXml(creditLine(source))}.</p>` : '';
  return `<div class="lang-block" lang="${escapeXml(section.language)}">
<h3>${escapeXml(section.label)}: ${escapeXml(source.title)}</h3>
<p class="meta">${countOf(size.characters, 'character')} · ${countOf(size.bytes, 'byte')} · ${countOf(
    size.words,
    'word',
  )} · ${countOf(size.sentences, 'sentence')} · ${countOf(size.documents, 'line')} (${formatCount(
    size.documents - size.trainingDocuments,
  )} held out: every 10th)</p>
${languageTable(section)}
${credit}</div>`;
}

/**
 * A column header of the wide tables, which may break after a slash (`chars/` `tok`) or at a space: the
 * headers, not the numbers, are what make those tables wide.
 */
function headerText(header: string): string {
  return escapeXml(header).replaceAll('/', '/<wbr>');
}

function ratioTable(ratio: RatioSection): string {
  const lang = ratio.language;
  const headers = [
    'tokenizer',
    'en tok/1k ch',
    `${lang} tok/1k ch`,
    `${lang}:en per ch`,
    ...(ratio.parallel ? ['UDHR en', `UDHR ${lang}`, `${lang}:en UDHR`] : []),
  ];
  const head = headers
    .map((header, i) => `<th${i ? ' class="num"' : ''}>${headerText(header)}</th>`)
    .join('');
  const body = ratio.rows
    .map((row) => {
      const cells = ratioCells(row, ratio);
      return `<tr>${cells
        .map(
          (text, i) => `<td class="${i ? 'num' : `name fam-${familyOf(row.name)}`}">${escapeXml(text)}</td>`,
        )
        .join('')}</tr>`;
    })
    .join('\n');
  return `<div class="scroll"><table class="ratios"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/**
 * The tokens of a sample as inline boxes in one paragraph: no box isolates its text, so the browser
 * runs the bidi algorithm over the whole line and a number cut into several tokens keeps its digits
 * in order inside Arabic. A box that starts or ends inside a joined word (Arabic letters cut by a
 * BPE) gets `join-start` / `join-end`: the style draws a zero-width joiner there (see `STYLE`).
 */
export function segmentsHtml(segments: readonly SampleSegment[]): string {
  const text = segments.map((segment) => segment.text).join('');
  let offset = 0;
  return segments
    .map((segment) => {
      const start = offset;
      offset += segment.text.length;
      const joins = segment.text
        ? { start: joinsAcross(text, start), end: joinsAcross(text, offset) }
        : { start: false, end: false };
      return segmentHtml(segment, joins);
    })
    .join('');
}

function joinClasses(joins: { start: boolean; end: boolean }): string {
  return `${joins.start ? ' join-start' : ''}${joins.end ? ' join-end' : ''}`;
}

function segmentHtml(segment: SampleSegment, joins: { start: boolean; end: boolean }): string {
  const text = escapeXml(segment.text.replace(/\n/g, '↵'));
  if (segment.gap) return `<span class="gap${joinClasses(joins)}">${text}</span>`;
  const classes = `tok c${(segment.index ?? 0) % 6}${segment.partial ? ' partial' : ''}${joinClasses(joins)}`;
  const details = [
    segment.ids?.length ? `id ${segment.ids.join(', ')}` : '',
    (segment.tokens ?? 1) > 1 ? `${segment.tokens} tokens share this character` : '',
    segment.partial ? 'starts inside a character that the previous token also holds' : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `<span class="${classes}"${details ? ` title="${escapeXml(details)}"` : ''}>${text}</span>`;
}

/**
 * One table per sample language (side by side on a wide screen, one under the other on a phone),
 * so that an Arabic cell is as wide as the screen allows and wraps from its start on the right.
 */
function samplesTables(report: CompareReport): string {
  return report.samples
    .map((sample) => {
      const section = report.languages.find((candidate) => candidate.language === sample.language);
      const dir = section?.direction ?? 'ltr';
      const lang = escapeXml(sample.language);
      const rows = sample.segmentations
        .map((segmentation) => {
          const name = `<td class="name fam-${familyOf(segmentation.name)}">${escapeXml(segmentation.name)}</td>`;
          if (segmentation.error)
            return `<tr>${name}<td class="count"></td><td class="na">failed: ${escapeXml(segmentation.error)}</td></tr>`;
          return `<tr>${name}<td class="count">${segmentation.tokens}</td><td class="seg" dir="${dir}" lang="${lang}">${segmentsHtml(
            segmentation.segments,
          )}</td></tr>`;
        })
        .join('\n');
      return `<div class="sample"><h3>${escapeXml(section?.label ?? sample.language)} <span class="note">(${escapeXml(
        sample.source,
      )})</span></h3><table class="samples" data-language="${lang}"><colgroup><col class="name"><col class="count"><col></colgroup><thead><tr><th>tokenizer</th><th class="num">tokens</th><th>the sentence cut into tokens</th></tr></thead><tbody><tr><td class="name">text</td><td></td><td class="seg" dir="${dir}" lang="${lang}">${escapeXml(
        sample.text,
      )}</td></tr>\n${rows}</tbody></table></div>`;
    })
    .join('\n');
}

function figure(chart: ReportChart): string {
  return `<figure data-chart="${chart.id}"><h3>${escapeXml(chart.title)}</h3>${chart.svg}<p class="caption">${escapeXml(
    chart.caption,
  )}</p></figure>`;
}

function bpeHtmlTable(report: CompareReport): string {
  if (!report.bpe.available) return '';
  const { headers, rows } = bpeTable(report);
  const head = headers.map((header, i) => `<th${i ? ' class="num"' : ''}>${escapeXml(header)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((cell, i) => `<td${i ? ' class="num"' : ''}>${escapeXml(cell)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<div><h3>The same numbers</h3><div class="scroll"><table class="bpe"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>
<p class="caption">UTF-8 bytes per token on the held-out lines; en→ar = BPE trained on English, applied to Arabic. A BPE that never saw a script falls back to single bytes (1.0).</p></div>`;
}

function chartRows(report: CompareReport, charts: readonly ReportChart[]): string {
  const global = charts.filter((chart) => chart.language === undefined && !chart.id.startsWith('ratio-'));
  const perLanguage = ['zipf', 'collocations', 'sentences'].map((kind) => {
    const row = charts.filter((chart) => chart.id.startsWith(`${kind}-`));
    return `<div class="side-by-side">${row.map(figure).join('\n')}</div>`;
  });
  const languages = report.languages.map((section) => section.label).join(' and ');
  return `<h2>BPE: compression and cross-lingual transfer</h2>
<p class="note">${escapeXml(report.bpe.trainer)}; vocabulary sizes asked for: ${report.bpe.vocabSizes.join(', ')}. Training took ${Object.entries(
    report.bpe.trainingSeconds,
  )
    .map(([language, seconds]) => `${escapeXml(language)} ${seconds.toFixed(1)} s`)
    .join(', ')}.${bpeNotes(report)
    .map((note) => ` ${escapeXml(note)}.`)
    .join('')}</p>
<div class="side-by-side">${global.map(figure).join('\n')}${bpeHtmlTable(report)}</div>
<h2>Corpus statistics, ${escapeXml(languages)} side by side</h2>
${perLanguage.join('\n')}`;
}

/**
 * The sections of `body` (its `<h2>` headings) given ids, and a list of links to them: the report runs
 * to several screens, the charts last.
 */
function withContents(body: string): { body: string; contents: string } {
  const links: string[] = [];
  const numbered = body.replace(/<h2>(.*?)<\/h2>/g, (_, title: string) => {
    const id = `section-${links.length + 1}`;
    links.push(`<li><a href="#${id}">${title}</a></li>`);
    return `<h2 id="${id}">${title}</h2>`;
  });
  return {
    body: numbered,
    contents: `<nav class="contents" aria-label="Contents"><ul>${links.join('')}</ul></nav>`,
  };
}

/** The whole report as one self-contained HTML page: inline CSS and SVG, no scripts, nothing fetched. */
export function htmlReport(report: CompareReport, charts: readonly ReportChart[]): string {
  const legend = LEGEND.map(
    ([column, meaning]) => `<dt>${escapeXml(column)}</dt><dd>${escapeXml(meaning)}</dd>`,
  ).join('');
  const ratioCharts = charts.filter((chart) => chart.id.startsWith('ratio-'));
  const findingItems = (report.findings ?? [])
    .map((finding) => `<li>${escapeXml(finding.text)}</li>`)
    .join('');
  const warningItems = (report.warnings ?? []).map((warning) => `<li>${escapeXml(warning)}</li>`).join('');
  const summary = `<section class="summary"><h2>What this run found</h2>${
    findingItems
      ? `<ul class="findings">${findingItems}</ul>`
      : '<p class="note">No finding: the measures it needs are missing from this run.</p>'
  }${warningItems ? `<p class="note">Too little text for some measures (shown as n/a):</p><ul class="warnings">${warningItems}</ul>` : ''}</section>`;
  const ratios = report.ratios
    .map((ratio) => {
      const chart = ratioCharts.find((candidate) => candidate.id === `ratio-${ratio.language}`);
      const note = ratio.parallel
        ? `The same content in both languages: ${ratio.parallel.note}; ${formatCount(
            ratio.parallel.characters.en,
          )} and ${formatCount(ratio.parallel.characters[ratio.language])} characters.`
        : 'Tokens per character on the main corpora (there is no parallel text for this language).';
      const legend = ratioLegend(ratio.language, ratio.parallel !== undefined)
        .map(([term, meaning]) => `<dt>${escapeXml(term)}</dt><dd>${escapeXml(meaning)}</dd>`)
        .join('');
      return `<h2>${escapeXml(ratio.language)}:en token ratio</h2><p class="note">${escapeXml(note)}</p>
<div class="side-by-side tables"><div>${ratioTable(ratio)}<dl class="legend">${legend}</dl></div>${chart ? figure(chart) : ''}</div>`;
    })
    .join('\n');
  const steps = Object.entries(report.run.steps)
    .map(([name, seconds]) => `${escapeXml(name)} ${seconds.toFixed(1)} s`)
    .join(', ');
  const missing = report.missing.length
    ? `<h2>Not available</h2><ul class="missing">${report.missing.map((item) => `<li>${escapeXml(item)}</li>`).join('')}</ul>`
    : '';
  const skipped = report.skipped.length
    ? `<p class="note">Registered but left out: ${report.skipped.map(escapeXml).join('; ')}.</p>`
    : '';
  const { body, contents } = withContents(`<h2>Per language</h2>
<div class="side-by-side tables">${report.languages.map(languageBlock).join('\n')}</div>
${ratios}
<h2>One sentence, every tokenizer</h2>
<p class="note">Each coloured box is one token; grey text is whitespace the tokenizer drops. A red left edge marks a token that starts inside a character (byte-level tokens can split a UTF-8 character). Hover a token for its ids.</p>
<div class="side-by-side">${samplesTables(report)}</div>
${chartRows(report, charts)}
${missing}
${skipped}
`);
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tokenlab compare: ${escapeXml(report.languages.map((section) => section.label).join(' / '))}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>tokenlab compare</h1>
<p class="meta">Every tokenizer on the same ${escapeXml(
    report.languages.map((section) => section.label).join(' and '),
  )} text. Made ${escapeXml(humanDate(report.created))} by tokenlab ${escapeXml(report.version)} in ${report.run.seconds.toFixed(
    1,
  )} s (${steps}) on ${report.run.cpus} CPUs, Node ${escapeXml(report.run.node)}.</p>
${summary}
${contents}
<dl class="legend">${legend}</dl>
${report.textChoice ? `<p class="note">${escapeXml(report.textChoice)}</p>` : ''}
</header>
<main>
${body}</main>
<footer>Numbers as JSON: <a href="report.json">report.json</a> beside this file. Charts as SVG: <a href="charts/">charts/</a>.</footer>
</body>
</html>
`;
}
