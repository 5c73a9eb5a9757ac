import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getText, HtmlParseError } from './index.js';

interface Case {
  html: string;
  separator?: string;
  strip?: boolean;
  text?: string;
  error?: string;
}

const randomCases: Case[] = JSON.parse(
  readFileSync(new URL('../fixtures/random-html.json', import.meta.url), 'utf8'),
);

function run(c: Case): { text?: string; error?: string } {
  try {
    const options = {
      ...(c.separator === undefined ? {} : { separator: c.separator }),
      strip: c.strip ?? false,
    };
    return { text: getText(c.html, options) };
  } catch (error) {
    if (error instanceof HtmlParseError) return { error: 'AssertionError' };
    throw error;
  }
}

describe('getText against bs4 on random HTML-ish strings', () => {
  it('gives bs4 4.11.2 html.parser get_text output for every committed case', () => {
    expect(randomCases.length).toBeGreaterThanOrEqual(300);
    const mismatches = randomCases
      .map((c) => ({ c, got: run(c) }))
      .filter(({ c, got }) => got.text !== c.text || got.error !== c.error?.split(':')[0]);
    expect(mismatches.length).toBe(0);
    expect(
      mismatches
        .slice(0, 5)
        .map(({ c, got }) => ({ html: c.html, want: c.text ?? c.error, got: got.text ?? got.error })),
    ).toEqual([]);
  });
});
