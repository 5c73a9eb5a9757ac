import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { hasShared, repoRoot, sharedPath } from './paths.js';

/**
 * Files of `../shared` the repository holds verbatim (packages/corpora ships them; its tests pin
 * their sha256 to the reference copies), so tests reading them run in a plain clone.
 */
const IN_REPOSITORY: Record<string, string> = {
  'corpora/en/taylorswift.txt': 'packages/corpora/data/en/taylorswift.txt',
  'corpora/en/tinyshakespeare.txt': 'packages/corpora/data/en/tinyshakespeare.txt',
  'corpora/ar/quran-uthmani.txt': 'packages/corpora/data/ar/quran-uthmani.txt',
  'corpora/ar/msa/farasa-wikinews.diacritized.txt':
    'packages/corpora/data/ar/farasa-wikinews.diacritized.txt',
  'corpora/ar/msa/farasa-wikinews.undiacritized.txt':
    'packages/corpora/data/ar/farasa-wikinews.undiacritized.txt',
  'corpora/ar/msa/farasa-README.md': 'packages/corpora/data/ar/farasa-README.md',
  'corpora/nltk/udhr/english.udhr.txt': 'packages/corpora/data/en/udhr-english.txt',
  'corpora/nltk/udhr/arabic.udhr.txt': 'packages/corpora/data/ar/udhr-arabic.txt',
};

/** Where the repository keeps a verbatim copy of a `../shared` file, if it does. */
export function repositoryCopyOf(...parts: string[]): string | undefined {
  const relative = IN_REPOSITORY[join(...parts)];
  return relative === undefined ? undefined : join(repoRoot, relative);
}

/**
 * A text file of `../shared` as UTF-8: from the repository's verbatim copy when it has one,
 * otherwise from `../shared`, which only checks wrapped in {@link describeNeedsShared} may rely on.
 */
export function readSharedText(...parts: string[]): string {
  const copy = repositoryCopyOf(...parts);
  if (copy !== undefined) return readFileSync(copy, 'utf8');
  if (!hasShared)
    throw new Error(
      `${join(...parts)} is not in the repository and ../shared is absent. Use a fixture ` +
        '(fixtures/README.md), or wrap the check in describeNeedsShared() from @tokenlab/test-support.',
    );
  return readFileSync(sharedPath(...parts), 'utf8');
}

/** The title a check that needs `../shared` runs under, so that a skip is visible in every report. */
export function needsSharedTitle(title: string): string {
  return `${title} [needs ../shared${hasShared ? '' : ': absent, skipped'}]`;
}

/**
 * A `describe` for checks that need the large corpora of `../shared` (benchmark-sized parity
 * checks). Without the folder they are reported as skipped under a title saying so, never passed.
 */
export function describeNeedsShared(title: string, body: () => void): void {
  if (hasShared) {
    describe(needsSharedTitle(title), body);
    return;
  }
  // The body is not even collected: it would read files that are not there.
  console.warn(`skipped, needs ../shared: ${title}`);
  describe.skip(needsSharedTitle(title), () => {
    it.skip('runs where ../shared is present', () => {});
  });
}
