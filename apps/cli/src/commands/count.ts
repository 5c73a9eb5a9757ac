import { SplitPattern } from '@tokenlab/bpe';
import { readableInRanges } from '@tokenlab/bpe/count-files';
import { writeChunkCountsParquet } from '../chunk-counts-parquet.js';
import { type Command, parseCommandArgs } from '../command.js';
import { checkInputFiles, checkOutputFile, UsageError, writeLine } from '../io.js';
import { countByteRange } from '../range-counts.js';
import { VERSION } from '../version.js';

const HELP = `Usage: tokenlab count [options] --out COUNTS.parquet FILE

Splits FILE (or a byte range of it) into chunks with a split pattern, as 'tokenlab train' does, and
writes how often each chunk occurs to a Parquet file with three columns:

  chunk  BYTE_ARRAY  the chunk's UTF-8 bytes
  count  INT64       how often it occurs
  first  INT64       the byte of FILE where it first occurs (plus --offset)

Spark, DuckDB, pyarrow/Ray and BigQuery read the file as it is (PLAIN encoding, Snappy compression).
Counts of several ranges or files add up with sum(count) and min(first) by chunk, and
'tokenlab train --counts' trains from them (reduced or not) the merges of training on the whole
text: the first positions keep the order in which chunks first appear, which decides minbpe's ties.

Options:
  -p, --pattern P        split pattern: gpt4 (default) or gpt2 (minbpe's patterns; they are the ones
                         whose text can be cut safely)
      --range START:END  count only the bytes from START to END (0-based, END excluded; END may pass
                         the end of the file); see "Ranges" below
      --offset N         add N to every first position: the byte where FILE starts in a corpus of
                         several files, so that their positions never collide (default 0)
  -o, --out FILE         the Parquet file to write (written beside it, then renamed over it)
      --json             print a JSON summary on stdout
  -h, --help             show this help

Ranges: a range boundary B moves forward to the first safe cut at or after B: the start of a line
that begins with a letter and follows a line that does not end in white space (a cut there never
changes a chunk). 0 and the end of the file are cuts as they are; with no safe cut after B, the
boundary is the end of the file. Neighbouring ranges compute the same cut from the same bytes, so
--range 0:A, --range A:B and --range B:SIZE count every chunk of the file exactly once, whatever
A and B are. The summary gives the cuts used.

The file is read as 'tokenlab train' reads it: UTF-8 (invalid bytes are an error naming them), \\r\\n
and lone \\r as \\n; positions are bytes of the file as it is on disk.`;

interface Summary {
  file: string;
  out: string;
  pattern: string;
  size: number;
  range: { start: number; end: number };
  offset: number;
  distinctChunks: number;
  chunks: number;
}

/** `START:END`, two non-negative integers with START <= END. */
function parseRange(text: string): { start: number; end: number } {
  const match = /^(\d+):(\d+)$/.exec(text);
  const start = Number(match?.[1]);
  const end = Number(match?.[2]);
  if (match === null || !Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end)
    throw new UsageError(
      `--range expects START:END in bytes with START <= END (e.g. 0:1048576), got '${text}'`,
    );
  return { start, end };
}

/** `tokenlab count`: chunk counts of a file or a byte range of it, with first positions, in Parquet. */
export const countCommand: Command = {
  name: 'count',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('count', argv, {
      pattern: { type: 'string', short: 'p' },
      range: { type: 'string' },
      offset: { type: 'string' },
      out: { type: 'string', short: 'o' },
      json: { type: 'boolean' },
    });
    if (positionals.length !== 1)
      throw new UsageError(
        `give one FILE to count (got ${positionals.length}); count the files of a corpus one by one with --offset`,
      );
    const file = positionals[0]!;
    if (file === '-') throw new UsageError('count reads a file, not stdin (ranges need a file)');
    if (values.out === undefined) throw new UsageError('--out COUNTS.parquet is required');
    const out = String(values.out);
    await checkOutputFile(out);
    const split = SplitPattern.from(values.pattern === undefined ? 'gpt4' : String(values.pattern));
    // Only these two patterns have a proved-safe place to cut a file into shards.
    if (!split.cuttable)
      throw new UsageError(
        `count splits with the gpt4 or gpt2 pattern only (the ones whose text can be cut safely), got '${values.pattern}'`,
      );
    const range = values.range === undefined ? undefined : parseRange(String(values.range));
    const offset = values.offset === undefined ? 0 : Number(values.offset);
    if (!/^\d+$/.test(String(values.offset ?? '0')) || !Number.isSafeInteger(offset))
      throw new UsageError(`--offset must be a non-negative integer, got '${values.offset}'`);

    await checkInputFiles([file]);
    // A pipe would read as no bytes at all: say so rather than write an empty count.
    if (!(await readableInRanges([file])))
      throw new UsageError(
        `'${file}' is a pipe, socket or device: count reads byte ranges of a file (the shards of a corpus); save it to a file first`,
      );
    const counted = await countByteRange(file, split, { ...range, offset });
    await writeChunkCountsParquet(
      out,
      counted,
      {
        'tokenlab.pattern': split.source,
        'tokenlab.file': file,
        'tokenlab.range': `${counted.start}:${counted.end}`,
        'tokenlab.offset': String(offset),
      },
      `tokenlab version ${VERSION}`,
    );
    let occurrences = 0;
    for (const count of counted.counts) occurrences += count;
    const summary: Summary = {
      file,
      out,
      pattern: split.source,
      size: counted.size,
      range: { start: counted.start, end: counted.end },
      offset,
      distinctChunks: counted.chunks.length,
      chunks: occurrences,
    };
    if (values.json) await writeLine(io.stdout, JSON.stringify(summary));
    else
      await writeLine(
        io.stdout,
        `wrote ${out}: ${summary.distinctChunks} distinct chunks (${occurrences} in all) from bytes ` +
          `${counted.start}-${counted.end} of ${file} (${counted.size} bytes)`,
      );
    return 0;
  },
};
