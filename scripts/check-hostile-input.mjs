#!/usr/bin/env node
// Runs the hostile-input reproductions listed in docs/limits.md against the built CLI
// (apps/cli/dist/main.js; `pnpm build` first) and checks that each ends in the documented behaviour:
// a result or a clear error naming the file and place, in bounded time and memory. Each command runs
// in a fresh Node process that reports its peak resident memory. Prints one line per check and exits
// with 1 when any fails. Some inputs are large (5 M emoji, 50 MB, 10 MB training): expect minutes.
//
//   node scripts/check-hostile-input.mjs [--only N,N]   (N: the numbered items, 1-10)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'apps/cli/dist/main.js');
if (!existsSync(MAIN)) {
  console.error(`${MAIN} is missing: run pnpm build first`);
  process.exit(2);
}
const only = (() => {
  const at = process.argv.indexOf('--only');
  return at === -1 ? undefined : new Set(process.argv[at + 1].split(',').map(Number));
})();
const work = mkdtempSync(join(tmpdir(), 'tokenlab-hostile-'));
const REPORT = join(work, 'report-max-rss.cjs');
writeFileSync(
  REPORT,
  "process.on('exit', () => require('node:fs').writeSync(2, '\\n@maxRSS ' + process.resourceUsage().maxRSS + '\\n'));\n",
);
const file = (name, contents) => {
  const path = join(work, name);
  writeFileSync(path, contents);
  return path;
};

/**
 * Run `tokenlab ARGS` to completion: exit code, stdout (or its size when `discard`), stderr without
 * the memory report, peak RSS in MB and seconds.
 */
function run(args, { input, discard = false, timeout = 900_000, cwd = work } = {}) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--require', REPORT, MAIN, ...args], {
    cwd,
    input,
    timeout,
    maxBuffer: 1 << 30,
    stdio: ['pipe', discard ? 'ignore' : 'pipe', 'pipe'],
  });
  const stderr = result.stderr?.toString() ?? '';
  const rss = Number(/@maxRSS (\d+)/.exec(stderr)?.[1] ?? Number.NaN) / 1024;
  return {
    code: result.status,
    signal: result.signal,
    stdout: discard ? '' : result.stdout.toString(),
    stderr: stderr.replace(/\n?@maxRSS \d+\n$/, ''),
    rss,
    seconds: (performance.now() - started) / 1000,
  };
}

const results = [];
async function check(item, name, body) {
  if (only && !only.has(item)) return;
  const started = performance.now();
  try {
    const note = await body();
    results.push({ item, name, ok: true });
    console.log(
      `ok    ${item}. ${name}${note ? ` (${note})` : ''} [${((performance.now() - started) / 1000).toFixed(1)} s]`,
    );
  } catch (error) {
    results.push({ item, name, ok: false });
    console.log(`FAIL  ${item}. ${name}: ${error instanceof Error ? error.message : error}`);
  }
}
function expect(condition, what) {
  if (!condition) throw new Error(what);
}
/** A run that ended with an error message, not a crash: exit code 1 or 2, no stack trace. */
function cleanError(r, pattern) {
  expect(
    r.code === 1 || r.code === 2,
    `exit code ${r.code} (signal ${r.signal}); stderr: ${r.stderr.slice(0, 300)}`,
  );
  expect(!/\n\s+at /.test(r.stderr), `a stack trace: ${r.stderr.slice(0, 300)}`);
  expect(
    pattern.test(r.stderr),
    `stderr ${JSON.stringify(r.stderr.slice(0, 300))} does not match ${pattern}`,
  );
}
function succeeded(r) {
  expect(r.code === 0, `exit code ${r.code} (signal ${r.signal}); stderr: ${r.stderr.slice(0, 300)}`);
}
const mb = (r) => `${r.rss.toFixed(0)} MB, ${r.seconds.toFixed(1)} s`;

