// A user's view of tokenlab: every package packed with `pnpm pack`, the tarballs installed with plain
// npm into an empty project outside the workspace, then used from Node (ESM), type-checked by tsc
// under NodeNext and bundler resolution, bundled by Vite for a page run in Chromium, and the CLI run
// through npx, both installed with the other tarballs and from its tarball alone in an empty folder;
// @tokenlab/natural is also installed without its optional peer. Needs the packages built (`pnpm test`
// builds first) and the npm registry for typescript, vite and natural.
import { execFile, spawn } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixture = fileURLToPath(new URL('../fixture/', import.meta.url));
const PUBLIC_DIRS = [
  ...readdirSync(join(repo, 'packages')).map((name) => `packages/${name}`),
  'apps/cli',
].filter((dir) => !JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8')).private);

let project: string;
let tarballs: Map<string, string>;

/** Bytes under `dir`, files only (what `du --apparent-size` counts). */
function treeSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += treeSize(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

async function sh(command: string, args: string[], cwd = project) {
  return run(command, args, {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_yes: 'true' },
  });
}

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'tokenlab-consumer-'));
  const packs = join(project, 'packs');
  mkdirSync(packs);
  tarballs = new Map();
  for (const dir of PUBLIC_DIRS) {
    const before = new Set(readdirSync(packs));
    await sh('pnpm', ['pack', '--pack-destination', packs], join(repo, dir));
    const made = readdirSync(packs).find((file) => !before.has(file));
    if (!made) throw new Error(`pnpm pack wrote nothing for ${dir}`);
    tarballs.set(JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8')).name, join(packs, made));
  }
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  const webVite = JSON.parse(
    readFileSync(join(repo, 'apps/web/node_modules/vite/package.json'), 'utf8'),
  ).version;
  await sh('npm', [
    'install',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    ...tarballs.values(),
    'typescript@5.9.3',
    '@types/node@20',
    `vite@${webVite}`,
  ]);
  cpSync(fixture, project, { recursive: true });
}, 600_000);

afterAll(() => {
  if (project && !process.env.TOKENLAB_KEEP_CONSUMER) rmSync(project, { recursive: true, force: true });
});

