import { describe, expect, it } from 'vitest';
import { compilePythonPattern } from './compile.js';
import { PythonPatternError } from './error.js';
import { findall, split } from './match.js';
import { errorOf } from './test-errors.js';

describe('compilePythonPattern', () => {
  it('returns a global Unicode RegExp, the source and the Python group count', () => {
    const pattern = compilePythonPattern(String.raw`(?P<a>\w)(?>x+)(b)`);
    expect(pattern.regexp.flags).toContain('g');
    expect(pattern.regexp.flags).toContain('u');
    expect(pattern.source).toBe(String.raw`(?P<a>\w)(?>x+)(b)`);
    expect(pattern.groupCount).toBe(2);
    // The atomic group's helper capture sits between the two Python groups in JavaScript numbering.
    expect(pattern.groupIndex).toEqual([0, 1, 3]);
    expect(findall(pattern, 'axxb')).toEqual([['a', 'b']]);
    expect(pattern.groupNames.get('a')).toBe(1);
  });

  it('translates the GPT-2 and GPT-4 split patterns (regex-module syntax)', () => {
    const gpt2 = String.raw`'(?:[sdmt]|ll|ve|re)| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`;
    const gpt4 = String.raw`'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]++[\r\n]*|\s*[\r\n]|\s+(?!\S)|\s+`;
    const text = "Hello've  world123456 'LL!!\n\n  x";
    expect(findall(gpt2, text)).toEqual([
      'Hello',
      "'ve",
      ' ',
      ' world',
      '123456',
      " '",
      'LL',
      '!!',
      '\n\n ',
      ' x',
    ]);
    expect(findall(gpt4, text)).toEqual([
      'Hello',
      "'ve",
      ' ',
      ' world',
      '123',
      '456',
      " '",
      'LL',
      '!!\n\n',
      ' ',
      ' x',
    ]);
  });

  it('gives atomic groups and possessive quantifiers their no-backtracking meaning', () => {
    expect(findall(`a*+a`, 'aaa')).toEqual([]);
    expect(findall(`(?>a|ab)c`, 'abc ac')).toEqual(['ac']);
    expect(findall(String.raw`\d{1,3}+1`, '1231 121')).toEqual(['1231']);
  });

  it('handles scoped flags both ways', () => {
    expect(findall(`a(?i:b)c`, 'abc aBc ABC')).toEqual(['abc', 'aBc']);
    expect(findall(`(?i)a(?-i:b)c`, 'abc aBc AbC')).toEqual(['abc', 'AbC']);
    expect(findall(`x(?i:[a-c]+)`, 'xAbC xd')).toEqual(['xAbC']);
  });

  it('offers Unicode-correct \\w with combining marks as an option', () => {
    expect(findall(String.raw`\w+`, 'محمد-النَّبي')).toEqual(['محمد', 'الن', 'بي']);
    expect(findall(String.raw`\w+`, 'محمد-النَّبي', { unicodeWord: true })).toEqual(['محمد', 'النَّبي']);
    expect(findall(String.raw`\b\w+\b`, 'عَلَيْهِمْ', { unicodeWord: true })).toEqual(['عَلَيْهِمْ']);
  });

  it('splits as re.split does, groups included', () => {
    expect(split(String.raw`\s+`, ' a  b ')).toEqual(['', 'a', 'b', '']);
    expect(split(`(,)|;`, 'a,b;c')).toEqual(['a', ',', 'b', undefined, 'c']);
    expect(split(String.raw`\b`, 'a b')).toEqual(['', 'a', ' ', 'b', '']);
  });

  it('treats lone surrogates as characters, not errors', () => {
    expect(findall(`.`, 'a\ud800b')).toEqual(['a', '\ud800', 'b']);
    expect(findall(String.raw`\W`, 'a\udc00')).toEqual(['\udc00']);
  });

  it.each([
    ['(?(1)a|b)', 0, /conditional group/],
    ['a\\q', 1, /bad escape \\q/],
    ['(ab', 0, /missing \), unterminated subpattern/],
    ['ab)', 2, /unbalanced parenthesis/],
    ['[ab', 0, /unterminated character set/],
    ['*a', 0, /nothing to repeat/],
    ['a**', 2, /multiple repeat/],
    ['a{3,2}', 2, /min repeat greater than max repeat/],
    ['[z-a]', 1, /bad character range z-a/],
    ['a(?i)b', 1, /global flags not at the start/],
    ['(a)\\2', 4, /invalid group reference 2/],
    ['(a\\1)', 2, /cannot refer to an open group/],
    ['(?P<n>a)(?P<n>b)', 8, /redefinition of group name/],
    ['(?P=zz)', 4, /unknown group name/],
    ['\\N{DIGIT ONE}', 0, /named character escape/],
    ['\\p{NoSuchProperty}', 0, /unknown Unicode property/],
    ['(?L)a', 3, /cannot use 'L' flag with a str pattern/],
    ['(?au:a)', 4, /flags 'a', 'u' and 'L' are incompatible/],
    ['(?a-u:a)', 5, /cannot turn off flags 'a', 'u' and 'L'/],
    ['(?x-x:a)', 5, /flag turned on and off/],
  ])('refuses %s at position %i', (pattern, position, message) => {
    const error = errorOf(pattern);
    expect(error.position).toBe(position);
    expect(error.message).toMatch(message);
  });

  it('refuses nested unbounded quantifiers unless allowed, and leaves safe nesting alone', () => {
    for (const pattern of ['(a+)+', '(?:a*)*b', String.raw`(\w+\s?)*$`, '(?:x|y+)+']) {
      expect(errorOf(pattern).message).toMatch(/nested quantifier/);
      expect(() => compilePythonPattern(pattern, { allowNestedQuantifiers: true })).not.toThrow();
    }
    for (const pattern of [
      String.raw`\w+(?:-\w+)*`,
      String.raw`(?:[A-Z]\.)+`,
      '(?:a++)+',
      '(?>a+)+',
      '(?:a{1,3})+',
    ]) {
      expect(() => compilePythonPattern(pattern)).not.toThrow();
    }
  });

  it('has no exponential blow-up on inputs that break backtracking engines, for the patterns it accepts', () => {
    const text = `${'a'.repeat(3_000)}!`;
    expect(findall(`(?:a++)+b`, text)).toEqual([]);
    expect(findall(String.raw`\w+(?:-\w+)*`, `${'a-'.repeat(20_000)}`)).toHaveLength(1);
  });
});

