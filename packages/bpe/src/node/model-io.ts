import { open, readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { findInvalidUtf8 } from '@tokenlab/core';
import type { BasicTokenizer } from '../basic.js';
import type { BpeTokenizer } from '../bpe-tokenizer.js';
import { loadModel, ModelFileError, modelFileText, vocabFileParts } from '../model-file.js';
import type { RegexTokenizer } from '../regex-tokenizer.js';
import { type WriteFilePairOptions, writeFilePair } from './file-pair.js';

/**
 * Write `prefix.model` and `prefix.vocab`, byte for byte as minbpe's `save(file_prefix)`, as a pair:
 * both are rendered first, written to temporary files next to them and renamed over the old ones
 * together (see {@link writeFilePair}), so that a reader never sees a half-written file, and two runs
 * writing the same prefix never leave one's `.model` with the other's `.vocab`. The `.vocab` is a
 * function of the `.model`, so {@link verifyModelPair} can check any pair, minbpe's own included.
 * Resolves to the two paths; an empty prefix, or one naming a folder, is an error (it would write the
 * hidden files `.model` and `.vocab`).
 *
 * @example
 * ```ts
 * await save(tokenizer, 'models/regex'); // ['models/regex.model', 'models/regex.vocab']
 * ```
 */
export async function save(
  tokenizer: BpeTokenizer,
  prefix: string,
  options: WriteFilePairOptions = {},
): Promise<[string, string]> {
  if (basename(prefix) === '' || /[/\\]$/.test(prefix) || prefix === '.' || prefix.endsWith('/.'))
    throw new Error(
      `save: the prefix '${prefix}' names no file (it would write hidden '.model' and '.vocab' files); give a name such as 'models/tok'`,
    );
  const modelPath = `${prefix}.model`;
  const vocabPath = `${prefix}.vocab`;
  const model = modelFileText(tokenizer);
  // In parts: the .vocab of a corpus that is one long word can outgrow any one string.
  const vocab = vocabFileParts(tokenizer);
  // The .model is renamed last: whoever sees the new .model finds its .vocab already in place.
  await writeFilePair({ path: vocabPath, text: vocab }, { path: modelPath, text: model }, options);
  return [modelPath, vocabPath];
}

/**
 * Whether `prefix.vocab` belongs to `prefix.model`: minbpe renders the `.vocab` from the merges and
 * special tokens of the `.model` alone, so the pair matches exactly when rendering the `.model`'s
 * vocabulary gives the `.vocab` byte for byte. No checksum is added to either file, so both stay
 * exactly as minbpe writes and reads them.
 *
 * @example
 * ```ts
 * await save(tokenizer, 'models/tok');
 * await verifyModelPair('models/tok'); // true
 * ```
 */
export async function verifyModelPair(prefix: string): Promise<boolean> {
  const tokenizer = await loadModelFile(`${prefix}.model`);
  // Part by part against the file's bytes: a .vocab can be longer than any one string.
  const handle = await open(`${prefix}.vocab`, 'r');
  try {
    let position = 0;
    for (const part of vocabFileParts(tokenizer)) {
      const expected = Buffer.from(part, 'utf8');
      const found = Buffer.alloc(expected.length);
      const { bytesRead } = await handle.read(found, 0, found.length, position);
      if (bytesRead !== found.length || !found.equals(expected)) return false;
      position += found.length;
    }
    const { bytesRead } = await handle.read(Buffer.alloc(1), 0, 1, position);
    return bytesRead === 0;
  } finally {
    await handle.close();
  }
}

/**
 * Load a minbpe `.model` file (written here or by minbpe): a BasicTokenizer when its pattern line is
 * empty, else a RegexTokenizer with its pattern. Errors name the file and line.
 *
 * @example
 * ```ts
 * const tokenizer = await loadModelFile('models/regex.model');
 * tokenizer.decode(tokenizer.encode('hello'));
 * ```
 */
export async function loadModelFile(path: string): Promise<BasicTokenizer | RegexTokenizer> {
  if (!path.endsWith('.model'))
    throw new Error(`${path}: expected a minbpe .model file (the .vocab file is for reading only)`);
  return loadModel(modelText(await readFile(path), path), path);
}

/**
 * The text of a `.model` file's bytes, read strictly as minbpe reads it (Python's `utf-8` codec): a
 * byte that is not UTF-8 (in a special token or the pattern) is a `ModelFileError` naming the line,
 * where reading it as U+FFFD would load a different token without a word.
 */
function modelText(bytes: Uint8Array, path: string): string {
  const bad = findInvalidUtf8(bytes);
  if (bad >= 0) {
    let line = 1;
    for (let i = 0; i < bad; i++) if (bytes[i] === 0x0a) line++;
    throw new ModelFileError(path, line, `not valid UTF-8 at byte ${bad}`);
  }
  return new TextDecoder().decode(bytes);
}
