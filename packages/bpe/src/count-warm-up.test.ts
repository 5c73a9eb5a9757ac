import { describe, expect, it } from 'vitest';
import { ByteChunkStore } from './byte-chunk-store.js';
import { countChunks } from './chunk-counts.js';
import { WARM_UP_SAMPLE, warmUpUtf8Count } from './count-warm-up.js';
import { countUtf8Chunks } from './utf8-count.js';

/** The table `countUtf8Chunks` leaves for `text`. */
function counted(text: string, scanner: 'gpt2' | 'gpt4') {
  const store = new ByteChunkStore();
  const bytes = new TextEncoder().encode(text);
  countUtf8Chunks(bytes, bytes.length, scanner, store, 0);
  return store.positioned();
}

describe('warmUpUtf8Count', () => {
  it('leaves the counts of what is counted afterwards as they were', () => {
    const text = `${WARM_UP_SAMPLE} and some more text, 42 times: don't stop.\n`;
    const before = counted(text, 'gpt4');
    warmUpUtf8Count('gpt4');
    warmUpUtf8Count('gpt2');
    expect(counted(text, 'gpt4')).toEqual(before);
    expect(counted(text, 'gpt4').lengths.length).toBe(countChunks(text, 'gpt4').size);
  });

  // The sample is there to take every path of the scanners once: each kind of chunk they cut.
  it.each(['gpt2', 'gpt4'] as const)('has every kind of chunk the %s scanner cuts', (scanner) => {
    const chunks = [...countChunks(WARM_UP_SAMPLE, scanner).keys()];
    const utf8Length = (chunk: string) => new TextEncoder().encode(chunk).length;
    const kinds: Record<string, (chunk: string) => boolean> = {
      contraction: (chunk) => /^'(s|t|re|ve|m|ll|d)$/i.test(chunk),
      // GPT-4's contractions ignore case; GPT-2's do not, so it cuts "I'M" into 'I', "'" and 'M'.
      'upper-case contraction': (chunk) =>
        scanner === 'gpt4' ? /^'(S|T|RE|VE|M|LL|D)$/.test(chunk) : chunk === "'",
      'number of three digits': (chunk) => /^ ?\p{N}{3}$/u.test(chunk),
      'Arabic-Indic digits': (chunk) => /[\u0660-\u0669]/.test(chunk),
      'punctuation run': (chunk) => /^ ?[^\s\p{L}\p{N}]{2,}$/u.test(chunk),
      'white space before a newline': (chunk) => /^[ \t]+\n/.test(chunk) || /^\s*\r\n$/.test(chunk),
      'trailing white space': (chunk) => /^[ \t]+$/.test(chunk),
      'two-byte letters': (chunk) => /\p{L}/u.test(chunk) && /^[\u0080-\u07ff ]+$/u.test(chunk),
      'three-byte letters': (chunk) => /^ ?[\u0800-\uffff]+$/u.test(chunk) && /\p{L}/u.test(chunk),
      'four-byte characters': (chunk) => /[\u{10000}-\u{10ffff}]/u.test(chunk),
      'combining marks': (chunk) => /\p{M}/u.test(chunk),
      'a word longer than a record (64 bytes)': (chunk) => /\p{L}/u.test(chunk) && utf8Length(chunk) > 64,
      'a no-break space': (chunk) => chunk.includes('\u00a0'),
    };
    const missing = Object.entries(kinds)
      .filter(([, test]) => !chunks.some(test))
      .map(([kind]) => kind);
    expect(missing).toEqual([]);
  });
});
