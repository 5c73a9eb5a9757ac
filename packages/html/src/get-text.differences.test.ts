import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getText } from './index.js';

// Markup that htmlparser2's tokenizer reads differently from Python's html.parser, grouped by the
// difference, each with what BeautifulSoup(html, 'html.parser').get_text() gave for it (bs4 4.11.2),
// written by scripts/tokenizer_differences.py. getText re-reads these spans with html.parser's rules.
interface Difference {
  difference: string;
  html: string;
  text: string;
}
const { cases } = JSON.parse(
  readFileSync(new URL('../fixtures/tokenizer-differences.json', import.meta.url), 'utf8'),
) as { cases: Difference[] };
const groups = new Map<string, Difference[]>();
for (const c of cases) groups.set(c.difference, [...(groups.get(c.difference) ?? []), c]);

describe('getText where htmlparser2 and html.parser read markup differently', () => {
  it('has every group of differences', () => {
    expect(groups.size).toBeGreaterThanOrEqual(9);
    expect(cases.length).toBeGreaterThanOrEqual(70);
  });

  it.each([...groups.keys()])('%s', (difference) => {
    const group = groups.get(difference) ?? [];
    expect(group.map((c) => ({ html: c.html, text: getText(c.html) }))).toEqual(
      group.map((c) => ({ html: c.html, text: c.text })),
    );
  });
});
