// The program of each range-counting worker thread: count the corpus ranges it is sent into one
// table of distinct chunks, and send the table back when asked.
import { parentPort, workerData } from 'node:worker_threads';
import { ChunkStore } from '../chunk-store.js';
import { CorpusBytes } from './corpus-bytes.js';
import { countRange } from './range-count.js';

const { files, universalNewlines, scanner } = workerData as {
  files: string[];
  universalNewlines: boolean;
  scanner: 'gpt2' | 'gpt4';
};
const port = parentPort!;
const corpus = new CorpusBytes(files, { universalNewlines });
const store = new ChunkStore();
port.on('message', (message: { start: number; end: number } | 'finish') => {
  try {
    if (message === 'finish') {
      const table = store.positioned();
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
