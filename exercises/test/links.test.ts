// Every relative link of the guides and exercise pages points at a file that exists, and every
// #anchor at a heading of that file (GitHub's slugs), so that moving or renaming breaks the tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const docsDir = join(repoRoot, 'docs');
const pages = [
  ...readdirSync(docsDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(docsDir, f)),
  ...readdirSync(join(docsDir, 'exercises')).map((f) => join(docsDir, 'exercises', f)),
  join(repoRoot, 'exercises', 'README.md'),
];

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return new Set([...withoutCode.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]!)));
}

function links(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
}

describe('links in the guides and exercise pages', () => {
  it('computes GitHub anchors', () => {
    expect(slug("Why Python's `\\w` splits Arabic")).toBe('why-pythons-w-splits-arabic');
    expect(slug('Vectors: counts and TF-IDF')).toBe('vectors-counts-and-tf-idf');
  });

  it.each(pages.map((page) => [relative(repoRoot, page), page]))(
    '%s: every relative link resolves',
    (_, page) => {
      for (const link of links(readFileSync(page, 'utf8'))) {
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? page : resolve(dirname(page), path);
        expect(existsSync(target), `${link}: no such file`).toBe(true);
        if (anchor !== undefined && target.endsWith('.md')) {
          expect(
            anchors(readFileSync(target, 'utf8')).has(anchor),
            `${link}: no heading for #${anchor}`,
          ).toBe(true);
        }
      }
    },
  );
});
