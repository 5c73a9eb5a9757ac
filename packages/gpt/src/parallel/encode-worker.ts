// The program of each encoding worker thread: wrap the encoding around the shared rank table it was
// given, then encode jobs as they come, replying with the ids in a transferred Uint32Array.
import { parentPort, workerData } from 'node:worker_threads';
import { Encoding } from '../encoding.js';
import { RankTable } from '../ranks/rank-table.js';
import { DisallowedSpecialTokenError } from '../special-tokens.js';
import { IdBuffer } from './id-buffer.js';
import type { EncodeJob, EncodeReply, EncodingTransfer } from './protocol.js';

const definition = workerData as EncodingTransfer;
const encoding = new Encoding({
  name: definition.name,
  patternSource: definition.patternSource,
  ranks: RankTable.fromShared(definition.ranks),
  specialTokens: definition.specialTokens,
});
const port = parentPort!;

port.on('message', (job: EncodeJob) => {
  let chars = 0;
  for (const text of job.texts) chars += text.length;
  // About one id per 3 UTF-16 units in English, more in Arabic: start near it, grow if needed.
  const buffer = new IdBuffer(chars >> 1);
  const lengths = new Uint32Array(job.texts.length);
  for (let t = 0; t < job.texts.length; t++) {
    const text = job.texts[t]!;
    const before = buffer.length;
    try {
      if (job.ordinary) encoding.encodeOrdinaryInto(text, 0, text.length, buffer);
      else encoding.encodeInto(text, job.options, buffer);
    } catch (error) {
      const failure =
        error instanceof DisallowedSpecialTokenError
          ? { message: error.message, token: error.token, index: error.index, text: t }
          : { message: (error as Error).message, text: t };
      port.postMessage({ id: job.id, error: failure } satisfies EncodeReply);
      return;
    }
    lengths[t] = buffer.length - before;
  }
  const ids = buffer.ids().slice();
  port.postMessage({ id: job.id, ids, lengths } satisfies EncodeReply, [ids.buffer, lengths.buffer]);
});
