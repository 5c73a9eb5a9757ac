import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { reachableUrls } from '../listen-urls.js';
import { startStaticServer } from '../static-server.js';
import { runCapture } from '../testing.js';
import { serveSite } from './web.js';

/** Serve `root` with `serveSite` until the returned `stop` is called; resolves once the URLs are printed. */
async function serving(root: string, host: string) {
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
  const done = serveSite({ root, port: 0, host, json: true }, io, until);
  while (!printed.includes('\n')) await new Promise((wait) => setTimeout(wait, 10));
  const finish = () => {
    stop();
    return done;
  };
  return { printed: JSON.parse(printed) as { url: string; urls: string[] }, stop: finish };
}

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

  it('rejects an empty port instead of binding a random one', async () => {
    for (const port of ['', ' ', '1e3', '0x50', '65536']) {
      const run = await runCapture(['web', '--port', port]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--port must be a whole number from 0 to 65535, got '${port}'`);
    }
  });

  it('says when the port is taken, and how to pick a free one', async () => {
    const root = site();
    const other = await startStaticServer({ root, port: 0 });
    const run = await runCapture(['web', '--dir', root, '--port', String(other.port)]);
    await other.close();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `port ${other.port} on 127.0.0.1 is already in use; choose another with --port N, or --port 0 for any free port`,
    );
    rmSync(root, { recursive: true, force: true });
  });

  it('bound to every interface, prints addresses a browser can open, localhost first', async () => {
    const root = site();
    const { printed, stop } = await serving(root, '0.0.0.0');
    expect(printed.urls.some((url) => url.includes('0.0.0.0'))).toBe(false);
    expect(printed.url).toMatch(/^http:\/\/localhost:\d+\/$/);
    for (const url of printed.urls) expect((await fetch(url)).status).toBe(200);
    await stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('lists IPv4 addresses for 0.0.0.0, both families for ::, and leaves out internal and link-local ones', () => {
    const common = { netmask: '', mac: '00:00:00:00:00:00', cidr: null };
    const interfaces = {
      lo: [
        { ...common, address: '127.0.0.1', family: 'IPv4' as const, internal: true },
        { ...common, address: '::1', family: 'IPv6' as const, internal: true, scopeid: 0 },
      ],
      eth0: [
        { ...common, address: '192.168.1.20', family: 'IPv4' as const, internal: false },
        { ...common, address: '2001:db8::20', family: 'IPv6' as const, internal: false, scopeid: 0 },
        { ...common, address: 'fe80::1', family: 'IPv6' as const, internal: false, scopeid: 2 },
      ],
    };
    expect(reachableUrls('0.0.0.0', 5178, interfaces)).toEqual([
      'http://localhost:5178/',
      'http://192.168.1.20:5178/',
    ]);
    expect(reachableUrls('::', 80, interfaces)).toEqual([
      'http://localhost:80/',
      'http://192.168.1.20:80/',
      'http://[2001:db8::20]:80/',
    ]);
    expect(reachableUrls('127.0.0.1', 5178, interfaces)).toEqual(['http://127.0.0.1:5178/']);
    expect(reachableUrls('::1', 5178, interfaces)).toEqual(['http://[::1]:5178/']);
  });

  it('documents itself', async () => {
    const run = await runCapture(['web', '--help']);
    expect(run.stdout).toMatch(/^Usage: tokenlab web/);
  });
});
