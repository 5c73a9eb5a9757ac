// The program of each range-counting worker thread: count the corpus ranges it is sent into one
// table of distinct chunks, and send the table back when asked; or, when sent the other workers'
// tables, add its own to them and send back the whole table in first-appearance order (its own is made
// while it waits for theirs, when sent 'prepare'). Everything the adding up allocates then dies with
// this thread, and is not left as garbage in the thread that trains.
import { parentPort, workerData } from 'node:worker_threads';
import { ChunkStore, mergePositionedChunks, type PositionedChunks } from '../chunk-store.js';
import { CorpusBytes } from './corpus-bytes.js';
import { countRange } from './range-count.js';

const { files, universalNewlines, scanner } = workerData as {
  files: string[];
  universalNewlines: boolean;
  scanner: 'gpt2' | 'gpt4';
};
const port = parentPort!;
const corpus = new CorpusBytes(files, { universalNewlines });
const store = new ChunkStore({ mapped: true });
/** This worker's table, made as soon as it has no more ranges to count ('prepare'), before the others' arrive. */
let own: PositionedChunks | undefined;
type Message = { start: number; end: number } | 'prepare' | 'finish' | { gather: PositionedChunks[] };
port.on('message', (message: Message) => {
  try {
    if (message === 'prepare') {
      own = store.positioned();
      return;
    }
    if (message === 'finish' || 'gather' in message) {
      own ??= store.positioned();
      const table =
        message === 'finish' ? own : mergePositionedChunks([own, ...message.gather], { mapped: true });
      corpus.close();
      const buffers = [table.bytes.buffer, table.lengths.buffer, table.counts.buffer, table.firsts.buffer];
      port.postMessage({ table }, buffers as ArrayBuffer[]);
      return;
    }
    countRange(corpus, message.start, message.end, scanner, store);
    port.postMessage({ counted: message.end - message.start });
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
