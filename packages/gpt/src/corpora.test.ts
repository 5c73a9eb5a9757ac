import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describeNeedsShared, repoRoot, sharedPath } from '@tokenlab/test-support';
import { get_encoding } from 'tiktoken';
import { describe, expect, it } from 'vitest';
import { getEncoding } from './index.js';

/** Bytes read from each file: whole small files, the head of large ones (keeps the suite fast). */
const HEAD_BYTES = 120_000;
const CHUNK_CHARS = 60_000;

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'bench' ? [] : textFiles(path);
    return [path];
  });
}

function head(path: string): string {
  const bytes = path.endsWith('.xz')
    ? execFileSync('sh', ['-c', `xz -dc '${path}' | head -c ${HEAD_BYTES}`], { maxBuffer: 2 * HEAD_BYTES })
    : readFileSync(path).subarray(0, HEAD_BYTES);
  // Cut at the last newline so that no character is split.
  const cut = bytes.length === HEAD_BYTES ? bytes.lastIndexOf(0x0a) + 1 : bytes.length;
  return bytes.subarray(0, cut).toString('utf8');
}

function chunks(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + CHUNK_CHARS, text.length);
    if (end < text.length) end = text.lastIndexOf('\n', end) + 1 || end;
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}

/** Compares our encoders with the tiktoken package on the heads of every text file under `root`. */
function compareWithTiktoken(root: string, minFiles: number, minChars: number) {
  const files = textFiles(root).sort();
  const texts = files.map((path) => ({ name: relative(root, path), chunks: chunks(head(path)) }));
  it('finds the corpora', () => {
    expect(files.length).toBeGreaterThanOrEqual(minFiles);
  });
  for (const name of ['r50k_base', 'p50k_base', 'cl100k_base', 'o200k_base'] as const) {
    it(`${name}: ${files.length} files`, async () => {
      const ours = await getEncoding(name);
      const wasm = get_encoding(name);
      let compared = 0;
      try {
        for (const file of texts)
          for (const [index, chunk] of file.chunks.entries()) {
            const expected = wasm.encode_ordinary(chunk);
            const actual = ours.encodeOrdinary(chunk);
            // Compare as typed arrays first (fast); show a readable diff only on failure.
            if (!Buffer.from(new Uint32Array(actual).buffer).equals(Buffer.from(expected.buffer)))
              expect(actual, `${file.name} chunk ${index}`).toEqual([...expected]);
            compared += chunk.length;
          }
      } finally {
        wasm.free();
      }
      expect(compared).toBeGreaterThan(minChars);
    });
  }
}

describe('every corpus bundled in packages/corpora equals the tiktoken package', () => {
  compareWithTiktoken(join(repoRoot, 'packages', 'corpora', 'data'), 8, 400_000);
});

describeNeedsShared('every text file of ../shared/corpora equals the tiktoken package', () => {
  compareWithTiktoken(sharedPath('corpora'), 30, 1_500_000);
});
