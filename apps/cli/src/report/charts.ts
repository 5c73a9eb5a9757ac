import { familyOf } from './candidates.js';
import type { CompareReport, LanguageSection, TokenizerFamily } from './model.js';
import { barChart, boxPlot, emptyChart, type LineSeries, lineChart, SERIES_COLOURS } from './svg.js';

/** One chart of the report. */
export interface ReportChart {
  /** File-name-safe id (`zipf-en`). */
  id: string;
  /** The heading. */
  title: string;
  /** What to read from it. */
  caption: string;
  /** The language it belongs to, for charts drawn per language. */
  language?: string;
  /** The drawing. */
  svg: string;
}

/** One colour per tokenizer family, so that families stand out in bar charts. */
const FAMILY_COLOURS: Record<TokenizerFamily, string> = {
  core: '#9c9c9c',
  classic: SERIES_COLOURS[0]!,
  natural: SERIES_COLOURS[5]!,
  bpe: SERIES_COLOURS[2]!,
  gpt: SERIES_COLOURS[1]!,
};

/** The family colours in words, for captions. */
const FAMILY_KEY = 'grey: core views, blue: classic, purple: natural, green: BPE trained here, orange: GPT';

function languageColour(report: CompareReport, language: string): string {
  const index = report.languages.findIndex((section) => section.language === language);
  return SERIES_COLOURS[Math.max(0, index) % SERIES_COLOURS.length]!;
}

function bpeChart(report: CompareReport): ReportChart {
  const { bpe } = report;
  const title = 'BPE compression vs vocabulary size';
  const caption =
    'UTF-8 bytes per token on held-out text (higher = better compression). Colour = the language the text is in; ' +
    'solid = BPE trained on that language, dashed = trained on the other language (cross-lingual).';
  if (!bpe.available || bpe.points.length === 0)
    return {
      id: 'bpe-compression',
      title,
      caption,
      svg: emptyChart(
        title,
        bpe.available
          ? `n/a: ${bpe.compressionNote ?? 'no held-out text'}`
          : `BPE not available: ${bpe.error}`,
      ),
    };
  const sizes = [...new Set(bpe.points.map((point) => point.vocabSize))].sort((a, b) => a - b);
  const series: LineSeries[] = [];
  const pairs = [...new Set(bpe.points.map((point) => `${point.trainedOn}\u0000${point.appliedTo}`))];
  const sorted = pairs
    .map((pair) => pair.split('\u0000') as [string, string])
    .sort((a, b) => Number(a[0] !== a[1]) - Number(b[0] !== b[1]));
  for (const [trainedOn, appliedTo] of sorted) {
    const points = bpe.points
      .filter((point) => point.trainedOn === trainedOn && point.appliedTo === appliedTo)
      .sort((a, b) => a.vocabSize - b.vocabSize)
      .map((point) => [point.vocabSize, point.bytesPerToken] as const);
    series.push({
      label:
        trainedOn === appliedTo
          ? `${appliedTo} text, ${trainedOn} BPE`
          : `${appliedTo} text, ${trainedOn} BPE (cross)`,
      points,
      colour: languageColour(report, appliedTo),
      dashed: trainedOn !== appliedTo,
      dots: true,
    });
  }
  return {
    id: 'bpe-compression',
    title,
    caption,
    svg: lineChart({
      title,
      series,
      xLabel: 'vocabulary size (log scale)',
      yLabel: 'UTF-8 bytes per token',
      logX: true,
      xTicks: sizes.length > 1 ? sizes : [256, ...sizes],
      yFromZero: true,
    }),
  };
}

function zipfChart(section: LanguageSection): ReportChart {
  const title = `Zipf: rank vs frequency, ${section.label}`;
  const id = `zipf-${section.language}`;
  const data = section.stats.zipf;
  const fits = data.map((series) =>
    series.slope === undefined
      ? `${series.label}: ${series.slopeNote ?? 'no slope'}`
      : `${series.label} ${series.slope.toFixed(2).replace('-', '−')}`,
  );
  const caption = data.length
    ? `Log-log; the grey dashed line is frequency ∝ 1/rank (slope −1, Zipf's law). Fitted slopes of log frequency on log rank, over the ranks seen at least twice: ${fits.join('; ')}.`
    : 'Log-log rank and frequency.';
  if (data.length === 0)
    return {
      id,
      title,
      caption,
      language: section.language,
      svg: emptyChart(title, section.stats.errors.join('; ') || 'no data'),
    };
  const top = data[0]!.points[0]?.[1] ?? 1;
  const lastRank = Math.max(...data.map((series) => series.points.at(-1)?.[0] ?? 1));
  const series: LineSeries[] = data.map((item) => ({
    label: `${item.label}: ${item.types.toLocaleString('en-US')} types`,
    points: item.points,
    colour: FAMILY_COLOURS[familyOf(item.label)],
  }));
  series.push({
    label: 'frequency ∝ 1/rank',
    points: [
      [1, top],
      [lastRank, Math.max(top / lastRank, 0.5)],
    ],
    dashed: true,
    reference: true,
  });
  return {
    id,
    title,
    caption,
    language: section.language,
    svg: lineChart({
      title,
      series,
      xLabel: 'rank (log)',
      yLabel: 'frequency (log)',
      logX: true,
      logY: true,
    }),
  };
}

