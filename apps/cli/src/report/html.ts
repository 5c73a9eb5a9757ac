import type { ReportChart } from './charts.js';
import {
  bpeTable,
  creditLine,
  formatCount,
  LEGEND,
  NUMERIC_COLUMNS,
  ratioCells,
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
.side-by-side { display: grid; grid-template-columns: repeat(auto-fit, minmax(560px, 1fr)); gap: 20px 28px; align-items: start; }
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
.samples td.seg { font-size: 15px; line-height: 1.9; }
.samples th.lang { text-align: center; }
[dir="rtl"], .rtl { unicode-bidi: isolate; }
td.seg[dir="rtl"] { text-align: right; font-size: 17px; }
.tok { border-radius: 3px; padding: 1px 0; }
.tok.partial { box-shadow: inset 2px 0 0 #d33; }
.c0 { background: #cfe3f7; } .c1 { background: #fbe0b9; } .c2 { background: #cdeccd; }
.c3 { background: #f6cfd3; } .c4 { background: #e1d6f2; } .c5 { background: #f7efb8; }
.gap { color: #aaa; }
.count { color: var(--muted); font-variant-numeric: tabular-nums; text-align: right; }
figure { margin: 0 0 18px; }
figure svg { max-width: 100%; height: auto; display: block; }
ul.missing li { color: #a33; }
footer { margin-top: 36px; color: var(--muted); font-size: 12px; }
`;

function languageTable(section: LanguageSection): string {
  const head = TABLE_HEADERS.map(
    (header, column) => `<th${NUMERIC_COLUMNS[column] ? ' class="num"' : ''}>${escapeXml(header)}</th>`,
  ).join('');
  let family = '';
  const body = section.rows
    .map((row) => {
      const start = row.family !== family && family !== '' ? ' class="family-start"' : '';
      family = row.family;
      const title = escapeXml(`${row.family}: ${row.description}`);
      if (!row.available)
        return `<tr${start}><td class="name" title="${title}">${escapeXml(row.name)}</td><td class="na" colspan="${
          TABLE_HEADERS.length - 1
        }">${escapeXml(row.error ?? 'not available')}</td></tr>`;
      const cells = rowCells(row).map((text, column) => {
        if (column === 0) return `<td class="name" title="${title}">${escapeXml(text)}</td>`;
        const tip =
          column === 6 && row.roundTrip?.firstFailure
            ? ` title="${escapeXml(row.roundTrip.firstFailure)}"`
            : '';
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
<p class="meta">${formatCount(size.characters)} characters · ${formatCount(size.bytes)} bytes · ${formatCount(
    size.words,
  )} words · ${formatCount(size.sentences)} sentences · ${formatCount(size.documents)} lines (${formatCount(
    size.documents - size.trainingDocuments,
  )} held out: every 10th)</p>
${languageTable(section)}
${credit}</div>`;
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
  const head = headers.map((header, i) => `<th${i ? ' class="num"' : ''}>${escapeXml(header)}</th>`).join('');
  const body = ratio.rows
    .map((row) => {
      const cells = ratioCells(row, ratio);
      return `<tr>${cells.map((text, i) => `<td class="${i ? 'num' : 'name'}">${escapeXml(text)}</td>`).join('')}</tr>`;
    })
    .join('\n');
  return `<div class="scroll"><table class="ratios"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/**
 * The tokens of a sample as inline boxes in one paragraph: no box isolates its text, so the browser
 * runs the bidi algorithm over the whole line and a number cut into several tokens keeps its digits
 * in order inside Arabic.
 */
export function segmentsHtml(segments: readonly SampleSegment[]): string {
  return segments.map(segmentHtml).join('');
}

function segmentHtml(segment: SampleSegment): string {
  const text = escapeXml(segment.text.replace(/\n/g, '↵'));
  if (segment.gap) return `<span class="gap">${text}</span>`;
  const classes = `tok c${(segment.index ?? 0) % 6}${segment.partial ? ' partial' : ''}`;
  const details = [
    segment.ids?.length ? `id ${segment.ids.join(', ')}` : '',
    (segment.tokens ?? 1) > 1 ? `${segment.tokens} tokens share this character` : '',
    segment.partial ? 'starts inside a character that the previous token also holds' : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `<span class="${classes}"${details ? ` title="${escapeXml(details)}"` : ''}>${text}</span>`;
}

function samplesTable(report: CompareReport): string {
  const sections = report.samples.map((sample) => ({
    sample,
    section: report.languages.find((candidate) => candidate.language === sample.language),
  }));
  const names = [...new Set(report.samples.flatMap((sample) => sample.segmentations.map((s) => s.name)))];
  const head = sections
    .map(
      ({ sample, section }) =>
        `<th class="lang" colspan="2">${escapeXml(section?.label ?? sample.language)} <span class="note">(${escapeXml(
          sample.source,
        )})</span></th>`,
    )
    .join('');
  const sentenceRow = sections
    .map(({ sample, section }) => {
      const dir = section?.direction ?? 'ltr';
      return `<td></td><td class="seg" dir="${dir}" lang="${escapeXml(sample.language)}">${escapeXml(sample.text)}</td>`;
    })
    .join('');
  const rows = names
    .map((name) => {
      const cells = sections
        .map(({ sample, section }) => {
          const segmentation = sample.segmentations.find((candidate) => candidate.name === name);
          const dir = section?.direction ?? 'ltr';
          if (!segmentation) return '<td></td><td></td>';
          if (segmentation.error)
            return `<td class="count"></td><td class="na">failed: ${escapeXml(segmentation.error)}</td>`;
          return `<td class="count">${segmentation.tokens}</td><td class="seg" dir="${dir}" lang="${escapeXml(
            sample.language,
          )}">${segmentsHtml(segmentation.segments)}</td>`;
        })
        .join('');
      return `<tr><td class="name">${escapeXml(name)}</td>${cells}</tr>`;
    })
    .join('\n');
  return `<table class="samples"><thead><tr><th>tokenizer</th>${head}</tr></thead><tbody><tr><td class="name">text</td>${sentenceRow}</tr>\n${rows}</tbody></table>`;
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
  return `<div><h3>The same numbers</h3><table class="bpe"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>
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
<p class="note">${escapeXml(report.bpe.trainer)}; vocabulary sizes ${report.bpe.vocabSizes.join(', ')}. Training took ${Object.entries(
    report.bpe.trainingSeconds,
  )
    .map(([language, seconds]) => `${escapeXml(language)} ${seconds.toFixed(1)} s`)
    .join(', ')}.${Object.entries(report.bpe.exhausted ?? {})
    .map(
      ([language, size]) => ` The ${escapeXml(language)} training text ran out of pairs at ${size} tokens.`,
    )
    .join('')}</p>
<div class="side-by-side">${global.map(figure).join('\n')}${bpeHtmlTable(report)}</div>
<h2>Corpus statistics, ${escapeXml(languages)} side by side</h2>
${perLanguage.join('\n')}`;
}

/** The whole report as one self-contained HTML page: inline CSS and SVG, no scripts, nothing fetched. */
export function htmlReport(report: CompareReport, charts: readonly ReportChart[]): string {
  const legend = LEGEND.map(
    ([column, meaning]) => `<dt>${escapeXml(column)}</dt><dd>${escapeXml(meaning)}</dd>`,
  ).join('');
  const ratioCharts = charts.filter((chart) => chart.id.startsWith('ratio-'));
  const ratios = report.ratios
    .map((ratio) => {
      const chart = ratioCharts.find((candidate) => candidate.id === `ratio-${ratio.language}`);
      const note = ratio.parallel
        ? `“${ratio.language}:en UDHR”: tokens for the ${ratio.language} declaration divided by tokens for the English one, the same content (${ratio.parallel.note}; ${formatCount(
            ratio.parallel.characters.en,
          )} and ${formatCount(ratio.parallel.characters[ratio.language])} characters). “tok/1k ch” and “per ch”: tokens per 1,000 characters on the main corpora, which say different things. “(own language)”: each language with the BPE trained on it; “(en-trained)”: the English BPE on both.`
        : 'Tokens per character on the main corpora (there is no parallel text for this language).';
      return `<h2>${escapeXml(ratio.language)}:en token ratio</h2><p class="note">${escapeXml(note)}</p>
<div class="side-by-side"><div>${ratioTable(ratio)}</div>${chart ? figure(chart) : ''}</div>`;
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
  )} text. Made ${escapeXml(report.created)} by tokenlab ${escapeXml(report.version)} in ${report.run.seconds.toFixed(
    1,
  )} s (${steps}) on ${report.run.cpus} CPUs, Node ${escapeXml(report.run.node)}.</p>
<dl class="legend">${legend}</dl>
${report.textChoice ? `<p class="note">${escapeXml(report.textChoice)}</p>` : ''}
</header>
<main>
<h2>Per language</h2>
<div class="side-by-side">${report.languages.map(languageBlock).join('\n')}</div>
${ratios}
<h2>One sentence, every tokenizer</h2>
<p class="note">Each coloured box is one token; grey text is whitespace the tokenizer drops. A red left edge marks a token that starts inside a character (byte-level tokens can split a UTF-8 character). Hover a token for its ids.</p>
<div class="scroll">${samplesTable(report)}</div>
${chartRows(report, charts)}
${missing}
${skipped}
</main>
<footer>Numbers as JSON: report.json beside this file. Charts as SVG: charts/.</footer>
</body>
</html>
`;
}
