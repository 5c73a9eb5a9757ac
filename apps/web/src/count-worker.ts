/// <reference lib="webworker" />
import type { Tokenizer } from '@tokenlab/core';
import { type PackedTokens, packTokens, transferables } from './packed-tokens.js';
import { TextCounter } from './text-stats.js';
import { type TokenStore, tokenStore } from './token-store.js';
import { findTokenizer, loadTokenizer } from './tokenizers.js';

/** One column whose whole-text work is asked for. */
export interface ColumnJob {
  /** The tokenizer's id in the registry, or `bpe-trained`. */
  id: string;
  /** The pattern typed for a pattern-driven tokenizer. */
  pattern?: string;
  /** The merges of the BPE trained in the page (`bpe-trained` only). */
  merges?: ReadonlyArray<readonly [number, number, number]>;
  /** `true` for tokenizers that need the whole text at once: their tokens are sent back, packed. */
  whole: boolean;
}

/** Work on one text: its counts, and each column's count (and tokens, for whole-text tokenizers). */
export interface CountRequest {
  /** Numbers the request; answers carry it, so the page ignores answers about an older text. */
  job: number;
  text: string;
  /** Whether the text's own counts (characters, graphemes, bytes) are wanted. */
  stats: boolean;
  columns: ColumnJob[];
}

/** What the worker posts back. */
export type CountMessage =
  | { type: 'stats'; job: number; codePoints: number; bytes: number; graphemes: number }
  | { type: 'column'; job: number; id: string; count: number; tokens?: PackedTokens }
  | { type: 'error'; job: number; id: string; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** How long the worker works before looking for a newer request. */
const SLICE_MS = 40;

let latest: CountRequest | undefined;
let running = false;
const counter = new TextCounter();
/** Each line-local column's store, remembered by part so that an edit recounts only what it touched. */
const stores = new Map<string, { tokenizer: Tokenizer; store: TokenStore }>();
const patterned = new Map<string, Promise<Tokenizer>>();
let trained: { key: string; tokenizer: Promise<Tokenizer> } | undefined;

const pause = () => new Promise((done) => setTimeout(done, 0));

function tokenizerFor(column: ColumnJob): Promise<Tokenizer> {
  if (column.merges) {
    const key = column.merges.map((merge) => merge.join(' ')).join(',');
    if (trained?.key !== key) {
      const merges = column.merges;
      trained = {
        key,
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

/** Do `request` unless a newer one comes in (checked between slices): `false` when it did. */
async function work(request: CountRequest): Promise<void> {
  const { job, text } = request;
  if (request.stats) {
    counter.setText(text);
    while (!counter.countUntil(performance.now() + SLICE_MS)) {
      await pause();
      if (latest) return;
    }
    const { codePoints = 0, bytes = 0, graphemes = 0 } = counter.counts;
    scope.postMessage({ type: 'stats', job, codePoints, bytes, graphemes } satisfies CountMessage);
  }
  // Whole-text columns first: they have nothing to show until they are done.
  const columns = [...request.columns].sort((a, b) => Number(b.whole) - Number(a.whole));
  for (const column of columns) {
    try {
      const tokenizer = await tokenizerFor(column);
      if (latest) return;
      if (column.whole) {
        const tokens = packTokens(text, tokenizer.tokenize(text));
        const message: CountMessage = {
          type: 'column',
          job,
          id: column.id,
          count: tokens.starts.length,
          tokens,
        };
        scope.postMessage(message, transferables(tokens));
      } else {
        let kept = stores.get(column.id);
        if (kept?.tokenizer !== tokenizer) {
          kept = { tokenizer, store: tokenStore(tokenizer, true) };
          stores.set(column.id, kept);
        }
        kept.store.setText(text);
        while (!kept.store.countUntil(performance.now() + SLICE_MS)) {
          await pause();
          if (latest) return;
        }
        const count = kept.store.count!;
        scope.postMessage({ type: 'column', job, id: column.id, count } satisfies CountMessage);
      }
    } catch (error) {
      scope.postMessage({
        type: 'error',
        job,
        id: column.id,
        message: (error as Error).message,
      } satisfies CountMessage);
    }
    await pause();
    if (latest) return;
  }
}

scope.onmessage = async (event: MessageEvent<CountRequest>) => {
  latest = event.data;
  if (running) return;
  running = true;
  while (latest) {
    const request = latest;
    latest = undefined;
    await work(request);
  }
  running = false;
};
