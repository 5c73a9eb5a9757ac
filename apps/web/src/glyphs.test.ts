import { describe, expect, it } from 'vitest';
import { glyphRuns } from './glyphs.js';

describe('glyphRuns', () => {
  it('shows spaces, tabs and newlines as glyphs and counts the newlines', () => {
    expect(glyphRuns('a b\t\nc')).toEqual([
      { text: 'a', whitespace: false, newlines: 0 },
      { text: '·', whitespace: true, newlines: 0 },
      { text: 'b', whitespace: false, newlines: 0 },
      { text: '→⏎', whitespace: true, newlines: 1 },
      { text: 'c', whitespace: false, newlines: 0 },
    ]);
  });

  it('leaves Arabic text alone and marks its spaces', () => {
    expect(glyphRuns('مرحبا بكم').map((run) => run.text)).toEqual(['مرحبا', '·', 'بكم']);
  });

  it('makes invisible joiners visible', () => {
    expect(glyphRuns('a\u200cb').map((run) => run.text)).toEqual(['a', '‹ZWNJ›', 'b']);
  });
});
