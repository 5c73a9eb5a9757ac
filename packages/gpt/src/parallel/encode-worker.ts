// The program of each encoding worker thread: wrap the encoding around the shared rank table it was
// given, then encode jobs as they come, replying with the ids in a transferred Uint32Array.
import { parentPort, workerData } from 'node:worker_threads';
import { SharedPieceCache } from '../bpe/shared-piece-cache.js';
import { Encoding } from '../encoding.js';
import { RankTable } from '../ranks/rank-table.js';
import { JobEncoder } from './job-encoder.js';
import type { EncodeJob, EncodingTransfer } from './protocol.js';

const definition = workerData as EncodingTransfer;
const encoding = new Encoding({
  name: definition.name,
  patternSource: definition.patternSource,
  ranks: RankTable.fromShared(definition.ranks),
  specialTokens: definition.specialTokens,
});
if (definition.pieceCache !== undefined)
  encoding.usePieceCache(SharedPieceCache.fromShared(definition.pieceCache));
const encoder = new JobEncoder(encoding);
const port = parentPort!;

port.on('message', (job: EncodeJob) => {
  const reply = encoder.encode(job);
  // The reply's arrays are its own copies (never shared memory), so they move without a copy.
  const own = reply.ids === undefined ? [] : [reply.ids.buffer, reply.lengths!.buffer];
  port.postMessage(reply, own as ArrayBuffer[]);
});
