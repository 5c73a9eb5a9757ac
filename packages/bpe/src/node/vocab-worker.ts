// The program of the thread that renders a `.vocab` text while training runs on the thread that
// started it: batches of merges (left, right, left, right, ...) come in as they are learned, and
// 'end' asks for the text, which goes back as one string.
import { parentPort } from 'node:worker_threads';
import { VocabLines } from '../vocab-lines.js';

const port = parentPort!;
const lines = new VocabLines();
port.on('message', (message: Int32Array | 'end') => {
  if (message === 'end') port.postMessage(lines.text());
  else for (let i = 0; i < message.length; i += 2) lines.add(message[i]!, message[i + 1]!);
});
