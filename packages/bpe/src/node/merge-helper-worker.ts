// The program of a merge helper thread (see startMergeHelper): compile the merger on made-up records,
// say so, then sleep on the control array until the training thread sets a job; merge the records it
// names, write the counts of its notes, and wake the training thread. It never returns to its event
// loop while it serves, so arrays come in by receiveMessageOnPort.
import { type MessagePort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { arraysOf, notesOf, RecordMerger } from '../record-merger.js';
import { warmUpMerger } from '../record-merger-warm-up.js';
import {
  DONE,
  EXIT,
  FAILED,
  FOUND,
  FROM,
  type FromHelper,
  ID,
  JOB,
  LEFT,
  MET,
  READY,
  RIGHT,
  STATE,
  TO,
  type ToHelper,
} from './merge-helper-protocol.js';

const { control, port } = workerData as { control: Int32Array; port: MessagePort };

warmUpMerger();
Atomics.store(control, READY, 1);

let merger: RecordMerger | undefined;

/** Take in the messages posted before the job: a training's arrays, a new pool, the end of a training. */
function readMessages(): void {
  for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
    const message = received.message as ToHelper;
    if ('attach' in message) {
      const { arrays, vocab, notes } = message.attach;
      merger = new RecordMerger(arraysOf(arrays), vocab, notesOf(notes));
    } else if ('pool' in message) merger!.arrays.pool = message.pool;
    else merger = undefined;
  }
}

for (;;) {
  let state = Atomics.load(control, STATE);
  while (state !== JOB && state !== EXIT) {
    Atomics.wait(control, STATE, state);
    state = Atomics.load(control, STATE);
  }
  if (state === EXIT) break;
  try {
    readMessages();
    if (merger === undefined) throw new Error('a merge job came before the training arrays');
    const slots = merger.notes.stepSlots;
    merger.scan(control[FROM]!, control[TO]!, control[LEFT]!, control[RIGHT]!, control[ID]!);
    control[MET] = merger.metSize;
    control[FOUND] = merger.stepSize;
    // Step lists grown into new shared memory: the training thread reads them from here on.
    if (merger.notes.stepSlots !== slots)
      port.postMessage({
        stepSlots: merger.notes.stepSlots,
        stepRecords: merger.notes.stepRecords,
      } satisfies FromHelper);
    Atomics.store(control, STATE, DONE);
  } catch (error) {
    port.postMessage({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    } satisfies FromHelper);
    Atomics.store(control, STATE, FAILED);
  }
  Atomics.notify(control, STATE);
}
port.close();
