import { RegexTokenizer, SplitPattern } from '@tokenlab/bpe';
import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { testingSolution } from '../implementation.js';

// A variable, not a literal: the repository's type check never reads the file a learner edits.
const starter = './starter.js';
const { encodeWithSpecial, GPT2_PATTERN, GPT4_PATTERN, splitChunks, splitOnSpecial } = testingSolution
  ? await import('./solution.js')
  : ((await import(starter)) as typeof import('./solution.js'));

const textCases = readGolden<{ input: string }>('inputs_text_cases').map((row) => row.input);

describe('step 1: the GPT-2 split pattern', () => {
  it("cuts the seed's English sentence", () => {
    const text = "Hello World123 how areeee          you? I'm Muhammad. HoW'S everything?!!! !!     ";
    expect(splitChunks(text, GPT2_PATTERN), "the seed's re.findall(gpt2_pattern, ...)").toEqual([
      'Hello',
      ' World',
      '123',
      ' how',
      ' areeee',
      '         ',
      ' you',
      '?',
      ' I',
      "'m",
      ' Muhammad',
      '.',
      ' HoW',
      "'",
      'S',
      ' everything',
      '?!!!',
      ' !!',
      '     ',
    ]);
  });

  it("cuts the seed's Arabic sentence", () => {
    const text =
      "السلام عليكم ورحمة الله100 وبركاته               كيف حااااااالكم؟ أنا' محمد. كله تمام؟!!!! !!    ";
    expect(
      splitChunks(text, GPT2_PATTERN),
      'Arabic words keep their leading space; ؟ is punctuation',
    ).toEqual([
      'السلام',
      ' عليكم',
      ' ورحمة',
      ' الله',
      '100',
      ' وبركاته',
      '              ',
      ' كيف',
      ' حااااااالكم',
      '؟',
      ' أنا',
      "'",
      ' محمد',
      '.',
      ' كله',
      ' تمام',
      '؟!!!!',
      ' !!',
      '    ',
    ]);
  });

  it('splits exactly like the reference on 292 English and Arabic texts', () => {
    const reference = SplitPattern.from('gpt2');
    for (const text of textCases) {
      expect(splitChunks(text, GPT2_PATTERN), `GPT-2 chunks of ${JSON.stringify(text.slice(0, 50))}`).toEqual(
        reference.split(text),
      );
    }
  });
});

describe('step 2: the GPT-4 split pattern', () => {
  it('groups digits by three and keeps contractions of any case', () => {
    expect(
      splitChunks('Hello World123456', GPT4_PATTERN),
      'numbers split into groups of at most 3 digits',
    ).toEqual(['Hello', ' World', '123', '456']);
    expect(splitChunks("HoW'S", GPT4_PATTERN), "(?i:...) makes 'S a contraction too").toEqual(['HoW', "'S"]);
  });

  it('merges runs of spaces and newlines', () => {
    expect(splitChunks('a\n\n  b', GPT4_PATTERN), '\\s*[\\r\\n] then \\s+(?!\\S)').toEqual([
      'a',
      '\n\n',
      ' ',
      ' b',
    ]);
  });

  it('treats U+0085 as whitespace, as Python and Rust do', () => {
    // tiktoken's own test vector: " \x850" is [220, 126, 227, 15] in cl100k, chunks ' ', '\x85', '0'.
    expect(
      splitChunks(' \u00850', GPT4_PATTERN),
      "JavaScript's \\s lacks U+0085: spell the class out",
    ).toEqual([' ', '\u0085', '0']);
  });

  it('splits exactly like the reference on 292 English and Arabic texts', () => {
    const reference = SplitPattern.from('gpt4');
    for (const text of textCases) {
      expect(splitChunks(text, GPT4_PATTERN), `GPT-4 chunks of ${JSON.stringify(text.slice(0, 50))}`).toEqual(
        reference.split(text),
      );
    }
  });
});

describe('step 3: splitting on special tokens', () => {
  it('keeps the special tokens between the pieces', () => {
    expect(splitOnSpecial('Hello<|endoftext|>World', ['<|endoftext|>']), 'text, special, text').toEqual([
      'Hello',
      '<|endoftext|>',
      'World',
    ]);
    expect(
      splitOnSpecial('<|endoftext|>', ['<|endoftext|>']),
      'empty text around a lone special token',
    ).toEqual(['', '<|endoftext|>', '']);
  });

  it('escapes the | characters of the markers', () => {
    expect(splitOnSpecial('a|b<|x|>c', ['<|x|>']), 'a | outside a marker is ordinary text').toEqual([
      'a|b',
      '<|x|>',
      'c',
    ]);
  });

  it('leaves partial markers alone', () => {
    expect(splitOnSpecial('partial <|endoftext| here', ['<|endoftext|>']), 'no match, one piece').toEqual([
      'partial <|endoftext| here',
    ]);
  });
});

describe("step 4: encoding with special tokens, minbpe's rules", () => {
  const rows = readGolden<{
    tokenizer: string;
    vocab_size: number;
    special_tokens?: Record<string, number>;
    expected: {
      merges: [number, number, number][];
      special?: { input: string; encode_allowed_all: number[]; encode_allowed_none: number[] }[];
    };
  }>('minbpe').filter((row) => row.expected?.special);
  const row = rows[0]!;
  const tokenizer = RegexTokenizer.fromMerges(row.expected.merges, { pattern: 'gpt4' });
  const specials = new Map(Object.entries(row.special_tokens!));
  const ordinary = (text: string) => tokenizer.encodeOrdinary(text);

  it("gives minbpe's ids with allowed_special='all'", () => {
    for (const special of row.expected.special!) {
      expect(
        encodeWithSpecial(special.input, specials, 'all', ordinary),
        `encode(${JSON.stringify(special.input)}, "all")`,
      ).toEqual(special.encode_allowed_all);
    }
  });

  it("gives minbpe's ids with allowed_special='none'", () => {
    for (const special of row.expected.special!) {
      expect(
        encodeWithSpecial(special.input, specials, 'none', ordinary),
        `encode(${JSON.stringify(special.input)}, "none")`,
      ).toEqual(special.encode_allowed_none);
    }
  });

  it("refuses special tokens under 'none_raise', and names them", () => {
    expect(
      () => encodeWithSpecial('a<|endoftext|>', specials, 'none_raise', ordinary),
      'none_raise must throw',
    ).toThrow(/<\|endoftext\|>/);
    expect(
      encodeWithSpecial('plain text', specials, 'none_raise', ordinary),
      'plain text encodes normally',
    ).toEqual(ordinary('plain text'));
  });

  it('emits only the tokens in an allowed set', () => {
    const text = 'x<|endoftext|>y<|fim_prefix|>z';
    const ids = encodeWithSpecial(text, specials, new Set(['<|fim_prefix|>']), ordinary);
    expect(ids.includes(100258), '<|fim_prefix|> is allowed: its id 100258 appears').toBe(true);
    expect(ids.includes(100257), '<|endoftext|> is not allowed: it is encoded as ordinary text').toBe(false);
  });
});
