// Printing the ids of a large input as its parts are encoded, so that neither its text nor all its
// ids are held: `encode` of one large file (read by the threads in parts) and of a large stdin.
import type { Writable } from 'node:stream';
import { DisallowedSpecialTokenError } from '@tokenlab/gpt';
import { FileTextError } from '@tokenlab/gpt/node';
import { writeIdLine } from '../id-output.js';
import { INVALID_INPUT_FIXES, InvalidInputError } from '../input-decoding.js';
import { specialTokenProblem } from './gpt-source.js';

/** What a problem found after some ids were printed adds: the line of ids is cut short. */
const PRINTED_BEFORE = 'the ids printed so far end before it';

/**
 * Print the ids of `parts` as one line as they come ({@link writeIdLine}). A disallowed special token,
 * bytes that are not UTF-8 (a `FileTextError`) or not valid in the input's encoding (an
 * `InvalidInputError`, from the text's stream) stop it with the error
 * `encode` gives for any input: before the first part, with nothing printed; after it, ending the line
 * after the parts before the problem's, with the error saying that the ids printed end before it.
 *
 * @example
 * ```ts
 * await writeStreamedIds(process.stdout, encodeFileStreamParallel(enc, 'big.txt', { threads: 2 }), false);
 * ```
 */
export async function writeStreamedIds(
  out: Writable,
  parts: AsyncIterable<Uint32Array>,
  json: boolean,
): Promise<void> {
  const iterator = parts[Symbol.asyncIterator]();
  let first: IteratorResult<Uint32Array>;
  try {
    first = await iterator.next();
  } catch (error) {
    throw explained(error, false);
  }
  let failure: unknown;
  async function* untilFailure(): AsyncGenerator<Uint32Array> {
    if (first.done) return;
    yield first.value;
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } catch (error) {
      if (explained(error, true) === error) throw error;
      failure = error;
    }
  }
  try {
    await writeIdLine(out, untilFailure(), json);
  } finally {
    // A failed write (a closed pipe) leaves the parts unread: stop the threads.
    await iterator.return?.();
  }
  if (failure !== undefined) throw explained(failure, true);
}

/**
 * The error `encode` gives for `error` met while a large input streams, when it is a problem with the
 * input (a disallowed special token, bytes not valid in its encoding), saying whether some ids were
 * `printed` before it; any other error is returned as it is.
 *
 * @example
 * ```ts
 * throw explained(new DisallowedSpecialTokenError('<|endoftext|>', 3), false); // an Error naming the fixes (exit code 1)
 * ```
 */
export function explained(error: unknown, printed: boolean): unknown {
  const also = printed ? PRINTED_BEFORE : '';
  if (error instanceof DisallowedSpecialTokenError)
    return new Error(specialTokenProblem(error.token, error.index, also));
  const problem =
    error instanceof FileTextError
      ? error.message
      : error instanceof InvalidInputError
        ? error.problem
        : undefined;
  if (problem !== undefined) return new Error(`${problem}${also ? `; ${also}` : ''}. ${INVALID_INPUT_FIXES}`);
  return error;
}

/**
 * `text` less one final newline (`\n` or `\r\n`) when `strip`, the chunks otherwise unchanged; a
 * newline at the end of a chunk waits for the next chunk to see whether it is the last.
 * `ended(withNewline)` is called at the end.
 *
 * @example
 * ```ts
 * withoutFinalNewline(chunks, true, (ends) => { endsWithNewline = ends; });
 * ```
 */
export async function* withoutFinalNewline(
  text: AsyncIterable<string>,
  strip: boolean,
  ended: (withNewline: boolean) => void,
): AsyncGenerator<string> {
  let waiting = '';
  for await (const chunk of text) {
    const joined = waiting + chunk;
    const kept = joined.length - trailingBreaks(joined);
    if (kept > 0) yield joined.slice(0, kept);
    waiting = joined.slice(kept);
  }
  const newline = /\r?\n$/.exec(waiting)?.[0];
  ended(newline !== undefined);
  const rest = newline && strip ? waiting.slice(0, -newline.length) : waiting;
  if (rest !== '') yield rest;
}

/** How many of `text`'s last characters are CR or LF (at most 2: all that a final newline needs). */
function trailingBreaks(text: string): number {
  let count = 0;
  while (count < 2 && count < text.length) {
    const unit = text.charCodeAt(text.length - 1 - count);
    if (unit !== 0x0a && unit !== 0x0d) break;
    count++;
  }
  return count;
}
