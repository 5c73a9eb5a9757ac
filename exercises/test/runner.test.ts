import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const exercisesDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const catalog: { name: string }[] = JSON.parse(readFileSync(join(exercisesDir, 'catalog.json'), 'utf8'));

function runner(...args: string[]) {
  const result = spawnSync(process.execPath, [join(exercisesDir, 'run.mjs'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('pnpm exercise', () => {
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

  it('asks which exercise when none is given', () => {
    const { status, stderr } = runner();
    expect(status).toBe(2);
    expect(stderr).toContain('which exercise?');
  });

  it('passes with --solution and fails on the untouched starter', () => {
    const solution = runner('pmi', '--solution');
    expect(solution.status, solution.stdout + solution.stderr).toBe(0);
    expect(solution.stdout).toContain('testing exercises/pmi/solution.ts');
    const starter = runner('pmi');
    expect(starter.status, 'the untouched starter fails').toBe(1);
    expect(starter.stdout).toContain('Edit exercises/pmi/starter.ts');
  });

  it('rejects unknown options', () => {
    const { status, stderr } = runner('bpe', '--solutoin');
    expect(status).toBe(2);
    expect(stderr).toContain('unknown option --solutoin');
  });
});
