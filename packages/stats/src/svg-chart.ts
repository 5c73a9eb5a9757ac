/**
 * One line of a {@link lineChartSvg}.
 *
 * @example
 * ```ts
 * const news: ChartSeries = { label: 'news', values: [10, 4] };
 * const fiction: ChartSeries = { label: 'fiction', values: [7, 5] };
 * lineChartSvg({ labels: ['the', 'of'], series: [news, fiction] }); // '<svg ...' with a legend
 * ```
 */
export interface ChartSeries {
  /** Legend text (omit for a single unnamed line). */
  label?: string;
  /** One y value per x label. */
  values: readonly number[];
}

/**
 * What {@link lineChartSvg} draws.
 *
 * @example
 * ```ts
 * const chart: LineChart = { labels: ['the', 'of'], series: [{ values: [10, 4] }], title: 'Top words' };
 * lineChartSvg(chart).startsWith('<svg'); // true
 * ```
 */
export interface LineChart {
  /** The x-axis tick labels (the samples), drawn rotated by 90°. */
  labels: readonly string[];
  /** The lines. */
  series: readonly ChartSeries[];
  /** Title above the plot. */
  title?: string;
  /** The y-axis caption (`Counts`, `Cumulative Counts`, `Percents`...). */
  yLabel?: string;
  /** The x-axis caption (default `Samples`). */
  xLabel?: string;
  /** Width of the drawing area in pixels (default: 24 per label, at least 320). */
  width?: number;
  /** Height of the drawing area in pixels (default 240). */
  height?: number;
}

const COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** Round tick steps: 1, 2 or 5 times a power of ten, about `target` ticks over `[0, max]`. */
function tickStep(max: number, target: number): number {
  if (max <= 0) return 1;
  const raw = max / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}

/**
 * A self-contained SVG line chart in the style of NLTK's matplotlib plots: a silver grid, one
 * point per sample, the samples as rotated x labels. Used by `FreqDist.plot` and
 * `ConditionalFreqDist.plot`; no DOM needed, so it works in Node and in the browser alike.
 *
 * @example
 * ```ts
 * const svg = lineChartSvg({ labels: ['the', 'of'], series: [{ values: [10, 4] }], yLabel: 'Counts' });
 * svg.startsWith('<svg'); // true
 * ```
 */
export function lineChartSvg(chart: LineChart): string {
  const { labels, series } = chart;
  const plotWidth = chart.width ?? Math.max(320, labels.length * 24);
  const plotHeight = chart.height ?? 240;
  const longest = labels.reduce((max, label) => Math.max(max, [...label].length), 0);
  const left = 64;
  const top = chart.title ? 36 : 16;
  const bottom = Math.min(220, 16 + longest * 7) + 28;
  const legendWidth = series.some((line) => line.label !== undefined) ? 140 : 16;
  const width = left + plotWidth + legendWidth;
  const height = top + plotHeight + bottom;
  const all = series.flatMap((line) => line.values);
  const max = all.length ? Math.max(...all) : 1;
  const min = all.length ? Math.min(0, ...all) : 0;
  const step = tickStep(max - min, 5);
  const yMax = Math.ceil(max / step) * step || step;
  const yMin = Math.floor(min / step) * step;
  const x = (i: number) =>
    left + (labels.length <= 1 ? plotWidth / 2 : (i * plotWidth) / (labels.length - 1));
  const y = (value: number) => top + plotHeight - ((value - yMin) / (yMax - yMin)) * plotHeight;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
  ];
  if (chart.title)
    out.push(
      `<text x="${round(left + plotWidth / 2)}" y="22" text-anchor="middle" font-size="14">${escapeXml(chart.title)}</text>`,
    );
  for (let tick = yMin; tick <= yMax + step / 2; tick += step) {
    const ty = round(y(tick));
    out.push(`<line x1="${left}" y1="${ty}" x2="${left + plotWidth}" y2="${ty}" stroke="silver"/>`);
    out.push(
      `<text x="${left - 6}" y="${ty}" text-anchor="end" dominant-baseline="middle">${round(tick)}</text>`,
    );
  }
  labels.forEach((label, i) => {
    const tx = round(x(i));
    out.push(`<line x1="${tx}" y1="${top}" x2="${tx}" y2="${top + plotHeight}" stroke="silver"/>`);
    out.push(
      `<text transform="translate(${tx},${top + plotHeight + 8}) rotate(90)" dominant-baseline="middle">${escapeXml(label)}</text>`,
    );
  });
  out.push(
    `<rect x="${left}" y="${top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="black"/>`,
  );
  series.forEach((line, index) => {
    const colour = COLOURS[index % COLOURS.length]!;
    const points = line.values.map((value, i) => `${round(x(i))},${round(y(value))}`).join(' ');
    out.push(`<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    if (line.label !== undefined) {
      const ly = top + 14 + index * 16;
      out.push(
        `<line x1="${left + plotWidth + 12}" y1="${ly}" x2="${left + plotWidth + 32}" y2="${ly}" stroke="${colour}" stroke-width="2"/>`,
      );
      out.push(
        `<text x="${left + plotWidth + 38}" y="${ly}" dominant-baseline="middle">${escapeXml(line.label)}</text>`,
      );
    }
  });
  out.push(
    `<text x="${round(left + plotWidth / 2)}" y="${height - 8}" text-anchor="middle">${escapeXml(chart.xLabel ?? 'Samples')}</text>`,
  );
  if (chart.yLabel)
    out.push(
      `<text transform="translate(16,${round(top + plotHeight / 2)}) rotate(-90)" text-anchor="middle">${escapeXml(chart.yLabel)}</text>`,
    );
  out.push('</svg>');
  return out.join('\n');
}
