import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openedInside, openServable, startStaticServer } from './static-server.js';

const scratch = mkdtempSync(join(tmpdir(), 'tokenlab-static-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A served folder with a page, plus a secret next to it (outside the folder). */
function site(name: string): string {
  const root = join(scratch, name, 'site');
  mkdirSync(join(root, 'docs'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<title>home</title>');
  writeFileSync(join(root, 'docs', 'page.txt'), 'inside');
  writeFileSync(join(scratch, name, 'secret.txt'), 'outside');
  return root;
}

async function get(url: string, path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(new URL(path, url), { signal: AbortSignal.timeout(5000) });
  return { status: response.status, body: await response.text() };
}

describe('startStaticServer', () => {
  it('answers a folder named index.html with 404 and goes on serving', async () => {
    const root = site('dir-index');
    mkdirSync(join(root, 'docs', 'index.html'));
    mkdirSync(join(root, 'odd.js'));
    const server = await startStaticServer({ root, port: 0 });
    expect((await get(server.url, 'docs/')).status).toBe(404);
    expect((await get(server.url, 'docs/index.html')).status).toBe(404);
    expect((await get(server.url, 'odd.js')).status).toBe(404);
    expect(await get(server.url, 'docs/page.txt')).toEqual({ status: 200, body: 'inside' });
    await server.close();
  });

  it('serves regular files only: a FIFO is refused at once, however often it is asked for', async () => {
    const root = site('fifo');
    execFileSync('mkfifo', [join(root, 'pipe.txt')]);
    const server = await startStaticServer({ root, port: 0 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(server.url, 'pipe.txt')));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(404));
    expect(answers[0]!.body).toBe('not a regular file: /pipe.txt');
    expect(await get(server.url, 'docs/page.txt')).toEqual({ status: 200, body: 'inside' });
    await server.close();
  });

  it('does not follow symbolic links out of the folder, and follows those that stay inside', async () => {
    const root = site('links');
    symlinkSync(join(scratch, 'links', 'secret.txt'), join(root, 'leak.txt'));
    symlinkSync(join(scratch, 'links'), join(root, 'up'));
    symlinkSync(join(root, 'docs', 'page.txt'), join(root, 'alias.txt'));
    const server = await startStaticServer({ root, port: 0 });
    expect(await get(server.url, 'leak.txt')).toEqual({
      status: 403,
      body: 'outside the served folder: /leak.txt',
    });
    expect((await get(server.url, 'up/secret.txt')).status).toBe(403);
    expect(await get(server.url, 'alias.txt')).toEqual({ status: 200, body: 'inside' });
    await server.close();
  });

  it('serves a folder that is itself reached through a symbolic link', async () => {
    const root = site('linked-root');
    const link = join(scratch, 'linked-root', 'link');
    symlinkSync(root, link);
    const server = await startStaticServer({ root: link, port: 0 });
    expect(await get(server.url, '/')).toEqual({ status: 200, body: '<title>home</title>' });
    await server.close();
  });

  it('serves an empty file and answers HEAD without a body', async () => {
    const root = site('empty');
    writeFileSync(join(root, 'empty.txt'), '');
    const server = await startStaticServer({ root, port: 0 });
    expect(await get(server.url, 'empty.txt')).toEqual({ status: 200, body: '' });
    const head = await fetch(new URL('docs/page.txt', server.url), { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe('6');
    expect(await head.text()).toBe('');
    await server.close();
  });

  // Root reads every file whatever its mode, so this one can only be shown by an ordinary user.
  it.skipIf(process.getuid?.() === 0)('answers an unreadable file with 403 and goes on serving', async () => {
    const root = site('unreadable');
    writeFileSync(join(root, 'locked.txt'), 'no');
    chmodSync(join(root, 'locked.txt'), 0o000);
    const server = await startStaticServer({ root, port: 0 });
    expect((await get(server.url, 'locked.txt')).status).toBe(403);
    expect(await get(server.url, 'docs/page.txt')).toEqual({ status: 200, body: 'inside' });
    await server.close();
  });
});

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** Start the built `tokenlab web` on `root` (as `uid` when given); resolves with its URL and the child. */
async function startWeb(root: string, uid?: number) {
  expect(existsSync(MAIN), 'build the CLI first (pnpm turbo run build --filter tokenlab)').toBe(true);
  const child = spawn(process.execPath, [MAIN, 'web', '--dir', root, '--port', '0', '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(uid === undefined ? {} : { uid, gid: uid }),
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  while (!printed.includes('\n')) {
    if (child.exitCode !== null) throw new Error(`tokenlab web ended with ${child.exitCode}`);
    await new Promise((done) => setTimeout(done, 20));
  }
  const { url } = JSON.parse(printed) as { url: string };
  return { url, child, exited };
}

describe('tokenlab web as a process', () => {
  // Root reads every file whatever its mode; as root, the server runs as the unprivileged user 'nobody',
  // which needs to reach the built CLI (a checkout inside a private home folder is out of its reach).
  const nobodyRunsCli =
    process.getuid?.() === 0 &&
    spawnSync(process.execPath, [MAIN, '--version'], { uid: 65534, gid: 65534 }).status === 0;
  it.runIf(nobodyRunsCli)('answers an unreadable file with 403 and goes on serving (as nobody)', async () => {
    const root = site('unreadable-nobody');
    for (const folder of [scratch, join(scratch, 'unreadable-nobody'), root, join(root, 'docs')])
      chmodSync(folder, 0o755);
    for (const file of [join(root, 'index.html'), join(root, 'docs', 'page.txt')]) chmodSync(file, 0o644);
    writeFileSync(join(root, 'locked.txt'), 'no');
    chmodSync(join(root, 'locked.txt'), 0o000);
    const { url, child, exited } = await startWeb(root, 65534);
    expect(await get(url, 'locked.txt')).toEqual({ status: 403, body: 'not readable: /locked.txt' });
    expect(await get(url, 'docs/page.txt')).toEqual({ status: 200, body: 'inside' });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('ends on %s, also after requests for a FIFO', async (signal) => {
    const root = site(`signal-${signal}`);
    execFileSync('mkfifo', [join(root, 'pipe.txt')]);
    const { url, child, exited } = await startWeb(root);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url, 'pipe.txt')));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(404));
    expect((await get(url, '/')).status).toBe(200);
    child.kill(signal);
    const code = await Promise.race([
      exited,
      new Promise<string>((done) => setTimeout(() => done('still running'), 5000)),
    ]);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).toBe(0);
  });
});

describe('a symbolic link swapped in between the check and the open', () => {
  /** A served folder whose docs/page.txt has a twin outside, in out/docs/page.txt. */
  function swappable(name: string): { root: string; out: string } {
    const root = site(name);
    const out = join(scratch, name, 'out');
    mkdirSync(join(out, 'docs'), { recursive: true });
    writeFileSync(join(out, 'docs', 'page.txt'), 'outside');
    return { root, out };
  }

  it('a folder replaced by a link to the outside after the check: the opened file is refused', async () => {
    const { root, out } = swappable('swap-folder');
    const page = join(root, 'docs', 'page.txt');
    const swap = async () => {
      renameSync(join(root, 'docs'), join(root, 'docs-moved'));
      symlinkSync(join(out, 'docs'), join(root, 'docs'));
    };
    await expect(openServable(root, page, true, swap)).rejects.toMatchObject({
      status: 403,
      message: 'outside the served folder',
    });
  });

  it('a file replaced by a link to the outside after the check: O_NOFOLLOW refuses it', async () => {
    const { root, out } = swappable('swap-file');
    const page = join(root, 'docs', 'page.txt');
    const swap = async () => {
      rmSync(page);
      symlinkSync(join(out, 'docs', 'page.txt'), page);
    };
    await expect(openServable(root, page, true, swap)).rejects.toMatchObject({ status: 403 });
  });

  it('no swap: the same file is served', async () => {
    const { root } = swappable('no-swap');
    const opened = await openServable(root, join(root, 'docs', 'page.txt'), true, async () => {});
    expect(opened.size).toBe('inside'.length);
    await opened.handle.close();
  });

  it('openedInside compares the descriptor with what the path names now', async () => {
    const { root, out } = swappable('identity');
    const outside = await open(join(out, 'docs', 'page.txt'));
    const insideHandle = await open(join(root, 'docs', 'page.txt'));
    try {
      expect(await openedInside(root, join(root, 'docs', 'page.txt'), await insideHandle.stat())).toBe(true);
      // The descriptor of the outside twin is not the file the inside path names.
      expect(await openedInside(root, join(root, 'docs', 'page.txt'), await outside.stat())).toBe(false);
      // A path outside the root is refused whatever the descriptor.
      expect(await openedInside(root, join(out, 'docs', 'page.txt'), await outside.stat())).toBe(false);
    } finally {
      await outside.close();
      await insideHandle.close();
    }
  });
});
