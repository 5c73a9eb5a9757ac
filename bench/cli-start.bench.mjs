// What a `tokenlab` command costs before it does any work: the whole process of `tokenlab --help`,
// `tokenlab train --help` and `tokenlab compare --help`, timed from outside by /usr/bin/time (wall,
// CPU, peak RSS), against an earlier build when CLI_START_BEFORE names its checkout. Rounds alternate
// the builds, so load that changes during the run falls on both; medians of the rounds.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineInfo } from './corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.CLI_START_ROUNDS ?? 9);
const BEFORE = process.env.CLI_START_BEFORE;
const BEFORE_LABEL = process.env.CLI_START_BEFORE_LABEL ?? BEFORE;
const COMMANDS = [['--help'], ['train', '--help'], ['compare', '--help']];

const builds = [['this build', join(here, '..')]];
if (BEFORE !== undefined) builds.push([BEFORE_LABEL, BEFORE]);
for (const [, root] of builds)
  if (!existsSync(join(root, 'apps/cli/dist/main.js')))
    throw new Error(`${root}: no apps/cli/dist/main.js (install and build that checkout first)`);

/** One process under /usr/bin/time: wall and CPU seconds, peak RSS in MB. */
function timed(root, args) {
  const run = spawnSync(
    '/usr/bin/time',
    ['-f', '@@time %e %M %U %S', process.execPath, join(root, 'apps/cli/dist/main.js'), ...args],
    { encoding: 'utf8' },
  );
  const match = /@@time ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/.exec(run.stderr ?? '');
  if (run.status !== 0 || !match) throw new Error(`tokenlab ${args.join(' ')} failed: ${run.stderr}`);
  return { wall: Number(match[1]), rss: Number(match[2]) / 1024, cpu: Number(match[3]) + Number(match[4]) };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const loadBefore = loadavg();
const samples = new Map(); // `${build}\0${command}` → runs
for (let round = 0; round < ROUNDS; round++)
  for (const args of COMMANDS)
    for (const [name, root] of round % 2 ? [...builds].reverse() : builds) {
      const key = `${name}\0${args.join(' ')}`;
      if (!samples.has(key)) samples.set(key, []);
      samples.get(key).push(timed(root, args));
    }
const loadAfter = loadavg();

const fmt = (value, digits) => value.toFixed(digits);
const lines = [
  '## The CLI before it works: start-up of `tokenlab` commands',
  '',
  `* Machine: ${machineInfo()}, 2 cores shared with other jobs; ${new Date().toISOString().slice(0, 10)}; load average (1 / 5 / 15 min) ${loadBefore.map((x) => x.toFixed(1)).join(' / ')} at the start, ${loadAfter.map((x) => x.toFixed(1)).join(' / ')} at the end.`,
  `* Each cell is the median of ${ROUNDS} processes, timed by /usr/bin/time (wall from start to exit, CPU of all threads, peak RSS); the builds alternate within each round.`,
  '* `--help` prints the command list; `train --help` and `compare --help` load that one command. What a command loads up front is paid by every run of it (a `tokenlab train` of a large corpus pays it once; many small runs pay it each time).',
  '',
  '| command | build | wall s (median) | CPU s | peak RSS MB |',
  '|---|---|---:|---:|---:|',
];
for (const args of COMMANDS)
  for (const [name] of builds) {
    const runs = samples.get(`${name}\0${args.join(' ')}`);
    lines.push(
      `| \`tokenlab ${args.join(' ')}\` | ${name} | ${fmt(median(runs.map((r) => r.wall)), 2)} | ${fmt(median(runs.map((r) => r.cpu)), 2)} | ${fmt(median(runs.map((r) => r.rss)), 0)} |`,
    );
  }
lines.push('');
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'cli-start.md'), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
