import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeyedVectors } from './keyed-vectors.js';
import { saveWord2VecFormat } from './node.js';

/** Runs only where Python's gensim is importable; the committed fixtures cover the other direction everywhere. */
const python = ['/usr/bin/python3', 'python3'].find(
  (command) => spawnSync(command, ['-c', 'import gensim'], { encoding: 'utf8' }).status === 0,
);

const LOAD = `
import json, sys
from gensim.models import KeyedVectors
kv = KeyedVectors.load_word2vec_format(sys.argv[1], binary=sys.argv[2] == "1")
print(json.dumps({"words": kv.index_to_key, "vectors": [[float(x) for x in kv[w]] for w in kv.index_to_key]}))
`;

describe.skipIf(python === undefined)('gensim loads the files written here', () => {
  it('text and binary, the same float32 vectors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vectors-gensim-'));
    const words = ['the', 'ملك', 'café', '東京'];
    const values = Float32Array.from({ length: words.length * 5 }, (_, i) =>
      Math.fround(Math.sin(i + 1) * 10 ** ((i % 9) - 4)),
    );
    const kv = new KeyedVectors(words, values, 5);
    for (const binary of [false, true]) {
      const path = join(dir, binary ? 'v.bin' : 'v.txt');
      await saveWord2VecFormat(kv, path, { binary });
      const run = spawnSync(python as string, ['-c', LOAD, path, binary ? '1' : '0'], { encoding: 'utf8' });
      expect(run.stderr.includes('Traceback') ? run.stderr : '').toBe('');
      const loaded = JSON.parse(run.stdout) as { words: string[]; vectors: number[][] };
      expect(loaded.words).toEqual(words);
      expect(loaded.vectors.flat()).toEqual(Array.from(values));
    }
  });
});
