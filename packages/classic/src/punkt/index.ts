export { PunktLanguageVars, type PunktLanguageVarsOptions } from './language-vars.js';
export {
  ARABIC_LANGUAGE_VARS_OPTIONS,
  englishPunkt,
  loadPunktModel,
  PUNKT_MODELS,
  type PunktModelName,
} from './models.js';
export { PunktParameters, type PunktTabFiles } from './parameters.js';
export { sentTokenize } from './sent-tokenize.js';
export { PunktSentenceTokenizer } from './sentence-tokenizer.js';
export { PunktToken } from './token.js';
export { PunktTrainer, type PunktTrainerOptions } from './trainer.js';
export { type WordTokenizeOptions, WordTokenizer, wordTokenize } from './word-tokenize.js';
