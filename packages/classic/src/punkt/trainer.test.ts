import { readFileSync } from 'node:fs';
import { readFixtureText } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { PunktSentenceTokenizer } from './sentence-tokenizer.js';
import { PunktTrainer } from './trainer.js';

interface TrainedParams {
  abbrevTypes: string[];
  collocations: string[];
  sentStarters: string[];
  orthoContext: [string, number][];
}

// Parameters NLTK 3.8's PunktTrainer().train(text) learned from the same text slices (see the fixture).
const expected: Record<string, TrainedParams> & { emma300kSentencesOfNext5000: string[] } = JSON.parse(
  readFileSync(new URL('./fixtures/nltk-trainer.json', import.meta.url), 'utf8'),
);

function learned(text: string): TrainedParams {
  const trainer = new PunktTrainer();
  trainer.train(text);
  const params = trainer.getParams();
  const sorted = (values: Iterable<string>) => [...values].sort();
  return {
    abbrevTypes: sorted(params.abbrevTypes),
    collocations: sorted(params.collocations),
    sentStarters: sorted(params.sentStarters),
    orthoContext: [...params.orthoContext].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  };
}

describe('PunktTrainer', () => {
  it('learns the same parameters as NLTK from English prose (Emma, first 300,000 characters)', () => {
    const text = readFixtureText('corpora/austen-emma.head.txt').slice(0, 300_000);
    expect(learned(text)).toEqual(expected.emma300k);
  });

  it('learns the same parameters as NLTK from Arabic sentences (UD Arabic-PUD, first 100,000 characters)', () => {
    const text = readFixtureText('corpora/ud-arabic-pud.head.txt').slice(0, 100_000);
    expect(learned(text)).toEqual(expected.udpud100k);
  });

  it("gives a tokenizer that splits as NLTK's does with the same learned parameters", () => {
    const emma = readFixtureText('corpora/austen-emma.head.txt');
    const trainer = new PunktTrainer();
    trainer.train(emma.slice(0, 300_000));
    const punkt = new PunktSentenceTokenizer(trainer.getParams());
    expect(punkt.sentences(emma.slice(300_000, 305_000))).toEqual(expected.emma300kSentencesOfNext5000);
  });

  it('trains on empty text without failing', () => {
    const trainer = new PunktTrainer();
    trainer.train('');
    expect(trainer.getParams().abbrevTypes.size).toBe(0);
  });
});
