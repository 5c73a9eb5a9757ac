/**
 * Cursive joining across a cut between two token boxes: the table and the logic live in
 * `@tokenlab/core` (generated from Unicode's ArabicShaping.txt); the playground imports them here.
 */
export { joinsAcross } from '@tokenlab/core';