function collocationChart(section: LanguageSection): ReportChart {
  const title = `Top collocations by PMI, ${section.label}`;
  const { collocations, minCount, wordTokenizer } = section.stats;
  const caption = `Bigrams of lower-cased ${wordTokenizer || 'word'} tokens containing a letter, seen at least ${minCount} times, ranked by pointwise mutual information (bits).`;
  const id = `collocations-${section.language}`;
  if (collocations.length === 0)
    return {
      id,
      title,
      caption,
      language: section.language,
      svg: emptyChart(title, section.stats.errors.join('; ') || `no bigram seen ${minCount} times`),
    };
  return {
    id,
    title,
    caption,
    language: section.language,
    svg: barChart({
      title,
      xLabel: 'PMI (bits)',
      bars: collocations.map((item) => ({
        label: item.words.join(' '),
        value: item.pmi,
        note: `${item.pmi.toFixed(2)} (×${item.count})`,
        rtl: section.direction === 'rtl',
      })),
      colour: SERIES_COLOURS[section.language === 'en' ? 0 : 1],
    }),
  };
}

function sentenceChart(section: LanguageSection): ReportChart {
  const title = `Tokens per sentence, ${section.label}`;
  const caption = `Box = middle half of the sentences, bar = median, dot = mean, whiskers = shortest and longest; colour = tokenizer family (${FAMILY_KEY}). Sentences: ${section.stats.sentenceSplitter}.`;
  const id = `sentences-${section.language}`;
  const boxes = section.stats.sentenceLengths.map((item) => ({
    ...item,
    label: item.name,
    colour: FAMILY_COLOURS[familyOf(item.name)],
  }));
  if (boxes.length === 0)
    return { id, title, caption, language: section.language, svg: emptyChart(title, 'no tokenizer ran') };
  return {
    id,
    title,
    caption,
    language: section.language,
    svg: boxPlot({ title, boxes, xLabel: 'tokens per sentence (log scale)', logX: true }),
  };
}

function ratioCharts(report: CompareReport): ReportChart[] {
  return report.ratios.map((ratio) => {
    const lang = ratio.language;
    const title = `${lang}:en tokens for the same text`;
    const useParallel = ratio.parallel !== undefined;
    const bars = ratio.rows
      .map((row) => ({
        label: row.name,
        value: (useParallel ? row.parallelRatio : row.perCharacterRatio) ?? Number.NaN,
      }))
      .filter((bar) => Number.isFinite(bar.value))
      .map((bar) => ({
        ...bar,
        note: `${bar.value.toFixed(2)}×`,
        colour: FAMILY_COLOURS[familyOf(bar.label)],
      }));
    const caption = useParallel
      ? `Tokens for the ${lang} UDHR divided by tokens for the English UDHR (the same declaration). The dashed red vertical line marks 1.0×, the same number of tokens; a bar reaching past it means ${lang} costs more tokens for the same content. Colour = tokenizer family (${FAMILY_KEY}).`
      : `Tokens per character in ${lang} divided by tokens per character in English, on the main corpora; the dashed red vertical line marks 1.0×. Colour = tokenizer family (${FAMILY_KEY}).`;
    return {
      id: `ratio-${lang}`,
      title,
      caption,
      svg: bars.length
        ? barChart({ title, bars, xLabel: `${lang} tokens / en tokens`, reference: 1 })
        : emptyChart(title, 'no data'),
    };
  });
}

/** Every chart of the report, in reading order. */
export function reportCharts(report: CompareReport): ReportChart[] {
  return [
    bpeChart(report),
    ...ratioCharts(report),
    ...report.languages.map(zipfChart),
    ...report.languages.map(collocationChart),
    ...report.languages.map(sentenceChart),
  ];
}
