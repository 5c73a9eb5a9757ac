import { utf8ByteLength } from '@tokenlab/core';

/** Unicode code points in `text` (a surrogate pair counts once). */
export function countCodePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff && i > 0) {
      const previous = text.charCodeAt(i - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) count--;
    }
  }
  return count;
}

/** UTF-8 bytes of `text`. */
export function countUtf8Bytes(text: string): number {
  return utf8ByteLength(text);
}

/** Whitespace-separated words: the denominator of fertility. */
export function countWords(text: string): number {
  return text.match(/\S+/gu)?.length ?? 0;
}
