import type { OptionSpec } from './command.js';
import { feedDocuments } from './feed-documents.js';
import {
  DEFAULT_HTML_MODE,
  HTML_MODES,
  type HtmlMode,
  isHtmlMediaType,
  isHtmlName,
  keptText,
} from './html-modes.js';
import { decodeInput, type InputDecoding, inputDecodingFrom } from './input-decoding.js';
import type { CommandIO } from './io.js';
import { readFileBytes, readStreamBytes, stdinOf, UsageError, writeLine } from './io.js';
import {
  DEFAULT_TIMEOUT_SECONDS,
  type DownloadLimits,
  download,
  isUrlOperand,
  MAX_DOWNLOAD_BYTES,
} from './url-fetch.js';
import { chooseCharset } from './web-charset.js';

/** How URL operands are read: `--timeout`, `--html`, `--feed`. */
export interface WebReading {
  /** Limits of each download (`--timeout` sets `timeoutMs`). */
  limits?: DownloadLimits;
  /** What to keep of HTML: given by `--html`, else the default for each source. */
  html?: HtmlMode;
  /** `--feed`: every source is an RSS or Atom feed, read as one document per entry. */
  feed?: boolean;
}

/** Everything that decides how one input source becomes text. */
export interface InputOptions extends InputDecoding {
  /** How URLs are read; absent for commands that read files only. */
  web?: WebReading;
}

/** The options of every command that reads FILEs, which may be URLs. */
export const URL_INPUT_OPTIONS = {
  timeout: { type: 'string' },
  html: { type: 'string' },
  feed: { type: 'boolean' },
} as const satisfies OptionSpec;

/** The lines of `--help` for {@link URL_INPUT_OPTIONS}. */
export const URL_INPUT_HELP = `      --timeout SECONDS   a FILE may be an http:// or https:// URL: give up on a download
                          after this long (default ${DEFAULT_TIMEOUT_SECONDS}; at most ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB are read)
      --html MODE         what to keep of an HTML page (a URL that serves text/html, a .html
                          FILE, stdin): text (every string of the page, as BeautifulSoup's
                          get_text(); the default for URLs), readable (the main content, as
                          Firefox's Reader View finds it: no menus or footers) or raw (the
                          markup; the default for files and stdin)
      --feed              each FILE, URL or stdin is an RSS or Atom feed: one text per entry,
                          named SOURCE#N (its content, else its summary, as text)`;

/** The longest `--timeout`: a day. */
const MAX_TIMEOUT_SECONDS = 86_400;

/** {@link WebReading} from parsed option values; bad values are usage errors. */
export function webReadingFrom(values: Record<string, unknown>): WebReading {
  const reading: WebReading = {};
  if (values.timeout !== undefined) {
    const seconds = Number(values.timeout);
    if (
      typeof values.timeout !== 'string' ||
      !Number.isFinite(seconds) ||
      seconds <= 0 ||
      seconds > MAX_TIMEOUT_SECONDS
    )
      throw new UsageError(
        `--timeout must be a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS} (a day), got '${String(values.timeout)}'`,
      );
    reading.limits = { timeoutMs: seconds * 1000 };
  }
  if (values.html !== undefined) {
    const mode = String(values.html);
    if (!(HTML_MODES as readonly string[]).includes(mode))
      throw new UsageError(`--html must be ${HTML_MODES.join(', ')}; got '${mode}'`);
    reading.html = mode as HtmlMode;
  }
  if (values.feed === true) reading.feed = true;
  return reading;
}

/** {@link InputOptions} from parsed option values: the input decoding and the web reading. */
export function inputOptionsFrom(values: Record<string, unknown>): InputOptions {
  return { ...inputDecodingFrom(values), web: webReadingFrom(values) };
}

/** One text read from an input source, and how output names it. */
export interface InputDocument {
  /** `FILE`, `stdin` or the URL as given; `SOURCE#N` for the Nth entry of a feed. */
  label: string;
  /** Its text. */
  text: string;
  /** A feed entry's title. */
  title?: string;
  /** A feed entry's link. */
  link?: string;
  /** A feed entry's date, as the feed writes it. */
  published?: string;
}

/** Whether a media type is XML (RSS and Atom feeds among them). */
function isXmlMediaType(mediaType: string): boolean {
  return mediaType === 'text/xml' || mediaType === 'application/xml' || mediaType.endsWith('+xml');
}

/**
 * Download `url` and decode it: the charset from `--input-encoding`, else a BOM, else the
 * Content-Type header, else a `<meta>` of an HTML page or the declaration of an XML one, else UTF-8; then the input-decoding
 * rules (invalid bytes are an error naming the URL and the byte offset, unless `--replace-invalid`).
 * A redirect is reported on stderr with the URL the text came from.
 */
export async function readUrlDocuments(
  url: string,
  io: CommandIO,
  options: InputOptions = {},
): Promise<InputDocument[]> {
  const page = await download(url, options.web?.limits);
  if (page.redirects > 0)
    await writeLine(
      io.stderr,
      `tokenlab: note: '${url}' redirected to '${page.finalUrl}' (${page.redirects} redirect${page.redirects === 1 ? '' : 's'})`,
    );
  const charset = chooseCharset(page.bytes, page.contentType, {
    ...(options.encoding === undefined ? {} : { explicit: options.encoding }),
    html: isHtmlMediaType(page.mediaType) || page.mediaType === '',
    xml: isXmlMediaType(page.mediaType) || page.mediaType === '',
  });
  const text = await decodeInput(
    page.bytes,
    url,
    { encoding: charset.encoding, replaceInvalid: options.replaceInvalid === true },
    io.stderr,
  );
  if (options.web?.feed) return feedDocuments(text, url);
  const html = isHtmlMediaType(page.mediaType);
  return [
    {
      label: url,
      text: html ? await keptText(text, options.web?.html ?? DEFAULT_HTML_MODE, url, page.finalUrl) : text,
    },
  ];
}

/** Whether reading `source` needs more than the plain file reading: a URL, a feed, or HTML to reduce. */
export function needsWebReading(source: string, options: InputOptions = {}): boolean {
  return (
    isUrlOperand(source) || options.web?.feed === true || (htmlModeOf(source, options) ?? 'raw') !== 'raw'
  );
}

/** The `--html` mode that applies to a local source: given, and the source is stdin or a .html file. */
function htmlModeOf(source: string, options: InputOptions): HtmlMode | undefined {
  const mode = options.web?.html;
  return mode !== undefined && (source === '-' || isHtmlName(source)) ? mode : undefined;
}

/** The documents of one source as one text: a feed's entries separated by a blank line. */
export function joinDocuments(documents: readonly InputDocument[]): string {
  return documents.map((document) => document.text).join('\n\n');
}

/** The documents of one source: a file, `-` for stdin, or a URL. */
export async function readSourceDocuments(
  source: string,
  io: CommandIO,
  options: InputOptions = {},
): Promise<InputDocument[]> {
  if (isUrlOperand(source)) return readUrlDocuments(source, io, options);
  const bytes = source === '-' ? await readStreamBytes(stdinOf(io)) : await readFileBytes(source);
  const label = source === '-' ? 'stdin' : source;
  const text = await decodeInput(bytes, label, options, io.stderr);
  if (options.web?.feed) return feedDocuments(text, label);
  const mode = htmlModeOf(source, options);
  return [{ label, text: mode === undefined ? text : await keptText(text, mode, label) }];
}
