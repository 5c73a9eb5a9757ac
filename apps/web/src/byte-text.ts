import { replaceControlCharacters } from '@tokenlab/core';

const strict = new TextDecoder('utf-8', { fatal: true });

/** Length of the UTF-8 sequence a lead byte starts (0 for a byte that cannot start one). */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/**
 * A BPE token's bytes as readable text: whole characters as themselves (control characters escaped),
 * and bytes that are only part of a character as `\xd8`, so that the two halves of an Arabic letter
 * are told apart instead of both showing as U+FFFD.
 *
 * @example
 * ```ts
 * bytesAsText(Uint8Array.of(0xd8, 0xa8, 0xd9)); // 'ب\xd9'
 * ```
 */
export function bytesAsText(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes[i]!);
    if (length > 0 && i + length <= bytes.length) {
      try {
        out += replaceControlCharacters(strict.decode(bytes.subarray(i, i + length)));
        i += length;
        continue;
      } catch {
        // Not a whole character: fall through to the byte escape.
      }
    }
    out += `\\x${bytes[i]!.toString(16).padStart(2, '0')}`;
    i++;
  }
  return out;
}