describe('packed packages installed with npm', () => {
  it('hold no tests, sources or fixtures, and a LICENSE', async () => {
    for (const [name, tarball] of tarballs) {
      const { stdout } = await sh('tar', ['tzf', tarball]);
      const files = stdout.split('\n').filter(Boolean);
      expect(files, name).toContain('package/LICENSE');
      expect(
        files.filter((file) => /\.test\.|\/src\/|fixtures\//.test(file)),
        name,
      ).toEqual([]);
      const manifest = JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8'));
      expect(JSON.stringify(manifest.exports), name).not.toContain('"source"');
      expect(JSON.stringify(manifest), name).not.toContain('workspace:');
    }
  });

  it('pass publint and arethetypeswrong (ESM only: node16 and bundler resolution)', async () => {
    for (const [name, tarball] of tarballs) {
      const publint = await sh(join(repo, 'node_modules/.bin/publint'), ['run', tarball], repo);
      expect(publint.stdout, name).toContain('All good!');
      // attw exits non-zero on any problem the profile does not ignore.
      await sh(
        join(repo, 'node_modules/.bin/attw'),
        [tarball, '--profile', 'esm-only', '--format', 'ascii'],
        repo,
      );
    }
  }, 300_000);

  it('core packages have no runtime dependency besides tokenlab packages', () => {
    for (const name of [
      '@tokenlab/core',
      '@tokenlab/pattern',
      '@tokenlab/classic',
      '@tokenlab/stats',
      '@tokenlab/bpe',
      '@tokenlab/gpt',
      '@tokenlab/corpora',
      '@tokenlab/vectors',
    ]) {
      const manifest = JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8'));
      const outside = Object.keys(manifest.dependencies ?? {}).filter((dep) => !dep.startsWith('@tokenlab/'));
      expect(outside, name).toEqual([]);
    }
    const bpe = JSON.parse(readFileSync(join(project, 'node_modules/@tokenlab/bpe/package.json'), 'utf8'));
    expect(Object.keys(bpe.dependencies)).not.toContain('@tokenlab/classic');
  });

  it('type-check the README examples strictly under NodeNext and run them from ESM', async () => {
    // tsc exits non-zero on any type error, in the example or in the packages' declarations.
    await sh('npx', ['tsc', '-p', 'tsconfig.nodenext.json']);
    const { stdout } = await sh('node', ['out/smoke.js']);
    const results = JSON.parse(stdout);
    expect(results.core).toEqual([[3, 2, 4, 4, 5], 'مرحبا 👋']);
    expect(results.pattern).toEqual(['naïve', 'café']);
    expect(results.classic).toEqual([
      ['That', 'U.S.A.', 'poster-print', 'costs', '$12.40', '...'],
      ['Mr. Smith went to Washington.', 'He arrived at 5 p.m. on Monday.'],
      ['They', "'ll", 'save', 'and', 'invest', 'more', '.'],
      ['محمد', 'النَّبي'],
    ]);
    expect(results.stats).toEqual([
      [
        ['to', 'be'],
        ['be', 'or'],
      ],
      [
        ['to', 2],
        ['be', 2],
      ],
      [['to', 'be']],
    ]);
    expect(results.gpt).toEqual([[15339, 1917], [6151, 100257], 'hello world']);
    expect(results.bpe).toBe('hello world');
    expect(results.natural).toEqual([['ca', "n't", 'stop'], 'run']);
    expect(results.vectors).toEqual(['queen']);
    expect(results.corpora).toEqual([true, true]);
    expect(results.html).toEqual([
      'Fish & chips',
      'Menu\n\nOne paragraph.',
      [{ title: 'T', link: '', text: 'hi' }],
    ]);
  }, 300_000);

  it('type-check the examples and the page strictly under bundler resolution', async () => {
    await sh('npx', ['tsc', '-p', 'tsconfig.bundler.json']);
  }, 300_000);

  it('run the tokenlab command through npx', async () => {
    const version = JSON.parse(readFileSync(join(repo, 'apps/cli/package.json'), 'utf8')).version;
    expect((await sh('npx', ['tokenlab', '--version'])).stdout.trim()).toBe(version);
    writeFileSync(join(project, 'en.txt'), 'The cat sat on the mat. It was happy.\n');
    writeFileSync(join(project, 'ar.txt'), 'جلس القط على الحصيرة. كان سعيدا.\n');
    const { stdout } = await sh('npx', [
      'tokenlab',
      'compare',
      '--en',
      'en.txt',
      '--ar',
      'ar.txt',
      '--vocab-sizes',
      'none',
      '--tokenizers',
      'whitespace,cl100k_base',
      '--out',
      'report',
      '--quiet',
    ]);
    expect(stdout).toContain('report.html');
    expect(statSync(join(project, 'report/report.html')).size).toBeGreaterThan(0);
  }, 300_000);

  it('run the CLI from its tarball alone with npx, in an empty folder, with no @tokenlab package around', async () => {
    const tarball = tarballs.get('tokenlab');
    if (!tarball) throw new Error('the CLI was not packed');
    const manifest = JSON.parse((await sh('tar', ['xzfO', tarball, 'package/package.json'])).stdout);
    // npm installs only these from the registry: the @tokenlab packages are bundled into bundle/;
    // the HTML readers of @tokenlab/html, natural and the Parquet reader and writer stay third-party dependencies.
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      '@mozilla/readability',
      'htmlparser2',
      'hyparquet',
      'hyparquet-writer',
      'linkedom',
      'natural',
    ]);
    const alone = mkdtempSync(join(tmpdir(), 'tokenlab-npx-'));
    try {
      const file = basename(tarball); // tokenlab-0.1.0.tgz
      cpSync(tarball, join(alone, file));
      writeFileSync(join(alone, 'a.txt'), 'The cat sat on the mat. It was happy.\n');
      writeFileSync(join(alone, 'b.txt'), 'جلس القط على الحصيرة. كان سعيدا.\n');
      expect(readdirSync(alone).sort()).toEqual(['a.txt', 'b.txt', file]);
      const npx = (...args: string[]) => sh('npx', ['--yes', `./${file}`, ...args], alone);
      expect((await npx('--version')).stdout.trim()).toBe(manifest.version);
      const { stdout } = await npx('compare', '--en', 'a.txt', '--ar', 'b.txt');
      // Rows of every kind: classic, natural (its own dependency), GPT ranks (bundled chunks), trained BPE.
      for (const row of ['treebank', 'natural-treebank', 'cl100k_base', 'o200k_base', 'bpe-']) {
        expect(stdout, row).toContain(row);
      }
      expect(stdout).not.toMatch(/not available|could not be loaded/);
      // The Arabic:English ratio always uses the UDHR of the bundled corpora, read from the package's data/.
      const report = readFileSync(join(alone, 'tokenlab-report/report.md'), 'utf8');
      expect(report).toMatch(/Arabic takes [\d.]+× the tokens of the same UDHR text in English/);
      // Worker programs are files of their own beside the bundle: parallel encoding and BPE training
      // start them (9 MB, so that two threads are used on a machine with two cores).
      writeFileSync(
        join(alone, 'big.txt'),
        'The cat sat on the mat. جلس القط على الحصيرة.\n'.repeat(150_000),
      );
      const one = await npx('encode', '-e', 'cl100k_base', '--count', '--threads', '1', 'big.txt');
      const two = await npx('encode', '-e', 'cl100k_base', '--count', '--threads', '2', 'big.txt');
      expect(two.stdout).toBe(one.stdout);
      await npx('train', '--vocab-size', '260', '--workers', '2', '--out', 'big', 'big.txt');
      expect(readFileSync(join(alone, 'big.model'), 'utf8').split('\n')).toHaveLength(3 + 4 + 1);
      // Word2Vec on two worker threads: the bundle's word2vec-worker.js.
      writeFileSync(join(alone, 'small.txt'), 'the cat sat on the mat\nthe dog sat on the rug\n'.repeat(200));
      await npx(
        'embed',
        'train',
        '--workers',
        '2',
        '--epochs',
        '1',
        '--min-count',
        '1',
        '--out',
        'v.txt',
        'small.txt',
      );
      expect(readFileSync(join(alone, 'v.txt'), 'utf8').split('\n')[0]).toBe('7 100');
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  }, 600_000);

  it('install @tokenlab/natural without natural (an optional peer): small, and its adapters say what to install', async () => {
    const alone = mkdtempSync(join(tmpdir(), 'tokenlab-natural-'));
    try {
      writeFileSync(
        join(alone, 'package.json'),
        JSON.stringify({ name: 'alone', private: true, type: 'module' }),
      );
      const packs = ['@tokenlab/natural', '@tokenlab/core'].map((name) => tarballs.get(name) ?? name);
      await sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...packs], alone);
      expect(readdirSync(join(alone, 'node_modules')).sort()).toEqual(['.package-lock.json', '@tokenlab']);
      const installedKB = Math.round(treeSize(join(alone, 'node_modules')) / 1024);
      console.log(JSON.stringify({ naturalWithoutPeerInstalledKB: installedKB }));
      expect(installedKB).toBeLessThan(1024);
      const { stdout } = await sh(
        'node',
        [
          '--input-type=module',
          '-e',
          "const m = await import('@tokenlab/natural'); try { m.naturalPorterStem('running'); } catch (e) { console.log(e.message); }",
        ],
        alone,
      );
      expect(stdout).toContain('optional peer dependency that is not installed');
      expect(stdout).toContain('npm i "natural@^8.1.1"');
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  }, 300_000);

  it('serve the bundled playground with tokenlab web', async () => {
    // Its own process group: npx runs the command in a child, which a signal to npx alone
    // would leave serving after the test.
    const server = spawn('npx', ['tokenlab', 'web', '--port', '0', '--json'], {
      cwd: project,
      detached: true,
    });
    const exited = new Promise((done) => server.once('exit', done));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        server.stdout.once('data', (data: Buffer) => resolve(data.toString()));
        server.once('exit', (code) => reject(new Error(`tokenlab web exited with ${code}`)));
      });
      const { url } = JSON.parse(line);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
    } finally {
      if (server.exitCode === null && server.signalCode === null && server.pid !== undefined)
        process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
  });

  it('bundle with Vite for a page that runs in Chromium and fetches only the encoding it uses', async () => {
    await sh('npx', [
      'vite',
      'build',
      'web',
      '--outDir',
      '../web-dist',
      '--emptyOutDir',
      '--logLevel',
      'error',
    ]);
    const root = join(project, 'web-dist');
    const server = await serveStatic(root);
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-gpu',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage();
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(`http://127.0.0.1:${address.port}/`);
      await page.waitForSelector('#out[data-done]', { timeout: 60_000 });
      const result = JSON.parse((await page.textContent('#out')) ?? '');
      const { getEncoding } = await import(join(project, 'node_modules/@tokenlab/gpt/dist/index.js'));
      expect(result.gpt).toEqual((await getEncoding('cl100k_base')).encode('hello world مرحبا'));
      expect(result.classic).toEqual(['They', "'ll", 'save', 'and', 'invest', 'more', '.']);
      expect(result.treebank).toEqual(['``', 'Hi', ',', "''", 'she', 'said', '.']);
      expect(result.bpe.length).toBeGreaterThan(0);
      expect(fetched.some((path) => path.includes('cl100k_base'))).toBe(true);
      expect(fetched.filter((path) => /o200k|p50k|r50k/.test(path))).toEqual([]);
    } finally {
      await browser.close();
      server.close();
    }
  }, 300_000);

  it('report packed and installed sizes', () => {
    const rows = [...tarballs].map(([name, tarball]) => ({
      name,
      packedKB: Math.round(statSync(tarball).size / 1024),
      unpackedKB: Math.round(treeSize(join(project, 'node_modules', name)) / 1024),
    }));
    console.log(JSON.stringify({ sizes: rows }));
    for (const row of rows) expect(row.unpackedKB).toBeGreaterThan(0);
  });
});

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.txt': 'text/plain',
};

/** A static file server on a free port for the built page. */
function serveStatic(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = join(root, path === '/' ? 'index.html' : path);
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
