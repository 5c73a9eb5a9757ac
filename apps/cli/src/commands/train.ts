import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { BasicTokenizer, RegexTokenizer, TrainProgress } from '@tokenlab/bpe';
import { countFileRanges, readableInRanges } from '@tokenlab/bpe/count-files';
import { type Command, parseCommandArgs } from '../command.js';
import { INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS, inputDecodingFrom } from '../input-decoding.js';
import { readInputText, readStream } from '../input-text.js';
import { type CommandIO, checkInputFiles, checkOutputFile, stdinOf, UsageError, writeLine } from '../io.js';
import { droppedUnits, lossWarning, patternLoss } from '../pattern-coverage.js';
import {
  countTextChunks,
  joinBlocks,
  trainReadsFilesItself,
  trainTextBlocks,
  withDecodingFixes,
} from '../train-input.js';
import { isUrlOperand } from '../url-fetch.js';
import { inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';
import { capWorkers } from '../worker-count.js';

const HELP = `Usage: tokenlab train --tokenizer basic|regex --vocab-size N --out PREFIX [options] [FILE...]
       tokenlab train --counts --vocab-size N --out PREFIX [options] COUNTS.parquet...

Trains a byte-level BPE tokenizer exactly as minbpe does (the same merges in the same order) on the
FILEs (joined by newlines; stdin when none is given), and writes minbpe's two files, PREFIX.model
and PREFIX.vocab. Files are read as Python's text mode reads them (\\r\\n becomes \\n), with a byte
order mark at the start dropped, as every command drops it; for the regex tokenizer with the gpt2 or
gpt4 pattern, worker threads read and count byte ranges of UTF-8 files without one.

Options:
  -t, --tokenizer NAME   basic (no split pattern) or regex (default: regex)
  -v, --vocab-size N     target vocabulary size, at least 256 (256 bytes + N-256 merges)
  -p, --pattern P        split pattern of the regex tokenizer: gpt4 (default), gpt2 or a Python regex
      --special TOK=ID   register a special token after training (repeatable), e.g. '<|endoftext|>=100257'
  -o, --out PREFIX       where to write PREFIX.model and PREFIX.vocab
      --workers N        worker threads for counting chunks (default: one per core, at most 8; 1 = none);
                         capped at the cores and at one per 4 MiB of input, with a note on stderr. With
                         more than one core, chunk tables of 4 MiB or more are trained with a second
                         thread for the long merges (not with --workers 0 or 1); the merges are the same
      --counts           the FILEs are chunk counts in Parquet (columns chunk, count, first), from
                         'tokenlab count' (shards or whole files) or reduced by DuckDB, Spark...: they
                         are summed by chunk and ordered by first position, and give the merges of
                         training on the text they were counted from (regex tokenizer only)
      --reference        train with the plain reference loop (slow; same result, for checking)
      --quiet            no progress bar
      --json             print a JSON summary on stdout
${INPUT_DECODING_HELP}
${URL_INPUT_HELP}
  -h, --help             show this help

If the text runs out of pairs before the vocabulary is full (minbpe raises an error there), training
stops, the files are written, and the summary gives the size reached.

A pattern that leaves characters out of every chunk (e.g. '\\w+' drops spaces and punctuation) trains
anyway, with a warning on stderr naming how many characters are lost and which.

The two files are written to temporary files and renamed over the old ones together, so an
interrupted run or two runs with the same PREFIX never leave a .model and a .vocab that do not
belong together (Ctrl-C while writing keeps the old pair).`;

interface Summary {
  tokenizer: string;
  pattern: string;
  requestedVocabSize: number;
  vocabSize: number;
  merges: number;
  exhausted: boolean;
  uniqueChunks?: number;
  specialTokens: Record<string, number>;
  files: string[];
  seconds: { read: number; merges: number; total: number };
}

/** Inputs from this size on give chunk tables large enough for the trainer's warm-up to pay off. */
const WARM_UP_INPUT_BYTES = 16 << 20;
/**
 * Chunk tables from this size on (their distinct chunks' bytes) are trained with a merge helper
 * thread. Starting one takes the other core while the table is laid out, which only a table with
 * many long occurrence lists repays: in the BPE bench, the 89 MB Arabic corpus's table (5.5 MB)
 * merged faster with it in two runs of three, the 100 MB English corpus's (2.2 MB) slower in all.
 */
const HELPER_TABLE_BYTES = 4 << 20;

/** The total size of `files` in bytes. */
async function totalBytes(files: readonly string[]): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += (await stat(file)).size;
  return bytes;
}

