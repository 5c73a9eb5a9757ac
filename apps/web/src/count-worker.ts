/// <reference lib="webworker" />
import { codePointLength, type Tokenizer, utf8ByteLength } from '@tokenlab/core';
import { CountedText } from './counted-text.js';
import { graphemeCount } from './layout.js';
import { type PackedTokens, packTokens, transferables } from './packed-tokens.js';
import type { PartTotals } from './part-totals.js';
import type { TextChange } from './segments.js';
import { pieceCounter } from './token-store.js';
import { findTokenizer, lineCutsOf, loadTokenizer, takesTypedPattern } from './tokenizers.js';

/** One column whose whole-text work is asked for. */
export interface ColumnJob {
  /** The tokenizer's id in the registry, or `bpe-trained`. */
  id: string;
  /** What makes the column's tokenizer what it is (id, pattern, trained version): its counts are kept under it. */
  key: string;
  /** The pattern typed for a pattern-driven tokenizer. */
  pattern?: string;
  /** The merges of the BPE trained in the page (`bpe-trained` only). */
  merges?: ReadonlyArray<readonly [number, number, number]>;
  /** `true` for tokenizers that need the whole text at once: their tokens are sent back, packed. */
  whole: boolean;
}

/**
 * What the page tells the worker, in order: the text (a new one, or the edits made to the last
 * one: only the changed ranges cross, not the megabyte), then what to count on it.
 */
export type CountRequest =
  | { type: 'text'; version: number; text: string }
  | { type: 'edit'; version: number; changes: TextChange[] }
  | {
      type: 'count';
      /** Numbers the request; answers carry it, so the page ignores answers about an older text. */
      job: number;
      /** The version of the text (the last `text` or `edit`) to count. */
      version: number;
      /** Whether the text's own counts (characters, graphemes, bytes) are wanted. */
      stats: boolean;
      columns: ColumnJob[];
    };

/** What the worker posts back (several at once in a `batch`, so that the page redraws once for them). */
export type CountMessage =
  | { type: 'stats'; job: number; codePoints: number; bytes: number; graphemes: number }
  | { type: 'column'; job: number; id: string; count: number; tokens?: PackedTokens }
  | { type: 'error'; job: number; id: string; message: string }
  /**
   * Sent around each stretch of work on a column with a typed pattern: its id before, null after. A
   * stretch that never ends (a pattern that backtracks without end) is how the page knows to stop
   * this worker.
   */
  | { type: 'busy'; job: number; id: string | null }
  | { type: 'batch'; job: number; messages: CountMessage[] };

type Count = Extract<CountRequest, { type: 'count' }>;

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** How long the worker works before looking for a newer request. */
const SLICE_MS = 40;
/** How long the quick first pass counts, so that the counts an edit barely changed come at once. */
const QUICK_MS = 8;

const counted = new CountedText();
let version = 0;
let latest: Count | undefined;
let running = false;
const patterned = new Map<string, Promise<Tokenizer>>();
let trained: { key: string; tokenizer: Promise<Tokenizer> } | undefined;

const pause = () => new Promise((done) => setTimeout(done, 0));

function tokenizerFor(column: ColumnJob): Promise<Tokenizer> {
  if (column.merges) {
    if (trained?.key !== column.key) {
      const merges = column.merges;
      trained = {
        key: column.key,
        tokenizer: import('@tokenlab/bpe').then(({ RegexTokenizer }) =>
          RegexTokenizer.fromMerges(merges, { pattern: 'gpt4', name: 'bpe-trained' }),
        ),
      };
    }
    return trained.tokenizer;
  }
  const entry = findTokenizer(column.id);
  if (column.pattern === undefined || !entry?.withPattern) return loadTokenizer(column.id);
  const key = `${column.id}\u0000${column.pattern}`;
  let tokenizer = patterned.get(key);
  if (!tokenizer) {
    if (patterned.size >= 32) patterned.clear();
    tokenizer = entry.withPattern(column.pattern);
    patterned.set(key, tokenizer);
  }
  return tokenizer;
}

const STATS = {
  codePoints: (part: string) => codePointLength(part),
  bytes: (part: string) => utf8ByteLength(part),
  graphemes: graphemeCount,
} as const;

/** One count to finish: the text's statistics, or a line-local column's tokens. */
interface Tally {
  totals: PartTotals[];
  /** The message that says the totals, once all are known. */
  message(): CountMessage;
  /** The column the count is of, to report a failure. */
  column?: ColumnJob;
}

/** Whether `request` is out of date: a newer request or a newer text came in. */
const superseded = (request: Count) => latest !== undefined || version !== request.version;

