import type { Tokenizer } from '@tokenlab/core';
import type { TrainedModels } from './bpe-sweep.js';
import { FAMILY_ORDER, familyOf } from './candidates.js';
import type { LanguageSection, RatioRow, RatioSection } from './model.js';
import type { ParallelText } from './parallel.js';
import { countCodePoints } from './text-size.js';

/** A registry tokenizer by name, for counting the parallel text. */
export type TokenizerLookup = ReadonlyMap<string, Tokenizer>;

function tokensPer1000(section: LanguageSection | undefined, name: string): number | undefined {
  const row = section?.rows.find((candidate) => candidate.name === name && candidate.available);
  return row?.charsPerToken ? 1000 / row.charsPerToken : undefined;
}

function count(tokenizer: Tokenizer | undefined, text: string | undefined): number | undefined {
  if (!tokenizer || text === undefined) return undefined;
  return tokenizer.tokenize(text).length;
}

/**
 * Each non-English language against English. Two measures: on the parallel text (the same
 * declaration in both languages) the ratio of token counts is the "token tax" for the same content;
 * on the main corpora, which say different things, only a per-character ratio is meaningful.
 */
export function ratioSections(
  languages: readonly LanguageSection[],
  registry: TokenizerLookup,
  models: TrainedModels,
  parallel: ParallelText | undefined,
): RatioSection[] {
  const english = languages.find((section) => section.language === 'en');
  if (!english) return [];
  return languages
    .filter((section) => section.language !== 'en')
    .map((other) => {
      const lang = other.language;
      const pair = parallel && parallel.texts[lang] !== undefined ? parallel : undefined;
      const rows: RatioRow[] = [];
      const add = (
        name: string,
        perChar: { en?: number; other?: number },
        counts?: { en?: number; other?: number },
      ) => {
        const row: RatioRow = { name, tokensPer1000Chars: {} };
        if (perChar.en !== undefined) row.tokensPer1000Chars.en = perChar.en;
        if (perChar.other !== undefined) row.tokensPer1000Chars[lang] = perChar.other;
        if (perChar.en && perChar.other) row.perCharacterRatio = perChar.other / perChar.en;
        if (counts?.en !== undefined && counts.other !== undefined) {
          row.parallelTokens = { en: counts.en, [lang]: counts.other };
          row.parallelRatio = counts.other / counts.en;
        }
        rows.push(row);
      };
      for (const [name, tokenizer] of registry) {
        const perChar = { en: tokensPer1000(english, name), other: tokensPer1000(other, name) };
        if (perChar.en === undefined && perChar.other === undefined) continue;
        const counts = pair
          ? { en: count(tokenizer, pair.texts.en), other: count(tokenizer, pair.texts[lang]) }
          : undefined;
        add(name, perChar, counts);
      }
      const englishModels = models.get('en');
      const otherModels = models.get(lang);
      for (const [size, own] of englishModels ?? []) {
        const name = `bpe-${size}`;
        const theirs = otherModels?.get(size);
        add(
          `${name} (own language)`,
          { en: tokensPer1000(english, name), other: tokensPer1000(other, name) },
          pair && theirs
            ? { en: count(own, pair.texts.en), other: count(theirs, pair.texts[lang]) }
            : undefined,
        );
        if (pair) {
          add(
            `${name} (en-trained)`,
            {},
            { en: count(own, pair.texts.en), other: count(own, pair.texts[lang]) },
          );
          if (theirs)
            add(
              `${name} (${lang}-trained)`,
              {},
              {
                en: count(theirs, pair.texts.en),
                other: count(theirs, pair.texts[lang]),
              },
            );
        }
      }
      // Rows grouped by family in the order of the language tables (a variant such as
      // arabic-clitics is registered last but belongs with the classic tokenizers).
      rows.sort((a, b) => FAMILY_ORDER.indexOf(familyOf(a.name)) - FAMILY_ORDER.indexOf(familyOf(b.name)));
      const section: RatioSection = { language: lang, rows };
      if (pair)
        section.parallel = {
          title: pair.title,
          note: pair.note,
          characters: { en: countCodePoints(pair.texts.en!), [lang]: countCodePoints(pair.texts[lang]!) },
        };
      return section;
    });
}