function parseSpecial(values: readonly (string | boolean)[]): Map<string, number> {
  const special = new Map<string, number>();
  for (const value of values) {
    const text = String(value);
    const at = text.lastIndexOf('=');
    const id = Number(text.slice(at + 1));
    if (at <= 0 || !/^\d+$/.test(text.slice(at + 1)))
      throw new UsageError(`--special expects TOKEN=ID (e.g. '<|endoftext|>=100257'), got '${text}'`);
    const name = text.slice(0, at);
    // A name given twice would silently keep the last id.
    if (special.has(name))
      throw new UsageError(
        `--special gives '${name}' twice (ids ${special.get(name)} and ${id}); give each token once`,
      );
    special.set(name, id);
  }
  return special;
}

/** The hand-written scanner of a pattern named on the command line (none given is gpt4), if it has one. */
function namedScanner(pattern: unknown): 'gpt2' | 'gpt4' | undefined {
  if (pattern === undefined || pattern === 'gpt4') return 'gpt4';
  return pattern === 'gpt2' ? 'gpt2' : undefined;
}

/** A one-line progress bar on stderr: merges done, rate, ETA; redrawn at most ten times a second. */
class ProgressBar {
  private lastDraw = 0;
  private readonly start = performance.now();
  constructor(private readonly io: CommandIO) {}

  draw(text: string, force = false): void {
    const now = performance.now();
    if (!force && now - this.lastDraw < 100) return;
    this.lastDraw = now;
    this.io.stderr.write(`\r\x1b[2K${text}`);
  }

  merges(progress: TrainProgress): void {
    const elapsed = (performance.now() - this.start) / 1000;
    const rate = progress.merges / Math.max(elapsed, 1e-9);
    const eta = (progress.total - progress.merges) / Math.max(rate, 1e-9);
    const width = 30;
    const filled = progress.total === 0 ? width : Math.round((width * progress.merges) / progress.total);
    this.draw(
      `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progress.merges}/${progress.total} merges  ` +
        `${Math.round(rate)} merges/s  ETA ${eta.toFixed(1)} s`,
      progress.merges === progress.total,
    );
  }

  done(): void {
    this.io.stderr.write('\r\x1b[2K');
  }
}

