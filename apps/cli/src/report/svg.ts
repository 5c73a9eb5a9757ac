/**
 * Small self-contained SVG charts (no DOM, no scripts, no fonts to fetch): a line chart with linear
 * or logarithmic axes, horizontal bars and horizontal box plots. Every drawn datum carries the class
 * `mark`, so a test can check that a chart really drew something.
 */

/** Colours for series, distinct on white and for common colour-vision deficiencies. */
export const SERIES_COLOURS = [
  '#4e79a7',
  '#f28e2b',
  '#59a14f',
  '#e15759',
  '#76b7b2',
  '#b07aa1',
  '#9c755f',
  '#edc948',
];

/** Escape text for SVG and HTML. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** A linear or logarithmic mapping from data to pixels. */
interface Scale {
  toPixel(value: number): number;
  ticks: number[];
  format(value: number): string;
}

function niceStep(span: number, target: number): number {
  const raw = span / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 2.5, 5, 10]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}

function formatTick(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `${value / 1_000_000}M`;
  if (Math.abs(value) >= 10_000) return `${value / 1000}k`;
  return String(Math.round(value * 100) / 100);
}

function linearScale(min: number, max: number, from: number, to: number, fixedTicks?: number[]): Scale {
  const step = niceStep(max - min || 1, 5);
  const low = Math.floor(min / step) * step;
  const high = Math.ceil(max / step) * step || step;
  const ticks = fixedTicks ?? [];
  if (!fixedTicks)
    for (let tick = low; tick <= high + step / 2; tick += step) ticks.push(Math.round(tick * 1e6) / 1e6);
  const lo = fixedTicks ? min : low;
  const hi = fixedTicks ? max : high;
  return {
    toPixel: (value) => from + ((value - lo) / (hi - lo || 1)) * (to - from),
    ticks,
    format: formatTick,
  };
}

function logScale(min: number, max: number, from: number, to: number, fixedTicks?: number[]): Scale {
  const low = fixedTicks ? Math.log10(min) : Math.floor(Math.log10(Math.max(min, 1e-9)));
  const high = fixedTicks ? Math.log10(max) : Math.ceil(Math.log10(Math.max(max, min * 10)));
  const ticks = fixedTicks ?? [];
  if (!fixedTicks) for (let power = low; power <= high; power++) ticks.push(10 ** power);
  return {
    toPixel: (value) => from + ((Math.log10(value) - low) / (high - low || 1)) * (to - from),
    ticks,
    format: formatTick,
  };
}

/** One line of a {@link lineChart}. */
export interface LineSeries {
  /** Legend text. */
  label: string;
  /** `[x, y]` points, in x order. */
  points: readonly (readonly [number, number])[];
  /** Colour (default: by position). */
  colour?: string;
  /** Dashed line (for example cross-lingual or a reference line). */
  dashed?: boolean;
  /** Draw points as dots as well as the line. */
  dots?: boolean;
  /** A reference line: drawn thin and grey, not counted as a datum. */
  reference?: boolean;
}

/** What {@link lineChart} draws. */
export interface LineChartSpec {
  /** Accessible title. */
  title: string;
  /** The lines. */
  series: readonly LineSeries[];
  /** Axis captions. */
  xLabel: string;
  yLabel: string;
  /** Logarithmic axes. */
  logX?: boolean;
  logY?: boolean;
  /** Tick values on x (for example the vocabulary sizes). */
  xTicks?: number[];
  /** Start the y axis at zero (linear axes only). */
  yFromZero?: boolean;
  /** Size in pixels. */
  width?: number;
  height?: number;
}

/** Vertical grid lines and labels for the ticks of a horizontal axis spanning `top`..`bottom`. */
function xGrid(x: Scale, top: number, bottom: number, labelOffset: number): string[] {
  const parts: string[] = [];
  for (const tick of x.ticks) {
    const px = round(x.toPixel(tick));
    parts.push(
      `<line x1="${px}" y1="${top}" x2="${px}" y2="${bottom}" stroke="#e3e3e3"/>`,
      `<text x="${px}" y="${bottom + labelOffset}" text-anchor="middle" fill="#555">${x.format(tick)}</text>`,
    );
  }
  return parts;
}

