#!/usr/bin/env node
// Runs one course exercise's tests against the learner's starter (or the reference solution).
//
//   pnpm exercise --list              the exercises, in course order
//   pnpm exercise <name>              test exercises/<name>/starter.ts, the file you edit
//   pnpm exercise <name> --solution   test the reference solution instead
//   pnpm exercise <name> --verbose    every failing check, not only the first
//   pnpm exercise <name> --watch      re-run the tests each time you save
//   pnpm exercise --all --solution    every exercise in turn (what CI runs)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
/** @type {{ name: string, summary: string }[]} */
const catalog = JSON.parse(readFileSync(join(here, 'catalog.json'), 'utf8'));

/**
 * The command that ran this, as the person typed it, for the hints: `pnpm exercise` with pnpm
 * installed; `npx -y pnpm@10 -s exercise` when npx fetched pnpm for the run (there is then no `pnpm`
 * in their shell); `node exercises/run.mjs` when run directly.
 */
function invokedAs() {
  const pnpm = process.env.npm_execpath;
  if (pnpm === undefined || !/pnpm/.test(pnpm)) return 'node exercises/run.mjs';
  return /[\\/]_npx[\\/]/.test(pnpm) ? 'npx -y pnpm@10 -s exercise' : 'pnpm exercise';
}
const RUN = invokedAs();

const usage = `Usage: ${RUN} <name> [--solution] [--verbose] [--watch]
       ${RUN} --all [--solution]
       ${RUN} --list

Runs the tests of one exercise against exercises/<name>/starter.ts (the file you edit),
or against the reference solution with --solution, and says what the first failing check
expects (--verbose: every failing check). The task is in docs/exercises/<name>.md.`;

/** Prints the catalogue (to stderr when it answers a mistake, so it follows the error message). */
function list(print = console.log) {
  const width = Math.max(...catalog.map((e) => e.name.length));
  catalog.forEach((e, i) => {
    print(`${String(i + 1).padStart(2)}. ${e.name.padEnd(width)}  ${e.summary}`);
  });
  print(`\nRun one with: ${RUN} <name>   (the task: docs/exercises/<name>.md)`);
}

/** Levenshtein distance, to suggest the exercise a mistyped name meant. */
function distance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

function main(argv) {
  const flags = new Set(argv.filter((a) => a.startsWith('-')));
  const names = argv.filter((a) => !a.startsWith('-'));
  const known = new Set(['--list', '--all', '--solution', '--verbose', '--watch', '--help', '-h']);
  const unknown = [...flags].filter((f) => !known.has(f));
  if (unknown.length > 0) {
    console.error(`unknown option ${unknown[0]}\n\n${usage}`);
    return 2;
  }
  if (flags.has('--help') || flags.has('-h')) {
    console.log(usage);
    return 0;
  }
  if (flags.has('--list')) {
    list();
    return 0;
  }
  if (flags.has('--all')) {
    if (names.length > 0 || flags.has('--watch')) {
      console.error(`--all runs every exercise once: no name, no --watch\n\n${usage}`);
      return 2;
    }
    let failed = 0;
    for (const e of catalog) if (runExercise(e.name, flags) !== 0) failed++;
    console.log(`\n${catalog.length - failed} of ${catalog.length} exercises pass.`);
    return failed === 0 ? 0 : 1;
  }
  if (names.length !== 1) {
    console.error(`${names.length === 0 ? 'which exercise?' : 'one exercise at a time'}\n\n${usage}\n`);
    list(console.error);
    return 2;
  }
  const [name] = names;
  const exercise = catalog.find((e) => e.name === name);
  if (!exercise) {
    const nearest = [...catalog].sort((a, b) => distance(name, a.name) - distance(name, b.name))[0];
    // Suggest only a near miss (a typo); otherwise the list says more than a guess.
    const close = distance(name, nearest.name) <= Math.max(1, Math.floor(nearest.name.length / 4));
    console.error(
      `no exercise named "${name}"${close ? `; did you mean "${nearest.name}"?` : '. The exercises:'}\n`,
    );
    list(console.error);
    return 2;
  }
  return runExercise(name, flags);
}

/** Runs one exercise's checks; the note reporter prints the outcome. Returns the exit status. */
function runExercise(name, flags) {
  const target = flags.has('--solution') ? 'solution' : 'starter';
  const file = join(here, name, `${target}.ts`);
  if (!existsSync(file)) {
    console.error(`missing ${relative(root, file)}`);
    return 1;
  }
  const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
  const result = spawnSync(
    process.execPath,
    [
      vitest,
      flags.has('--watch') ? 'watch' : 'run',
      '--config',
      join(here, 'exercise.vitest.config.ts'),
      '--project',
      target,
      `--reporter=${join(here, 'note-reporter.ts')}`,
      `${name}/${name}.test.ts`,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        TOKENLAB_EXERCISE_VERBOSE: flags.has('--verbose') ? '1' : '0',
        TOKENLAB_EXERCISE_RUN: RUN,
      },
    },
  );
  return result.status ?? 1;
}

process.exitCode = main(process.argv.slice(2));
