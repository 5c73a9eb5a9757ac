// What ChunkStore and ByteChunkStore share: their open-addressing tables keep each chunk in a slot of
// 8 ints (hash, chunk + 1 with 0 for an empty slot, count, then the key), so doubling a table and
// reading the counts back out are the same for both, whatever the key is.

/**
 * Put every filled slot of `old` into the empty, larger table `slots` (`mask + 1` slots of 8 ints),
 * probing linearly from each slot's hash: the doubling step of the chunk stores.
 *
 * @example
 * ```ts
 * const old = new Int32Array(16); // 2 slots
 * old.set([7, 1, 3, 0], 8); // hash 7, chunk 0, count 3, in slot 1
 * const slots = new Int32Array(32); // 4 slots
 * reinsertSlots(old, slots, 3); // now in slot 7 & 3 = 3
 * ```
 */
export function reinsertSlots(old: Int32Array, slots: Int32Array, mask: number): void {
  for (let at = 0; at < old.length; at += 8) {
    if (old[at + 1] === 0) continue;
    let slot = old[at]! & mask;
    while (slots[(slot << 3) + 1] !== 0) slot = (slot + 1) & mask;
    slots.set(old.subarray(at, at + 8), slot << 3);
  }
}

/**
 * Add each chunk's count in its slot to what `totals` holds for it (its `counts` entry, where counts
 * spill before they would overflow an int), and say which of `parts` tables each chunk goes to:
 * `(hash >>> 0) % parts`, so equal chunks of several stores land in the same part.
 *
 * @example
 * ```ts
 * const slots = new Int32Array(16);
 * slots.set([5, 1, 2, 0], 8); // chunk 0: hash 5, 2 counted in its slot
 * const totals = Float64Array.of(0);
 * slotTotals(slots, totals, 2); // Uint8Array [1]: 5 % 2; totals[0] is 2
 * ```
 */
export function slotTotals(slots: Int32Array, totals: Float64Array, parts: number): Uint8Array {
  const partOf = new Uint8Array(totals.length);
  for (let at = 0; at < slots.length; at += 8) {
    const entry = slots[at + 1]!;
    if (entry === 0) continue;
    totals[entry - 1]! += slots[at + 2]!;
    if (parts > 1) partOf[entry - 1] = (slots[at]! >>> 0) % parts;
  }
  return partOf;
}
