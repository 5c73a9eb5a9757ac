import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

describe('tokenlab detokenize', () => {
  it('joins whitespace-separated tokens', async () => {
    const run = await runCapture(['detokenize'], "`` Hi , '' she said I ca n't .");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('"Hi," she said I can\'t.\n');
  });

  it('turns JSONL token arrays into JSON strings', async () => {
    const run = await runCapture(
      ['detokenize', '--jsonl'],
      `${JSON.stringify(['Hello', ',', 'world', '!'])}\n\n${JSON.stringify(['-LRB-', 'a', '-RRB-'])}\n`,
    );
    expect(
      run.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
    ).toEqual(['Hello, world!', '-LRB- a -RRB-']);
  });

  it('names the line of bad JSONL input', async () => {
    const run = await runCapture(['detokenize', '--jsonl'], '["ok"]\n{"no": 1}\n');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/stdin line 2: expected a JSON array of strings/);
  });
});
