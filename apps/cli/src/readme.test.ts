import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The shell commands of the README and the getting-started guide run as written, on a PATH that
 * has node and nothing else: `pnpm` alone would be "command not found" there, as on a fresh
 * machine. `npx -y pnpm@10` is the one thing stood in for, by the pnpm 10 already installed (the
 * tests run without a network); a different npx call fails.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOCS = ['README.md', 'docs/getting-started.md'];
const PREFIX = 'npx -y pnpm@10';

/** A block that starts with this comment is run, step by step, by the consumer test instead. */
const CONSUMER_BLOCK = '# the consumer test (consumer/test/consumer.test.ts) runs these steps';

/** Every command line of the ```sh blocks of `file`, comments removed. */
function shellCommands(markdown: string): string[] {
  const commands: string[] = [];
  for (const [, block] of markdown.matchAll(/```sh\n([\s\S]*?)```/g)) {
    if (block!.startsWith(CONSUMER_BLOCK)) continue;
    for (const raw of block!.split('\n')) {
      const line = raw.replace(/\s+#\s.*$/, '').trim();
      if (line === '' || line.startsWith('#')) continue;
      commands.push(line);
    }
  }
  return commands;
}

const commands = DOCS.flatMap((doc) =>
  shellCommands(readFileSync(join(ROOT, doc), 'utf8')).flatMap((line) =>
    line.split(' && ').map((command) => ({ doc, command })),
  ),
);

const work = mkdtempSync(join(tmpdir(), 'tokenlab-readme-'));
const bin = join(work, 'bin');
const running: ChildProcess[] = [];

function freshPath(): string {
  const pnpm = execFileSync('sh', ['-c', 'command -v pnpm'], { encoding: 'utf8' }).trim();
  const version = execFileSync(pnpm, ['--version'], { encoding: 'utf8' }).trim();
  expect(version, 'the installed pnpm stands in for npx -y pnpm@10').toMatch(/^10\./);
  execFileSync('mkdir', ['-p', bin]);
  const npx = join(bin, 'npx');
  writeFileSync(
    npx,
    `#!/bin/sh
if [ "$1 $2" != "-y pnpm@10" ]; then echo "npx: only '${PREFIX}' is expected here, got: npx $*" >&2; exit 97; fi
shift 2
exec "${pnpm}" "$@"
`,
  );
  chmodSync(npx, 0o755);
  symlinkSync(process.execPath, join(bin, 'node'));
  symlinkSync('/bin/sh', join(bin, 'sh'));
  return bin;
}

const PATH = freshPath();
const env = { HOME: process.env.HOME ?? work, PATH, NO_COLOR: '1' };

/** Run one command line with /bin/sh in the repository root, on the fresh PATH. */
function run(command: string, timeout = 120_000) {
  const result = spawnSync('/bin/sh', ['-c', command], { cwd: ROOT, env, encoding: 'utf8', timeout });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

afterAll(() => {
  for (const child of running) if (child.pid && child.exitCode === null) process.kill(-child.pid);
});

describe('the commands of the README', () => {
  it('leave packing and installing the tarballs to the consumer test, which runs them', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(CONSUMER_BLOCK);
    const consumer = readFileSync(join(ROOT, 'consumer/test/consumer.test.ts'), 'utf8');
    for (const step of ["'pack', '--pack-destination'", "'install'", "'tokenlab', '--version'"])
      expect(consumer, step).toContain(step);
  });

  it('are there, and every tool they call goes through npx -y pnpm@10', () => {
    expect(existsSync(join(ROOT, 'apps/cli/dist/main.js')), 'they run the built CLI: pnpm build first').toBe(
      true,
    );
    expect(commands.length).toBeGreaterThan(10);
    for (const { doc, command } of commands) {
      for (const part of command.split(' | ')) {
        if (/^(echo|printf) /.test(part)) continue;
        expect(part.startsWith(`${PREFIX} `), `${doc}: ${command}`).toBe(true);
      }
    }
    // A bare pnpm is not on a fresh machine's PATH, and so not on this one.
    expect(run('pnpm --version').code).toBe(127);
  });

  for (const { doc, command } of commands) {
    const tool = command
      .split(' | ')
      .at(-1)!
      .slice(PREFIX.length + 1);
    if (/^install\b/.test(tool)) {
      // Installing again would relink the node_modules these tests run from: the lockfile it
      // names must be there, and the build it makes is what the other commands run.
      it(`${doc}: ${command} (the lockfile and the build it makes)`, () => {
        expect(existsSync(join(ROOT, 'pnpm-lock.yaml'))).toBe(true);
        expect(existsSync(join(ROOT, 'apps/cli/dist/main.js'))).toBe(true);
      });
      continue;
    }
    if (tool === 'test') {
      it(`${doc}: ${command} (is the script running this test)`, () => {
        const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
        expect(scripts.test).toContain('vitest run');
      });
      continue;
    }
    if (/^-s tokenlab web\b/.test(tool)) {
      it(`${doc}: ${command} (started on a free port, fetched, stopped)`, async () => {
        const child = spawn('/bin/sh', ['-c', `exec ${command} --port 0`], {
          cwd: ROOT,
          env,
          detached: true,
        });
        running.push(child);
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
        });
        child.stderr.on('data', (chunk: Buffer) => {
          output += chunk.toString();
        });
        const url = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 60_000);
          child.stdout.on('data', () => {
            const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(output);
            if (match) {
              clearTimeout(timer);
              resolve(match[0]);
            }
          });
        });
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('<html');
        process.kill(-child.pid!);
        // The comment's address is the default one.
        const help = run(`${PREFIX} -s tokenlab web --help`).stdout;
        expect(help).toContain('default 5178');
        expect(help).toContain('default 127.0.0.1');
      });
      continue;
    }
    it(`${doc}: ${command}`, () => {
      let line = command;
      // Where a command writes files, it writes them into a temporary folder.
      line = line.replace(/--out \/tmp\/\S+/, `--out ${join(work, 'model')}`);
      if (/\btokenlab compare$/.test(line)) line += ` --quiet --out ${join(work, 'report')}`;
      const result = run(line);
      expect(result.stderr, line).not.toMatch(/command not found|ERR_|Error:|at .*\.js:\d+/);
      expect(result.code, `${line}\n${result.stderr}`).toBe(0);
      expect(result.stdout.length, line).toBeGreaterThan(0);
      if (line.includes('encode --encoding cl100k_base --strip-final-newline'))
        expect(result.stdout).toBe('9906 1917\n');
      if (line.includes('-t whitespace,treebank,cl100k_base'))
        expect(result.stdout.split('\n')[0]).toBe('whitespace\ttreebank\tcl100k_base');
      if (line.includes('tokenlab compare'))
        expect(existsSync(join(work, 'report', 'report.html')), result.stdout).toBe(true);
      if (line.includes('tokenlab train')) expect(existsSync(join(work, 'model.model'))).toBe(true);
    });
  }
});
