import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

describe('tokenlab sentences', () => {
  it('prints one sentence per line', async () => {
    const run = await runCapture(['sentences'], 'Mr. Smith left. He came back at 5 p.m. today.');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Mr. Smith left.\nHe came back at 5 p.m. today.\n');
  });

  it('answers JSONL with JSONL, Arabic model included', async () => {
    const run = await runCapture(
      ['sentences', '--model', 'arabic', '--jsonl'],
      `${JSON.stringify('هل ذهبت؟ نعم.')}\n`,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(['هل ذهبت؟', 'نعم.']);
  });

  it('prints spans with --json --spans', async () => {
    const run = await runCapture(['sentences', '--json', '--spans'], 'It is. We are.');
    expect(JSON.parse(run.stdout)).toEqual([
      [0, 6, 'It is.'],
      [7, 14, 'We are.'],
    ]);
  });

  it('refuses an unknown model with the list of models', async () => {
    const run = await runCapture(['sentences', '--model', 'klingon'], 'x');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown model 'klingon'. Available: english, arabic/);
  });
});
