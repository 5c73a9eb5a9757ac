import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FUZZ_RUNS, hostileText } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getText, HtmlParseError } from './index.js';

// The reference itself, when this machine has it: Debian's python3-bs4 under the system Python.
const PYTHON = '/usr/bin/python3';
const REFERENCE = fileURLToPath(new URL('../scripts/bs4_text.py', import.meta.url));
const hasBs4 =
  existsSync(PYTHON) && spawnSync(PYTHON, ['-c', 'import bs4'], { stdio: 'ignore' }).status === 0;
// html.parser's corners, and the markup htmlparser2's tokenizer reads differently.
const pieces: string[] = [
  ...JSON.parse(readFileSync(new URL('../fixtures/random-html-pieces.json', import.meta.url), 'utf8')),
  ...JSON.parse(readFileSync(new URL('../fixtures/tokenizer-differences.json', import.meta.url), 'utf8'))
    .pieces,
];

interface Case {
  html: string;
  separator?: string;
  strip?: boolean;
}

/** bs4's answers for all cases in one Python run: the text, or 'error' where bs4 raises. */
function bs4Texts(cases: Case[]): string[] {
  const input = cases.map((c) => JSON.stringify(c)).join('\n');
  const result = spawnSync(PYTHON, [REFERENCE], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`bs4 reference failed: ${result.stderr}`);
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => {
      const answer = JSON.parse(line) as { text?: string; error?: string };
      return answer.text ?? 'error';
    });
}

function ours(c: Case): string {
  try {
    return getText(c.html, { separator: c.separator ?? '', strip: c.strip ?? false });
  } catch (error) {
    if (error instanceof HtmlParseError) return 'error';
    throw error;
  }
}

describe.skipIf(!hasBs4)('getText against the installed bs4 (fast-check)', () => {
  it('matches BeautifulSoup(html, "html.parser").get_text() on random HTML-ish strings', () => {
    const html = fc.oneof(
      fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join('')),
      hostileText({ pieces, runs: [' ', '<', '&', '\n'], runLength: 50 }),
    );
    const cases = fc.sample(
      fc.record({ html, separator: fc.constantFrom('', '|', '\n'), strip: fc.boolean() }),
      { numRuns: Math.max(FUZZ_RUNS * 10, 400), seed: 16 },
    );
    const expected = bs4Texts(cases);
    const mismatches = cases.filter((c, index) => ours(c) !== expected[index]);
    expect(mismatches.slice(0, 3)).toEqual([]);
  });
});
