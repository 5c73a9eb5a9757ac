import { describe, expect, it } from 'vitest';
import { CountedText } from './counted-text.js';
import { graphemeCount } from './layout.js';
import { PartTotals } from './part-totals.js';
import { applyChange, segmented, segmentStarts, type TextChange } from './segments.js';
import { loadTokenizer, TOKENIZERS } from './tokenizers.js';

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Pieces that make and unmake part boundaries: newlines between letters, blank lines, spaces at
// line ends, both scripts, digits, combining marks, an emoji.
const PIECES = [
  '\n',
  '\n\n',
  ' \n',
  '\n ',
  'a',
  'word ',
  'x\ny',
  'مرحبا ',
  'بِسْمِ',
  '2014',
  '٣٤٥',
  '👋🏽',
  '\t',
  '.',
  'Z\n',
];

/** `at`, moved back off the middle of a surrogate pair (an editor never cuts one). */
function whole(text: string, at: number): number {
  const low = text.charCodeAt(at);
  return at > 0 && low >= 0xdc00 && low <= 0xdfff ? at - 1 : at;
}

/** A random edit of `text`: an insert, a delete or a replacement, across line ends as often as not. */
function randomChange(text: string, next: () => number): TextChange {
  const from = whole(text, Math.floor(next() * (text.length + 1)));
  const kind = next();
  const to = kind < 0.35 ? from : whole(text, Math.min(text.length, from + Math.floor(next() * 12)));
  let insert = '';
  if (kind < 0.35 || kind > 0.6) {
    const count = 1 + Math.floor(next() * 4);
    for (let i = 0; i < count; i++) insert += PIECES[Math.floor(next() * PIECES.length)]!;
  }
  return [from, to, insert];
}

/** A random text of lines of both scripts, with blank and indented lines. */
function randomText(next: () => number, pieces: number): string {
  let text = '';
  for (let i = 0; i < pieces; i++) text += PIECES[Math.floor(next() * PIECES.length)]!;
  return text;
}

const apply = (text: string, [from, to, insert]: TextChange) => text.slice(0, from) + insert + text.slice(to);

describe('applyChange', () => {
  it('cuts an edited text exactly as a fresh cut of the new text, edit after edit', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      let text = randomText(next, 30);
      let cut = segmented(text);
      for (let step = 0; step < 60; step++) {
        const change = randomChange(text, next);
        text = apply(text, change);
        cut = applyChange(cut, change).cut;
        expect(cut.text).toBe(text);
        expect([...cut.starts]).toEqual([...segmentStarts(text)]);
        expect(cut.parts.join('')).toBe(text);
        expect(cut.parts).toEqual(
          [...cut.starts].map((start, i) => text.slice(start, cut.starts[i + 1] ?? text.length)),
        );
      }
    }
  });

  it('reports which parts an edit replaced, and keeps the others (the same strings)', () => {
    const before = segmented('one\ntwo\nthree\nfour');
    const { cut, splice } = applyChange(before, [5, 5, 'X\nY']);
    expect(cut.parts).toEqual(['one\n', 'tX\n', 'Ywo\n', 'three\n', 'four']);
    expect(splice).toEqual({ index: 1, removed: 1, inserted: 2 });
    expect(cut.parts[0]).toBe(before.parts[0]);
    expect(cut.parts[4]).toBe(before.parts[3]);
    // Joining two lines removes a cut; the part before the edit is cut again with it.
    const joined = applyChange(cut, [6, 7, ' ']).cut;
    expect(joined.parts).toEqual(['one\n', 'tX Ywo\n', 'three\n', 'four']);
    // A paste over everything, and an edit of the empty text.
    expect(applyChange(joined, [0, joined.text.length, '']).cut.parts).toEqual(['']);
    expect(applyChange(segmented(''), [0, 0, 'a\nb']).cut.parts).toEqual(['a\n', 'b']);
  });

  it('keeps the UTF-8 offsets of the parts true after an edit', () => {
    const next = random(7);
    let text = randomText(next, 40);
    let cut = segmented(text);
    for (let step = 0; step < 80; step++) {
      cut.byteStarts = undefined;
      // Known offsets of every part, then an edit: those kept must still be right.
      const offsets = new Float64Array(cut.starts.length);
      for (let i = 1; i < offsets.length; i++)
        offsets[i] = offsets[i - 1]! + new TextEncoder().encode(cut.parts[i - 1]!).length;
      cut.byteStarts = offsets;
      const change = randomChange(text, next);
      text = apply(text, change);
      cut = applyChange(cut, change).cut;
      cut.byteStarts!.forEach((offset, i) => {
        if (offset >= 0) expect(offset).toBe(new TextEncoder().encode(text.slice(0, cut.starts[i]!)).length);
      });
    }
  });

  it('refuses a change outside the text', () => {
    expect(() => applyChange(segmented('abc'), [2, 5, ''])).toThrow(/outside the text/);
  });
});

