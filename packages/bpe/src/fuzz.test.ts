import { findLoneSurrogate, Utf8Error } from '@tokenlab/core';
import { FUZZ_RUNS, FUZZ_TIMEOUT, hostileText as hostileTextOf } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BasicTokenizer } from './basic.js';
import type { BpeTokenizer } from './bpe-tokenizer.js';
import { loadModel, ModelFileError, modelFileText, vocabFileText } from './model-file.js';
import { RegexTokenizer } from './regex-tokenizer.js';

const RUNS = FUZZ_RUNS;
const TIMEOUT = FUZZ_TIMEOUT;

const hostileText = hostileTextOf({
  pieces: ['\udc00', '\r\n', 'hello world. '],
  runs: [' ', '😀', 'a', '\u{20000}'],
});

const TRAINING = 'Hello, world! 42 مرحبا بالعالم 😀😀 hello hello world world. '.repeat(20);

function trained(tokenizer: BpeTokenizer): BpeTokenizer {
  tokenizer.train(TRAINING, 300);
  return tokenizer;
}

const tokenizers: [string, BpeTokenizer][] = [
  ['basic', trained(new BasicTokenizer())],
  ['gpt4', trained(new RegexTokenizer('gpt4'))],
  ['gpt2', trained(new RegexTokenizer('gpt2'))],
  ['custom', trained(new RegexTokenizer(String.raw`\w+|[^\w ]+| `))],
];

describe('fuzz: BPE tokenizers on hostile Unicode', () => {
  it.each(tokenizers)(
    '%s: encode then decode gives the text back, or a Utf8Error names the lone surrogate',
    (_, tokenizer) => {
      fc.assert(
        fc.property(hostileText, (text) => {
          let ids: number[];
          try {
            ids = tokenizer.encode(text);
          } catch (error) {
            expect(error).toBeInstanceOf(Utf8Error);
            expect(findLoneSurrogate(text)).toBeGreaterThanOrEqual(0);
            return;
          }
          expect(tokenizer.decode(ids)).toBe(text);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it.each(tokenizers)(
    '%s: decoding any ids gives text or a RangeError naming the id and position',
    (_, tokenizer) => {
      fc.assert(
        fc.property(fc.array(fc.integer({ min: -5, max: 400 }), { maxLength: 30 }), (ids) => {
          try {
            expect(typeof tokenizer.decode(ids)).toBe('string');
          } catch (error) {
            expect(error).toBeInstanceOf(RangeError);
            expect((error as Error).message).toMatch(/invalid token id -?\d+ at position \d+/);
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

/** `.model` text: a mostly valid file with lines replaced, added or cut at random. */
const modelText = fc
  .tuple(
    fc.constantFrom(...tokenizers.map(([, tokenizer]) => modelFileText(tokenizer))),
    fc.array(
      fc.tuple(
        fc.nat(60),
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 12 }),
          fc.constantFrom(
            '97 97',
            '256 0',
            '4294967296 1',
            '-1 3',
            '<|x|> 99999999',
            '<|x|> 300',
            '2',
            '',
            '(?<=a+)b[',
          ),
        ),
      ),
      { maxLength: 4 },
    ),
    fc.nat(3000),
  )
  .map(([text, edits, cut]) => {
    const lines = text.split('\n');
    for (const [at, line] of edits) lines.splice(at % (lines.length + 1), at % 2, line);
    return lines.join('\n').slice(0, text.length - (cut % 40));
  });

describe('fuzz: the .model loader', () => {
  it(
    'loads a tokenizer or throws a ModelFileError naming the file and line',
    () => {
      fc.assert(
        fc.property(fc.oneof(modelText, fc.string({ unit: 'binary', maxLength: 200 })), (text) => {
          try {
            const tokenizer = loadModel(text, 'fuzz.model');
            const sample = 'hello 😀';
            const ids = tokenizer.encode(sample, { allowedSpecial: 'none' });
            // A pattern may drop text; findDropped says so, and then only that text is missing.
            const dropped = tokenizer instanceof RegexTokenizer ? tokenizer.findDropped(sample) : null;
            if (dropped === null) expect(tokenizer.decode(ids)).toBe(sample);
            vocabFileText(tokenizer);
          } catch (error) {
            expect(error).toBeInstanceOf(ModelFileError);
            expect((error as Error).message).toMatch(/^fuzz\.model:\d+: /);
          }
        }),
        { numRuns: RUNS * 5 },
      );
    },
    TIMEOUT,
  );
});
