import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

describe('tokenlab sentences', () => {
  it('prints one sentence per line', async () => {
    const run = await runCapture(['sentences'], 'Mr. Smith left. He came back at 5 p.m. today.');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Mr. Smith left.\nHe came back at 5 p.m. today.\n');
  });

  it('shows each line break inside a sentence as its escape, so that a sentence stays on one line', async () => {
    const run = await runCapture(['sentences'], 'It rained\r\nall day.\rThe river\frose.\n');
    expect(run.stdout).toBe('It rained\\r\\nall day.\nThe river\\frose.\n');
    const spans = await runCapture(['sentences', '--spans'], 'Old\rMac text.');
    expect(spans.stdout).toBe('0\t13\tOld\\rMac text.\n');
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

  it('splits each feed entry on its own with --feed, one line per entry', async () => {
    // The first entry ends without a full stop: read as one text, Punkt would run its last
    // sentence into the next entry's first.
    const feed = `<?xml version="1.0"?><rss version="2.0"><channel><title>Log</title>
<item><title>One</title><link>https://example.org/1</link><description>It rained. The river rose</description></item>
<item><title>Two</title><description>Mr. Smith left. He came back.</description></item>
</channel></rss>`;
    const joined = await runCapture(
      ['sentences', '--json'],
      'It rained. The river rose\n\nMr. Smith left. He came back.',
    );
    expect(JSON.parse(joined.stdout)).toContain('The river rose\n\nMr. Smith left.');
    const plain = await runCapture(['sentences', '--feed'], feed);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe(
      'stdin#1\tIt rained.\tThe river rose\nstdin#2\tMr. Smith left.\tHe came back.\n',
    );
    const json = await runCapture(['sentences', '--feed', '--json', '--spans'], feed);
    expect(
      json.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      {
        document: 'stdin#1',
        title: 'One',
        link: 'https://example.org/1',
        sentences: [
          [0, 10, 'It rained.'],
          [11, 25, 'The river rose'],
        ],
      },
      {
        document: 'stdin#2',
        title: 'Two',
        sentences: [
          [0, 15, 'Mr. Smith left.'],
          [16, 29, 'He came back.'],
        ],
      },
    ]);
    const spans = await runCapture(['sentences', '--feed', '--spans'], feed);
    expect(spans.stdout.split('\n')[0]).toBe('stdin#1\t0:10 It rained.\t11:25 The river rose');
  });

  it('refuses an unknown model with the list of models', async () => {
    const run = await runCapture(['sentences', '--model', 'klingon'], 'x');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown model 'klingon'. Available: english, arabic/);
  });
});
