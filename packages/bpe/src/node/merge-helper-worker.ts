// The program of a merge helper thread (see startMergeHelper): compile the merger on made-up records,
// say so, then sleep on the control array until the training thread sets a job; merge the records it
// names, write the counts of its notes, and wake the training thread. It never returns to its event
// loop while it serves, so arrays come in by receiveMessageOnPort.
import { type MessagePort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { arraysOf, notesOf, RecordMerger } from '../record-merger.js';
import { warmUpMerger } from '../record-merger-warm-up.js';
import * as protocol from './merge-helper-protocol.js';

const { control, port } = workerData as { control: Int32Array; port: MessagePort };

warmUpMerger();
Atomics.store(control, protocol.READY, 1);

let merger: RecordMerger | undefined;

/** Take in the messages posted before the job: a training's arrays, a new pool, the end of a training. */
function readMessages(): void {
  for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
    const message = received.message as protocol.ToHelper;
    if ('attach' in message) {
      const { arrays, vocab, notes } = message.attach;
      merger = new RecordMerger(arraysOf(arrays), vocab, notesOf(notes));
    } else if ('pool' in message) merger!.arrays.pool = message.pool;
    else merger = undefined;
  }
}

for (;;) {
  let state = Atomics.load(control, protocol.STATE);
  while (state !== protocol.JOB && state !== protocol.EXIT) {
    Atomics.wait(control, protocol.STATE, state);
    state = Atomics.load(control, protocol.STATE);
  }
  if (state === protocol.EXIT) break;
  try {
    readMessages();
    if (merger === undefined) throw new Error('a merge job came before the training arrays');
    const slots = merger.notes.stepSlots;
    merger.scan(
      control[protocol.FROM]!,
      control[protocol.TO]!,
      control[protocol.LEFT]!,
      control[protocol.RIGHT]!,
      control[protocol.ID]!,
    );
    control[protocol.MET] = merger.metSize;
    control[protocol.FOUND] = merger.stepSize;
    // Step lists grown into new shared memory: the training thread reads them from here on.
    if (merger.notes.stepSlots !== slots)
      port.postMessage({
        stepSlots: merger.notes.stepSlots,
        stepRecords: merger.notes.stepRecords,
      } satisfies protocol.FromHelper);
    Atomics.store(control, protocol.STATE, protocol.DONE);
  } catch (error) {
    port.postMessage({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    } satisfies protocol.FromHelper);
    Atomics.store(control, protocol.STATE, protocol.FAILED);
  }
  Atomics.notify(control, protocol.STATE);
}
port.close();
