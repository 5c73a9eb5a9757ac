import type { PositionedChunks } from '../chunk-store.js';

/** The buffers behind `table`'s arrays, to move it to another thread without a copy. */
export function tableBuffers(table: PositionedChunks): ArrayBuffer[] {
  return [table.bytes, table.lengths, table.counts, table.firsts].map((array) => array.buffer as ArrayBuffer);
}
