import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A writer of numbered files in a new temporary folder named from `prefix`: each call writes
 * `content` to the next file and returns its path.
 *
 * @example
 * ```ts
 * const file = tempFileWriter('tokenlab-corpus-');
 * const path = file('the cat\n'); // …/tokenlab-corpus-XXXXXX/f0.txt
 * ```
 */
export function tempFileWriter(prefix: string): (content: string | Uint8Array) => string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  let fileNumber = 0;
  return (content) => {
    const path = join(dir, `f${fileNumber++}.txt`);
    writeFileSync(path, content);
    return path;
  };
}
