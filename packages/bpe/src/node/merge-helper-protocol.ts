import type { MergeArrays, MergeNotes } from '../record-merger.js';

// The words of the control array that the training thread and its merge helper share (an Int32Array
// over a SharedArrayBuffer): the job's state, which each side waits on with Atomics, and its inputs and
// outputs. Arrays go by message: the training thread posts them before it sets the state, and the
// helper reads them with receiveMessageOnPort when it wakes, since it never returns to its event loop.

/** Index of the state word: one of the states below. */
export const STATE = 0;
/** Indices of the job's pair, new id and run of the occurrence list, written by the training thread. */
export const LEFT = 1;
export const RIGHT = 2;
export const ID = 3;
export const FROM = 4;
export const TO = 5;
/** Indices of the helper's counts of slots met and (slot, record) entries found, written by the helper. */
export const MET = 6;
export const FOUND = 7;
/** Index of the word the helper sets to 1 once it is up and compiled. */
export const READY = 8;
/** Words in the control array. */
export const CONTROL_WORDS = 16;

/** No job (the helper sleeps). */
export const IDLE = 0;
/** A job is set (the helper works on it). */
export const JOB = 1;
/** The job is done (its notes are ready). */
export const DONE = 2;
/** The job failed (the helper posted the error). */
export const FAILED = 3;
/** The helper is to stop. */
export const EXIT = 4;

/**
 * A message to the helper: a new training's arrays (and the notes to write, in shared memory), the
 * occurrence pool that replaced the last one, or the end of a training.
 */
export type ToHelper =
  | { attach: { arrays: MergeArrays; vocab: number; notes: MergeNotes } }
  | { pool: Int32Array }
  | { detach: true };

/** A message from the helper: step lists it grew (in shared memory), or the error that stopped a job. */
export type FromHelper = { stepSlots: Int32Array; stepRecords: Int32Array } | { error: string };
