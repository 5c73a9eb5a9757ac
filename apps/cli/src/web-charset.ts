/** Where the encoding of a downloaded text came from, for messages. */
export type CharsetSource = 'option' | 'bom' | 'header' | 'meta' | 'xml' | 'default';

/** The encoding chosen for a downloaded text and why. */
export interface ChosenCharset {
  /** A WHATWG encoding label `TextDecoder` knows (its canonical name). */
  encoding: string;
  /** What decided it. */
  source: CharsetSource;
}

/** The canonical name of an encoding label, or undefined when `TextDecoder` does not know it. */
export function knownEncoding(label: string): string | undefined {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

/** The encoding named by a byte order mark at the start of `bytes`. */
export function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** The `charset` parameter of a Content-Type header value (`text/html; charset="utf-8"` → `utf-8`). */
export function headerCharset(contentType: string | null | undefined): string | undefined {
  if (!contentType) return undefined;
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const label = match?.[1] ?? match?.[2];
  return label ? label : undefined;
}

/** The attributes of one tag's source (`name="value"`, `name='value'`, `name=value`, `name`). */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const name = match[1]!.toLowerCase();
    // `charset=utf-8/>`: the slash closes the tag, it is not part of the value.
    if (!found.has(name)) found.set(name, match[2] ?? match[3] ?? match[4]?.replace(/\/$/, '') ?? '');
  }
  return found;
}

/**
 * The encoding declared by a `<meta charset>` or `<meta http-equiv="Content-Type" content="...;
 * charset=...">` in the first 1024 bytes of an HTML document, as a browser's pre-scan finds it:
 * comments are skipped, the first declaration with a known label wins, and a declared UTF-16
 * means UTF-8 (bytes that an ASCII scan could read cannot be UTF-16).
 */
export function metaCharset(bytes: Uint8Array): string | undefined {
  // Latin-1 maps each byte to one character, so positions and ASCII markup survive as they are.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  let position = 0;
  while (position < head.length) {
    const open = head.indexOf('<', position);
    if (open < 0) return undefined;
    if (head.startsWith('<!--', open)) {
      const close = head.indexOf('-->', open + 4);
      if (close < 0) return undefined;
      position = close + 3;
      continue;
    }
    const close = head.indexOf('>', open);
    if (close < 0) return undefined;
    const tag = head.slice(open + 1, close);
    position = close + 1;
    if (!/^meta[\s/]/i.test(tag)) continue;
    const attrs = attributes(tag.slice(5));
    let label = attrs.get('charset');
    if (label === undefined && attrs.get('http-equiv')?.toLowerCase() === 'content-type')
      label = /charset\s*=\s*["']?([^"';\s]+)/i.exec(attrs.get('content') ?? '')?.[1];
    const encoding = label === undefined ? undefined : knownEncoding(label);
    if (encoding) return encoding.startsWith('utf-16') ? 'utf-8' : encoding;
  }
  return undefined;
}

/**
 * The encoding named by an XML declaration at the very start of `bytes`
 * (`<?xml version="1.0" encoding="windows-1256"?>`), as an RSS feed names it.
 */
export function xmlDeclarationCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 256)).toString('latin1');
  const label = /^<\?xml\s[^>]*?\bencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(head);
  const encoding = label ? knownEncoding(label[1] ?? label[2]!) : undefined;
  return encoding?.startsWith('utf-16') ? 'utf-8' : encoding;
}

/**
 * The encoding to decode a downloaded text with: `--input-encoding` when given (the person knows
 * best), else a byte order mark (as browsers do, it outranks the header), else the Content-Type
 * header's charset, else for HTML a `<meta>` declaration in the first KB, for XML (feeds) the
 * `encoding` of its XML declaration, else UTF-8. Labels
 * `TextDecoder` does not know are passed over, as browsers pass over them.
 */
export function chooseCharset(
  bytes: Uint8Array,
  contentType: string | null | undefined,
  options: { explicit?: string; html: boolean; xml?: boolean },
): ChosenCharset {
  if (options.explicit !== undefined) return { encoding: options.explicit, source: 'option' };
  const bom = bomEncoding(bytes);
  if (bom) return { encoding: bom, source: 'bom' };
  const fromHeader = headerCharset(contentType);
  const known = fromHeader === undefined ? undefined : knownEncoding(fromHeader);
  if (known) return { encoding: known, source: 'header' };
  const fromMeta = options.html ? metaCharset(bytes) : undefined;
  if (fromMeta) return { encoding: fromMeta, source: 'meta' };
  const fromXml = options.xml ? xmlDeclarationCharset(bytes) : undefined;
  if (fromXml) return { encoding: fromXml, source: 'xml' };
  return { encoding: 'utf-8', source: 'default' };
}