/** `tokenlab train`: train a minbpe-exact BPE tokenizer and write its .model and .vocab files. */
export const trainCommand: Command = {
  name: 'train',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('train', argv, {
      tokenizer: { type: 'string', short: 't', default: 'regex' },
      'vocab-size': { type: 'string', short: 'v' },
      pattern: { type: 'string', short: 'p' },
      special: { type: 'string', multiple: true },
      out: { type: 'string', short: 'o' },
      workers: { type: 'string' },
      reference: { type: 'boolean' },
      counts: { type: 'boolean' },
      quiet: { type: 'boolean' },
      json: { type: 'boolean' },
      ...INPUT_DECODING_OPTIONS,
      ...URL_INPUT_OPTIONS,
    });
    const decoding = inputDecodingFrom(values);
    const kind = String(values.tokenizer);
    if (kind !== 'basic' && kind !== 'regex')
      throw new UsageError(`--tokenizer must be basic or regex, got '${kind}'`);
    if (values['vocab-size'] === undefined) throw new UsageError('--vocab-size N is required');
    const vocabSize = Number(values['vocab-size']);
    if (!Number.isInteger(vocabSize) || vocabSize < 256)
      throw new UsageError(`--vocab-size must be an integer of at least 256, got '${values['vocab-size']}'`);
    if (values.out === undefined)
      throw new UsageError('--out PREFIX is required (writes PREFIX.model and PREFIX.vocab)');
    const prefix = String(values.out);
    if (prefix.trim() === '' || /[/\\]$/.test(prefix) || /(^|[/\\])\.?$/.test(prefix))
      throw new UsageError(
        `--out must name a file prefix such as 'models/tok' (got '${prefix}', which would write hidden '.model' and '.vocab' files)`,
      );
    if (kind === 'basic' && values.pattern !== undefined)
      throw new UsageError('--pattern applies to the regex tokenizer only');
    for (const ext of ['model', 'vocab']) await checkOutputFile(`${prefix}.${ext}`);
    const workers = values.workers === undefined ? undefined : Number(values.workers);
    if (workers !== undefined && (!Number.isInteger(workers) || workers < 0))
      throw new UsageError(`--workers must be a non-negative integer, got '${values.workers}'`);
    const special = parseSpecial((values.special as (string | boolean)[] | undefined) ?? []);
    const bar = io.isTTY && !values.quiet ? new ProgressBar(io) : undefined;
    // URLs are downloaded (at most 50 MB each) and trained on like stdin, from memory.
    const fromWeb = positionals.some(isUrlOperand);
    const files = fromWeb ? [] : positionals.filter((file) => file !== '-');
    const useStdin = !fromWeb && (positionals.length === 0 || positionals.includes('-'));
    if (useStdin && files.length > 0) throw new UsageError("read either FILEs or stdin ('-'), not both");
    await checkInputFiles(files);
    if (
      values.counts &&
      (kind !== 'regex' || values.reference || files.length !== positionals.length || useStdin)
    )
      throw new UsageError(
        '--counts trains the regex tokenizer with the fast trainer from one or more Parquet FILEs (no --reference, stdin or URL)',
      );
    if (values.counts && (decoding.encoding !== undefined || decoding.replaceInvalid))
      throw new UsageError(
        '--input-encoding and --replace-invalid apply to text FILEs; --counts reads Parquet chunk counts',
      );
    // FILEs in another encoding, with a BOM, or that are pipes are read and decoded here (see
    // trainReadsFilesItself); @tokenlab/bpe's readers (and workers) take the plain UTF-8 files.
    const readHere = !values.counts && files.length > 0 && (await trainReadsFilesItself(files, decoding));

    let workerCount = workers;
    if (workers !== undefined && workers > 1 && files.length > 0 && !values.counts) {
      const capped = capWorkers(workers, await totalBytes(files));
      workerCount = capped.workers;
      if (capped.note) await writeLine(io.stderr, `tokenlab train: ${capped.note}`);
    }

    const started = performance.now();
    // GPT-2/GPT-4 split: workers read and count byte ranges of the files themselves. They are started
    // before the tokenizers and trainers are loaded, which happens while they boot. A pipe among the
    // files (`<(zcat corpus.gz)`) has no byte ranges: the files are then read once, as a stream.
    const scanner =
      kind === 'regex' &&
      !values.counts &&
      !values.reference &&
      files.length > 0 &&
      !useStdin &&
      !readHere &&
      (await readableInRanges(files))
        ? namedScanner(values.pattern)
        : undefined;
    const counting =
      scanner === undefined
        ? undefined
        : countFileRanges(files, scanner, {
            ...(workerCount === undefined ? {} : { workers: workerCount }),
            onProgress: (bytes: number) => bar?.draw(`counting chunks: ${(bytes / 1e6).toFixed(1)} MB`),
          });
    // A failure is reported where the table is awaited; until then it must not count as unhandled.
    counting?.catch(() => {});
    const [{ BasicTokenizer, countChunks, RegexTokenizer, warmUpTrainer }, node] = await Promise.all([
      import('@tokenlab/bpe'),
      import('@tokenlab/bpe/node'),
    ]);
    const { countFileChunks, countFileTable, readCorpusBytes, readTextBlocks, save, startMergeHelper } = node;
    const options = {
      ...(values.reference ? { trainer: 'reference' as const } : {}),
      ...(bar ? { onProgress: (progress: TrainProgress) => bar.merges(progress) } : {}),
    };
    let tokenizer: BasicTokenizer | RegexTokenizer;
    let summary: ReturnType<BasicTokenizer['train']>;
    let readSeconds: number;
    let uniqueChunks: number | undefined;
    let mergesStarted: number;
    try {
      const stdinText = fromWeb
        ? (await readInputText(positionals, io, inputOptionsFrom(values))).replace(/\r\n?/g, '\n')
        : useStdin
          ? (await readStream(stdinOf(io), decoding, io)).replace(/\r\n?/g, '\n')
          : readHere && (kind === 'basic' || values.reference)
            ? await joinBlocks(trainTextBlocks(files, decoding, io.stderr))
            : undefined;
      if (kind === 'basic') {
        const basic = new BasicTokenizer();
        const bytes =
          stdinText === undefined ? await readCorpusBytes(files) : new TextEncoder().encode(stdinText);
        mergesStarted = performance.now();
        readSeconds = (mergesStarted - started) / 1000;
        summary = basic.trainBytes(bytes, vocabSize, options);
        tokenizer = basic;
      } else {
        const regex = patternOrUsageError(
          () => new RegexTokenizer(values.pattern === undefined ? 'gpt4' : String(values.pattern)),
        );
        if (values.counts) {
          // Imported here: the Parquet reader is for --counts only, and loading it costs every other run.
          const { reduceCountsForPattern } = await import('../reduce-chunk-counts.js');
          const reduced = await reduceCountsForPattern(files, regex.pattern);
          uniqueChunks = reduced.size;
          mergesStarted = performance.now();
          readSeconds = (mergesStarted - started) / 1000;
          summary = regex.trainFromCounts(reduced.entries(), vocabSize, options);
        } else if (values.reference) {
          // Checked UTF-8 (a bad byte names the file and offset), newlines as Python's text mode reads them.
          let text = stdinText ?? '';
          if (stdinText === undefined) for await (const block of readTextBlocks(files)) text += block;
          mergesStarted = performance.now();
          readSeconds = (mergesStarted - started) / 1000;
          summary = regex.train(text, vocabSize, options);
          const loss = patternLoss(text, regex.split);
          if (loss.dropped > 0) await writeLine(io.stderr, `tokenlab train: ${lossWarning(loss)}`);
        } else if (stdinText === undefined && !readHere && regex.split.cuttable) {
          // The GPT-2/GPT-4 split (counted by the workers started above, or here for the same pattern
          // written out) leaves no character out of the chunks, so there is no loss to report.
          const table =
            counting ??
            countFileTable(files, regex.split, {
              ...(workerCount === undefined ? {} : { workers: workerCount }),
              onProgress: (bytes: number) => bar?.draw(`counting chunks: ${(bytes / 1e6).toFixed(1)} MB`),
            });
          table.catch(() => {});
          // The workers have their first ranges and take a while to start: the trainer's warm-up runs
          // now on this otherwise idle thread instead of after the counting, where training waits for
          // it. Small inputs (whose tables the trainer does not warm up for) skip it.
          if ((await totalBytes(files)) >= WARM_UP_INPUT_BYTES) warmUpTrainer();
          const counted = await table;
          uniqueChunks = counted.lengths.length;
          mergesStarted = performance.now();
          readSeconds = (mergesStarted - started) / 1000;
          // A large table's early merges each visit most of its chunks: a second thread takes half of
          // each long list. It starts now, on the core the count workers have just left, while this
          // thread lays the chunks out; the merges are the same with it or without.
          const helper =
            counted.bytes.length >= HELPER_TABLE_BYTES &&
            availableParallelism() > 1 &&
            workerCount !== 0 &&
            workerCount !== 1
              ? startMergeHelper()
              : undefined;
          try {
            summary = regex.trainFromCounts(counted, vocabSize, helper ? { ...options, helper } : options);
          } finally {
            await helper?.close();
          }
        } else {
          let characters = stdinText?.length ?? 0;
          const progress = (n: number) => {
            characters = n;
            bar?.draw(`counting chunks: ${(n / 1e6).toFixed(1)} M characters`);
          };
          const counts =
            stdinText !== undefined
              ? countChunks(stdinText, regex.split)
              : readHere
                ? (
                    await countTextChunks(
                      trainTextBlocks(files, decoding, io.stderr),
                      regex.split,
                      countChunks,
                      progress,
                    )
                  ).counts
                : await countFileChunks(files, regex.split, {
                    ...(workerCount === undefined ? {} : { workers: workerCount }),
                    onProgress: progress,
                  });
          uniqueChunks = counts.size;
          // Only when the chunks do not add up to the text is it read again, to say which characters went;
          // a pipe, which can be read only once, is said in numbers.
          const dropped = droppedUnits(counts, characters);
          if (dropped > 0 && stdinText === undefined && !(await readableInRanges(files)))
            await writeLine(
              io.stderr,
              `${bar ? '\n' : ''}tokenlab train: the split pattern drops ${dropped} of the ${characters} UTF-16 units of the training text; no token holds them, so decode(encode(text)) loses them. A pattern that matches every character (gpt4, gpt2) keeps them.`,
            );
          else if (dropped > 0) {
            let text = stdinText ?? '';
            if (stdinText === undefined)
              for await (const block of readHere ? trainTextBlocks(files, decoding) : readTextBlocks(files))
                text += block;
            const loss = patternLoss(text, regex.split);
            if (loss.dropped > 0)
              await writeLine(io.stderr, `${bar ? '\n' : ''}tokenlab train: ${lossWarning(loss)}`);
          }
          mergesStarted = performance.now();
          readSeconds = (mergesStarted - started) / 1000;
          summary = regex.trainFromCounts(counts, vocabSize, options);
        }
        tokenizer = regex;
      }
    } catch (error) {
      // @tokenlab/bpe's readers say where a file is not UTF-8; the fixes are this command's options.
      throw values.counts ? error : withDecodingFixes(error);
    }
    const mergeSeconds = (performance.now() - mergesStarted) / 1000;
    bar?.done();
    if (special.size > 0) tokenizer.registerSpecialTokens(special);
    // Ctrl-C or SIGTERM while the files are written aborts before they replace the old pair, so
    // neither is left half-written or from another run.
    const interrupted = new AbortController();
    const interrupt = () => interrupted.abort();
    process.once('SIGINT', interrupt);
    process.once('SIGTERM', interrupt);
    let written: [string, string];
    try {
      written = await save(tokenizer, prefix, { signal: interrupted.signal });
    } catch (error) {
      if (!interrupted.signal.aborted) throw error;
      await writeLine(
        io.stderr,
        `tokenlab train: interrupted; ${prefix}.model and ${prefix}.vocab left as they were`,
      );
      return 130;
    } finally {
      process.off('SIGINT', interrupt);
      process.off('SIGTERM', interrupt);
    }
    const result: Summary = {
      tokenizer: kind,
      pattern: tokenizer.pattern,
      requestedVocabSize: vocabSize,
      vocabSize: summary.vocabSize,
      merges: summary.merges.length,
      exhausted: summary.exhausted,
      ...(uniqueChunks === undefined ? {} : { uniqueChunks }),
      specialTokens: Object.fromEntries(special),
      files: written,
      seconds: { read: readSeconds, merges: mergeSeconds, total: (performance.now() - started) / 1000 },
    };
    if (summary.exhausted)
      await writeLine(
        io.stderr,
        `tokenlab train: the text ran out of pairs after ${mergeCount(summary.merges.length)}; vocabulary size ${summary.vocabSize} (asked for ${vocabSize})`,
      );
    if (values.json) await writeLine(io.stdout, JSON.stringify(result));
    else
      await writeLine(
        io.stdout,
        `wrote ${written.join(' and ')}: ${mergeCount(summary.merges.length)}, vocabulary size ${summary.vocabSize}` +
          ` (${result.seconds.total.toFixed(2)} s: read ${readSeconds.toFixed(2)} s, merges ${mergeSeconds.toFixed(2)} s)`,
      );
    return 0;
  },
};

/** `n merges`, or `1 merge`. */
function mergeCount(n: number): string {
  return `${n} merge${n === 1 ? '' : 's'}`;
}

/** `make()`, with a pattern it refuses (a bad regex, a mistyped name) a usage error naming --pattern. */
function patternOrUsageError<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    throw new UsageError(`--pattern: ${error instanceof Error ? error.message : String(error)}`);
  }
}
