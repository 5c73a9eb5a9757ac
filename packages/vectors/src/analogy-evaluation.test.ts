import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { KeyedVectors } from './keyed-vectors.js';
import { loadWord2VecFormat, readAnalogyQuestions } from './node.js';

const fixtures = new URL('../test/fixtures/', import.meta.url);

interface GensimAnswer {
  options: { restrict_vocab?: number; case_insensitive?: boolean; dummy4unknown?: boolean };
  score: number;
  sections: { section: string; correct: string[][]; incorrect: number }[];
}

describe('evaluateWordAnalogies as gensim 4.2', async () => {
  // Vectors gensim trained on 10 MB of English, and its evaluate_word_analogies answers on them
  // (scripts/make-analogy-fixtures.py).
  const kv = await loadWord2VecFormat(new URL('analogy-vectors.bin', fixtures).pathname, { binary: true });
  const answers: GensimAnswer[] = JSON.parse(
    await readFile(new URL('analogy-answers.json', fixtures), 'utf8'),
  );
  const questions = await readAnalogyQuestions('en');

  for (const answer of answers) {
    it(`same sections, right answers and accuracy with ${JSON.stringify(answer.options)}`, () => {
      const result = kv.evaluateWordAnalogies(questions, {
        restrictVocab: answer.options.restrict_vocab,
        caseInsensitive: answer.options.case_insensitive,
        dummy4unknown: answer.options.dummy4unknown,
      });
      const ours = [...result.sections, result.total].map((s) => ({
        section: s.section,
        correct: s.correct.map((q) => [...q]),
        incorrect: s.incorrect.length,
      }));
      expect(ours).toEqual(answer.sections);
      expect(result.accuracy).toBeCloseTo(answer.score, 12);
      expect(result.questions).toBe(4180);
    });
  }

  it('the default run answers some questions right in most sections (the fixture is meaningful)', () => {
    const result = kv.evaluateWordAnalogies(questions);
    expect(result.total.correct.length).toBeGreaterThan(100);
    expect(result.outOfVocabulary).toBeGreaterThan(0);
  });
});

describe('evaluateWordAnalogies on hand-made vectors', () => {
  // Dimension 0 says "capital", dimensions 1..3 which country: b − a + c lands on the right capital.
  const words = ['Paris', 'france', 'berlin', 'germany', 'rome', 'italy', 'PARIS'];
  const kv = new KeyedVectors(
    words,
    new Float32Array(
      [
        [1, 1, 0, 0],
        [0, 1, 0, 0],
        [1, 0, 1, 0],
        [0, 0, 1, 0],
        [1, 0, 0, 1],
        [0, 0, 0, 1],
        [-1, -1, -1, -1],
      ].flat(),
    ),
    4,
  );

  it('reads sections, folds case, skips malformed lines and out-of-vocabulary questions', () => {
    const text =
      ': capitals\nfrance paris germany berlin\nfrance Paris italy rome\n\nbad line\n: other\nparis france tokyo japan\n';
    const result = kv.evaluateWordAnalogies(text, { source: 'q.txt' });
    expect(result.sections.map((s) => [s.section, s.correct.length, s.incorrect.length])).toEqual([
      ['capitals', 2, 0],
      ['other', 0, 0],
    ]);
    expect(result.sections[0]?.correct[0]).toEqual(['FRANCE', 'PARIS', 'GERMANY', 'BERLIN']);
    expect(result.questions).toBe(3);
    expect(result.outOfVocabulary).toBe(1);
    expect(result.skippedLines).toEqual([4, 5]);
    expect(result.accuracy).toBe(1);
    const dummy = kv.evaluateWordAnalogies(text, { dummy4unknown: true });
    expect(dummy.sections[1]?.incorrect).toEqual([['PARIS', 'FRANCE', 'TOKYO', 'JAPAN']]);
    expect(dummy.accuracy).toBeCloseTo(2 / 3);
    // Case-sensitive, "paris" is unknown: the questions using it are skipped.
    const exact = kv.evaluateWordAnalogies(text, { caseInsensitive: false });
    expect(exact.outOfVocabulary).toBe(2);
  });

  it('errors name the file and line', () => {
    expect(() => kv.evaluateWordAnalogies('france paris italy rome\n', { source: 'q.txt' })).toThrow(
      'q.txt:1: a question before the first ": section" line',
    );
    expect(() => kv.evaluateWordAnalogies(': empty\n', { source: 'q.txt' })).toThrow(
      'q.txt: no analogy questions (lines of four words) found',
    );
    expect(() => kv.evaluateWordAnalogies(': s\na b c d\n', { restrictVocab: 0 })).toThrow(
      'restrictVocab must be a positive integer, got 0',
    );
  });
});

describe('shipped analogy questions', () => {
  it('every question line has four words, sections are named', async () => {
    for (const language of ['en', 'ar'] as const) {
      const lines = (await readAnalogyQuestions(language)).trimEnd().split('\n');
      expect(lines[0]).toMatch(/^: \S+$/u);
      for (const line of lines) expect(line.startsWith(': ') || line.split(' ').length === 4).toBe(true);
    }
  });
});
