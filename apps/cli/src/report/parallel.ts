import { loadCorpus } from '@tokenlab/corpora';

/** The same content in several languages, for token ratios that do not depend on what the texts say. */
export interface ParallelText {
  /** A human title. */
  title: string;
  /** The text per language code. */
  texts: Record<string, string>;
  /** How the texts were aligned. */
  note: string;
  /** A short sentence with the same meaning in every language, for the sample segmentations. */
  sample: Record<string, string>;
}

/**
 * The Universal Declaration of Human Rights in English and Arabic, cut to the content both copies
 * hold: the English copy stops inside Article 29, so both are taken from the title to the end of
 * Article 28, and the Arabic title's footnote mark "(أ)" is dropped.
 */
export async function loadUdhrPair(): Promise<ParallelText> {
  const [english, arabic] = await Promise.all([loadCorpus('udhr-en'), loadCorpus('udhr-ar')]);
  const en = english.slice(0, english.search(/^Article 29\b/m)).trim();
  const ar = arabic
    .slice(0, arabic.search(/^المادة 29\b/mu))
    .replace(' (أ)', '')
    .trim();
  return {
    title: 'Universal Declaration of Human Rights, preamble to Article 28',
    texts: { en, ar },
    note: 'the bundled UDHR copies, from the title to the end of Article 28 (the part both hold)',
    sample: {
      en: 'All human beings are born free and equal in dignity and rights.',
      ar: 'يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق.',
    },
  };
}
