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

  it('names a carriage return, whose symbol (␍) common fonts lack', () => {
    expect(glyphRuns('a\r\nb').map((run) => run.text)).toEqual(['a', '‹CR›⏎', 'b']);
  });

  it('makes invisible joiners visible', () => {
    expect(glyphRuns('a\u200cb').map((run) => run.text)).toEqual(['a', '‹ZWNJ›', 'b']);
  });

  it('shows control characters as their symbols, not as empty boxes', () => {
    // The UDHR's Arabic title line ends with U+001C in NLTK's copy.
    expect(glyphRuns('(أ)\u001c\n')).toEqual([
      { text: '(أ)', whitespace: false, newlines: 0 },
      { text: '‹FS›⏎', whitespace: true, newlines: 1 },
    ]);
    expect(glyphRuns('a\u0000\u000b\u000c\u007fb').map((run) => run.text)).toEqual([
      'a',
      '‹NUL›‹VT›‹FF›‹DEL›',
      'b',
    ]);
    expect(glyphRuns('a\u0085b').map((run) => run.text)).toEqual(['a', '‹U+0085›', 'b']);
  });
});
