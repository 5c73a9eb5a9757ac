/** What a share link restores. */
export interface SharedState {
  /** The text in the box. */
  text: string;
  /** Ids of the chosen tokenizers, in column order. */
  tokenizers: string[];
  /** Whether token ids are shown. */
  ids: boolean;
  /** Whether white space is drawn as glyphs (· → ⏎); on when absent, as in links made before it was kept. */
  whitespace?: boolean;
  /** Edited patterns of pattern-driven tokenizers, by tokenizer id (only those that differ from the default). */
  patterns?: Record<string, string>;
  /** The vocabulary size of a BPE trained on this very text, to train again when the link is opened. */
  train?: number;
}

const VERSION = 1;

/** The largest vocabulary the playground trains (a share link asks for no more). */
export const MAX_TRAINED_VOCAB = 4096;

function isVocabSize(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 257 && (value as number) <= MAX_TRAINED_VOCAB;
}

/**
 * The longest URL hash the playground writes (8 KB): links longer than that are cut by chat apps,
 * mail clients and some servers, so a text that does not fit even compressed gets no link.
 */
export const MAX_SHARE_HASH = 8192;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * The most a share link may hold once inflated (4 MiB): the playground writes none above 512 KB of
 * text, and a link is anyone's input, whose few kilobytes of deflate could otherwise inflate to
 * gigabytes in the tab that opens it.
 */
export const MAX_SHARED_BYTES = 4 << 20;

async function pipeThrough(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  limit = Number.POSITIVE_INFINITY,
): Promise<Uint8Array> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(stream).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new RangeError(`holds more than the ${limit >> 20} MiB any link of the playground holds`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * The URL hash (`#s=...`) that holds `state`: JSON, deflated and base64url-encoded, so that an
 * Arabic paragraph stays a short link instead of six percent-escapes per letter.
 */
export async function encodeState(state: SharedState): Promise<string> {
  const json = JSON.stringify({
    v: VERSION,
    t: state.text,
    k: state.tokenizers,
    i: state.ids ? 1 : 0,
    ...(state.whitespace === false ? { w: 0 } : {}),
    ...(state.patterns && Object.keys(state.patterns).length > 0 ? { p: state.patterns } : {}),
    ...(state.train === undefined ? {} : { b: state.train }),
  });
  const packed = await pipeThrough(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
  return `#s=${toBase64Url(packed)}`;
}

/**
 * The state held in a URL hash made by {@link encodeState}; `undefined` when the hash holds none.
 * A damaged hash (cut short, not UTF-8, a field of the wrong kind) is an error that says what is
 * wrong; tokenizer names are returned as given, for the page to say which it does not have.
 */
export async function decodeState(hash: string): Promise<SharedState | undefined> {
  const match = /^#?s=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!match) return undefined;
  if (match[1]!.length > 2 * MAX_SHARE_HASH)
    throw new Error(
      `the share link is ${Math.ceil(match[1]!.length / 1024)} KB long, longer than any the playground makes (at most ${MAX_SHARE_HASH / 1024} KB)`,
    );
  let parsed: { v?: unknown; t?: unknown; k?: unknown; i?: unknown; w?: unknown; p?: unknown; b?: unknown };
  try {
    const bytes = await pipeThrough(
      fromBase64Url(match[1]!),
      new DecompressionStream('deflate-raw'),
      MAX_SHARED_BYTES,
    );
    // Fatal: a link whose text is not UTF-8 was damaged, and is not shown with U+FFFD in its place.
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    if (error instanceof RangeError) throw new Error(`the share link ${error.message}`);
    throw new Error(`the share link is damaged (${(error as Error).message}); was it cut short when copied?`);
  }
  if (typeof parsed !== 'object' || parsed === null || parsed.v !== VERSION)
    throw new Error(
      `the share link was made by another version of the playground (format ${String(parsed?.v)})`,
    );
  // Every field is checked rather than dropped: a link is anyone's input, and a part of it that
  // would quietly vanish (a tokenizer, a pattern) is named instead.
  const wrong = whatIsWrong(parsed);
  if (wrong !== undefined) throw new Error(`the share link is damaged: ${wrong}`);
  return {
    ...(parsed.b === undefined ? {} : { train: parsed.b as number }),
    text: parsed.t as string,
    tokenizers: parsed.k as string[],
    ids: parsed.i === 1,
    whitespace: parsed.w !== 0,
    patterns: (parsed.p ?? {}) as Record<string, string>,
  };
}

/** What is wrong with the fields of a link's JSON, or undefined when each is what `encodeState` writes. */
function whatIsWrong(parsed: {
  t?: unknown;
  k?: unknown;
  i?: unknown;
  w?: unknown;
  p?: unknown;
  b?: unknown;
}): string | undefined {
  if (typeof parsed.t !== 'string') return 'its text is not a string';
  if (!Array.isArray(parsed.k) || !parsed.k.every((id) => typeof id === 'string'))
    return 'its tokenizers are not a list of names';
  if (parsed.i !== undefined && parsed.i !== 0 && parsed.i !== 1) return 'its ids switch is neither 0 nor 1';
  if (parsed.w !== undefined && parsed.w !== 0 && parsed.w !== 1)
    return 'its white space switch is neither 0 nor 1';
  const patterns = parsed.p ?? {};
  if (
    typeof patterns !== 'object' ||
    patterns === null ||
    Array.isArray(patterns) ||
    !Object.values(patterns).every((pattern) => typeof pattern === 'string')
  )
    return 'its patterns are not strings by tokenizer';
  if (parsed.b !== undefined && !isVocabSize(parsed.b))
    return `its vocabulary size ${JSON.stringify(parsed.b)} is not a whole number from 257 to ${MAX_TRAINED_VOCAB}`;
  return undefined;
}
