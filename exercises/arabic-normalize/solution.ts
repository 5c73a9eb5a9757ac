// Reference solution of docs/exercises/arabic-normalize.md.

/** Drop tatweel ـ (U+0640), the stroke that only stretches a word: العـــربية → العربية. */
export function removeTatweel(text: string): string {
  return text.replaceAll('\u0640', '');
}

/**
 * Drop the diacritics (tashkeel): the honorifics U+0610–U+061A, harakat, tanween, shadda, sukun
 * and the other marks U+064B–U+065F, the superscript alef U+0670, and the Quranic annotation marks
 * U+06D6–U+06DC, U+06DF–U+06E4, U+06E7, U+06E8, U+06EA–U+06ED. The small waw and yeh
 * (U+06E5, U+06E6) are letters and stay.
 */
export function stripTashkeel(text: string): string {
  return text.replace(
    /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E4\u06E7\u06E8\u06EA-\u06ED]/gu,
    '',
  );
}

/** Fold the alef variants أ إ آ ٱ (hamza above, hamza below, madda, wasla) into a bare ا. */
export function foldAlef(text: string): string {
  return text.replace(/[\u0623\u0625\u0622\u0671]/gu, '\u0627');
}

/** Alef maksura ى (U+0649) → yeh ي (U+064A): the two are often interchanged at the end of words. */
export function alefMaksura(text: string): string {
  return text.replaceAll('\u0649', '\u064A');
}

/** Teh marbuta ة (U+0629) → heh ه (U+0647): often interchanged at the end of words. */
export function tehMarbuta(text: string): string {
  return text.replaceAll('\u0629', '\u0647');
}

/**
 * All the steps, in order: NFC first (so that a decomposed أ, alef + combining hamza, becomes one
 * character before the marks are stripped), then tatweel, tashkeel, alef, alef maksura, teh marbuta.
 */
export function normalize(text: string): string {
  return tehMarbuta(alefMaksura(foldAlef(stripTashkeel(removeTatweel(text.normalize('NFC'))))));
}
