/**
 * Which implementation an exercise's tests run against: the learner's `starter.ts` (the default)
 * or the reference `solution.ts` (`TOKENLAB_EXERCISE=solution`, set by `pnpm exercise <name> --solution`).
 */
export const testingSolution = process.env.TOKENLAB_EXERCISE === 'solution';

/**
 * Thrown by the TODOs of a starter, so that a test failure says which step is still missing.
 * It prints as `TODO: <step>`: the name says TODO, the message names the step.
 */
export class Todo extends Error {
  constructor(step: string) {
    super(step);
    this.name = 'TODO';
  }
}
