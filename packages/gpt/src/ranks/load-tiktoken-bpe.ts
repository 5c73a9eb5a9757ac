import { decodeBase64 } from './base64.js';
import { RankTable, RepeatedTokenError } from './rank-table.js';

/**
 * Parse a standard `.tiktoken` rank file: one `base64(token bytes) rank` per line, as tiktoken's
 * `load_tiktoken_bpe` reads it. Takes the file's text or its raw bytes (to read a file by path in
 * Node, use `loadTiktokenBpeFile` from `@tokenlab/gpt/node`). Errors name the offending line.
 * Ranks must be below the number of entries (so they number the tokens `0..n-1`, as every tiktoken
 * file does): memory stays linear in the file whatever ranks it claims.
 *
 * @example
 * ```ts
 * const ranks = loadTiktokenBpe('IQ== 0\nIg== 1\n'); // "!" -> 0, '"' -> 1
 * ranks.rankOf(new Uint8Array([34]), 0, 1);           // 1
 * ```
 */
export function loadTiktokenBpe(contents: string | Uint8Array): RankTable {
  const text = typeof contents === 'string' ? contents : new TextDecoder().decode(contents);
  const entries = countEntries(text);
  const tokens: Array<Uint8Array | undefined> = new Array(entries);
  const lineOfRank = new Int32Array(entries);
  let lineNumber = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lineNumber++;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === '') continue;
    const space = line.indexOf(' ');
    const rankText = space === -1 ? '' : line.slice(space + 1).trim();
    if (space <= 0 || !/^\d+$/.test(rankText))
      throw new Error(
        `.tiktoken line ${lineNumber}: expected "<base64 token> <rank>", got ${JSON.stringify(line)}`,
      );
    const rank = Number(rankText);
    if (rank >= entries)
      throw new Error(
        `.tiktoken line ${lineNumber}: rank ${rankText} is out of range: a file of ${entries} entries numbers its tokens 0..${entries - 1}`,
      );
    if (tokens[rank] !== undefined)
      throw new Error(
        `.tiktoken line ${lineNumber}: rank ${rank} appears twice (first at line ${lineOfRank[rank]})`,
      );
    lineOfRank[rank] = lineNumber;
    try {
      tokens[rank] = decodeBase64(line, 0, space);
    } catch (error) {
      throw new Error(`.tiktoken line ${lineNumber}: ${(error as Error).message}`);
    }
  }
  try {
    return RankTable.fromTokens(tokens);
  } catch (error) {
    if (!(error instanceof RepeatedTokenError)) throw error;
    const { rank, firstRank } = error;
    // Both ranks are listed in line order here, whichever the table met first.
    const [later, earlier] =
      lineOfRank[rank]! > lineOfRank[firstRank]! ? [rank, firstRank] : [firstRank, rank];
    throw new Error(
      `.tiktoken line ${lineOfRank[later]}: rank ${later} repeats the bytes of rank ${earlier} (line ${lineOfRank[earlier]}); each token's bytes must appear once`,
    );
  }
}

/** Number of non-blank lines: the vocabulary size that bounds the ranks. */
function countEntries(text: string): number {
  let entries = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (/\S/.test(text.slice(start, end))) entries++;
    start = end + 1;
  }
  return entries;
}
