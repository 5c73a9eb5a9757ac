import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';

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
 * Serve the files of `root` over HTTP: GET and HEAD only, `index.html` for folders, nothing outside
 * `root`. Files with a content hash in their name (Vite's `assets/`) are cacheable for a year; the rest
 * are revalidated, so a rebuilt site is picked up at once.
 *
 * @example
 * ```ts
 * const server = await startStaticServer({ root: 'apps/web/dist', port: 0 });
 * console.log(server.url);
 * await server.close();
 * ```
 */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = resolve(options.root);
  const server: Server = createServer(async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      response.writeHead(400).end('bad request path');
      return;
    }
    let file = resolve(root, `.${pathname}`);
    if (file !== root && !file.startsWith(root + sep)) {
      response.writeHead(403).end('outside the served folder');
      return;
    }
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        file = resolve(file, 'index.html');
        info = await stat(file);
      }
      const hashed = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(file) && file.includes(`${sep}assets${sep}`);
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      createReadStream(file).pipe(response);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`not found: ${pathname}`);
    }
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => done());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/`,
    port: address.port,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
