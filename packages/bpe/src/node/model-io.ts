import { readFile, writeFile } from 'node:fs/promises';
import type { BasicTokenizer } from '../basic.js';
import type { BpeTokenizer } from '../bpe-tokenizer.js';
import { loadModel, modelFileText, vocabFileText } from '../model-file.js';
import type { RegexTokenizer } from '../regex-tokenizer.js';

/**
 * Write `prefix.model` and `prefix.vocab`, byte for byte as minbpe's `save(file_prefix)`. Resolves to
 * the two paths.
 *
 * @example
 * ```ts
 * await save(tokenizer, 'models/regex'); // ['models/regex.model', 'models/regex.vocab']
 * ```
 */
export async function save(tokenizer: BpeTokenizer, prefix: string): Promise<[string, string]> {
  const modelPath = `${prefix}.model`;
  const vocabPath = `${prefix}.vocab`;
  await writeFile(modelPath, modelFileText(tokenizer), 'utf8');
  await writeFile(vocabPath, vocabFileText(tokenizer), 'utf8');
  return [modelPath, vocabPath];
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
  return loadModel(await readFile(path, 'utf8'), path);
}
