// The vitest reporter of `pnpm exercise <name>`: instead of a stack trace per failing test, a short
// note in the voice of a teacher: how many checks pass, the first one that fails, its hint and the
// expected and actual values, and where to look. TOKENLAB_EXERCISE_VERBOSE=1 (`--verbose`) notes
// every failing check.
import { basename, dirname, relative } from 'node:path';
import type { SerializedError, TestError } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

const root = dirname(dirname(new URL(import.meta.url).pathname));
const verbose = process.env.TOKENLAB_EXERCISE_VERBOSE === '1';
/** How the person ran the exercise, for the hints (see exercises/run.mjs). */
const RUN = process.env.TOKENLAB_EXERCISE_RUN ?? 'pnpm exercise';
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number) => (text: string) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);
const red = paint(31);
const green = paint(32);
const dim = paint(2);
const bold = paint(1);

/** One check (test) of the exercise, as the note tells it. */
interface Check {
  name: string;
  state: string;
  errors: readonly TestError[];
}

/** A value on one line: vitest's pretty-printed value without its line breaks and trailing commas. */
function flatten(text: string): string {
  return text
    .replace(/,(\s*\n\s*[\]}])/g, '$1')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/** A message on one line, clipped: never a screenful. */
function oneLine(text: string, max = 160): string {
  const flat = flatten(text);
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Expected and actual on one line each, clipped to the same window around their first difference,
 * so that a long list shows the place where it goes wrong.
 */
function sideBySide(expected: string, actual: string, max = 150): [string, string] {
  const [a, b] = [flatten(expected), flatten(actual)];
  let first = 0;
  while (first < a.length && a[first] === b[first]) first++;
  const start = Math.max(0, Math.min(first - 40, Math.max(a.length, b.length) - max));
  const clip = (text: string) =>
    `${start > 0 ? '…' : ''}${text.slice(start, start + max)}${text.length > start + max ? '…' : ''}`;
  return [clip(a), clip(b)];
}

/** The first stack frame inside the exercise's own folder, as `exercises/<name>/<file>:<line>`. */
function whereIn(error: SerializedError, exercise: string): string | undefined {
  const frame = error.stacks?.find((f) => f.file.includes(`/exercises/${exercise}/`));
  return frame ? `${relative(root, frame.file)}:${frame.line}` : undefined;
}

/** The lines that describe one failing check. */
function describeFailure(check: Check, exercise: string): string[] {
  const error = check.errors[0];
  const lines = [`${red('✗')} ${bold(check.name)}`];
  if (!error) return lines;
  const where = whereIn(error, exercise);
  if (error.name === 'TODO') {
    lines.push(`  not written yet: ${error.message}`);
  } else if (error.expected !== undefined || error.actual !== undefined) {
    // vitest writes `<the check's own message>: expected … to …`; the message is the hint.
    const match = /^([\s\S]*?): expected /.exec(error.message);
    lines.push(`  ${match ? `hint: ${oneLine(match[1]!)}` : oneLine(error.message)}`);
    const [expected, actual] = sideBySide(error.expected ?? '', error.actual ?? '');
    lines.push(`  expected: ${expected}`);
    lines.push(`  actual:   ${actual}`);
  } else {
    lines.push(`  ${error.name ? `${error.name}: ` : ''}${oneLine(error.message, 300)}`);
  }
  if (where) lines.push(dim(`  at ${where}`));
  return lines;
}

/** The note for one exercise run against one implementation. */
export function exerciseNote(
  exercise: string,
  target: string,
  checks: readonly Check[],
  fileErrors: readonly SerializedError[],
): string[] {
  const file = `exercises/${exercise}/${target}.ts`;
  const task = `docs/exercises/${exercise}.md`;
  if (fileErrors.length > 0) {
    const error = fileErrors[0]!;
    const where = whereIn(error, exercise);
    // A syntax error comes with the compiler's own drawing of the line: keep its lines, not its colours.
    const message = error.message
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, 10);
    return [
      `${red('✗')} ${bold(`exercise ${exercise}: ${file} does not load`)}`,
      ...message.map((line) => `  ${line}`),
      ...(where ? [dim(`  at ${where}`)] : []),
      '',
      `Fix that first, then run \`${RUN} ${exercise}\` again. The task: ${task}`,
    ];
  }
  const failed = checks.filter((c) => c.state === 'failed');
  const passed = checks.filter((c) => c.state === 'passed');
  if (checks.length === 0) return [`exercise ${exercise}: no checks ran.`];
  if (failed.length === 0) {
    return [
      `${green('✓')} ${bold(`exercise ${exercise}: all ${passed.length} checks pass`)} (${file})`,
      ...(verbose ? passed.map((c) => dim(`  ✓ ${c.name}`)) : []),
    ];
  }
  const lines = [`exercise ${exercise}: ${passed.length} of ${checks.length} checks pass (${file})`, ''];
  const shown = verbose ? failed : failed.slice(0, 1);
  shown.forEach((check, index) => {
    if (index > 0) lines.push('');
    lines.push(...describeFailure(check, exercise));
  });
  lines.push('');
  const rest = failed.length - shown.length;
  if (rest > 0)
    lines.push(
      `${rest} more check${rest === 1 ? '' : 's'} fail${rest === 1 ? 's' : ''}; ` +
        `\`${RUN} ${exercise} --verbose\` lists them all.`,
    );
  lines.push(
    target === 'starter'
      ? `Edit ${file} and run \`${RUN} ${exercise}\` again. Hints: ${task}`
      : `The reference solution fails: that is a bug in the course (${task}).`,
  );
  return lines;
}

export default class NoteReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[], unhandledErrors: readonly SerializedError[]): void {
    const out: string[] = [];
    for (const module of testModules) {
      const exercise = basename(dirname(module.moduleId));
      const checks: Check[] = [...module.children.allTests()].map((test) => ({
        name: test.fullName,
        state: test.result().state,
        errors: test.result().errors ?? [],
      }));
      out.push(...exerciseNote(exercise, module.project.name, checks, module.errors()));
    }
    for (const error of unhandledErrors) out.push(red(`unhandled error: ${oneLine(error.message, 300)}`));
    console.log(out.join('\n'));
  }
}
