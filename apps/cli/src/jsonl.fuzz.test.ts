import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCapture } from './testing.js';

/** One JSONL input line: JSON strings (lone surrogates, NUL, specials), id arrays with huge numbers, and junk. */
const line = fc.oneof(
  fc.string({ unit: 'binary' }).map((text) => JSON.stringify(text)),
  fc.constantFrom('"\\ud800"', '"a\\udc00b"', '"\\u0000"', '"<|endoftext|>"', '"\\ufeff"', '""'),
  fc
    .array(fc.oneof(fc.nat(300_000), fc.constantFrom(1e20, 2 ** 53, -1, 1.5)), { maxLength: 6 })
    .map((ids) => JSON.stringify(ids)),
  fc.constantFrom('99999999999999999999999999', '[1e400]', 'null', '{}', '[', 'nan', '"\\x"'),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

const COMMANDS = [
  ['encode', '-e', 'cl100k_base', '--jsonl'],
  ['encode', '-e', 'gpt2', '--jsonl', '--count'],
  ['decode', '-e', 'cl100k_base', '--jsonl'],
  ['tokenize', '-t', 'utf8,arabic', '--jsonl'],
];

describe('the JSONL modes on random input', () => {
  it('never crash: every line gives one output line, or the run stops at a line it names', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...COMMANDS),
        fc.array(line, { minLength: 1, maxLength: 8 }),
        async (argv, lines) => {
          const run = await runCapture(argv, `${lines.join('\n')}\n`);
          expect([0, 1, 2]).toContain(run.code);
          // Warnings name their line (a lone surrogate encoded as U+FFFD, ids that decode to bytes that
          // are not UTF-8); anything else on stderr is the one error that stops the run.
          const stderr = run.stderr.split('\n').filter((text) => text !== '');
          const warnings = stderr.filter((text) => text.includes(': warning: '));
          for (const warning of warnings) expect(warning).toMatch(/^tokenlab \w+: warning: stdin line \d+: /);
          const errors = stderr.filter((text) => !text.includes(': warning: ')).join('\n');
          if (run.code === 0) {
            expect(errors).toBe('');
            for (const output of run.stdout.trim().split('\n').filter(Boolean))
              expect(() => JSON.parse(output)).not.toThrow();
            const records = lines
              .join('\n')
              .split('\n')
              .filter((text) => text.trim() !== '').length;
            const outputs = run.stdout.split('\n').length - 1;
            expect(outputs).toBe(argv[2] === 'utf8,arabic' ? 2 * records : records);
            return;
          }
          // One line of error naming the line, no stack trace.
          expect(errors).toMatch(/^tokenlab \w+: stdin line (\d+): /);
          expect(errors.split('\n')).toHaveLength(1);
          const lineNumber = Number(/stdin line (\d+)/.exec(errors)![1]);
          expect(lineNumber).toBeGreaterThanOrEqual(1);
          expect(lineNumber).toBeLessThanOrEqual(lines.join('\n').split('\n').length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
