import { randomBytes } from 'node:crypto';
import { renameSync } from 'node:fs';
import { open, readFile, stat, unlink } from 'node:fs/promises';

/**
 * One file of a pair for {@link writeFilePair}: where it goes and what it holds.
 *
 * @example
 * ```ts
 * const vocab: PairedFile = { path: 'tok.vocab', text: vocabFileText(tokenizer) };
 * ```
 */
export interface PairedFile {
  /** The final path. */
  path: string;
  /**
   * The content, written as UTF-8: one string, or parts written one after another (a text longer
   * than a string holds, or one that need never be joined in memory).
   */
  text: string | Iterable<string>;
}

/**
 * Options of {@link writeFilePair}.
 *
 * @example
 * ```ts
 * const options: WriteFilePairOptions = { signal: AbortSignal.timeout(10_000), lockTimeoutMs: 5_000 };
 * ```
 */
export interface WriteFilePairOptions {
  /** Abort before the files are replaced: the temporary files are removed and the old pair stays. */
  signal?: AbortSignal;
  /** How long to wait for another writer of the same pair before giving up (default 60 s). */
  lockTimeoutMs?: number;
}

/** Parts are gathered into writes of about this many UTF-16 units. */
const WRITE_UNITS = 1 << 20;

/** Write `text` (or its parts, in order) to `path` and flush it to the disk before resolving. */
async function writeDurably(path: string, text: string | Iterable<string>): Promise<void> {
  const handle = await open(path, 'wx');
  try {
    if (typeof text === 'string') await handle.writeFile(text, 'utf8');
    else {
      let gathered: string[] = [];
      let units = 0;
      for (const part of text) {
        gathered.push(part);
        units += part.length;
        if (units < WRITE_UNITS) continue;
        await handle.writeFile(gathered.length === 1 ? part : gathered.join(''), 'utf8');
        gathered = [];
        units = 0;
      }
      if (gathered.length > 0) await handle.writeFile(gathered.join(''), 'utf8');
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Take the lock file `lock` (created exclusively, holding this process's id). A lock whose process is
 * gone, or an empty one older than ten seconds (its writer died between creating and filling it), is
 * stale and taken over.
 */
async function acquireLock(lock: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readFile(lock, 'utf8').catch(() => '');
    const pid = Number(holder);
    const age = await stat(lock).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    const stale = /^\d+$/.test(holder) ? !isRunning(pid) : age > 10_000;
    if (stale) {
      await unlink(lock).catch(() => {});
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(
        `${lock}: another process (${holder || 'unknown'}) has been writing these files for ${Math.round(timeoutMs / 1000)} s; ` +
          'remove the lock file if no such process is running',
      );
    await new Promise((done) => setTimeout(done, 10 + Math.random() * 40));
  }
}

/**
 * Replace two files as a pair: each is written in full to a temporary file next to it
 * (`PATH.PID.RANDOM.tmp`) and flushed, then, holding the lock file `first.path + '.lock'`, both are
 * renamed over the old ones one right after the other. A reader never sees a half-written file; two
 * writers of the same pair never mix their files, since the renames are serialised by the lock; an
 * abort before the renames leaves the old pair untouched and removes the temporary files. Only a
 * process killed outright (SIGKILL, power loss) between the two renames can leave one new file and one
 * old one, which is why the pair should also be verifiable by its content (see `verifyModelPair`).
 *
 * @example
 * ```ts
 * await writeFilePair({ path: 'tok.vocab', text: vocab }, { path: 'tok.model', text: model });
 * ```
 */
export async function writeFilePair(
  first: PairedFile,
  second: PairedFile,
  options: WriteFilePairOptions = {},
): Promise<void> {
  const tag = `${process.pid}.${randomBytes(4).toString('hex')}`;
  const temporary = [`${first.path}.${tag}.tmp`, `${second.path}.${tag}.tmp`] as const;
  const lock = `${first.path}.lock`;
  let locked = false;
  try {
    await writeDurably(temporary[0], first.text);
    await writeDurably(temporary[1], second.text);
    await acquireLock(lock, options.lockTimeoutMs ?? 60_000, options.signal);
    locked = true;
    options.signal?.throwIfAborted();
    // Synchronous and back to back: no other callback of this process (a signal handler, another
    // writer) can run between the two renames.
    renameSync(temporary[0], first.path);
    renameSync(temporary[1], second.path);
  } finally {
    await Promise.all(temporary.map((path) => unlink(path).catch(() => {})));
    if (locked) await unlink(lock).catch(() => {});
  }
}
