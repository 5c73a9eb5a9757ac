import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';
import { serveSite } from './web.js';

function site(): string {
  const root = mkdtempSync(join(tmpdir(), 'tokenlab-site-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>playground</title>');
  writeFileSync(join(root, 'assets', 'index-AbCd1234.js'), 'console.log("مرحبا")');
  return root;
}

describe('tokenlab web', () => {
  it('serves a built site, prints its URL, and stops when asked', async () => {
    const stdout = new PassThrough();
    let printed = '';
    stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
    });
    let stop!: () => void;
    const until = new Promise<void>((done) => {
      stop = done;
    });
    const io = { stdin: Readable.from([]), stdout, stderr: new PassThrough(), isTTY: false };
    const root = site();
    const serving = serveSite({ root, port: 0, host: '127.0.0.1', json: true }, io, until);
    while (!printed.includes('\n')) await new Promise((done) => setTimeout(done, 10));
    const { url } = JSON.parse(printed) as { url: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>playground</title>');

    const script = await fetch(new URL('assets/index-AbCd1234.js', url));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect(await script.text()).toBe('console.log("مرحبا")');

    expect((await fetch(new URL('missing.js', url))).status).toBe(404);
    expect((await fetch(`${url}..%2F..%2F..%2Fetc%2Fpasswd`)).status).toBe(403);
    expect((await fetch(url, { method: 'POST' })).status).toBe(405);

    stop();
    await serving;
    await expect(fetch(url)).rejects.toThrow();
    rmSync(root, { recursive: true, force: true });
  });

  it('says how to build the site when it is missing', async () => {
    const run = await runCapture(['web', '--dir', join(tmpdir(), 'no-such-site-here'), '--port', '0']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('index.html is missing');
    expect(run.stderr).toContain('pnpm --filter web build');
  });

  it('rejects a bad port', async () => {
    const run = await runCapture(['web', '--port', 'eighty']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--port must be a whole number from 0 to 65535, got 'eighty'");
  });

  it('documents itself', async () => {
    const run = await runCapture(['web', '--help']);
    expect(run.stdout).toMatch(/^Usage: tokenlab web/);
  });
});