// 1. Model loading: memory linear in the file, ranks bounded by the entries.
await check(1, 'a .model chain of 40,000 merges loads and encodes in bounded memory', () => {
  let text = 'minbpe v1\n\n0\n0 0\n';
  for (let i = 1; i < 40_000; i++) text += `${255 + i} 0\n`;
  const model = file('c.model', text);
  const r = run(['encode', '-m', model, file('h.txt', 'hi\n')]);
  succeeded(r);
  expect(r.rss < 600, `peak RSS ${r.rss} MB`);
  return mb(r);
});
for (const rank of ['100000000', '4294967294', '4294967296']) {
  await check(1, `a 16-byte .tiktoken with rank ${rank} is refused naming the line`, () => {
    const r = run(
      ['encode', '--tiktoken', file(`r${rank}.tiktoken`, `IQ== ${rank}\n`), '--pattern', 'gpt2'],
      {
        input: 'hi',
      },
    );
    cleanError(r, /line 1: rank \d+ is out of range/);
    expect(r.rss < 200, `peak RSS ${r.rss} MB`);
    return mb(r);
  });
}
await check(1, 'a .tiktoken without every single byte is refused naming the byte', () => {
  const lines = [];
  for (let byte = 1; byte < 256; byte++) lines.push(`${Buffer.from([byte]).toString('base64')} ${byte - 1}`);
  const r = run(
    ['encode', '--tiktoken', file('no-zero.tiktoken', `${lines.join('\n')}\n`), '--pattern', 'gpt2'],
    {
      input: 'hi',
    },
  );
  cleanError(r, /byte/);
});

