import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Command, parseCommandArgs } from '../command.js';
import { type CommandIO, UsageError, writeLine } from '../io.js';
import { reachableUrls } from '../listen-urls.js';
import { type StaticServer, startStaticServer } from '../static-server.js';

/**
 * The built playground: `playground/` inside the published package (copied there when it is packed;
 * the published code is bundled into `bundle/`, one level down), else `apps/web/dist` in the
 * repository, found from this file in `src/commands` or `dist/commands`.
 */
export const PLAYGROUND_DIST =
  [
    fileURLToPath(new URL('../playground/', import.meta.url)),
    fileURLToPath(new URL('../../playground/', import.meta.url)),
    fileURLToPath(new URL('../../../web/dist/', import.meta.url)),
  ].find((dir) => existsSync(`${dir}/index.html`)) ??
  fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** What {@link serveSite} serves and how it reports the address. */
export interface ServeSiteOptions {
  /** The built site. */
  root: string;
  /** Port (0: any free one). */
  port: number;
  /** Interface to bind. */
  host: string;
  /** Print `{"url": ...}` instead of a sentence. */
  json: boolean;
}

/** Resolves when the process gets Ctrl-C (SIGINT) or SIGTERM. */
function untilSignalled(): Promise<void> {
  return new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** Start the server, turning a busy port into a sentence that says what to do. */
async function listen(options: ServeSiteOptions): Promise<StaticServer> {
  try {
    return await startStaticServer({ root: options.root, port: options.port, host: options.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new Error(
        `port ${options.port} on ${options.host} is already in use; choose another with --port N, or --port 0 for any free port`,
      );
    if (code === 'EADDRNOTAVAIL') throw new Error(`--host ${options.host} is not an address of this machine`);
    throw error;
  }
}

/**
 * Serve `root`, print the URLs a browser can open (the machine's addresses when bound to every
 * interface), and stop when `until` resolves (the command passes Ctrl-C and SIGTERM; tests their own).
 */
export async function serveSite(
  options: ServeSiteOptions,
  io: CommandIO,
  until: Promise<void>,
): Promise<void> {
  const server = await listen(options);
  const urls = reachableUrls(server.host, server.port);
  const line = options.json
    ? JSON.stringify({ url: urls[0], urls })
    : [
        `tokenlab playground: ${urls[0]}  (Ctrl-C to stop)`,
        ...urls.slice(1).map((url) => `  also at ${url}`),
      ].join('\n');
  await writeLine(io.stdout, line);
  await until;
  await server.close();
}

/** `tokenlab web`: serve the browser playground on this machine. */
export const webCommand: Command = {
  name: 'web',
  help: `Usage: tokenlab web [--port N] [--host HOST] [--dir DIR]

Serves the built playground (every tokenizer side by side, English and Arabic, BPE training
in the browser) and prints its URL (http://127.0.0.1:5178/ by default). Stop with Ctrl-C. The
tokenlab package ships it built; in a clone, 'pnpm install' builds it, and after a change to its
code, 'pnpm --filter web build' builds it again.

Options:
  -p, --port N     port to listen on (default 5178; 0 picks a free one)
      --host HOST  interface to bind (default 127.0.0.1, this machine only; 0.0.0.0 for
                   every interface, and the addresses to open are listed)
      --dir DIR    serve another built copy of the site (default apps/web/dist)
      --json       print {"url": ..., "urls": [...]} as JSON instead of sentences
  -h, --help       show this help`,
  async run(argv, io) {
    const { values } = parseCommandArgs(
      'web',
      argv,
      {
        port: { type: 'string', short: 'p', default: '5178' },
        host: { type: 'string', default: '127.0.0.1' },
        dir: { type: 'string' },
        json: { type: 'boolean' },
      },
      {
        operands: 'none',
        operandHint: 'tokenlab web takes no FILE operands (the site to serve is --dir DIR)',
      },
    );
    const port = /^\d+$/.test(String(values.port)) ? Number(values.port) : Number.NaN;
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port must be a whole number from 0 to 65535, got '${values.port}'`);
    const root = typeof values.dir === 'string' ? values.dir : PLAYGROUND_DIST;
    if (!existsSync(`${root}/index.html`)) {
      throw new Error(
        `no built site in ${root} (index.html is missing); build it with 'pnpm --filter web build' or 'pnpm build'`,
      );
    }
    await serveSite(
      { root, port, host: String(values.host), json: Boolean(values.json) },
      io,
      untilSignalled(),
    );
    // The server and its connections are closed; should anything else still hold the event loop (a
    // file-system call that never returns), the process still ends soon after the signal.
    setTimeout(() => process.exit(0), 1000).unref();
    return 0;
  },
};
