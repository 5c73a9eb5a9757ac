// A vitest reporter for test/exercises.test.ts: per exercise and per implementation (project
// `starter` or `solution`), the state of every test and its error messages, written as JSON to
// the file named by TOKENLAB_COURSE_REPORT.
import { writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { exerciseNote } from '../note-reporter.js';

/** One test of one exercise, run against one implementation. */
export interface CourseTest {
  target: string;
  exercise: string;
  name: string;
  state: string;
  errors: string[];
}

/** One exercise's test file, run against one implementation. */
export interface CourseFile {
  target: string;
  exercise: string;
  /** Errors of the file as a whole, for example an import that failed. */
  errors: string[];
  tests: CourseTest[];
  /** What `pnpm exercise <name>` prints for this run, line by line. */
  note: string[];
}

export default class CourseReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const files: CourseFile[] = testModules.map((module) => {
      const target = module.project.name;
      const exercise = basename(dirname(module.moduleId));
      const tests: CourseTest[] = [];
      const checks = [];
      for (const test of module.children.allTests()) {
        const result = test.result();
        tests.push({
          target,
          exercise,
          name: test.fullName,
          state: result.state,
          errors: (result.errors ?? []).map((error) => `${error.name ?? 'Error'}: ${error.message}`),
        });
        checks.push({ name: test.fullName, state: result.state, errors: result.errors ?? [] });
      }
      const errors = module.errors();
      return {
        target,
        exercise,
        errors: errors.map((error) => error.message),
        tests,
        note: exerciseNote(exercise, target, checks, errors),
      };
    });
    writeFileSync(process.env.TOKENLAB_COURSE_REPORT!, JSON.stringify(files, null, 1));
  }
}
