import { RegexTokenizer } from '@tokenlab/bpe';
import type { Tokenizer } from '@tokenlab/core';
import { countOf } from './count-of.js';
import { MAX_TRAINED_VOCAB } from './share.js';
import type { MergeShown, TrainMessage, TrainRequest } from './train-worker.js';

/** What the training panel needs from the page. */
export interface TrainingHooks {
  /** The text to train on. */
  text(): string;
  /** Called with the trained tokenizer, to show it as a column, and what it was trained on. */
  onTrained(tokenizer: Tokenizer, description: string, trainedOn: { text: string; vocabSize: number }): void;
}

/** What the page can ask of the training panel. */
export interface Trainer {
  /** Train as the Train button does, with this vocabulary size when given. */
  train(vocabSize?: number): void;
}

/** Merges drawn per animation frame: fast enough for thousands, slow enough to watch. */
const MERGES_PER_FRAME = 6;

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

function mergeItem(merge: MergeShown, bytes: number): HTMLLIElement {
  const item = document.createElement('li');
  const parts = merge.parts.map((part) => {
    const span = document.createElement('span');
    span.className = 'part';
    span.textContent = part.replace(/ /g, '·');
    return span;
  });
  const result = document.createElement('span');
  result.className = 'part result';
  result.textContent = merge.text.replace(/ /g, '·');
  const count = document.createElement('span');
  count.className = 'count';
  count.textContent = `×${merge.count.toLocaleString('en')} · ${(bytes / merge.tokens).toFixed(2)} bytes/token`;
  const rank = document.createElement('span');
  rank.className = 'rank';
  rank.textContent = String(merge.id);
  item.append(rank, parts[0]!, ' + ', parts[1]!, ' → ', result, ' ', count);
  return item;
}

/** Wire the training panel: a worker trains a RegexTokenizer on the text and the merges stream in. */
export function startTraining(hooks: TrainingHooks): Trainer {
  const trainButton = byId<HTMLButtonElement>('train');
  const stopButton = byId<HTMLButtonElement>('stop');
  const vocabInput = byId<HTMLInputElement>('vocab-size');
  const progress = byId<HTMLProgressElement>('train-progress');
  const status = byId<HTMLElement>('train-status');
  const list = byId<HTMLOListElement>('merges');

  let worker: Worker | undefined;
  let queue: MergeShown[] = [];
  let bytes = 0;
  let total = 0;
  let shown = 0;
  let finished: Extract<TrainMessage, { type: 'done' }> | undefined;
  let frame = 0;
  let request: TrainRequest | undefined;

  const stop = (message: string) => {
    worker?.terminate();
    worker = undefined;
    cancelAnimationFrame(frame);
    trainButton.disabled = false;
    stopButton.disabled = true;
    status.textContent = message;
  };

  const finish = (done: Extract<TrainMessage, { type: 'done' }>) => {
    const tokenizer = RegexTokenizer.fromMerges(
      done.merges.map(([left, right], i) => [left, right, 256 + i] as const),
      { pattern: 'gpt4', name: 'bpe-trained' },
    );
    const ratio = done.bytes / Math.max(1, done.tokens);
    const vocabSize = 256 + done.merges.length;
    // Done: a text that ran out of pairs ends the training before the merges asked for.
    progress.value = 1;
    stop(
      `${countOf(done.merges.length, 'merge')}, vocabulary ${vocabSize}: ${done.bytes.toLocaleString('en')} bytes → ` +
        `${done.tokens.toLocaleString('en')} tokens, compression ${ratio.toFixed(2)}×` +
        (done.exhausted ? ' (the text ran out of pairs)' : ''),
    );
    status.dataset.ratio = ratio.toFixed(4);
    hooks.onTrained(
      tokenizer,
      `RegexTokenizer (GPT-4 pattern), ${countOf(done.merges.length, 'merge')} learned from the text as it was when trained`,
      { text: request!.text, vocabSize: request!.vocabSize },
    );
  };

  // Draw a few merges per frame, so training a small vocabulary is something to watch.
  const drawFrame = () => {
    const fragment = document.createDocumentFragment();
    for (const merge of queue.splice(0, MERGES_PER_FRAME)) {
      fragment.append(mergeItem(merge, bytes));
      shown++;
      progress.value = shown / Math.max(1, total);
      status.textContent = `merge ${shown} of ${total} · ≈${(bytes / merge.tokens).toFixed(2)} bytes/token`;
    }
    list.append(fragment);
    list.scrollTop = list.scrollHeight;
    if (queue.length > 0 || !finished) frame = requestAnimationFrame(drawFrame);
    else finish(finished);
  };

  const train = () => {
    const text = hooks.text();
    const vocabSize = Number(vocabInput.value);
    if (!Number.isInteger(vocabSize) || vocabSize < 257 || vocabSize > MAX_TRAINED_VOCAB) {
      status.textContent = `the vocabulary size must be a whole number from 257 to ${MAX_TRAINED_VOCAB}`;
      return;
    }
    if (text.length === 0) {
      status.textContent = 'there is no text to train on';
      return;
    }
    worker?.terminate();
    list.replaceChildren();
    delete status.dataset.ratio;
    queue = [];
    shown = 0;
    finished = undefined;
    progress.value = 0;
    trainButton.disabled = true;
    stopButton.disabled = false;
    status.textContent = 'starting…';
    worker = new Worker(new URL('./train-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<TrainMessage>) => {
      const message = event.data;
      if (message.type === 'start') {
        bytes = message.bytes;
        total = message.total;
      } else if (message.type === 'merges') {
        queue.push(...message.merges);
      } else if (message.type === 'done') {
        finished = message;
      } else {
        stop(`training failed: ${message.message}`);
      }
    };
    worker.onerror = (event) => stop(`training failed: ${event.message}`);
    request = { text, vocabSize };
    worker.postMessage(request);
    frame = requestAnimationFrame(drawFrame);
  };

  trainButton.addEventListener('click', train);
  stopButton.addEventListener('click', () => stop(`stopped after ${countOf(shown, 'merge')}`));
  return {
    train(vocabSize) {
      if (vocabSize !== undefined) vocabInput.value = String(vocabSize);
      train();
    },
  };
}
