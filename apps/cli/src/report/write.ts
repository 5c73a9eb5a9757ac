import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { reportCharts } from './charts.js';
import { htmlReport } from './html.js';
import { markdownReport } from './markdown.js';
import type { CompareReport } from './model.js';

/** Write `report.html`, `report.md` (with its charts as SVG files) and `report.json` into `dir`. */
export async function writeReportFiles(
  report: CompareReport,
  dir: string,
): Promise<{ html: string; markdown: string; json: string }> {
  const out = resolve(dir);
  await mkdir(join(out, 'charts'), { recursive: true });
  const charts = reportCharts(report);
  const files = {
    html: join(out, 'report.html'),
    markdown: join(out, 'report.md'),
    json: join(out, 'report.json'),
  };
  await Promise.all([
    writeFile(files.html, htmlReport(report, charts)),
    writeFile(files.markdown, markdownReport(report, charts)),
    writeFile(files.json, `${JSON.stringify(report, null, 2)}\n`),
    ...charts.map((chart) => writeFile(join(out, 'charts', `${chart.id}.svg`), chart.svg)),
  ]);
  return files;
}
