import type { Writable } from 'node:stream';
import { findInvalidUtf8 } from '@tokenlab/core/utf8';
import type { OptionSpec } from './command.js';
import { UsageError, writeLine } from './io.js';

/** How input bytes become text: `--input-encoding` and `--replace-invalid`. */
export interface InputDecoding {
  /** A WHATWG encoding label for `TextDecoder`: utf-8 (default), latin1, utf-16le, windows-1256, ... */
  encoding?: string;
  /** Replace invalid sequences with U+FFFD (with a warning) instead of stopping with an error. */
  replaceInvalid?: boolean;
}

/** What to do about input that is not valid in its encoding: the two command-line fixes. */
export const INVALID_INPUT_FIXES =
  'Name its encoding with --input-encoding (e.g. latin1, utf-16le), or pass --replace-invalid to read it with U+FFFD in place of the bad bytes.';

/**
 * Input that is not valid in its encoding: `problem` says where (`stdin: not valid utf-8 at byte 2`),
 * the message adds the fixes.
 *
 * @example
 * ```ts
 * throw new InvalidInputError('stdin: not valid utf-8 at byte 2');
 * ```
 */
export class InvalidInputError extends Error {
  /** Where the input is not valid, without the fixes. */
  readonly problem: string;

  /** The error for `problem`. */
  constructor(problem: string) {
    super(`${problem}. ${INVALID_INPUT_FIXES}`);
    this.problem = problem;
  }
}

/** The options of every command that reads text files or stdin. */
export const INPUT_DECODING_OPTIONS = {
  'input-encoding': { type: 'string' },
  'replace-invalid': { type: 'boolean' },
} as const satisfies OptionSpec;

/** The lines of `--help` for {@link INPUT_DECODING_OPTIONS}. */
export const INPUT_DECODING_HELP = `      --input-encoding E  the input's encoding (default utf-8): latin1, utf-16le, utf-16be,
                          windows-1256, ... (any label Node's TextDecoder knows)
      --replace-invalid   replace bytes that are invalid in that encoding with U+FFFD (with a
                          warning) instead of stopping with an error`;

/** {@link InputDecoding} from parsed option values. */
export function inputDecodingFrom(values: Record<string, unknown>): InputDecoding {
  const encoding = values['input-encoding'];
  return {
    ...(typeof encoding === 'string' ? { encoding } : {}),
    replaceInvalid: values['replace-invalid'] === true,
  };
}

/** A `TextDecoder` for `encoding`; an unknown label is a usage error. */
export function textDecoder(encoding: string, fatal: boolean): InstanceType<typeof TextDecoder> {
  try {
    return new TextDecoder(encoding, { fatal });
  } catch {
    throw new UsageError(
      `--input-encoding: unknown encoding '${encoding}' (try utf-8, latin1, utf-16le, utf-16be, windows-1256)`,
    );
  }
}

function countInvalidUtf8(bytes: Uint8Array): number {
  // U+FFFD written in the file itself (EF BF BD) is valid text, not a replacement.
  return countReplacementCharacters(new TextDecoder('utf-8').decode(bytes)) - countEncodedReplacements(bytes);
}

/**
 * How many U+FFFD `text` holds: decoded leniently, the replacements and the U+FFFD the input held
 * itself (see {@link countEncodedReplacements}).
 *
 * @example
 * ```ts
 * countReplacementCharacters('caf\uFFFD'); // 1
 * ```
 */
export function countReplacementCharacters(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\uFFFD'); at >= 0; at = text.indexOf('\uFFFD', at + 1)) count++;
  return count;
}

/**
 * How many U+FFFD `bytes` hold as UTF-8 (EF BF BD): text, not replacements.
 *
 * @example
 * ```ts
 * countEncodedReplacements(Uint8Array.of(0xef, 0xbf, 0xbd, 0x61)); // 1
 * ```
 */
export function countEncodedReplacements(bytes: Uint8Array): number {
  let count = 0;
  for (let i = 0; i + 2 < bytes.length; i++)
    if (bytes[i] === 0xef && bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) count++;
  return count;
}

/**
 * Decode the bytes read from `source` (a file name, or `stdin`). Bytes that are invalid in the
 * encoding are an error naming the source, the byte offset of the first bad sequence and how many
 * there are; with `replaceInvalid` they become U+FFFD and the same facts are printed as a warning.
 * A leading byte order mark is dropped.
 */
export async function decodeInput(
  bytes: Uint8Array,
  source: string,
  decoding: InputDecoding,
  warnings?: Writable,
): Promise<string> {
  const encoding = decoding.encoding ?? 'utf-8';
  const decoder = textDecoder(encoding, true);
  try {
    return decoder.decode(bytes);
  } catch {
    const utf8 = decoder.encoding === 'utf-8';
    const where = utf8
      ? (() => {
          const count = countInvalidUtf8(bytes);
          return `at byte ${findInvalidUtf8(bytes)} (${count} invalid sequence${count === 1 ? '' : 's'})`;
        })()
      : '';
    const what = `${source}: not valid ${decoder.encoding}${where ? ` ${where}` : ''}`;
    if (!decoding.replaceInvalid) throw new Error(`${what}. ${INVALID_INPUT_FIXES}`);
    if (warnings)
      await writeLine(warnings, `tokenlab: warning: ${what}; replaced with U+FFFD (--replace-invalid)`);
    return textDecoder(encoding, false).decode(bytes);
  }
}
