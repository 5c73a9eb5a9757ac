import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  fixturePath,
  needsSharedTitle,
  readFixtureBytes,
  readGolden,
  readGoldenGzipJson,
  readGoldenText,
  readSharedText,
  repositoryCopyOf,
} from './index.js';

interface ManifestEntry {
  fixture: string;
  bytes: number;
  sha256: string;
  source_sha256: string;
  rows?: number;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const manifest = (folder: string) =>
  JSON.parse(readFileSync(fixturePath(folder, 'MANIFEST.json'), 'utf8')) as Record<string, ManifestEntry>;

describe('the committed fixtures', () => {
  const goldens = (manifest('golden') as unknown as { files: Record<string, ManifestEntry> }).files;
  const excerpts = manifest('corpora');

  it.each(Object.entries({ ...goldens, ...excerpts }))(
    '%s has the sha256 its manifest records',
    (_, entry) => {
      const bytes = readFixtureBytes(entry.fixture.replace(/\.br$/, ''));
      expect(bytes.length).toBe(entry.bytes);
      expect(sha256(bytes)).toBe(entry.sha256);
    },
  );

  it('are exactly the reference files: uncompressed, each golden has the sha256 of its source', () => {
    for (const [name, entry] of Object.entries(goldens))
      if (!name.endsWith('.gz')) expect(entry.sha256, name).toBe(entry.source_sha256);
  });

  it('has a manifest entry for every file, and no other', () => {
    const stored = (folder: string) =>
      readdirSync(fixturePath(folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.br'))
        .map((file) => `${folder}/${file}`)
        .sort();
    const listed = (entries: Record<string, ManifestEntry>) => Object.values(entries).map((e) => e.fixture);
    expect(stored('golden')).toEqual(listed(goldens).sort());
    expect(stored('corpora')).toEqual(listed(excerpts).sort());
  });

  it('reads goldens by their reference names', () => {
    const rows = readGolden<{ id: string }>('nltk_freqdist');
    expect(rows).toHaveLength(goldens['nltk_freqdist.jsonl']!.rows!);
    expect(rows[0]!.id).toMatch(/^pub-/);
    const ids = readGoldenGzipJson<Record<string, Record<string, number[]>>>('tiktoken_chunk_ids.json.gz');
    expect(Object.keys(ids)).toHaveLength(readGolden('tiktoken_chunks').length);
    expect(readGoldenText('external/gpt-tokenizer-TestPlans.txt')).toMatch(/^EncodingName: /m);
  });

  it('says where to look when a golden is unknown', () => {
    expect(() => readGolden('nltk_nosuch')).toThrow(
      /unknown golden 'nltk_nosuch': there is no fixtures\/golden\/nltk_nosuch\.jsonl\.br\. .*fixtures\/README\.md.*scripts\/fixtures\//,
    );
    expect(() => readGoldenGzipJson('nosuch.json.gz')).toThrow(/unknown golden 'nosuch.json.gz'/);
  });
});

describe('files of ../shared', () => {
  it('are read from the repository where it keeps a verbatim copy', () => {
    const copy = repositoryCopyOf('corpora', 'en', 'taylorswift.txt')!;
    expect(copy).toMatch(/packages\/corpora\/data\/en\/taylorswift\.txt$/);
    expect(sha256(readFileSync(copy))).toBe(
      'c2e39cb822d4ae0caac22152cefc306d466e31217a9c5524e493ad2b76792f57',
    );
    expect(readSharedText('corpora/en/taylorswift.txt')).toBe(readFileSync(copy, 'utf8'));
  });

  it('mark the checks that need the folder itself', () => {
    expect(needsSharedTitle('large corpora')).toMatch(/^large corpora \[needs \.\.\/shared/);
    expect(repositoryCopyOf('corpora', 'bench', 'gutenberg-100MB.en.txt.xz')).toBeUndefined();
  });
});