describe('PartTotals', () => {
  it('measures only the parts an edit brought, and its total stays the sum over the parts', () => {
    const measured: string[] = [];
    const totals = new PartTotals((part) => {
      measured.push(part);
      return part.length;
    }, 3);
    let cut = segmented('ab\ncd\nef');
    expect(totals.total).toBeUndefined();
    expect(totals.measureUntil(cut.parts, Number.POSITIVE_INFINITY)).toBe(true);
    expect(totals.total).toBe(8);
    measured.length = 0;
    const { cut: edited, splice } = applyChange(cut, [4, 4, 'XYZ']);
    cut = edited;
    totals.splice(splice);
    expect(totals.total).toBeUndefined();
    totals.measureUntil(cut.parts, Number.POSITIVE_INFINITY);
    expect(totals.total).toBe(11);
    expect(measured).toEqual(['cXYZd\n']);
    expect(() => totals.measureUntil(['just one'], 0)).toThrow(/follow 3 parts/);
  });
});

describe('CountedText', () => {
  it('after random edits, counts what a fresh count of the final text counts', async () => {
    const ids = TOKENIZERS.filter((entry) => entry.lineLocal).map((entry) => entry.id);
    const tokenizers = await Promise.all(ids.map((id) => loadTokenizer(id)));
    const stats = {
      codePoints: (part: string) => [...part].length,
      bytes: (part: string) => new TextEncoder().encode(part).length,
      graphemes: graphemeCount,
    };
    for (let seed = 100; seed < 106; seed++) {
      const next = random(seed);
      const counted = new CountedText();
      let text = randomText(next, 60);
      counted.setText(text);
      const follow = () => {
        const all = [
          ...tokenizers.map((tokenizer, i) =>
            counted.totalsOf(ids[i]!, (part) => tokenizer.tokenize(part).length),
          ),
          ...Object.entries(stats).map(([name, measure]) => counted.totalsOf(name, measure)),
        ];
        for (const totals of all) totals.measureUntil(counted.cut.parts, Number.POSITIVE_INFINITY);
        return all.map((totals) => totals.total);
      };
      follow();
      // Typing, deleting, pasting a block, undoing a change (its inverse), in batches as an editor sends them.
      for (let step = 0; step < 25; step++) {
        const batch: TextChange[] = [];
        for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
          const change =
            next() < 0.1 ? ([0, text.length, randomText(next, 20)] as const) : randomChange(text, next);
          const undo: TextChange = [
            change[0],
            change[0] + change[2].length,
            text.slice(change[0], change[1]),
          ];
          text = apply(text, change);
          batch.push(change);
          if (next() < 0.2) {
            text = apply(text, undo);
            batch.push(undo);
          }
        }
        counted.apply(batch);
        if (next() < 0.5) follow();
      }
      const fresh = [
        ...tokenizers.map((tokenizer) => tokenizer.tokenize(text).length),
        ...Object.values(stats).map((measure) => measure(text)),
      ];
      expect(counted.cut.text).toBe(text);
      expect(follow()).toEqual(fresh);
    }
  });

  it('stops following the totals no longer wanted', () => {
    const counted = new CountedText();
    counted.setText('a\nb');
    const first = counted.totalsOf('one', (part) => part.length);
    counted.keepOnly(new Set(['two']));
    expect(counted.totalsOf('one', (part) => part.length)).not.toBe(first);
  });
});