describe('a pattern too large for the JavaScript engine', () => {
  it('is refused when compiled, not at its first match', () => {
    const huge = `(?:${'x'.repeat(1_000_000)})|(?:(?!(?:${'x'.repeat(1_000_000)}))[\\s\\S])+`;
    expect(() => compilePythonPattern(huge)).toThrow(PythonPatternError);
    expect(() => compilePythonPattern(huge)).toThrow(/no JavaScript translation \(.*too large\)/);
  });
});

describe('scoped flags as Python re reads them', () => {
  /** Which of the samples the pattern matches whole. */
  const whole = (pattern: string, flags = '') => {
    const { regexp } = compilePythonPattern(pattern, { flags, dialect: 're' });
    const anchored = new RegExp(`^(?:${regexp.source})$`, regexp.flags.replace('g', ''));
    return ['k', 'K', '\u212a', 'ſ', 's', 'S'].filter((sample) => anchored.test(sample));
  };

  it('folds ASCII letters only inside (?a:...) under (?i), with NLTK flags or none (the Kelvin sign and long s stay apart)', () => {
    for (const flags of ['', 'msu']) {
      expect(whole('(?i)(?a:k)', flags)).toEqual(['k', 'K']);
      expect(whole('(?a:(?i:k))', flags)).toEqual(['k', 'K']);
      expect(whole('(?i:(?a:k))', flags)).toEqual(['k', 'K']);
      expect(whole('(?i)(?a:[a-z])', flags)).toEqual(['k', 'K', 's', 'S']);
      expect(whole('(?i)(?a:[^a-z])', flags)).toEqual(['\u212a', 'ſ']);
      expect(whole('(?i)(?a:ſ)', flags)).toEqual(['ſ']);
      expect(whole('(?ai:k)', flags)).toEqual(['k', 'K']);
      // Outside the ASCII scope the Unicode folding holds, in the same pattern.
      expect(whole('(?i)(?a:s)|k', flags)).toEqual(['k', 'K', '\u212a', 's', 'S']);
    }
    expect(whole('(?a)(?i:k)')).toEqual(['k', 'K']);
    expect(whole('(?ai)k')).toEqual(['k', 'K']);
  });

  it('refuses what it cannot translate, with the position', () => {
    const error = errorOf(String.raw`(?i)(?a:(k)\1)`);
    expect(error.message).toMatch(/backreference under the ASCII flag/);
    expect(error.position).toBe(11);
    expect(errorOf('(?a)(?i:k)', { flags: 'msu', dialect: 're' }).message).toMatch(
      /ASCII and UNICODE flags are incompatible/,
    );
  });

  it('refuses ASCII with UNICODE among the global flags in either dialect, as Python 3.11 and regex do', () => {
    for (const dialect of ['re', 'regex'] as const) {
      for (const [pattern, flags] of [
        ['(?u)x', 'a'],
        ['(?a)x', 'u'],
        ['(?a)(?u)x', ''],
        ['(?u)(?a)x', ''],
        ['x', 'au'],
      ]) {
        expect(errorOf(pattern!, { flags, dialect }).message).toMatch(
          /ASCII and UNICODE flags are incompatible/,
        );
      }
      // A scoped (?u:...) is no global flag, and (?u) alone is the default: Python accepts both.
      expect(findall('(?u:x)', 'x', { flags: 'a', dialect })).toEqual(['x']);
      expect(findall('(?u)x', 'x', { dialect })).toEqual(['x']);
    }
  });
});
