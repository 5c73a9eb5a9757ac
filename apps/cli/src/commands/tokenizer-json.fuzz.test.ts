import { huggingFaceExport, RegexTokenizer } from '@tokenlab/bpe';
import { FUZZ_RUNS, FUZZ_TIMEOUT, hostileText } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonProblem } from './json-problem.js';
import { TokenizerJsonError, tokenizerFromJson } from './tokenizer-json.js';

const FILE = 'fuzz/tokenizer.json';

/** A small byte-level BPE tokenizer (GPT-4 split, 40 merges, one special token) and its `tokenizer.json`. */
const ORIGINAL = new RegexTokenizer('gpt4');
ORIGINAL.train('the cat sat on the mat; the hat, the bat. لا لا لا ', 256 + 40);
ORIGINAL.registerSpecialTokens({ '<|end|>': 1000 });
const VALID = huggingFaceExport(ORIGINAL);

/** Loads `text` or throws a TokenizerJsonError naming the file and a place; anything else fails the property. */
function loadOrNamedError(text: string): RegexTokenizer | TokenizerJsonError {
  try {
    return tokenizerFromJson(text, FILE);
  } catch (error) {
    expect(error).toBeInstanceOf(TokenizerJsonError);
    const { message, place } = error as TokenizerJsonError;
    expect(message.startsWith(`${FILE}: ${place}: `)).toBe(true);
    expect(place).toMatch(/^(line \d+, column \d+|\(top level\)|[a-z_]+(\.|\[|$))/);
    expect(message.length).toBeLessThan(400);
    return error as TokenizerJsonError;
  }
}

/** The value at `path` in `root` replaced by `value` (a deep copy; missing steps are created). */
function setAt(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) {
    if (typeof node[step] !== 'object' || node[step] === null) node[step] = {};
    node = node[step] as typeof node;
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

const model = VALID.model as { vocab: Record<string, number>; merges: unknown[] };
const tokens = Object.keys(model.vocab);

/** Values of the wrong type, and numbers no vocabulary has. */
const oddValue = fc.oneof(
  fc.constantFrom(null, true, 'x', '', [], {}, -1, 1.5, 2 ** 21, 2 ** 32, 1e300, -0, 'BPE', 'a b c'),
  fc.integer(),
  fc.string({ unit: 'binary', maxLength: 5 }),
  fc.constant('x'.repeat(200_000)),
);

/** A place a mutation may land: top-level keys, the model's fields, one vocab entry, one merge, one added token. */
const place = fc.oneof(
  fc.constantFrom<(string | number)[]>(
    ['model'],
    ['model', 'vocab'],
    ['model', 'merges'],
    ['model', 'type'],
    ['pre_tokenizer'],
    ['pre_tokenizer', 'type'],
    ['pre_tokenizer', 'pretokenizers'],
    ['pre_tokenizer', 'pretokenizers', 0],
    ['pre_tokenizer', 'pretokenizers', 0, 'pattern', 'Regex'],
    ['normalizer'],
    ['added_tokens'],
    ['added_tokens', 0],
    ['added_tokens', 0, 'id'],
    ['added_tokens', 0, 'content'],
    ['__proto__'],
  ),
  fc.constantFrom(...tokens).map((token) => ['model', 'vocab', token]),
  fc.nat(model.merges.length - 1).map((i) => ['model', 'merges', i]),
  fc.nat(model.merges.length - 1).map((i) => ['model', 'merges', i, 0]),
);

/** Targeted faults: shared ids, merges naming unknown tokens, huge or negative ids, prototype keys. */
const fault = fc.oneof(
  fc.tuple(fc.constantFrom(...tokens), fc.constantFrom(...tokens)).map(([a, b]) => {
    const copy = structuredClone(VALID) as typeof VALID & { model: typeof model };
    copy.model.vocab[a] = model.vocab[b]!;
    return copy;
  }),
  fc
    .tuple(
      fc.nat(model.merges.length - 1),
      fc.constantFrom('__proto__', 'constructor', 'zz', '', 'Ġ', 'toString'),
    )
    .map(([i, token]) => setAt(VALID, ['model', 'merges', i], [token, 'Ġ'])),
  fc
    .tuple(fc.constantFrom(...tokens), fc.constantFrom(-1, 2 ** 21, 2 ** 31, 2 ** 53, 4294967295))
    .map(([token, id]) => setAt(VALID, ['model', 'vocab', token], id)),
  fc
    .constantFrom('__proto__', 'constructor', 'hasOwnProperty')
    .map((key) => setAt(VALID, ['model', 'vocab', key], 5)),
);

/** Mutated valid files: wrong types and odd numbers anywhere the structure has a place. */
const mutated = fc.oneof(
  fc.tuple(place, oddValue).map(([path, value]) => JSON.stringify(setAt(VALID, path, value))),
  fault.map((json) => JSON.stringify(json)),
);

/** The valid file as text with a slice cut out, repeated or replaced: syntax errors, duplicate keys. */
const VALID_TEXT = JSON.stringify(VALID, null, 1);
const spliced = fc
  .tuple(
    fc.nat(VALID_TEXT.length),
    fc.nat(40),
    fc.oneof(fc.constant(''), fc.string({ unit: 'binary', maxLength: 4 })),
  )
  .map(([at, length, insert]) => VALID_TEXT.slice(0, at) + insert + VALID_TEXT.slice(at + length));

describe('fuzz: the tokenizer.json loader', () => {
  it('the valid file loads and encodes as the tokenizer it came from', () => {
    const loaded = loadOrNamedError(JSON.stringify(VALID));
    expect(loaded).toBeInstanceOf(RegexTokenizer);
    const text = 'the cat<|end|> لا';
    expect((loaded as RegexTokenizer).encode(text, { allowedSpecial: 'all' })).toEqual(
      ORIGINAL.encode(text, { allowedSpecial: 'all' }),
    );
  });

  it(
    'random bytes and random Unicode: a named error, never a crash',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
            hostileText({ runs: ['{', '[', '"', '\\'], runLength: 5000 }),
          ),
          (text) => {
            expect(loadOrNamedError(text)).toBeInstanceOf(TokenizerJsonError);
          },
        ),
        { numRuns: FUZZ_RUNS * 2 },
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'random JSON values: loaded or a named error',
    () => {
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
          loadOrNamedError(JSON.stringify(value));
        }),
        { numRuns: FUZZ_RUNS * 2 },
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'mutated valid files (wrong types, huge or negative ids, shared ids, unknown merge parts, enormous strings): loaded or a named error',
    () => {
      fc.assert(
        fc.property(mutated, (text) => {
          const result = loadOrNamedError(text);
          if (result instanceof RegexTokenizer)
            expect(result.decode(result.encode('the hat'))).toBe('the hat');
        }),
        { numRuns: FUZZ_RUNS * 5 },
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'spliced text (syntax errors, keys written twice): loaded or an error naming the line and column',
    () => {
      fc.assert(
        fc.property(spliced, (text) => {
          const result = loadOrNamedError(text);
          let parses = true;
          try {
            JSON.parse(text);
          } catch {
            parses = false;
          }
          if (!parses) {
            expect(result).toBeInstanceOf(TokenizerJsonError);
            expect((result as TokenizerJsonError).place).toMatch(/^line \d+, column \d+$/);
          }
        }),
        { numRuns: FUZZ_RUNS * 5 },
      );
    },
    FUZZ_TIMEOUT,
  );
});

describe('the tokenizer.json loader on the faults the fuzzing found', () => {
  const load = (json: unknown) => loadOrNamedError(JSON.stringify(json));

  it('names the JSON path of a wrong type', () => {
    expect(load(setAt(VALID, ['model', 'merges'], 'a b'))).toMatchObject({ place: 'model.merges' });
    expect(load(setAt(VALID, ['model', 'merges', 3], 7))).toMatchObject({ place: 'model.merges[3]' });
    expect(load(setAt(VALID, ['model', 'vocab'], []))).toMatchObject({ place: 'model.vocab' });
    expect(load(setAt(VALID, ['added_tokens', 0, 'content'], 5))).toMatchObject({
      place: 'added_tokens[0].content',
    });
  });

  it('an empty added token is named at its content, not under pre_tokenizer', () => {
    const json = structuredClone(VALID) as { added_tokens: unknown[] };
    json.added_tokens.push({ id: 1001, content: '', special: true });
    expect(load(json)).toMatchObject({
      place: 'added_tokens[1].content',
      message: `${FILE}: added_tokens[1].content: a special token cannot be the empty string`,
    });
  });

  it('refuses negative, fractional and huge ids where they stand', () => {
    for (const id of [-1, 1.5, 2 ** 21, 2 ** 32, 1e300])
      expect((load(setAt(VALID, ['model', 'vocab', '!'], id)) as TokenizerJsonError).message).toBe(
        `${FILE}: model.vocab["!"]: expected a token id (an integer from 0 to ${2 ** 21 - 1}), got ${JSON.stringify(id)}`,
      );
  });

  it('refuses two tokens sharing one id', () => {
    const result = load(setAt(VALID, ['model', 'vocab', 'zz'], model.vocab['!']));
    expect(result).toMatchObject({ place: 'model.vocab.zz' });
    expect((result as Error).message).toContain('is already the id of "!"');
  });

  it('a merge naming a token the vocabulary lacks, even one named like an Object property', () => {
    for (const token of ['__proto__', 'constructor', 'toString'])
      expect((load(setAt(VALID, ['model', 'merges', 0], [token, 'Ġ'])) as Error).message).toBe(
        `${FILE}: model.merges[0]: names ${JSON.stringify(token)}, which the vocabulary lacks`,
      );
  });

  it('a key written twice (JSON.parse would keep the last silently) names both lines', () => {
    const text = '{"model": {"type": "BPE",\n "vocab": {"a": 1,\n "a": 2}}}';
    expect(loadOrNamedError(text)).toMatchObject({
      place: 'line 3, column 2',
      message: `${FILE}: line 3, column 2: key "a" appears twice (first at line 2)`,
    });
  });

  it('an enormous string is cut in the message', () => {
    const result = load(setAt(VALID, ['model', 'merges', 0], 'x'.repeat(1_000_000)));
    expect((result as Error).message.length).toBeLessThan(200);
  });

  it('deep nesting and huge literals are found without recursion', () => {
    expect(findJsonProblem('['.repeat(1_000_000))).toMatchObject({ line: 1, column: 1_000_001 });
    expect(findJsonProblem(`"${'x'.repeat(5_000_000)}`)).toMatchObject({ column: 5_000_002 });
    expect(findJsonProblem(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBeNull();
  });
});
