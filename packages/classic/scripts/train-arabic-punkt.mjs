// Trains the Arabic Punkt model shipped in data/punkt/arabic/ from the Arabic prose corpora whose
// licences allow redistribution of derived data (see data/punkt/README.md). Needs a build first:
//   pnpm --filter @tokenlab/classic build && node scripts/train-arabic-punkt.mjs && node scripts/generate-punkt-models.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARABIC_LANGUAGE_VARS_OPTIONS, PunktLanguageVars, PunktTrainer } from '../dist/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const corpora = join(root, '../../../shared/corpora/ar/msa');
const sources = [
  'farasa-wikinews.diacritized.txt',
  'farasa-wikinews.undiacritized.txt',
  'ud-arabic-pud.sentences.txt',
];

const trainer = new PunktTrainer({ languageVars: new PunktLanguageVars(ARABIC_LANGUAGE_VARS_OPTIONS) });
for (const source of sources) {
  // Section headings ("# ...") are not sentences.
  const text = readFileSync(join(corpora, source), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n');
  trainer.train(text, false);
}
const tab = trainer.getParams().toTab();
const out = join(root, 'data/punkt/arabic');
writeFileSync(join(out, 'abbrev_types.txt'), tab.abbrevTypes);
writeFileSync(join(out, 'collocations.tab'), tab.collocations);
writeFileSync(join(out, 'sent_starters.txt'), tab.sentStarters);
writeFileSync(join(out, 'ortho_context.tab'), tab.orthoContext);
const count = (text) => text.split('\n').filter(Boolean).length;
console.log(
  `abbreviations ${count(tab.abbrevTypes)}, collocations ${count(tab.collocations)}, sentence starters ${count(tab.sentStarters)}, ortho types ${count(tab.orthoContext)}`,
);
