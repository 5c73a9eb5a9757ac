// Reference solution of docs/exercises/utf8.md.

/** The code points of `text`, as Python's `[ord(c) for c in text]`. */
export function codePointsOf(text: string): number[] {
  return Array.from(text, (char) => char.codePointAt(0)!);
}

/** How many UTF-8 bytes code point `cp` takes: 1 up to U+007F, 2 up to U+07FF, 3 up to U+FFFF, else 4. */
export function utf8Length(cp: number): number {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/**
 * The UTF-8 bytes of one code point: a lead byte that says how many bytes follow
 * (`0xxxxxxx`, `110xxxxx`, `1110xxxx`, `11110xxx`), then `10xxxxxx` continuation bytes, six bits each.
 */
export function encodeCodePoint(cp: number): number[] {
  const length = utf8Length(cp);
  if (length === 1) return [cp];
  const lead = [0, 0, 0xc0, 0xe0, 0xf0][length]!;
  const bytes = [lead | (cp >> (6 * (length - 1)))];
  for (let i = length - 2; i >= 0; i--) bytes.push(0x80 | ((cp >> (6 * i)) & 0x3f));
  return bytes;
}

/** The UTF-8 bytes of `text`, as Python's `list(text.encode("utf-8"))`. */
export function encodeUtf8(text: string): number[] {
  return codePointsOf(text).flatMap(encodeCodePoint);
}

/** The allowed range of the byte after lead byte `lead` (the others are 0x80–0xBF). */
function secondByteRange(lead: number): [number, number] {
  if (lead === 0xe0) return [0xa0, 0xbf]; // no overlong 3-byte forms
  if (lead === 0xed) return [0x80, 0x9f]; // no surrogates
  if (lead === 0xf0) return [0x90, 0xbf]; // no overlong 4-byte forms
  if (lead === 0xf4) return [0x80, 0x8f]; // nothing above U+10FFFF
  return [0x80, 0xbf];
}

/**
 * Bytes back to text. Every maximal invalid piece becomes one U+FFFD, as Python's
 * `errors="replace"` and the browser's TextDecoder do.
 */
export function decodeUtf8(bytes: readonly number[]): string {
  let text = '';
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead <= 0xdf
          ? 2
          : lead >= 0xe0 && lead <= 0xef
            ? 3
            : lead >= 0xf0 && lead <= 0xf4
              ? 4
              : 0;
    if (length === 0) {
      text += '\uFFFD'; // a continuation byte without a lead, or a byte UTF-8 never uses
      i++;
      continue;
    }
    let cp = length === 1 ? lead : lead & (0xff >> (length + 1));
    let j = 1;
    for (; j < length; j++) {
      const byte = bytes[i + j];
      const [low, high] = j === 1 ? secondByteRange(lead) : [0x80, 0xbf];
      if (byte === undefined || byte < low || byte > high) break;
      cp = (cp << 6) | (byte & 0x3f);
    }
    text += j === length ? String.fromCodePoint(cp) : '\uFFFD';
    i += j;
  }
  return text;
}
