// The program of each range-counting worker thread: count the corpus ranges it is sent into one
// table of distinct chunks; when told to finish, split its table by chunk hash into one partition per
// worker, send the others' partitions to the workers that add them up (over a channel to each, not
// through the thread that asked, whose buffers must not be detached) and keep its own in its
// table; once it holds every other worker's share of its partition, add them into its table (only the
// shares' chunks are looked up again) and send back the sum, in first-appearance order. The
// partitions hold different chunks, so the workers add up the whole table side by side, and the
// thread that asked only interleaves the sums by position. Everything the adding up allocates dies
// with this thread, and is not left as garbage in the thread that trains.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { ByteChunkStore } from '../byte-chunk-store.js';
import type { PositionedChunks } from '../chunk-store.js';
import { warmUpUtf8Count } from '../count-warm-up.js';
import { CorpusBytes } from './corpus-bytes.js';
import { countRangeUtf8 } from './range-count.js';
import { tableBuffers } from './table-transfer.js';

const { files, universalNewlines, scanner, index, size, peers } = workerData as {
  files: string[];
  universalNewlines: boolean;
  scanner: 'gpt2' | 'gpt4';
  /** This worker's number, which is also the partition it adds up. */
  index: number;
  /** How many workers (and partitions) there are. */
  size: number;
  /** A channel to each other worker, by its number (`null` at this worker's own). */
  peers: Array<MessagePort | null>;
};
const port = parentPort!;
const corpus = new CorpusBytes(files, { universalNewlines });
const store = new ByteChunkStore({ mapped: true });
// Before the first range, so that the scanner is compiled once, with every path taken (a few ms).
warmUpUtf8Count(scanner);
/** The other workers' shares of this worker's partition. */
const shares: PositionedChunks[] = [];
let finished = false;
type Message = { start: number; end: number } | 'finish';

function sendIfComplete(): void {
  if (!finished || shares.length < size - 1) return;
  const table = store.sumShares(shares);
  port.postMessage({ table }, tableBuffers(table));
}

/** Run `work`, reporting an error it throws to the thread that asked (which then stops every worker). */
function reporting(work: () => void): void {
  try {
    work();
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}

for (const peer of peers)
  peer?.on('message', (share: PositionedChunks) =>
    reporting(() => {
      shares.push(share);
      sendIfComplete();
    }),
  );

port.on('message', (message: Message) =>
  reporting(() => {
    if (message === 'finish') {
      corpus.close();
      const partitions = store.splitShares(size, index);
      for (let part = 0; part < size; part++)
        if (part !== index) peers[part]!.postMessage(partitions[part]!, tableBuffers(partitions[part]!));
      finished = true;
      sendIfComplete();
      return;
    }
    countRangeUtf8(corpus, message.start, message.end, scanner, store);
    port.postMessage({ counted: message.end - message.start });
  }),
);