function svgOpen(width: number, height: number, title: string, marks: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${width} ${height}" width="${width}" ` +
    `height="${height}" role="img" aria-label="${escapeXml(title)}" data-marks="${marks}" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans Arabic', sans-serif" font-size="11">` +
    `<title>${escapeXml(title)}</title>`
  );
}

function legendRows(
  items: readonly { label: string; colour: string; dashed?: boolean }[],
  left: number,
  top: number,
  width: number,
): { svg: string; height: number } {
  const parts: string[] = [];
  let x = left;
  let y = top;
  for (const item of items) {
    const itemWidth = 30 + item.label.length * 6.2;
    if (x + itemWidth > left + width && x > left) {
      x = left;
      y += 16;
    }
    const dash = item.dashed ? ' stroke-dasharray="5 3"' : '';
    parts.push(
      `<line x1="${round(x)}" y1="${y}" x2="${round(x + 20)}" y2="${y}" stroke="${item.colour}" stroke-width="2.5"${dash}/>`,
      `<text x="${round(x + 25)}" y="${y + 4}" fill="#333">${escapeXml(item.label)}</text>`,
    );
    x += itemWidth;
  }
  return { svg: parts.join(''), height: y - top + 18 };
}

/** A line chart; log axes get ticks at powers of ten unless ticks are given. */
export function lineChart(spec: LineChartSpec): string {
  const width = spec.width ?? 560;
  const plotHeight = spec.height ?? 260;
  const margin = { left: 58, right: 16, top: 14, bottom: 44 };
  const data = spec.series.filter((series) => series.points.length > 0);
  const xs = data.flatMap((series) => series.points.map((point) => point[0]));
  const ys = data.flatMap((series) => series.points.map((point) => point[1]));
  const x0 = margin.left;
  const x1 = width - margin.right;
  const y0 = margin.top + plotHeight;
  const y1 = margin.top;
  const xMin = Math.min(...(spec.xTicks ?? xs));
  const xMax = Math.max(...(spec.xTicks ?? xs));
  const yMin = spec.yFromZero && !spec.logY ? 0 : Math.min(...ys);
  const x = spec.logX
    ? logScale(xMin, xMax, x0, x1, spec.xTicks)
    : linearScale(xMin, xMax, x0, x1, spec.xTicks);
  const y = spec.logY
    ? logScale(Math.max(Math.min(...ys), 1e-9), Math.max(...ys), y0, y1)
    : linearScale(yMin, Math.max(...ys), y0, y1);
  const parts: string[] = [];
  parts.push(
    `<rect x="${x0}" y="${y1}" width="${x1 - x0}" height="${plotHeight}" fill="#fafafa" stroke="#ccc"/>`,
  );
  parts.push(...xGrid(x, y1, y0, 15));
  for (const tick of y.ticks) {
    const py = round(y.toPixel(tick));
    parts.push(
      `<line x1="${x0}" y1="${py}" x2="${x1}" y2="${py}" stroke="#e3e3e3"/>`,
      `<text x="${x0 - 6}" y="${Number(py) + 4}" text-anchor="end" fill="#555">${y.format(tick)}</text>`,
    );
  }
  parts.push(
    `<text x="${(x0 + x1) / 2}" y="${y0 + 34}" text-anchor="middle" fill="#333">${escapeXml(spec.xLabel)}</text>`,
    `<text transform="translate(14 ${(y0 + y1) / 2}) rotate(-90)" text-anchor="middle" fill="#333">${escapeXml(spec.yLabel)}</text>`,
  );
  let marks = 0;
  const legendItems: { label: string; colour: string; dashed?: boolean }[] = [];
  data.forEach((series, index) => {
    const colour = series.reference
      ? '#999'
      : (series.colour ?? SERIES_COLOURS[index % SERIES_COLOURS.length]!);
    const path = series.points
      .map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${round(x.toPixel(px))} ${round(y.toPixel(py))}`)
      .join(' ');
    const dash = series.dashed ? ' stroke-dasharray="6 4"' : '';
    const strokeWidth = series.reference ? 1.2 : 2.2;
    const cls = series.reference ? 'reference' : 'mark';
    parts.push(
      `<path class="${cls}" d="${path}" fill="none" stroke="${colour}" stroke-width="${strokeWidth}"${dash}><title>${escapeXml(series.label)}</title></path>`,
    );
    if (!series.reference) marks++;
    if (series.dots)
      for (const [px, py] of series.points)
        parts.push(
          `<circle cx="${round(x.toPixel(px))}" cy="${round(y.toPixel(py))}" r="3" fill="${colour}"><title>${escapeXml(
            `${series.label}: ${formatTick(px)} → ${Math.round(py * 100) / 100}`,
          )}</title></circle>`,
        );
    legendItems.push({ label: series.label, colour, ...(series.dashed ? { dashed: true } : {}) });
  });
  const legend = legendRows(legendItems, x0, y0 + 52, x1 - x0);
  const height = y0 + 52 + legend.height;
  return `${svgOpen(width, height, spec.title, marks)}${parts.join('')}${legend.svg}</svg>`;
}

/** One bar of a {@link barChart}. */
export interface Bar {
  /** The label left of the bar. */
  label: string;
  /** The value (bar length). */
  value: number;
  /** Text after the bar (default: the value). */
  note?: string;
  /** Right-to-left label (Arabic). */
  rtl?: boolean;
  /** The bar's colour (default: the chart's). */
  colour?: string;
}

/** Horizontal bars, labels on the left; an optional reference line (for example ratio 1). */
export function barChart(spec: {
  title: string;
  bars: readonly Bar[];
  xLabel: string;
  reference?: number;
  width?: number;
  colour?: string;
}): string {
  const width = spec.width ?? 560;
  const rowHeight = 20;
  const labelWidth = Math.min(240, Math.max(80, ...spec.bars.map((bar) => bar.label.length * 6.4 + 12)));
  const margin = { left: labelWidth, right: 70, top: 10, bottom: 40 };
  const plotHeight = spec.bars.length * rowHeight;
  const max = Math.max(spec.reference ?? 0, ...spec.bars.map((bar) => bar.value), 1e-9);
  const x = linearScale(0, max, margin.left, width - margin.right);
  const parts: string[] = [];
  parts.push(...xGrid(x, margin.top, margin.top + plotHeight, 14));
  // The reference line goes under the bars and labels; labels get a white halo so it never runs through them.
  if (spec.reference !== undefined) {
    const px = round(x.toPixel(spec.reference));
    parts.push(
      `<line class="reference" x1="${px}" y1="${margin.top - 4}" x2="${px}" y2="${margin.top + plotHeight}" stroke="#d33" stroke-dasharray="4 3"/>`,
    );
  }
  spec.bars.forEach((bar, index) => {
    const top = margin.top + index * rowHeight;
    const end = x.toPixel(Math.max(0, bar.value));
    const label = escapeXml(bar.label);
    // In right-to-left text, "start" is the right edge: the label still ends next to the bar.
    const anchor = bar.rtl ? ' direction="rtl" text-anchor="start"' : ' text-anchor="end"';
    parts.push(
      `<text x="${margin.left - 6}" y="${top + 14}"${anchor} fill="#222">${label}</text>`,
      `<rect class="mark" x="${margin.left}" y="${top + 3}" width="${round(Math.max(1, end - margin.left))}" height="${
        rowHeight - 6
      }" fill="${bar.colour ?? spec.colour ?? SERIES_COLOURS[0]}"><title>${label}: ${escapeXml(bar.note ?? String(bar.value))}</title></rect>`,
      `<text x="${round(end + 4)}" y="${top + 14}" fill="#555" stroke="#fff" stroke-width="4" paint-order="stroke">${escapeXml(bar.note ?? formatTick(bar.value))}</text>`,
    );
  });
  parts.push(
    `<text x="${(margin.left + width - margin.right) / 2}" y="${margin.top + plotHeight + 32}" text-anchor="middle" fill="#333">${escapeXml(spec.xLabel)}</text>`,
  );
  const height = margin.top + plotHeight + margin.bottom;
  return `${svgOpen(width, height, spec.title, spec.bars.length)}${parts.join('')}</svg>`;
}

