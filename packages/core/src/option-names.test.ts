import { describe, expect, it } from 'vitest';
import { nearestName, optionNames, requireOptionNames } from './option-names.js';

interface ExampleOptions {
  ngramRange?: [number, number];
  minDf?: number;
  lowercase?: boolean;
}

describe('requireOptionNames', () => {
  const names = optionNames<ExampleOptions>()(['ngramRange', 'minDf', 'lowercase']);

  it('passes known names and values that are not objects (requireOptions checks those)', () => {
    expect(() => requireOptionNames({ ngramRange: [1, 2], lowercase: false }, names, 'X')).not.toThrow();
    expect(() => requireOptionNames({}, names, 'X')).not.toThrow();
    expect(() => requireOptionNames(undefined, names, 'X')).not.toThrow();
  });

  it('answers a snake_case name with the name it has here', () => {
    expect(() => requireOptionNames({ ngram_range: [1, 2] }, names, 'CountVectorizer')).toThrow(
      new TypeError(
        "CountVectorizer: unknown option 'ngram_range': it is written ngramRange here (the options: ngramRange, minDf, lowercase)",
      ),
    );
    expect(() => requireOptionNames({ min_df: 2 }, names, 'X')).toThrow("'min_df': it is written minDf here");
  });

  it('answers a slip with the nearest name, and anything else with the list', () => {
    expect(() => requireOptionNames({ lowercse: true }, names, 'X')).toThrow(
      "'lowercse': did you mean lowercase?",
    );
    expect(() => requireOptionNames({ colour: 'red' }, names, 'X')).toThrow(
      "X: unknown option 'colour' (the options: ngramRange, minDf, lowercase)",
    );
  });

  it('lists every name of the type, checked when the code compiles', () => {
    expect(names).toEqual(['ngramRange', 'minDf', 'lowercase']);
    // @ts-expect-error: lowercase is missing from the list
    optionNames<ExampleOptions>()(['ngramRange', 'minDf']);
    // @ts-expect-error: colour is not an option of the type
    optionNames<ExampleOptions>()(['ngramRange', 'minDf', 'lowercase', 'colour']);
  });
});

describe('nearestName', () => {
  it('finds the only name a key begins, or one within an edit or two, not comparing case, _ and -', () => {
    expect(nearestName('lowercse', ['lowercase', 'binary'])).toBe('lowercase');
    expect(nearestName('vocab-size', ['vocab-sizes', 'json'])).toBe('vocab-sizes');
    expect(nearestName('ngram_range', ['ngramRange'])).toBe('ngramRange');
    expect(nearestName('unicode', ['unicodeWord', 'gaps'])).toBe('unicodeWord');
    expect(nearestName('colour', ['lowercase', 'binary'])).toBeUndefined();
    // Too short to say which of two it begins.
    expect(nearestName('mi', ['minDf', 'minCount'])).toBeUndefined();
  });
});
