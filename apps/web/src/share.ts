/** What a share link restores. */
export interface SharedState {
  /** The text in the box. */
  text: string;
  /** Ids of the chosen tokenizers, in column order. */
  tokenizers: string[];
  /** Whether token ids are shown. */
  ids: boolean;
  /** Edited patterns of pattern-driven tokenizers, by tokenizer id (only those that differ from the default). */
  patterns?: Record<string, string>;
  /** The vocabulary size of a BPE trained on this very text, to train again when the link is opened. */
  train?: number;
}

const VERSION = 1;

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

async function pipeThrough(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const piped = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
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
    ...(state.patterns && Object.keys(state.patterns).length > 0 ? { p: state.patterns } : {}),
    ...(state.train === undefined ? {} : { b: state.train }),
  });
  const packed = await pipeThrough(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
  return `#s=${toBase64Url(packed)}`;
}

/**
 * The state held in a URL hash made by {@link encodeState}; `undefined` when the hash holds none.
 * A damaged hash is an error that says so.
 */
export async function decodeState(hash: string): Promise<SharedState | undefined> {
  const match = /^#?s=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!match) return undefined;
  let parsed: { v?: unknown; t?: unknown; k?: unknown; i?: unknown; p?: unknown; b?: unknown };
  try {
    const bytes = await pipeThrough(fromBase64Url(match[1]!), new DecompressionStream('deflate-raw'));
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new Error(`the share link is damaged (${(error as Error).message}); was it cut short when copied?`);
  }
  if (parsed.v !== VERSION || typeof parsed.t !== 'string' || !Array.isArray(parsed.k))
    throw new Error(
      `the share link was made by another version of the playground (format ${String(parsed.v)})`,
    );
  return {
    ...(Number.isInteger(parsed.b) ? { train: parsed.b as number } : {}),
    text: parsed.t,
    tokenizers: parsed.k.filter((id): id is string => typeof id === 'string'),
    ids: parsed.i === 1,
    patterns: Object.fromEntries(
      Object.entries(typeof parsed.p === 'object' && parsed.p !== null ? parsed.p : {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ),
  };
}
