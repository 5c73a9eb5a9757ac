// Runs every ```ts example of every guide in docs/ and checks the results the guides state,
// so that the guides cannot drift from the code (conventions in guide-code.ts).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractCodeBlocks, guideModule } from './guide-code.js';

const here = dirname(fileURLToPath(import.meta.url));
const docsDir = join(here, '..', '..', 'docs');
const outDir = join(here, '..', '.guides');

/** The guides the course promises; each must exist and run. */
const GUIDES = [
  'getting-started.md',
  'classic-tokenizers.md',
  'statistics.md',
  'bpe-from-scratch.md',
  'matching-tiktoken.md',
  'arabic.md',
  'reading-the-comparison-report.md',
  'web-text.md',
  'word-vectors.md',
];

const guides = readdirSync(docsDir)
  .filter((f) => f.endsWith('.md'))
  .sort();

describe('the guide conventions', () => {
  it('extract ts blocks with their line numbers', () => {
    const blocks = extractCodeBlocks(
      '# t\n\n```ts\nconst a = 1;\n```\n\n```sh\nls\n```\n  ```ts\n  a;\n  ```\n',
    );
    expect(blocks).toEqual([
      { line: 4, code: 'const a = 1;' },
      { line: 11, code: 'a;' },
    ]);
  });

  it('turn stated results into checks', () => {
    const { source, checks } = guideModule(
      'g.md',
      [{ line: 1, code: "const x = f(); // → [1]\nf(2); // ≈ 0.5\nf('x'); // throws: bad\nplain();" }],
      './checks.js',
    );
    expect(checks).toBe(3);
    expect(source).toContain('const x = f();\n__equal(x, [1], "g.md:1");');
    expect(source).toContain('__approx((f(2)), "0.5", "g.md:2");');
    expect(source).toContain('await __throws(async () => { f(\'x\'); }, "bad", "g.md:3");');
    expect(source).toContain('\nplain();');
  });

  it('check statements a formatter wrapped over several lines', () => {
    const code = "const a = 1;\nlist('en')\n  .map((c) => c.id)\n  .includes('x'); // → true";
    const { source } = guideModule('g.md', [{ line: 10, code }], './checks.js');
    expect(source).toContain(
      "const a = 1;\n__equal((list('en') .map((c) => c.id) .includes('x')), true, \"g.md:13\");",
    );
  });
});

describe('the guides', () => {
  it.each(GUIDES)('%s exists', (guide) => {
    expect(guides, `docs/${guide} is missing`).toContain(guide);
  });

  it.each(guides)('%s: every example runs and gives the stated results', async (guide) => {
    const markdown = readFileSync(join(docsDir, guide), 'utf8');
    const blocks = extractCodeBlocks(markdown);
    const { source, checks } = guideModule(`docs/${guide}`, blocks, '../test/guide-checks.js');
    if (GUIDES.includes(guide)) {
      expect(checks, `docs/${guide} states no results (use // → value)`).toBeGreaterThan(0);
    }
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, guide.replace(/\.md$/, '.ts'));
    writeFileSync(file, source);
    await import(/* @vite-ignore */ `${pathToFileURL(file).href}?t=${Date.now()}`);
  });
});
