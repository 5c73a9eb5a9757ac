import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const exercisesDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const catalog: { name: string }[] = JSON.parse(readFileSync(join(exercisesDir, 'catalog.json'), 'utf8'));

function runner(...args: string[]) {
  return runnerWith({}, ...args);
}

function runnerWith(env: Record<string, string | undefined>, ...args: string[]) {
  const result = spawnSync(process.execPath, [join(exercisesDir, 'run.mjs'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('pnpm exercise', () => {
  it('names the command in its hints as the person ran it, so that it can be typed again', () => {
    const cases: Array<[string | undefined, string]> = [
      ['/home/me/.npm/_npx/1f2e/node_modules/pnpm/bin/pnpm.cjs', 'npx -y pnpm@10 -s exercise'],
      ['/usr/lib/node_modules/pnpm/bin/pnpm.cjs', 'pnpm exercise'],
      [undefined, 'node exercises/run.mjs'],
    ];
    for (const [execpath, command] of cases) {
      const env = { npm_execpath: execpath };
      expect(runnerWith(env, '--list').stdout).toContain(`Run one with: ${command} <name>`);
      const { stdout } = runnerWith(env, 'utf8');
      expect(stdout).toContain(`run \`${command} utf8\` again`);
      expect(stdout).toContain(`\`${command} utf8 --verbose\` lists them all`);
    }
  });

  it('--list lists every exercise with its summary', () => {
    const { status, stdout } = runner('--list');
    expect(status).toBe(0);
    for (const { name } of catalog) expect(stdout).toContain(name);
  });

  it('suggests the nearest name for a typo', () => {
    const { status, stderr } = runner('char-tokeniser');
    expect(status).toBe(2);
    expect(stderr).toContain('did you mean "char-tokenizer"');
  });

  it('lists every exercise for a name that is not a near miss', () => {
    const { status, stderr } = runner('nosuch');
    expect(status).toBe(2);
    expect(stderr).toContain('no exercise named "nosuch". The exercises:');
    expect(stderr).not.toContain('did you mean');
    for (const { name } of catalog) expect(stderr).toContain(name);
  });

  it('asks which exercise when none is given', () => {
    const { status, stderr } = runner();
    expect(status).toBe(2);
    expect(stderr).toContain('which exercise?');
  });

  it('passes with --solution and fails on the untouched starter with a short note', () => {
    const solution = runner('pmi', '--solution');
    expect(solution.status, solution.stdout + solution.stderr).toBe(0);
    expect(solution.stdout).toMatch(
      /^✓ exercise pmi: all \d+ checks pass \(exercises\/pmi\/solution\.ts\)$/m,
    );
    const starter = runner('pmi');
    expect(starter.status, 'the untouched starter fails').toBe(1);
    expect(starter.stdout).toContain('Edit exercises/pmi/starter.ts');
    expect(starter.stdout).toMatch(/^✗ step 1/m);
    expect(starter.stdout).toContain('not written yet: ');
    expect(starter.stdout.trim().split('\n').length).toBeLessThan(20);
    expect(starter.stdout).not.toContain('Todo: TODO');
    const verbose = runner('pmi', '--verbose');
    expect(verbose.status).toBe(1);
    const failing = (text: string) => text.split('\n').filter((line) => line.startsWith('✗ ')).length;
    expect(failing(starter.stdout)).toBe(1);
    expect(failing(verbose.stdout)).toBeGreaterThan(1);
  });

  it('rejects unknown options', () => {
    const { status, stderr } = runner('bpe', '--solutoin');
    expect(status).toBe(2);
    expect(stderr).toContain('unknown option --solutoin');
  });
});