/** One box of a {@link boxPlot}. */
export interface Box {
  label: string;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number;
  /** The box's colour (default: by position). */
  colour?: string;
}

/** Horizontal box plots: whiskers min–max, box q1–q3, a line at the median, a dot at the mean. */
export function boxPlot(spec: {
  title: string;
  boxes: readonly Box[];
  xLabel: string;
  width?: number;
  logX?: boolean;
}): string {
  const width = spec.width ?? 560;
  const rowHeight = 18;
  const labelWidth = Math.min(200, Math.max(80, ...spec.boxes.map((box) => box.label.length * 6.4 + 12)));
  const margin = { left: labelWidth, right: 16, top: 10, bottom: 40 };
  const plotHeight = spec.boxes.length * rowHeight;
  const max = Math.max(1, ...spec.boxes.map((box) => box.max));
  const x = spec.logX
    ? logScale(1, max, margin.left, width - margin.right)
    : linearScale(0, max, margin.left, width - margin.right);
  const at = (value: number) => round(x.toPixel(spec.logX ? Math.max(1, value) : value));
  const parts: string[] = [];
  parts.push(...xGrid(x, margin.top, margin.top + plotHeight, 14));
  spec.boxes.forEach((box, index) => {
    const mid = margin.top + index * rowHeight + rowHeight / 2;
    const colour = box.colour ?? SERIES_COLOURS[index % SERIES_COLOURS.length];
    const summary = `${box.label}: min ${box.min}, q1 ${round(box.q1)}, median ${round(box.median)}, q3 ${round(
      box.q3,
    )}, max ${box.max}, mean ${round(box.mean)}`;
    parts.push(
      `<text x="${margin.left - 6}" y="${mid + 4}" text-anchor="end" fill="#222">${escapeXml(box.label)}</text>`,
      `<line x1="${at(box.min)}" y1="${mid}" x2="${at(box.max)}" y2="${mid}" stroke="#888"/>`,
      `<rect class="mark" x="${at(box.q1)}" y="${mid - 6}" width="${round(
        Math.max(1.5, Number(at(box.q3)) - Number(at(box.q1))),
      )}" height="12" fill="${colour}" fill-opacity="0.55" stroke="${colour}"><title>${escapeXml(summary)}</title></rect>`,
      `<line x1="${at(box.median)}" y1="${mid - 6}" x2="${at(box.median)}" y2="${mid + 6}" stroke="#111" stroke-width="2"/>`,
      `<circle cx="${at(box.mean)}" cy="${mid}" r="2.2" fill="#111"/>`,
    );
  });
  parts.push(
    `<text x="${(margin.left + width - margin.right) / 2}" y="${margin.top + plotHeight + 32}" text-anchor="middle" fill="#333">${escapeXml(spec.xLabel)}</text>`,
  );
  const height = margin.top + plotHeight + margin.bottom;
  return `${svgOpen(width, height, spec.title, spec.boxes.length)}${parts.join('')}</svg>`;
}

/** A chart-sized note saying why a chart could not be drawn (no marks). */
export function emptyChart(title: string, reason: string, width = 560): string {
  return `${svgOpen(width, 60, title, 0)}<text x="10" y="34" fill="#a33">${escapeXml(reason)}</text></svg>`;
}
