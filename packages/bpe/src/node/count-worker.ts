// The program of each chunk-counting worker thread: count the chunks of each piece it is sent.
import { parentPort } from 'node:worker_threads';
import { type ScanSpec, scanCountChunks } from '../scan-count.js';

const port = parentPort!;
port.on('message', ({ id, text, scan }: { id: number; text: string; scan: ScanSpec }) => {
  const { chunks, counts } = scanCountChunks(text, scan);
  port.postMessage({ id, chunks, counts }, [counts.buffer as ArrayBuffer]);
});
