import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

describe('tokenlab stem', () => {
  it('stems whitespace-separated words, one per line', async () => {
    const run = await runCapture(['stem', '--stemmer', 'porter'], 'running  caresses\nponies\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('run\ncaress\nponi\n');
  });

  it('finds Arabic roots with isri and pairs words with stems in --json', async () => {
    const run = await runCapture(['stem', '-s', 'isri', '--json'], 'والكتاب استخدام');
    expect(JSON.parse(run.stdout)).toEqual([
      ['والكتاب', 'كتب'],
      ['استخدام', 'خدم'],
    ]);
  });

  it('answers JSONL words and arrays line by line', async () => {
    const run = await runCapture(['stem', '-s', 'lancaster', '--jsonl'], '"ponies"\n["ties", "caresses"]\n');
    expect(run.stdout).toBe('"pony"\n["tie","caress"]\n');
  });

  it('names a bad JSONL line, a missing and an unknown stemmer', async () => {
    const bad = await runCapture(['stem', '-s', 'isri', '--jsonl'], '"ok"\n{"a":1}\n');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('stdin line 2');
    const missing = await runCapture(['stem'], 'x');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--stemmer porter|lancaster|isri');
    const unknown = await runCapture(['stem', '-s', 'snowball'], 'x');
    expect(unknown.stderr).toContain("unknown stemmer 'snowball'. Available: porter, lancaster, isri");
  });
});