// 2. The web server: stream errors handled, regular files only, inside --dir, ends on SIGTERM.
await check(
  2,
  'web --dir: a folder named index.html, a FIFO, a link out of the folder, SIGTERM',
  async () => {
    const root = join(work, 'site');
    mkdirSync(join(root, 'docs', 'index.html'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<title>home</title>');
    writeFileSync(join(work, 'secret.txt'), 'outside');
    symlinkSync(join(work, 'secret.txt'), join(root, 'leak.txt'));
    execFileSync('mkfifo', [join(root, 'pipe.txt')]);
    const child = spawn(process.execPath, [MAIN, 'web', '--dir', root, '--port', '0', '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((done) => child.on('exit', (code, signal) => done({ code, signal })));
    try {
      let printed = '';
      child.stdout.on('data', (chunk) => {
        printed += chunk;
      });
      const deadline = Date.now() + 60_000;
      while (!printed.includes('\n')) {
        expect(Date.now() < deadline && child.exitCode === null, 'web did not start');
        await new Promise((done) => setTimeout(done, 50));
      }
      const { url } = JSON.parse(printed);
      const get = async (path) => {
        const response = await fetch(new URL(path, url), { signal: AbortSignal.timeout(10_000) });
        await response.text();
        return response.status;
      };
      expect((await get('docs/')) === 404, 'a folder named index.html is not a 404');
      const fifo = await Promise.all(Array.from({ length: 8 }, () => get('pipe.txt')));
      expect(
        fifo.every((status) => status === 404),
        `FIFO answers ${fifo}`,
      );
      expect((await get('leak.txt')) === 403, 'a link out of the folder is not a 403');
      expect((await get('/')) === 200, 'the page is not served after all that');
      child.kill('SIGTERM');
      const end = await Promise.race([
        exited,
        new Promise((done) => setTimeout(() => done('timeout'), 10_000)),
      ]);
      expect(end !== 'timeout', 'still running 10 s after SIGTERM');
    } finally {
      child.kill('SIGKILL');
    }
  },
);

// 3. No recursion that grows with the input.
await check(3, 'encode -e cl100k_base --count on 5,000,000 emoji', () => {
  const r = run(['encode', '-e', 'cl100k_base', '--count', file('e.txt', '\u{1F600}'.repeat(5_000_000))]);
  succeeded(r);
  expect(/^\d+\n$/.test(r.stdout), `output ${r.stdout.slice(0, 100)}`);
  return mb(r);
});
await check(3, 'encode -e o200k_base --count on 5,000,000 CJK Ext-B characters', () => {
  const r = run(['encode', '-e', 'o200k_base', '--count', file('cjk.txt', '\u{20000}'.repeat(5_000_000))]);
  succeeded(r);
  return mb(r);
});
await check(3, 'new SplitPattern(...) with a bad argument throws instead of ending Node', () => {
  const script = `import { SplitPattern } from ${JSON.stringify(join(ROOT, 'packages/bpe/dist/index.js'))};
try { new SplitPattern('\\u{1F600}'.repeat(100000)); console.log('built'); } catch (e) { console.log('threw', e.name); }
try { SplitPattern.from('(' .repeat(100000)); console.log('built'); } catch (e) { console.log('threw', e.name); }`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { timeout: 120_000 });
  expect(r.status === 0, `exit ${r.status} ${r.signal}: ${r.stderr.toString().slice(0, 300)}`);
  return r.stdout.toString().trim().replaceAll('\n', '; ');
});

// 4. The regexp tokenizer never cuts a surrogate pair.
for (const pattern of ['$', '^', '\\B']) {
  await check(
    4,
    `tokenize -t regexp --gaps --pattern '${pattern}' on emoji: no lone surrogates, no empty tokens`,
    () => {
      const emo = file('emo.txt', '😀😀a😀\nhi 😀 there');
      const r = run(['tokenize', '-t', 'regexp', '--gaps', '--pattern', pattern, '--json', emo]);
      succeeded(r);
      const tokens = JSON.parse(r.stdout);
      expect(
        tokens.every((token) => token !== '' && token.isWellFormed()),
        `tokens ${JSON.stringify(tokens)}`,
      );
      return JSON.stringify(tokens);
    },
  );
}

// 5. Moderate sizes in bounded memory.
await check(5, 'tokenize -t utf8 on a 50 MB file streams in bounded memory', () => {
  const piece = 'سلام hello 😀 '.repeat(4000);
  const big = join(work, '50mb.txt');
  writeFileSync(big, piece.repeat(Math.ceil((50 * 1024 * 1024) / Buffer.byteLength(piece))));
  const r = run(['tokenize', '-t', 'utf8', big], { discard: true });
  succeeded(r);
  expect(r.rss < 350, `peak RSS ${r.rss} MB`);
  return mb(r);
});
await check(5, 'train --vocab-size 300 on 10 MB of x (with the .vocab rendering)', () => {
  const r = run([
    'train',
    '--vocab-size',
    '300',
    '-o',
    join(work, 'xx'),
    '--quiet',
    file('x.txt', 'x'.repeat(10_000_000)),
  ]);
  succeeded(r);
  expect(r.rss < 1500, `peak RSS ${r.rss} MB`);
  return mb(r);
});
await check(5, 'stats collocations --window 100000 on 2 MB is refused naming the sizes', () => {
  const words = [];
  for (let length = 0, i = 0; length < 2_000_000; i++) {
    words.push(`w${i % 5000}`);
    length += words[i].length + 1;
  }
  const r = run(['stats', 'collocations', '--window', '100000', file('words.txt', words.join(' '))]);
  cleanError(r, /window/i);
  expect(!/Invalid typed array length/.test(r.stderr), r.stderr);
  return mb(r);
});
await check(5, 'train --workers 999 on 200 KB stays within the cores', () => {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const input = file('200k.txt', text.repeat(Math.ceil(200_000 / text.length)).slice(0, 200_000));
  const r = run([
    'train',
    '--vocab-size',
    '300',
    '--workers',
    '999',
    '-o',
    join(work, 'w'),
    '--quiet',
    input,
  ]);
  succeeded(r);
  expect(r.rss < 1000, `peak RSS ${r.rss} MB`);
  return mb(r);
});

// 6. No quadratic time on long runs; natural's slow paths bounded.
await check(6, 'tokenize -t blankline on 1,000,000 spaces', () => {
  const r = run(['tokenize', '-t', 'blankline', file('spaces.txt', ' '.repeat(1_000_000))], {
    timeout: 120_000,
  });
  succeeded(r);
  return mb(r);
});
await check(6, 'compare --en on a 205 KB file holding a 200,000-space run', () => {
  const text = `The start. ${' '.repeat(200_000)}The end. ${'Some words here. '.repeat(300)}`;
  const r = run(['compare', '--en', file('spacey.txt', text), '--out', join(work, 'report'), '-q'], {
    timeout: 1_200_000,
  });
  succeeded(r);
  return mb(r);
});
await check(6, "natural's sentence tokenizer past its bound: a clear error", () => {
  const r = run(['tokenize', '-t', 'natural-sentence', file('long.txt', 'ab. '.repeat(6000))]);
  cleanError(r, /natural|limit|bound|at most/i);
  return r.stderr.trim().slice(0, 120);
});
await check(6, "natural's Porter stemmer past its bound: a clear error", () => {
  const r = run(['stem', '-s', 'natural-porter'], { input: `${'.'.repeat(5000)}\n` });
  cleanError(r, /natural|limit|bound|at most/i);
  return r.stderr.trim().slice(0, 120);
});

// 7. No silent loss.
await check(7, "a model trained with --pattern '\\w+|[^\\w ]+| ' decodes 'Hello, world! 42' exactly", () => {
  const prefix = join(work, 'spaced');
  succeeded(
    run([
      'train',
      '--vocab-size',
      '300',
      '--pattern',
      '\\w+|[^\\w ]+| ',
      '-o',
      prefix,
      '--quiet',
      join(ROOT, 'README.md'),
    ]),
  );
  const ids = run(['encode', '-m', `${prefix}.model`, '--strip-final-newline'], {
    input: 'Hello, world! 42',
  });
  succeeded(ids);
  const text = run(['decode', '-m', `${prefix}.model`], { input: ids.stdout });
  succeeded(text);
  expect(text.stdout.replace(/\n$/, '') === 'Hello, world! 42', `decoded ${JSON.stringify(text.stdout)}`);
});
await check(7, "train --pattern '\\w+' warns that text is dropped", () => {
  const r = run(['train', '--vocab-size', '260', '--pattern', '\\w+', '-o', join(work, 'drop'), '--quiet'], {
    input: 'Hello, world! Hello, world!',
  });
  succeeded(r);
  expect(/drops \d+ of \d+ characters/.test(r.stderr), `no warning: ${r.stderr}`);
  return r.stderr.trim().slice(0, 120);
});
await check(7, 'invalid UTF-8 in a file is an error naming the file and byte', () => {
  const bad = file('bad.txt', Buffer.from([0x61, 0xff, 0x62]));
  cleanError(run(['tokenize', '-t', 'whitespace', bad]), /bad\.txt: not valid utf-8.*byte 1/);
});

// 8. Writes: .model and .vocab as a pair.
await check(8, 'two train runs with the same --out leave a pair that verifies (5 rounds)', async () => {
  const { verifyModelPair } = await import(join(ROOT, 'packages/bpe/dist/node/index.js'));
  const prefix = join(work, 'race');
  for (let round = 0; round < 5; round++) {
    const runs = [280, 300].map(
      (size) =>
        new Promise((done) =>
          spawn(process.execPath, [
            MAIN,
            'train',
            '-v',
            String(size),
            '-o',
            prefix,
            '--quiet',
            join(ROOT, 'README.md'),
          ]).on('exit', done),
        ),
    );
    await Promise.all(runs);
    expect(await verifyModelPair(prefix), `round ${round}: the .model and .vocab do not belong together`);
  }
});

// 9. Errors that keep their place.
await check(9, 'a duplicate merge in a .model names the file and both lines', () => {
  const model = file('dup.model', 'minbpe v1\n\n0\n104 105\n104 105\n');
  cleanError(run(['encode', '-m', model], { input: 'hi' }), /dup\.model:5: .*line 4/);
});
await check(9, 'a bad pattern in a .model names the file and line 2', () => {
  const model = file('pat.model', 'minbpe v1\n(unclosed\n0\n');
  cleanError(run(['encode', '-m', model], { input: 'hi' }), /pat\.model:2: /);
});
await check(9, 'special-token ids are bounded and names unique', () => {
  cleanError(
    run(['train', '-v', '260', '--special', 'x=99999999999', '-o', join(work, 's1')], { input: 'hello' }),
    /below 2097152/,
  );
  cleanError(
    run(['train', '-v', '260', '--special', 'x=300', '--special', 'x=301', '-o', join(work, 's2')], {
      input: 'hello',
    }),
    /twice/,
  );
  cleanError(
    run(['encode', '-m', file('sp.model', 'minbpe v1\n\n2\nx 300\nx 301\n')], { input: 'hi' }),
    /sp\.model:5: .*line 4/,
  );
});
await check(9, 'encode and decode --jsonl name the input line; a BOM on the first line is accepted', () => {
  cleanError(run(['encode', '-e', 'gpt2', '--jsonl'], { input: '"a"\n[1]\n' }), /line 2/);
  cleanError(run(['decode', '-e', 'gpt2', '--jsonl'], { input: '[1]\n"a"\n' }), /line 2/);
  succeeded(run(['encode', '-e', 'gpt2', '--jsonl'], { input: '\ufeff"a"\n' }));
});
await check(9, '/dev/full gives a clear error', () => {
  const r = spawnSync('sh', ['-c', `"${process.execPath}" "${MAIN}" encode -e gpt2 > /dev/full`], {
    input: 'hi',
  });
  expect(r.status === 1, `exit ${r.status}`);
  expect(/ENOSPC/.test(r.stderr.toString()) && !/\n\s+at /.test(r.stderr.toString()), r.stderr.toString());
});
await check(9, 'an input over 512 MB: the error names the file and the limit', () => {
  const huge = join(work, 'huge.txt');
  writeFileSync(huge, '');
  truncateSync(huge, 513 * 1024 * 1024);
  cleanError(run(['encode', '-e', 'gpt2', huge]), /huge\.txt.*512/);
});
await check(9, 'a folder as input names the path', () => {
  cleanError(
    run(['tokenize', '-t', 'whitespace', work]),
    new RegExp(`${work.replace(/[/\\]/g, '.')}.*(EISDIR|directory)`),
  );
});
await check(9, "--out '' and --port '' are refused", () => {
  cleanError(run(['train', '-v', '260', '-o', ''], { input: 'hello' }), /--out/);
  cleanError(run(['web', '--port', '']), /--port/);
});
await check(9, 'report.md keeps raw sample text out of its headings', () => {
  const r = run(
    [
      'compare',
      '--en',
      file('svg.txt', '<svg onload=alert(1)> hello world. '.repeat(20)),
      '--vocab-sizes',
      'none',
      '--out',
      join(work, 'svg-report'),
      '-q',
    ],
    { timeout: 1_200_000 },
  );
  succeeded(r);
  const markdown = readFileSync(join(work, 'svg-report', 'report.md'), 'utf8');
  const headings = markdown.split('\n').filter((line) => line.startsWith('#'));
  expect(
    !headings.some((line) => line.includes('<svg')),
    `a heading holds <svg: ${headings.find((l) => l.includes('<svg'))}`,
  );
  expect(!/<svg onload/.test(markdown), 'raw <svg onload= in report.md');
});

// 10. Python regex: match re or refuse with the position (NLTK's flags: UNICODE | MULTILINE | DOTALL).
for (const pattern of ['(?<=a+)b', '(?<x>a)', '\\p{L}', '(?a)\\w+']) {
  await check(10, `tokenize -t regexp --pattern '${pattern}' is refused with the position`, () => {
    const r = run(['tokenize', '-t', 'regexp', '--pattern', pattern], { input: 'ab' });
    cleanError(r, /position \d+/);
    return r.stderr.trim().slice(0, 140);
  });
}
await check(10, "(?i) with İ and ı matches as Python's re does", () => {
  const python = ['/usr/bin/python3', 'python3'].find((p) => spawnSync(p, ['--version']).status === 0);
  const text = 'İı Ii iİ ıI';
  for (const pattern of ['(?i)i+', '(?i)[a-z]+', '(?i)İ', '(?i)ı']) {
    const ours = JSON.parse(
      run(['tokenize', '-t', 'regexp', '--pattern', pattern, '--json'], { input: text }).stdout,
    );
    if (!python) continue;
    const theirs = JSON.parse(
      execFileSync(python, [
        '-c',
        'import re,sys,json; print(json.dumps(re.findall(sys.argv[1], sys.argv[2], re.U|re.M|re.S)))',
        pattern,
        text,
      ]).toString(),
    );
    expect(
      JSON.stringify(ours) === JSON.stringify(theirs),
      `${pattern}: ${JSON.stringify(ours)} != ${JSON.stringify(theirs)}`,
    );
  }
  return python ? 'compared with Python' : 'no Python here to compare with';
});

rmSync(work, { recursive: true, force: true });
const failed = results.filter((r) => !r.ok);
console.log(`\n${results.length - failed.length} of ${results.length} checks end as documented`);
process.exit(failed.length > 0 ? 1 : 0);
