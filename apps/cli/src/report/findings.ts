import { countOf } from './format.js';
import { SPEED_MIN_BYTES } from './measure.js';
import type { CompareReport, Finding, LanguageSection } from './model.js';

const times = (value: number) => `${value.toFixed(1)}×`;
const signed = (value: number) => value.toFixed(2).replace('-', '−');

function row(section: LanguageSection | undefined, name: string) {
  return section?.rows.find((candidate) => candidate.name === name && candidate.available);
}

/**
 * Three to five findings of this run in plain words, each from one number of the report: the
 * Arabic:English token ratio of the GPT encodings on the same text, the compression of the best
 * encoding per language, BPE across languages, fertility and Zipf's slope. A finding whose numbers
 * are missing (a run without GPT, without BPE, a text too small) is left out.
 *
 * @example
 * ```ts
 * findings(report).map((finding) => finding.text);
 * // ['In cl100k_base, Arabic takes 2.3× the tokens of the same UDHR text in English; o200k_base brings that to 1.4×.', ...]
 * ```
 */
export function findings(report: CompareReport): Finding[] {
  const found: Finding[] = [];
  const english = report.languages.find((section) => section.language === 'en');
  for (const ratio of report.ratios) {
    const other = report.languages.find((section) => section.language === ratio.language);
    const label = other?.label ?? ratio.language;
    const gpt = ratio.rows.filter(
      (candidate) =>
        /^(gpt2|cl100k|o200k|p50k)/.test(candidate.name) && candidate.parallelRatio !== undefined,
    );
    const first = gpt.find((candidate) => candidate.name.startsWith('cl100k')) ?? gpt[0];
    const best = [...gpt].sort((a, b) => a.parallelRatio! - b.parallelRatio!)[0];
    if (first && best) {
      const text =
        best.name === first.name
          ? `In ${first.name}, ${label} takes ${times(first.parallelRatio!)} the tokens of the same UDHR text in English.`
          : `In ${first.name}, ${label} takes ${times(first.parallelRatio!)} the tokens of the same UDHR text in English; ${best.name} brings that to ${times(best.parallelRatio!)}.`;
      found.push({ text, value: first.parallelRatio! });
    }
    const worst = [...ratio.rows]
      .filter((candidate) => candidate.parallelRatio !== undefined)
      .sort((a, b) => b.parallelRatio! - a.parallelRatio!)[0];
    if (worst && worst.parallelRatio! > (first?.parallelRatio ?? 0))
      found.push({
        text: `The costliest for ${label} is ${worst.name}: ${times(worst.parallelRatio!)} the English token count for the same declaration.`,
        value: worst.parallelRatio!,
      });
    const encoding = first?.name ?? 'o200k_base';
    const en = row(english, encoding);
    const theirs = row(other, encoding);
    if (en?.tokensPerWord && theirs?.tokensPerWord)
      found.push({
        text: `${encoding} cuts the average English word into ${en.tokensPerWord.toFixed(2)} tokens and the average ${label} word into ${theirs.tokensPerWord.toFixed(2)}.`,
        value: theirs.tokensPerWord,
      });
  }
  const sizes = [...new Set(report.bpe.points.map((point) => point.vocabSize))];
  const largest = Math.max(...sizes);
  const own = report.bpe.points.find(
    (point) => point.vocabSize === largest && point.trainedOn === point.appliedTo && point.appliedTo !== 'en',
  );
  const cross = own
    ? report.bpe.points.find(
        (point) =>
          point.vocabSize === largest && point.appliedTo === own.appliedTo && point.trainedOn === 'en',
      )
    : undefined;
  const ownLabel = report.languages.find((section) => section.language === own?.appliedTo)?.label;
  if (own && cross && Number.isFinite(largest))
    found.push({
      text: `A ${largest}-token BPE trained on English packs ${cross.bytesPerToken.toFixed(2)} bytes per token of held-out ${ownLabel ?? own.appliedTo} text; trained on ${ownLabel ?? own.appliedTo} itself, ${own.bytesPerToken.toFixed(2)}.`,
      value: own.bytesPerToken / cross.bytesPerToken,
    });
  const slopes = report.languages.flatMap((section) => {
    const words = section.stats.zipf[0];
    return words?.slope === undefined ? [] : [{ label: section.label, slope: words.slope }];
  });
  if (slopes.length)
    found.push({
      text: `Word frequencies fall with rank at a fitted log-log slope of ${slopes
        .map((item) => `${signed(item.slope)} in ${item.label}`)
        .join(' and ')} (Zipf's law: about −1).`,
      value: slopes[0]!.slope,
    });
  return found.slice(0, 5);
}

/**
 * Measures these texts are too small for, naming the measure and the minimum it needs: printed on
 * stderr by `compare` and listed at the top of the report.
 *
 * @example
 * ```ts
 * warnings(report); // ['en: OOV rate and BPE compression n/a: 8 lines, no held-out line (needs at least 10 lines)', ...]
 * ```
 */
export function warnings(report: CompareReport): string[] {
  const out: string[] = [];
  for (const section of report.languages) {
    const lang = section.language;
    if (section.size.documents < 10)
      out.push(
        `${lang}: OOV rate and BPE compression n/a: ${countOf(section.size.documents, 'line')}, so no line is held out (needs at least 10 lines)`,
      );
    const size = report.bpe.exhausted?.[lang];
    const notReached = report.bpe.notReached?.[lang] ?? [];
    if (size !== undefined && notReached.length)
      out.push(
        `${lang}: BPE training ran out of pairs at ${size} tokens; ${notReached.map((s) => `bpe-${s}`).join(', ')} not trained (needs more text)`,
      );
    const words = section.stats.zipf[0];
    if (words && words.slope === undefined)
      out.push(`${lang}: Zipf slope n/a for ${words.label}: ${words.slopeNote ?? 'too few words'}`);
    if (section.stats.zipf.length && section.stats.collocations.length === 0)
      out.push(
        `${lang}: collocations n/a: no bigram seen ${section.stats.minCount} times (needs a longer text)`,
      );
    const speedBytes = section.rows.find((candidate) => candidate.speedBytes !== undefined)?.speedBytes;
    if (speedBytes !== undefined && speedBytes < SPEED_MIN_BYTES)
      out.push(
        `${lang}: MB/s timed on ${speedBytes.toLocaleString('en-US')} bytes is noise (needs at least ${SPEED_MIN_BYTES.toLocaleString('en-US')} bytes)`,
      );
  }
  return out;
}
