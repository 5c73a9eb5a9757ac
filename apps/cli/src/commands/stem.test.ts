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

  it("runs NLTK's stemmers by name, and natural's as baselines", async () => {
    const words = 'ties dying news proceed fly generously';
    const stems = async (stemmer: string) =>
      (await runCapture(['stem', '-s', stemmer], words)).stdout.split('\n');
    // NLTK 3.8: PorterStemmer() in its three modes, SnowballStemmer('english').
    expect(await stems('porter')).toEqual(['tie', 'die', 'news', 'proceed', 'fli', 'gener', '']);
    expect(await stems('porter-martin')).toEqual(['ti', 'dy', 'new', 'proce', 'fly', 'gener', '']);
    expect(await stems('porter-original')).toEqual(['ti', 'dy', 'new', 'proce', 'fly', 'gener', '']);
    expect(await stems('snowball-english')).toEqual(['tie', 'die', 'news', 'proceed', 'fli', 'generous', '']);
    expect(await stems('natural-porter')).toEqual(['ti', 'dy', 'new', 'proce', 'fly', 'gener', '']);
    const arabic = await runCapture(['stem', '-s', 'snowball-arabic'], 'يكتبه كتبوا الكتاب');
    expect(arabic.stdout).toBe('يكتب\nكتبو\nكتاب\n');
  });

  it('names a bad JSONL line, a missing and an unknown stemmer', async () => {
    const bad = await runCapture(['stem', '-s', 'isri', '--jsonl'], '"ok"\n{"a":1}\n');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('stdin line 2');
    const missing = await runCapture(['stem'], 'x');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      '--stemmer porter|porter-martin|porter-original|lancaster|snowball-english',
    );
    const unknown = await runCapture(['stem', '-s', 'snowball'], 'x');
    expect(unknown.stderr).toContain(
      "unknown stemmer 'snowball'. Available: porter, porter-martin, porter-original",
    );
  });

  it("splits words where Python's str.split() does (U+001C-U+001F, U+0085), as NLTK's examples read them", async () => {
    // 'running\x1cjumps\x85ran\x1fcats'.split() in Python: four words; U+FEFF is no space there.
    const run = await runCapture(
      ['stem', '-s', 'porter', '--json'],
      'running\u001cjumps\u0085ran\u001fcats\u001d\u001eponies a\uFEFFb',
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      ['running', 'run'],
      ['jumps', 'jump'],
      ['ran', 'ran'],
      ['cats', 'cat'],
      ['ponies', 'poni'],
      ['a\uFEFFb', 'a\uFEFFb'],
    ]);
  });

  it('takes --input-encoding and --replace-invalid, which its hint for bytes that are not UTF-8 names', async () => {
    const latin1 = Buffer.from('caresses naïve', 'latin1');
    const bad = await runCapture(['stem', '-s', 'porter'], latin1);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--input-encoding');
    expect((await runCapture(['stem', '-s', 'porter', '--input-encoding', 'latin1'], latin1)).stdout).toBe(
      'caress\nnaïv\n',
    );
    const replaced = await runCapture(['stem', '-s', 'porter', '--replace-invalid'], latin1);
    expect(replaced.code).toBe(0);
    expect(replaced.stdout).toBe('caress\nna\uFFFDv\n');
    expect(replaced.stderr).toContain('replaced with U+FFFD (--replace-invalid)');
  });
});
