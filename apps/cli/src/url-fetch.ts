import { UsageError } from './io.js';
import { VERSION } from './version.js';

/** How long a download may take, start to end, unless `--timeout` says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * The most a download may bring: well under the 512 MB a command reads from a file, because a web
 * page that size is a mistake (or an attack) far more often than a corpus.
 */
export const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;

/** How many redirects are followed before giving up (browsers allow 20, curl -L 50). */
export const MAX_REDIRECTS = 10;

/** Bounds of one download; tests lower them. */
export interface DownloadLimits {
  /** Milliseconds for the whole download, redirects and body included. */
  timeoutMs?: number;
  /** Largest body accepted, in bytes (after content decoding). */
  maxBytes?: number;
  /** Most redirects followed. */
  maxRedirects?: number;
}

/** A downloaded body and what the server said about it. */
export interface Download {
  /** The URL as given. */
  url: string;
  /** The URL the body came from, after redirects. */
  finalUrl: string;
  /** How many redirects led there. */
  redirects: number;
  /** The Content-Type header, if any. */
  contentType: string | null;
  /** Its media type, lowercased, without parameters (`''` when there was none). */
  mediaType: string;
  /** The body. */
  bytes: Uint8Array;
}

/** Whether a command operand is a URL (`scheme://...`) rather than a file name. */
export function isUrlOperand(operand: string): boolean {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(operand);
}

/** The media type of a Content-Type value: `Text/HTML; charset=utf-8` → `text/html`. */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

const TEXT_APPLICATION_TYPES = new Set([
  'application/xml',
  'application/json',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/yaml',
  'application/x-yaml',
  'application/x-ndjson',
  'application/x-sh',
  'application/sql',
]);

/**
 * Whether a media type names text. `undefined` when it does not say (none given, or the generic
 * `application/octet-stream` that servers send for files they do not know): the bytes decide then.
 */
export function isTextMediaType(mediaType: string): boolean | undefined {
  if (mediaType === '' || mediaType === 'application/octet-stream') return undefined;
  return (
    mediaType.startsWith('text/') ||
    mediaType.endsWith('+xml') ||
    mediaType.endsWith('+json') ||
    TEXT_APPLICATION_TYPES.has(mediaType)
  );
}

/** Whether the start of a body looks binary: a NUL byte, which text outside UTF-16 never has. */
function looksBinary(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return false;
  return bytes.subarray(0, 1024).includes(0);
}

/** A size for people: `50 MB`, `256 KB`. */
function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Why a fetch failed before any response, in words: `connection refused (ECONNREFUSED)`. */
export function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code;
  const reasons: Record<string, string> = {
    ENOTFOUND: 'host not found (DNS lookup failed, ENOTFOUND)',
    EAI_AGAIN: 'DNS lookup failed for now (EAI_AGAIN)',
    ECONNREFUSED: 'connection refused (ECONNREFUSED)',
    ECONNRESET: 'connection reset by the server (ECONNRESET)',
    EHOSTUNREACH: 'host unreachable (EHOSTUNREACH)',
    ENETUNREACH: 'network unreachable (ENETUNREACH)',
    ETIMEDOUT: 'connection timed out (ETIMEDOUT)',
    UND_ERR_SOCKET: 'the server closed the connection',
  };
  if (code && reasons[code]) return reasons[code];
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  // fetch refuses the ports of other protocols (mail, ssh, ...), as browsers do.
  if (message === 'bad port')
    return 'fetch refuses this port (it belongs to another protocol, e.g. 25 for mail)';
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/**
 * Download `url` with Node's `fetch`: http and https only, redirects followed one by one (at
 * most {@link MAX_REDIRECTS}), one deadline for the whole download, the body refused when the
 * Content-Length is over the size limit and cut off as soon as it grows past it, and binary
 * content types refused before the body is read. Every failure is one line naming the URL
 * and the cause.
 *
 * @example
 * ```ts
 * const page = await download('https://example.com/');
 * page.mediaType; // 'text/html'
 * ```
 */
export async function download(url: string, limits: DownloadLimits = {}): Promise<Download> {
  const timeoutMs = limits.timeoutMs ?? DEFAULT_TIMEOUT_SECONDS * 1000;
  const maxBytes = limits.maxBytes ?? MAX_DOWNLOAD_BYTES;
  const maxRedirects = limits.maxRedirects ?? MAX_REDIRECTS;
  let current = checkedUrl(url, url);
  const fail = (cause: string) =>
    new Error(
      `cannot read '${url}'${current.href === new URL(url).href ? '' : ` (redirected to '${current.href}')`}: ${cause}`,
    );
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = () => fail(`timed out after ${timeoutMs / 1000} s (--timeout)`);
  let redirects = 0;
  let response: Response;
  for (;;) {
    try {
      response = await fetch(current, {
        redirect: 'manual',
        signal,
        headers: {
          'user-agent': `tokenlab/${VERSION}`,
          accept:
            'text/html, application/xhtml+xml, application/rss+xml, application/atom+xml, text/plain;q=0.9, application/xml;q=0.9, */*;q=0.5',
        },
      });
    } catch (error) {
      if (signal.aborted) throw timedOut();
      throw fail(networkCause(error));
    }
    const location = response.headers.get('location');
    if (![301, 302, 303, 307, 308].includes(response.status) || location === null) break;
    await response.body?.cancel().catch(() => {});
    if (redirects === maxRedirects)
      throw fail(`too many redirects (more than ${maxRedirects}; the next was to '${location}')`);
    redirects++;
    current = checkedUrl(new URL(location, current).href, url);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw fail(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  const contentType = response.headers.get('content-type');
  const mediaType = mediaTypeOf(contentType);
  if (isTextMediaType(mediaType) === false) {
    await response.body?.cancel().catch(() => {});
    throw fail(`not text (Content-Type ${mediaType})`);
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw fail(`too large: ${sizeInWords(declared)}, over the ${sizeInWords(maxBytes)} a download may bring`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    for (;;) {
      const next = reader ? await reader.read() : { done: true as const, value: undefined };
      if (next.done) break;
      size += next.value.length;
      if (size > maxBytes) {
        // Stop the transfer now rather than read the rest only to drop it.
        reader?.cancel().catch(() => {});
        throw fail(`too large: over the ${sizeInWords(maxBytes)} a download may bring (stopped there)`);
      }
      chunks.push(next.value);
    }
  } catch (error) {
    if (signal.aborted) throw timedOut();
    if (error instanceof Error && error.message.startsWith(`cannot read '${url}'`)) throw error;
    throw fail(networkCause(error));
  }
  const bytes = Buffer.concat(chunks);
  if (isTextMediaType(mediaType) === undefined && looksBinary(bytes))
    throw fail(
      `not text (${mediaType === '' ? 'no Content-Type' : `Content-Type ${mediaType}`}, and the bytes are binary)`,
    );
  return { url, finalUrl: current.href, redirects, contentType, mediaType, bytes };
}

/** `href` as a URL that fetch may follow: http or https, else a usage error naming `given`. */
function checkedUrl(href: string, given: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(href);
  } catch {
    throw new UsageError(`cannot read '${given}': not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    // A scheme the person typed is a usage error; one a server redirected to is the server's doing.
    const where = href === given ? '' : ` (redirected to '${href}')`;
    throw new (href === given ? UsageError : Error)(
      `cannot read '${given}'${where}: unsupported scheme '${parsed.protocol}' (only http:// and https:// URLs are read)`,
    );
  }
  return parsed;
}
