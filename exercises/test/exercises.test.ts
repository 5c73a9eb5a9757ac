// Proves that the course holds together: every exercise has its four files, every reference
// solution passes its tests, and every untouched starter fails them, each failure saying why.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseFile } from './course-reporter.js';

const exercisesDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = dirname(exercisesDir);
const catalog: { name: string; summary: string }[] = JSON.parse(
  readFileSync(join(exercisesDir, 'catalog.json'), 'utf8'),
);
const names = catalog.map((e) => e.name);
const vitestBin = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

/** Runs every exercise's tests against both implementations, in one vitest process. */
function runCourse(): Promise<CourseFile[]> {
  const outDir = join(exercisesDir, '.results');
  mkdirSync(outDir, { recursive: true });
  const report = join(outDir, `course-${process.pid}.json`);
  rmSync(report, { force: true });
  const args = [vitestBin, 'run', '--config', join(exercisesDir, 'exercise.vitest.config.ts')];
  args.push(`--reporter=${join(exercisesDir, 'test', 'course-reporter.ts')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { ...process.env, TOKENLAB_COURSE_REPORT: report, NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', () => {
      if (!existsSync(report)) return reject(new Error(`the exercise tests wrote no report:\n${stderr}`));
      const files = JSON.parse(readFileSync(report, 'utf8')) as CourseFile[];
      rmSync(report, { force: true });
      resolve(files);
    });
  });
}

describe('the course exercises', () => {
  let files: CourseFile[] = [];
  const run = (target: string, exercise: string) =>
    files.find((f) => f.target === target && f.exercise === exercise);
  beforeAll(async () => {
    files = await runCourse();
  }, 180_000);

  it('has an exercise folder for every catalog entry, and no other', () => {
    const folders = readdirSync(exercisesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(exercisesDir, entry.name, 'starter.ts')))
      .map((entry) => entry.name)
      .sort();
    expect(folders, 'exercise folders vs catalog.json').toEqual([...names].sort());
  });

  it.each(names)('%s has a starter, a solution, tests and a task page', (name) => {
    for (const file of [`${name}/starter.ts`, `${name}/solution.ts`, `${name}/${name}.test.ts`]) {
      expect(existsSync(join(exercisesDir, file)), `exercises/${file} is missing`).toBe(true);
    }
    const task = join(repoRoot, 'docs', 'exercises', `${name}.md`);
    expect(existsSync(task), `docs/exercises/${name}.md is missing`).toBe(true);
    expect(readFileSync(task, 'utf8'), 'the task page names the command that checks it').toContain(
      `npx -y pnpm@10 -s exercise ${name}`,
    );
  });

  it.each(names)('%s: the starter exports what the solution exports', async (name) => {
    // The repository's type check leaves starters alone (they are the learner's), so the shape is checked here.
    const shape = (module: Record<string, unknown>) =>
      Object.entries(module)
        .map(([key, value]) => [key, typeof value, typeof value === 'function' ? value.length : null])
        .sort();
    const starter = await import(join(exercisesDir, name, 'starter.ts'));
    const solution = await import(join(exercisesDir, name, 'solution.ts'));
    expect(shape(starter), 'exports: [name, kind, parameters]').toEqual(shape(solution));
  });

  it.each(names)('%s: the reference solution passes every test', (name) => {
    const result = run('solution', name);
    expect(result, `no test results for ${name}`).toBeDefined();
    expect(result!.errors, 'the test file failed to run').toEqual([]);
    const failed = result!.tests.filter((t) => t.state !== 'passed');
    expect(
      failed.map((t) => `${t.name}: ${t.errors.join('\n').slice(0, 500)}`),
      'failing tests of the solution',
    ).toEqual([]);
    expect(result!.tests.length, 'an exercise needs tests').toBeGreaterThanOrEqual(5);
  });

  it.each(names)('%s: the untouched starter fails, and says why', (name) => {
    const result = run('starter', name);
    expect(result, `no test results for ${name}`).toBeDefined();
    expect(result!.errors, 'the test file failed to run').toEqual([]);
    const failed = result!.tests.filter((t) => t.state === 'failed');
    expect(failed.length, 'an untouched starter must fail its tests').toBeGreaterThan(0);
    // Every failure explains itself: a TODO step or an assertion message, never a bare crash.
    for (const test of failed) {
      expect(test.errors.join('\n'), `"${test.name}" fails without explanation`).toMatch(
        /TODO: |expected|must|should/i,
      );
    }
  });

  it.each(names)('%s: the untouched starter gets a short note on its first failing check', (name) => {
    const result = run('starter', name)!;
    const firstFailed = result.tests.find((t) => t.state === 'failed')!;
    const note = result.note.join('\n');
    expect(result.note.length, note).toBeLessThan(20);
    expect(note).toContain(`exercise ${name}: `);
    expect(note, 'names the first failing check').toContain(`✗ ${firstFailed.name}`);
    expect(note, 'says what is missing').toMatch(/not written yet: |hint: |expected: /);
    expect(note, 'no doubled prefix').not.toMatch(/Todo: TODO|TODO: TODO/);
    expect(note, 'points to the file and the task').toContain(`docs/exercises/${name}.md`);
    expect(note).not.toMatch(/\n\s+at .*node_modules/);
  });

  it.each(names)('%s: the reference solution gets a one-line note', (name) => {
    const result = run('solution', name)!;
    expect(result.note).toEqual([
      `✓ exercise ${name}: all ${result.tests.length} checks pass (exercises/${name}/solution.ts)`,
    ]);
  });
});
