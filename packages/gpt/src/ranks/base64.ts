const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

/**
 * Decode standard base64 (padding optional) from `text[start, end)` into bytes. Runs in browsers and
 * Node alike, without `atob`'s intermediate binary string. Throws on a character outside the alphabet.
 */
export function decodeBase64(text: string, start = 0, end = text.length): Uint8Array {
  while (end > start && text.charCodeAt(end - 1) === 61 /* = */) end--;
  const length = end - start;
  const out = new Uint8Array((length * 3) >> 2);
  let at = 0;
  let i = start;
  // Four characters make three bytes: whole quads first (this runs once per rank file, before any
  // code is optimised, so fewer operations per byte is what counts), then the 2 or 3 left over.
  for (const quadsEnd = start + (length & ~3); i < quadsEnd; i += 4) {
    const bits =
      (valueAt(text, i) << 18) |
      (valueAt(text, i + 1) << 12) |
      (valueAt(text, i + 2) << 6) |
      valueAt(text, i + 3);
    out[at] = bits >> 16;
    out[at + 1] = (bits >> 8) & 0xff;
    out[at + 2] = bits & 0xff;
    at += 3;
  }
  let bits = 0;
  let buffered = 0;
  for (; i < end; i++) {
    bits = (bits << 6) | valueAt(text, i);
    buffered += 6;
    if (buffered >= 8) {
      buffered -= 8;
      out[at++] = (bits >> buffered) & 0xff;
    }
  }
  return at === out.length ? out : out.subarray(0, at);
}

/** The 6-bit value of the base64 character at `text[i]`; throws on a character outside the alphabet. */
function valueAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  const value = code < 128 ? VALUES[code]! : -1;
  if (value < 0) throw new Error(`invalid base64 character ${JSON.stringify(text[i])} at position ${i}`);
  return value;
}

/** Encode bytes as standard base64 with padding. */
export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  if (i < bytes.length) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? `${ALPHABET[(n >> 6) & 63]!}=` : '==';
  }
  return out;
}
