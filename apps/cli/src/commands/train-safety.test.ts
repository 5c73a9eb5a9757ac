import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RegexTokenizer } from '@tokenlab/bpe';
import { verifyModelPair } from '@tokenlab/bpe/node';
import { readGolden } from '@tokenlab/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';
import { capWorkers } from '../worker-count.js';

const texts = readGolden<{ id: string; text: string }>('minbpe_training_texts').map((row) => row.text);
const dir = mkdtempSync(join(tmpdir(), 'tokenlab-train-safety-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** Run the built `tokenlab` in its own process; `kill` sends a signal after that many milliseconds. */
function runProcess(argv: string[], kill?: { signal: NodeJS.Signals; afterMs: number }) {
  return new Promise<{ code: number | null; stderr: string }>((done) => {
    const child = spawn(process.execPath, [MAIN, ...argv], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    if (kill) setTimeout(() => child.kill(kill.signal), kill.afterMs);
    child.once('exit', (code) => done({ code, stderr }));
  });
}

function leftovers(prefix: string): string[] {
  const name = prefix.slice(dir.length + 1);
  return readdirSync(dir).filter((file) => file.startsWith(name) && !/\.(model|vocab)$/.test(file));
}

describe('tokenlab train writes .model and .vocab as a pair', () => {
  it('keeps the pair whole when runs with different texts write the same --out at once (in one process)', async () => {
    const prefix = join(dir, 'same-process');
    for (let round = 0; round < 5; round++) {
      const runs = await Promise.all(
        texts.slice(0, 4).map((text) => runCapture(['train', '-v', '300', '--quiet', '-o', prefix], text)),
      );
      expect(runs.map((run) => run.code)).toEqual([0, 0, 0, 0]);
      expect(await verifyModelPair(prefix)).toBe(true);
    }
    expect(leftovers(prefix)).toEqual([]);
  });

  it('keeps the pair whole when separate processes write the same --out at once', async () => {
    expect(existsSync(MAIN), 'build the CLI first (pnpm turbo run build --filter tokenlab)').toBe(true);
    const inputs = texts.slice(0, 4).map((text, i) => {
      const file = join(dir, `input-${i}.txt`);
      writeFileSync(file, text.repeat(20));
      return file;
    });
    const prefix = join(dir, 'many-processes');
    for (let round = 0; round < 3; round++) {
      const runs = await Promise.all(
        inputs.map((input) => runProcess(['train', '-v', '320', '-o', prefix, input])),
      );
      expect(runs.map((run) => run.code)).toEqual([0, 0, 0, 0]);
      expect(await verifyModelPair(prefix)).toBe(true);
    }
    expect(leftovers(prefix)).toEqual([]);
  });

  it('leaves a whole pair and no temporary files when the run is interrupted at any moment', async () => {
    expect(existsSync(MAIN), 'build the CLI first (pnpm turbo run build --filter tokenlab)').toBe(true);
    const input = join(dir, 'input-interrupt.txt');
    writeFileSync(input, texts.join('\n').repeat(30));
    const prefix = join(dir, 'interrupted');
    const first = await runProcess(['train', '-v', '300', '-o', prefix, input]);
    expect(first.code).toBe(0);
    for (const afterMs of [50, 150, 250, 350, 450, 550, 700, 900]) {
      const run = await runProcess(['train', '-v', '400', '-o', prefix, input], {
        signal: 'SIGINT',
        afterMs,
      });
      expect(await verifyModelPair(prefix)).toBe(true);
      expect(leftovers(prefix)).toEqual([]);
      if (run.code === 130) expect(run.stderr).toContain('interrupted; ');
    }
  });
});

describe('tokenlab train interrupted while writing', () => {
  it('Ctrl-C while the files are written keeps the old pair and removes the temporary files', async () => {
    const prefix = join(dir, 'ctrl-c');
    expect((await runCapture(['train', '-v', '300', '--quiet', '-o', prefix], texts[0]!)).code).toBe(0);
    const before = readFileSync(`${prefix}.model`, 'utf8');
    // The moment the first temporary file appears, the process gets SIGINT.
    const watcher = watch(dir, (_event, name) => {
      if (name?.startsWith('ctrl-c.') && name.endsWith('.tmp')) {
        watcher.close();
        process.emit('SIGINT');
      }
    });
    const run = await runCapture(['train', '-v', '320', '--quiet', '-o', prefix], texts[1]!);
    watcher.close();
    expect(run.code).toBe(130);
    expect(run.stderr).toBe(
      `tokenlab train: interrupted; ${prefix}.model and ${prefix}.vocab left as they were\n`,
    );
    expect(readFileSync(`${prefix}.model`, 'utf8')).toBe(before);
    expect(await verifyModelPair(prefix)).toBe(true);
    expect(leftovers(prefix)).toEqual([]);
  });
});

describe('tokenlab train --out', () => {
  it('rejects a path that names no file instead of writing hidden .model and .vocab files', async () => {
    for (const out of ['', ' ', `${dir}/`, '.', `${dir}/.`]) {
      const run = await runCapture(['train', '-v', '300', '--out', out], 'some text');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("--out must name a file prefix such as 'models/tok'");
    }
    expect(existsSync(join(dir, '.model'))).toBe(false);
    expect(existsSync('.model')).toBe(false);
  });

  it('compare rejects an empty --out before doing any work', async () => {
    const run = await runCapture(['compare', '--out', '', '--quiet']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--out must name a folder (got an empty path)');
  });
});

describe('tokenlab train --workers', () => {
  it('caps the workers at the cores and at what the input keeps busy', () => {
    expect(capWorkers(999, 200_000, 2)).toEqual({
      workers: 1,
      note: '--workers 999 capped at 1: the input (195.3 KiB) keeps at most 1 worker busy, one per 4.0 MiB',
    });
    expect(capWorkers(999, 100 << 20, 8)).toEqual({
      workers: 8,
      note: '--workers 999 capped at 8: this machine has 8 cores',
    });
    expect(capWorkers(6, 10 << 20, 8)).toEqual({
      workers: 3,
      note: '--workers 6 capped at 3: the input (10.0 MiB) keeps at most 3 workers busy, one per 4.0 MiB',
    });
    expect(capWorkers(2, 100 << 20, 8)).toEqual({ workers: 2 });
    expect(capWorkers(1, 10, 1)).toEqual({ workers: 1 });
    expect(capWorkers(4, 8 << 20, 2)).toEqual({
      workers: 2,
      note: '--workers 4 capped at 2: this machine has 2 cores; the input (8.0 MiB) keeps at most 2 workers busy, one per 4.0 MiB',
    });
  });

  it('--workers 999 on a 200 KB file starts one worker, says so, and trains the same model', async () => {
    const input = join(dir, 'workers.txt');
    writeFileSync(input, texts.join('\n').repeat(Math.ceil(200_000 / texts.join('\n').length)));
    const capped = await runCapture([
      'train',
      '-v',
      '300',
      '--workers',
      '999',
      '-o',
      join(dir, 'w999'),
      input,
    ]);
    expect(capped.code).toBe(0);
    expect(capped.stderr).toMatch(
      /^tokenlab train: --workers 999 capped at 1: (this machine has 1 core; )?the input/,
    );
    const single = await runCapture(['train', '-v', '300', '--workers', '1', '-o', join(dir, 'w1'), input]);
    expect(single.stderr).toBe('');
    expect(readFileSync(join(dir, 'w999.model'), 'utf8')).toBe(readFileSync(join(dir, 'w1.model'), 'utf8'));
  });
});

describe('tokenlab train with a pattern that drops characters', () => {
  const text = 'Hello, world! 42 times.\nمرحبا، يا عالم';

  it('warns on stderr how many characters are dropped and which (stdin, files, --reference)', async () => {
    const input = join(dir, 'drops.txt');
    writeFileSync(input, text);
    for (const source of [[], [input], ['--reference', input]]) {
      const run = await runCapture(
        ['train', '-v', '260', '--pattern', '\\w+', '-o', join(dir, 'drops'), ...source],
        text,
      );
      expect(run.code).toBe(0);
      expect(run.stderr).toContain(
        'tokenlab train: the split pattern drops 10 of 38 characters of the training text (26.3%); no token holds them',
      );
      expect(run.stderr).toContain('Most dropped: " " ×5, "," ×1, "!" ×1, "." ×1, "\\n" ×1, "،" ×1');
    }
    const model = new RegexTokenizer('\\w+');
    model.train(text, 260);
    expect(model.decode(model.encode(text))).not.toBe(text);
  });

  it('says nothing for a pattern that keeps every character, and counts only the group of a one-group pattern', async () => {
    const quiet = await runCapture(['train', '-v', '260', '-o', join(dir, 'keeps')], text);
    expect(quiet.stderr).toBe('');
    const grouped = await runCapture(
      ['train', '-v', '260', '--pattern', '(\\w+)[ ,]', '-o', join(dir, 'group')],
      'ab cd,ef',
    );
    expect(grouped.stderr).toContain('drops 4 of 8 characters');
    expect(grouped.stderr).toContain('Most dropped: " " ×1, "," ×1, "e" ×1, "f" ×1');
  });
});
