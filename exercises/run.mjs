#!/usr/bin/env node
// Runs one course exercise's tests against the learner's starter (or the reference solution).
//
//   pnpm exercise --list              the exercises, in course order
//   pnpm exercise <name>              test exercises/<name>/starter.ts, the file you edit
//   pnpm exercise <name> --solution   test the reference solution instead
//   pnpm exercise <name> --watch      re-run the tests each time you save
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
/** @type {{ name: string, summary: string }[]} */
const catalog = JSON.parse(readFileSync(join(here, 'catalog.json'), 'utf8'));

const usage = `Usage: pnpm exercise <name> [--solution] [--watch]
       pnpm exercise --list

Runs the tests of one exercise against exercises/<name>/starter.ts (the file you edit),
or against the reference solution with --solution. The task is in docs/exercises/<name>.md.`;

function list() {
  const width = Math.max(...catalog.map((e) => e.name.length));
  catalog.forEach((e, i) => {
    console.log(`${String(i + 1).padStart(2)}. ${e.name.padEnd(width)}  ${e.summary}`);
  });
  console.log('\nRun one with: pnpm exercise <name>   (the task: docs/exercises/<name>.md)');
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
  const known = new Set(['--list', '--solution', '--watch', '--help', '-h']);
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
  if (names.length !== 1) {
    console.error(`${names.length === 0 ? 'which exercise?' : 'one exercise at a time'}\n\n${usage}\n`);
    list();
    return 2;
  }
  const [name] = names;
  const exercise = catalog.find((e) => e.name === name);
  if (!exercise) {
    const nearest = [...catalog].sort((a, b) => distance(name, a.name) - distance(name, b.name))[0];
    console.error(`no exercise named "${name}"; did you mean "${nearest.name}"? (pnpm exercise --list)`);
    return 2;
  }
  const target = flags.has('--solution') ? 'solution' : 'starter';
  const file = join(here, name, `${target}.ts`);
  if (!existsSync(file)) {
    console.error(`missing ${relative(root, file)}`);
    return 1;
  }
  console.log(`exercise ${name}: testing ${relative(root, file)}  (task: docs/exercises/${name}.md)\n`);
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
      `${name}/${name}.test.ts`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0 && target === 'starter') {
    console.log(`\nNot there yet: the failures above say what is missing. Edit exercises/${name}/starter.ts`);
    console.log(`and run \`pnpm exercise ${name}\` again. Stuck? docs/exercises/${name}.md has hints.`);
  }
  return result.status ?? 1;
}

process.exitCode = main(process.argv.slice(2));
