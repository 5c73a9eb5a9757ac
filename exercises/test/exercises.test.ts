// Proves that the course holds together: every exercise has its four files, every reference
// solution passes its tests, and every untouched starter fails them.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const exercisesDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = dirname(exercisesDir);
const catalog: { name: string; summary: string }[] = JSON.parse(
  readFileSync(join(exercisesDir, 'catalog.json'), 'utf8'),
);
const vitestBin = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

interface FileResult {
  name: string;
  status: string;
  /** Why the file failed as a whole (for example, it could not be imported). */
  message?: string;
  assertionResults: { title: string; status: string; failureMessages: string[] }[];
}

/** Runs every exercise's tests against `target` in one vitest process; results per exercise name. */
function runAll(target: 'starter' | 'solution'): Promise<Map<string, FileResult>> {
  const outDir = join(exercisesDir, '.results');
  mkdirSync(outDir, { recursive: true });
  const outputFile = join(outDir, `${target}.json`);
  rmSync(outputFile, { force: true });
  const args = [vitestBin, 'run', '--config', join(exercisesDir, 'exercise.vitest.config.ts')];
  args.push('--reporter=json', `--outputFile=${outputFile}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { ...process.env, TOKENLAB_EXERCISE: target, NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', () => {
      if (!existsSync(outputFile))
        return reject(new Error(`vitest wrote no report for ${target}:\n${stderr}`));
      const report = JSON.parse(readFileSync(outputFile, 'utf8')) as { testResults: FileResult[] };
      const byExercise = new Map<string, FileResult>();
      for (const file of report.testResults) byExercise.set(file.name.split(/[\\/]/).at(-2)!, file);
      resolve(byExercise);
    });
  });
}

describe('the course exercises', () => {
  let solutions: Map<string, FileResult>;
  let starters: Map<string, FileResult>;
  beforeAll(async () => {
    // One process per target, run one after the other: the machine has few cores.
    solutions = await runAll('solution');
    starters = await runAll('starter');
  }, 120_000);

  it.each(catalog.map((e) => e.name))('%s has a starter, a solution, tests and a task', (name) => {
    for (const file of [`${name}/starter.ts`, `${name}/solution.ts`, `${name}/${name}.test.ts`]) {
      expect(existsSync(join(exercisesDir, file)), `exercises/${file} is missing`).toBe(true);
    }
    const task = join(repoRoot, 'docs', 'exercises', `${name}.md`);
    expect(existsSync(task), `docs/exercises/${name}.md is missing`).toBe(true);
    expect(readFileSync(task, 'utf8'), 'the task page names the command that checks it').toContain(
      `pnpm exercise ${name}`,
    );
  });

  it.each(catalog.map((e) => e.name))('%s: the reference solution passes every test', (name) => {
    const result = solutions.get(name);
    expect(result, `no test results for ${name}`).toBeDefined();
    const failed = result!.assertionResults.filter((t) => t.status !== 'passed');
    expect(
      failed.map((t) => `${t.title}: ${t.failureMessages.join('\n').slice(0, 500)}`),
      'failing tests of the solution',
    ).toEqual([]);
    expect(
      result!.assertionResults.length,
      `an exercise needs tests. ${result!.message ?? ''}`,
    ).toBeGreaterThanOrEqual(3);
  });

  it.each(catalog.map((e) => e.name))('%s: the untouched starter fails, and says why', (name) => {
    const result = starters.get(name);
    expect(result, `no test results for ${name}`).toBeDefined();
    const failed = result!.assertionResults.filter((t) => t.status === 'failed');
    expect(
      result!.assertionResults.length,
      `the tests did not run. ${result!.message ?? ''}`,
    ).toBeGreaterThan(0);
    expect(failed.length, 'an untouched starter must fail its tests').toBeGreaterThan(0);
    // Every failure explains itself: a TODO step or an assertion message, never a bare crash.
    for (const test of failed) {
      expect(test.failureMessages.join('\n'), `"${test.title}" fails without explanation`).toMatch(
        /TODO: |expected|must|should/i,
      );
    }
  });

  it('lists exactly the exercise folders in the catalog', () => {
    const listed = new Set(catalog.map((e) => e.name));
    const folders = [...solutions.keys(), ...starters.keys()];
    for (const folder of folders) expect(listed.has(folder), `${folder} is not in catalog.json`).toBe(true);
  });
});
