// The program of each encoding worker thread: wrap the encoding around the shared rank table it was
// given, then encode jobs as they come, replying with the ids in a transferred Uint32Array (a copy
// of one id buffer kept for all jobs, so that no job pays for a fresh, zeroed buffer of its size).
import { parentPort, workerData } from 'node:worker_threads';
import { Encoding } from '../encoding.js';
import { RankTable } from '../ranks/rank-table.js';
import { IdBuffer } from './id-buffer.js';
import { type EncodeJob, type EncodeReply, type EncodingTransfer, failureOf } from './protocol.js';

const definition = workerData as EncodingTransfer;
const encoding = new Encoding({
  name: definition.name,
  patternSource: definition.patternSource,
  ranks: RankTable.fromShared(definition.ranks),
  specialTokens: definition.specialTokens,
});
const port = parentPort!;
const buffer = new IdBuffer(1 << 16);

port.on('message', (job: EncodeJob) => {
  buffer.length = 0;
  const lengths = new Uint32Array(job.texts.length);
  for (let t = 0; t < job.texts.length; t++) {
    const text = job.texts[t]!;
    const before = buffer.length;
    try {
      if (job.ordinary) encoding.encodeOrdinaryInto(text, 0, text.length, buffer);
      else encoding.encodeInto(text, job.options, buffer);
    } catch (error) {
      port.postMessage({ id: job.id, error: failureOf(error, t) } satisfies EncodeReply);
      return;
    }
    lengths[t] = buffer.length - before;
  }
  const ids = buffer.ids().slice();
  port.postMessage({ id: job.id, ids, lengths } satisfies EncodeReply, [ids.buffer, lengths.buffer]);
});
