import { constants } from 'node:fs';
import { type FileHandle, open, realpath, stat } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';

/** Content types of the files a built static site holds. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};

/** Where {@link startStaticServer} serves, and how to stop it. */
export interface StaticServer {
  /** `http://host:port/`. */
  url: string;
  /** The port actually bound (useful with port 0). */
  port: number;
  /** The address actually bound (`127.0.0.1`, `0.0.0.0`, `::`...). */
  host: string;
  /** Stop serving; resolves when every connection is closed. */
  close(): Promise<void>;
}

/** Options of {@link startStaticServer}. */
export interface StaticServerOptions {
  /** The folder to serve. */
  root: string;
  /** The port (0 picks a free one). */
  port?: number;
  /** The interface to bind (default `127.0.0.1`: this machine only). */
  host?: string;
}

/**
 * Opening with O_NONBLOCK makes a FIFO (or a device) open at once instead of waiting for a writer on one
 * of libuv's four file-system threads; for a regular file the flag changes nothing. Windows has no such
 * flag and no FIFOs in a folder.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Why a request gets no file: the status and the sentence sent with it.
 *
 * @example
 * ```ts
 * throw new Refusal(403, 'outside the served folder');
 * ```
 */
export class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * Whether the opened file (its fstat `dev` and `ino`) is the file that `real` names now, and `real`,
 * after resolving symbolic links again, lies inside `root`. A link swapped in between the check and
 * the open makes the descriptor name a file other than the one checked, which this catches: the
 * answer comes from the descriptor, not from the path.
 *
 * @example
 * ```ts
 * const handle = await open('site/page.txt');
 * await openedInside('/srv/site', '/srv/site/page.txt', await handle.stat()); // true
 * ```
 */
export async function openedInside(
  root: string,
  real: string,
  opened: { dev: number; ino: number },
): Promise<boolean> {
  try {
    const again = await realpath(real);
    if (!inside(root, again)) return false;
    const now = await stat(again);
    return now.dev === opened.dev && now.ino === opened.ino;
  } catch {
    return false;
  }
}

/**
 * Open `path` for serving: after resolving symbolic links it must still lie inside `root`, and after
 * opening it must be a regular file (a folder gives its `index.html`, once). The checks are made on the
 * opened file itself (fstat, and its identity against the checked path), so a file or a folder swapped
 * for a symbolic link between the check and the open cannot slip through. `afterCheck` runs between
 * the two (tests use it to make the swap).
 *
 * @example
 * ```ts
 * const { handle, size } = await openServable('/srv/site', '/srv/site/docs');
 * ```
 */
export async function openServable(
  root: string,
  path: string,
  folderIndex = true,
  afterCheck?: () => Promise<void>,
): Promise<{ handle: FileHandle; file: string; size: number }> {
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    throw new Refusal(404, 'not found');
  }
  if (!inside(root, real)) throw new Refusal(403, 'outside the served folder');
  await afterCheck?.();
  let handle: FileHandle;
  try {
    // `real` has no links left; O_NOFOLLOW refuses one put in its place since.
    handle = await open(real, OPEN_FLAGS | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw code === 'EACCES' || code === 'EPERM'
      ? new Refusal(403, 'not readable')
      : code === 'ELOOP'
        ? new Refusal(403, 'outside the served folder')
        : new Refusal(404, 'not found');
  }
  try {
    const info = await handle.stat();
    if (!(await openedInside(root, real, info))) throw new Refusal(403, 'outside the served folder');
    if (info.isDirectory() && folderIndex) {
      await handle.close();
      return await openServable(root, join(real, 'index.html'), false, afterCheck);
    }
    if (!info.isFile()) throw new Refusal(404, 'not a regular file');
    return { handle, file: real, size: info.size };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

function refuse(response: ServerResponse, refusal: Refusal, pathname: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response
    .writeHead(refusal.status, { 'content-type': 'text/plain; charset=utf-8' })
    .end(`${refusal.message}: ${pathname}`);
}

/**
 * Serve the files of `root` over HTTP: GET and HEAD only, `index.html` for folders, regular files only,
 * nothing outside `root` (also after resolving symbolic links). Files with a content hash in their name
 * (Vite's `assets/`) are cacheable for a year; the rest are revalidated, so a rebuilt site is picked up
 * at once. A file that fails while being read ends its response, never the server.
 *
 * @example
 * ```ts
 * const server = await startStaticServer({ root: 'apps/web/dist', port: 0 });
 * console.log(server.url);
 * await server.close();
 * ```
 */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = await realpath(resolve(options.root));
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    handle(request.method, request.url, response).catch(() => response.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  async function handle(method: string | undefined, url: string | undefined, response: ServerResponse) {
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(url ?? '/', 'http://localhost').pathname);
    } catch {
      response.writeHead(400).end('bad request path');
      return;
    }
    if (pathname.includes('\0')) {
      response.writeHead(400).end('bad request path');
      return;
    }
    const requested = resolve(root, `.${pathname}`);
    if (!inside(root, requested)) {
      refuse(response, new Refusal(403, 'outside the served folder'), pathname);
      return;
    }
    let opened: Awaited<ReturnType<typeof openServable>>;
    try {
      opened = await openServable(root, requested);
    } catch (error) {
      refuse(response, error instanceof Refusal ? error : new Refusal(500, 'cannot read'), pathname);
      return;
    }
    const { handle, file, size } = opened;
    const hashed = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(file) && file.includes(`${sep}assets${sep}`);
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': size,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (method === 'HEAD' || size === 0) {
      await handle.close();
      response.end();
      return;
    }
    // pipeline() handles an error on either side: a failed read destroys the response (the client sees
    // a cut connection, the server goes on), a closed connection closes the file.
    pipeline(handle.createReadStream({ start: 0, end: size - 1 }), response, () => {});
  }

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/`,
    port: address.port,
    host: address.address,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
}
