// biome-ignore-all lint/correctness/noUnusedFunctionParameters: the parameters are there for you to use.
// Exercise: Arabic normalisation.
// The task, background and hints: docs/exercises/arabic-normalize.md
// Check your work with: pnpm exercise arabic-normalize
import { Todo } from '../implementation.js';

/** Drop tatweel ـ (U+0640), the stroke that only stretches a word: العـــربية → العربية. */
export function removeTatweel(text: string): string {
  // TODO step 1
  throw new Todo('step 1, removeTatweel: remove every U+0640');
}

/**
 * Drop the diacritics (tashkeel): the honorifics U+0610–U+061A, harakat, tanween, shadda, sukun
 * and the other marks U+064B–U+065F, the superscript alef U+0670, and the Quranic annotation marks
 * U+06D6–U+06DC, U+06DF–U+06E4, U+06E7, U+06E8, U+06EA–U+06ED. The small waw and yeh
 * (U+06E5, U+06E6) are letters and stay.
 */
export function stripTashkeel(text: string): string {
  // TODO step 2: one character class with the ranges above, replaced by ''.
  throw new Todo('step 2, stripTashkeel: remove the diacritics listed in the comment');
}

/** Fold the alef variants أ إ آ ٱ (hamza above, hamza below, madda, wasla) into a bare ا. */
export function foldAlef(text: string): string {
  // TODO step 3: U+0623, U+0625, U+0622, U+0671 → U+0627.
  throw new Todo('step 3, foldAlef: turn أ إ آ ٱ into ا');
}

/** Alef maksura ى (U+0649) → yeh ي (U+064A): the two are often interchanged at the end of words. */
export function alefMaksura(text: string): string {
  // TODO step 4
  throw new Todo('step 4, alefMaksura: turn ى into ي');
}

/** Teh marbuta ة (U+0629) → heh ه (U+0647): often interchanged at the end of words. */
export function tehMarbuta(text: string): string {
  // TODO step 4
  throw new Todo('step 4, tehMarbuta: turn ة into ه');
}

/**
 * All the steps, in order: NFC first (so that a decomposed أ, alef + combining hamza, becomes one
 * character before the marks are stripped), then tatweel, tashkeel, alef, alef maksura, teh marbuta.
 */
export function normalize(text: string): string {
  // TODO step 5: compose the steps, starting with text.normalize('NFC').
  throw new Todo('step 5, normalize: NFC, then every step in order');
}
