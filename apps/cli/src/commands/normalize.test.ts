import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

describe('tokenlab normalize', () => {
  it('runs the named steps and prints the text as it is', async () => {
    const run = await runCapture(['normalize', '--arabic', 'removeTatweel,stripTashkeel'], 'العـــربيّة\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('العربية\n');
  });

  it('reports every step with --json', async () => {
    const run = await runCapture(['normalize', '--arabic', 'all', '--json'], 'أَهلاً ١٢');
    expect(JSON.parse(run.stdout)).toEqual({
      text: 'اهلا 12',
      steps: [
        { step: 'nfc', changed: 0 },
        { step: 'removeTatweel', changed: 0 },
        { step: 'stripTashkeel', changed: 2 },
        { step: 'foldAlef', changed: 1 },
        { step: 'alefMaksura', changed: 0 },
        { step: 'tehMarbuta', changed: 0 },
        { step: 'digits', changed: 2 },
      ],
    });
  });

  it('answers JSONL line by line, with reports when asked', async () => {
    const plain = await runCapture(['normalize', '--arabic', 'foldAlef', '--jsonl'], '"أحمد"\n"إلى"\n');
    expect(plain.stdout).toBe('"احمد"\n"الى"\n');
    const json = await runCapture(['normalize', '--arabic', 'tehMarbuta', '--jsonl', '--json'], '"مدرسة"\n');
    expect(JSON.parse(json.stdout)).toEqual({ text: 'مدرسه', steps: [{ step: 'tehMarbuta', changed: 1 }] });
  });

  it('names a missing or unknown step', async () => {
    const missing = await runCapture(['normalize'], 'x');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--arabic all');
    const unknown = await runCapture(['normalize', '--arabic', 'nfc,foldAlif'], 'x');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown Arabic normalization step 'foldAlif'");
  });
});
