/**
 * The program of a Node worker thread training Word2Vec (started by `startWorkerThread`): serves the
 * training requests of its parent on the shared weights.
 *
 * @packageDocumentation
 */
import { parentPort } from 'node:worker_threads';
import { serveTrainingThread } from './training-threads.js';

const port = parentPort;
if (!port) throw new Error('word2vec-worker.js runs as a worker thread, started by startWorkerThread');
serveTrainingThread({
  post: (reply) => port.postMessage(reply),
  onRequest: (listener) => port.on('message', listener),
});
