export { ARABIC_PUNCTUATION, BIDI_CONTROLS, TASHKEEL_CLASS, TATWEEL } from './characters.js';
export { ISRIStemmer, isriStem } from './isri.js';
export {
  ARABIC_NORMALIZATION_STEPS,
  type ArabicNormalization,
  type ArabicNormalizationStep,
  type ArabicStepReport,
  alefMaksura,
  asciiDigits,
  foldAlef,
  nfc,
  normalizeArabic,
  parseArabicSteps,
  removeTatweel,
  stripTashkeel,
  tehMarbuta,
} from './normalize.js';
export { ArabicTokenizer, type ArabicTokenizerOptions } from './tokenizer.js';
