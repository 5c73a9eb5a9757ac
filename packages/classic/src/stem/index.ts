export { LancasterStemmer, type LancasterStemmerOptions, lancasterStem } from './lancaster.js';
export { LANCASTER_RULES } from './lancaster-rules.js';
export {
  PORTER_MODES,
  type PorterMode,
  PorterStemmer,
  type PorterStemmerOptions,
  porterStem,
} from './porter.js';
export { type SnowballLanguage, SnowballStemmer, type SnowballStemmerOptions } from './snowball.js';
export { SnowballArabicStemmer } from './snowball-arabic.js';
export { snowballEnglishStem } from './snowball-english.js';