/** Measure `tally` until done (`true`) or until `deadline`, saying so around it if its pattern was typed. */
function measure(job: number, tally: Tally, deadline: number): boolean {
  return watched(job, tally.column, () => {
    let done = true;
    for (const totals of tally.totals) done = totals.measureUntil(counted.cut.parts, deadline) && done;
    return done;
  });
}

/** Whether `column` runs a pattern typed in the page (not one of a menu's settings). */
function isTyped(column: ColumnJob | undefined): column is ColumnJob {
  return column?.pattern !== undefined && takesTypedPattern(column.id);
}

/** Run `work` (synchronous), posting `busy` messages around it when `column` runs a typed pattern. */
function watched<T>(job: number, column: ColumnJob | undefined, work: () => T): T {
  if (!isTyped(column)) return work();
  scope.postMessage({ type: 'busy', job, id: column.id } satisfies CountMessage);
  try {
    return work();
  } finally {
    scope.postMessage({ type: 'busy', job, id: null } satisfies CountMessage);
  }
}

function failure(job: number, column: ColumnJob | undefined, error: Error): CountMessage {
  if (!column) throw error;
  return { type: 'error', job, id: column.id, message: error.message };
}

function postError(job: number, column: ColumnJob | undefined, error: Error): void {
  scope.postMessage(failure(job, column, error));
}

/** Do `request` unless a newer request or text comes in (checked between slices). */
async function work(request: Count): Promise<void> {
  const { job } = request;
  if (superseded(request)) return;
  const tallies: Tally[] = [];
  const wanted = new Set(Object.keys(STATS).map((name) => `stats:${name}`));
  if (request.stats) {
    const totals = Object.entries(STATS).map(([name, of]) => counted.totalsOf(`stats:${name}`, of));
    tallies.push({
      totals,
      message: () => {
        const [codePoints = 0, bytes = 0, graphemes = 0] = totals.map((t) => t.total);
        return { type: 'stats', job, codePoints, bytes, graphemes };
      },
    });
  }
  const wholes = request.columns.filter((column) => column.whole);
  for (const column of request.columns) {
    if (column.whole) continue;
    wanted.add(column.key);
    try {
      const tokenizer = await tokenizerFor(column);
      if (superseded(request)) return;
      // A long line is counted piece by piece (an edit recounts only its pieces), unless a typed
      // pattern may make tokens that hold spaces.
      const cuts = lineCutsOf(column.id);
      const count = isTyped(column)
        ? (part: string) => tokenizer.tokenize(part).length
        : pieceCounter(tokenizer, cuts);
      const totals = counted.totalsOf(column.key, count);
      tallies.push({
        totals: [totals],
        column,
        message: () => ({ type: 'column', job, id: column.id, count: totals.total! }),
      });
    } catch (error) {
      postError(job, column, error as Error);
    }
  }
  // Columns no longer shown stop following the edits.
  counted.keepOnly(wanted);
  // A quick pass first: after an edit, the counts need only the parts it touched.
  const left: Tally[] = [];
  const quick = performance.now() + QUICK_MS;
  const done: CountMessage[] = [];
  for (const tally of tallies) {
    try {
      if (measure(job, tally, quick)) done.push(tally.message());
      else left.push(tally);
    } catch (error) {
      done.push(failure(job, tally.column, error as Error));
    }
  }
  if (done.length > 0) scope.postMessage({ type: 'batch', job, messages: done } satisfies CountMessage);
  // Whole-text columns next: they have nothing to show until they are done.
  for (const column of wholes) {
    try {
      const tokenizer = await tokenizerFor(column);
      if (superseded(request)) return;
      const { text } = counted.cut;
      const tokens = watched(job, column, () => packTokens(text, tokenizer.tokenize(text)));
      const message: CountMessage = {
        type: 'column',
        job,
        id: column.id,
        count: tokens.starts.length,
        tokens,
      };
      scope.postMessage(message, transferables(tokens));
    } catch (error) {
      postError(job, column, error as Error);
    }
    await pause();
    if (superseded(request)) return;
  }
  for (const tally of left) {
    try {
      while (!measure(job, tally, performance.now() + SLICE_MS)) {
        await pause();
        if (superseded(request)) return;
      }
      scope.postMessage(tally.message());
    } catch (error) {
      postError(job, tally.column, error as Error);
    }
    await pause();
    if (superseded(request)) return;
  }
}

scope.onmessage = async (event: MessageEvent<CountRequest>) => {
  const message = event.data;
  // The text follows every message at once, in order; counting waits for the latest request.
  if (message.type === 'text') {
    counted.setText(message.text);
    version = message.version;
    return;
  }
  if (message.type === 'edit') {
    counted.apply(message.changes);
    version = message.version;
    return;
  }
  latest = message;
  if (running) return;
  running = true;
  while (latest) {
    const request = latest;
    latest = undefined;
    await work(request);
  }
  running = false;
};
