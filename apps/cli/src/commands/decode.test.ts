import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

describe('tokenlab decode', () => {
  it('reads ids separated by spaces, commas or as a JSON array', async () => {
    for (const input of ['15339 1917', '15339,1917\n', '[15339, 1917]']) {
      const run = await runCapture(['decode', '--encoding', 'cl100k_base'], input);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('hello world');
    }
  });
  it('prints JSON strings per line with --jsonl, and U+FFFD for partial characters', async () => {
    const run = await runCapture(['decode', '-e', 'cl100k_base', '--jsonl'], '[15339]\n[9468]\n');
    expect(run.stdout).toBe('"hello"\n"\uFFFD"\n');
  });
  it('round-trips with encode, special tokens included', async () => {
    const text = 'Arabic مَرْحَبًا and 👋🏽<|endoftext|>';
    const ids = await runCapture(['encode', '-e', 'o200k_base', '--allowed-special', 'all'], text);
    const back = await runCapture(['decode', '-e', 'o200k_base', '--json'], ids.stdout);
    expect(JSON.parse(back.stdout)).toBe(text);
  });
  it('names a bad id and an unknown id', async () => {
    const bad = await runCapture(['decode', '-e', 'gpt2'], '1 2 x3');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("stdin: 'x3' is not a token id");
    const unknown = await runCapture(['decode', '-e', 'gpt2'], '50257');
    expect(unknown.stderr).toContain('unknown token id 50257');
  });
});
