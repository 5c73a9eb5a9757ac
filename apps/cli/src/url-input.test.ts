import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { feedEntries, getText, readableText } from '@tokenlab/html';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCapture } from './testing.js';
import { download, networkCause } from './url-fetch.js';
import { chooseCharset, metaCharset, xmlDeclarationCharset } from './web-charset.js';

/** Arabic and Latin-1 text in their legacy single-byte encodings, as old servers still send them. */
const ARABIC = 'السلام عليكم ورحمة الله';
const ARABIC_1256 = new TextDecoder('windows-1256').decode(new Uint8Array(256).map((_, i) => i));
const encode1256 = (text: string) =>
  Buffer.from([...text].map((char) => (char === ' ' ? 0x20 : ARABIC_1256.indexOf(char))));
const LATIN = 'café naïve déjà';

const PAGE = `<!doctype html><html><head><title>A page</title><style>p { color: red }</style>
<script>var hidden = 1;</script></head><body><nav><a href="/">Home</a></nav>
<article><h1>Fish &amp; chips</h1><p>Served hot,<br>with salt.</p></article></body></html>`;

const ARTICLE = `<!doctype html><html><head><title>Rain</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Rain in the valley</h1><p>${'It rained all day in the valley. '.repeat(8)}</p>
<p>${'The river rose by a metre overnight. '.repeat(8)}</p></article>
<footer>Copyright The Valley Times</footer></body></html>`;

const RSS = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Log</title>
<item><title>First post</title><link>https://example.org/1</link><pubDate>Mon, 22 Jan 2024 10:00:00 GMT</pubDate>
<description>&lt;p&gt;Fish &amp;amp; chips&lt;/p&gt;</description></item>
<item><title>Second post</title><link>https://example.org/2</link>
<description>Rain all day</description></item>
</channel></rss>`;

const ATOM = `<?xml version="1.0" encoding="windows-1256"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Arabic log</title>
<entry><title>One</title><link rel="alternate" href="https://example.org/ar/1"/><content type="text">ARABIC</content></entry>
</feed>`;

type Handler = (response: ServerResponse, path: string) => void;

const pages: Record<string, Handler> = {
  '/plain': (r) => {
    r.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    r.end('hello web world\n');
  },
  '/second': (r) => {
    r.writeHead(200, { 'content-type': 'text/plain' });
    r.end('second page here\n');
  },
  '/r1': (r) => {
    r.writeHead(301, { location: '/r2' });
    r.end();
  },
  '/r2': (r) => {
    r.writeHead(302, { location: `http://127.0.0.1:${port()}/plain` });
    r.end();
  },
  '/loop': (r) => {
    r.writeHead(302, { location: '/loop' });
    r.end();
  },
  '/to-ftp': (r) => {
    r.writeHead(302, { location: 'ftp://127.0.0.1/file.txt' });
    r.end();
  },
  '/missing': (r) => {
    r.writeHead(404, { 'content-type': 'text/html' });
    r.end('<h1>Not Found</h1>');
  },
  '/broken': (r) => {
    r.writeHead(500);
    r.end();
  },
  '/slow': (r) => {
    // Headers at once, then a body that never comes: the deadline covers the body too.
    r.writeHead(200, { 'content-type': 'text/plain' });
    r.write('a');
  },
  '/huge-declared': (r) => {
    r.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(60 * 1024 * 1024) });
    r.write('a');
  },
  '/huge-chunked': (r) => {
    r.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    // Keep writing until the client hangs up; count what went out.
    const pump = () => {
      while (!r.destroyed && sent < 64 * 1024 * 1024) {
        sent += chunk.length;
        if (!r.write(chunk)) return void r.once('drain', pump);
      }
      r.end();
    };
    pump();
  },
  '/image': (r) => {
    r.writeHead(200, { 'content-type': 'image/png' });
    r.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
  },
  '/octet-binary': (r) => {
    r.writeHead(200, { 'content-type': 'application/octet-stream' });
    r.end(Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0]));
  },
  '/octet-text': (r) => {
    r.writeHead(200, { 'content-type': 'application/octet-stream' });
    r.end('plain words\n');
  },
  '/arabic-1256': (r) => {
    r.writeHead(200, { 'content-type': 'text/plain; charset=windows-1256' });
    r.end(encode1256(ARABIC));
  },
  '/arabic-meta': (r) => {
    r.writeHead(200, { 'content-type': 'text/html' });
    r.end(
      Buffer.concat([
        Buffer.from('<!-- <meta charset="utf-8"> --><html><head><meta charset=windows-1256/></head><body>'),
        encode1256(ARABIC),
        Buffer.from('</body></html>'),
      ]),
    );
  },
  '/latin1-header': (r) => {
    r.writeHead(200, { 'content-type': 'text/plain; charset="ISO-8859-1"' });
    r.end(Buffer.from(LATIN, 'latin1'));
  },
  '/latin1-http-equiv': (r) => {
    r.writeHead(200, { 'content-type': 'text/html' });
    r.end(
      Buffer.from(
        `<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"></head><body>${LATIN}</body></html>`,
        'latin1',
      ),
    );
  },
  '/utf16-bom': (r) => {
    // The BOM outranks the header, as in browsers.
    r.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    r.end(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(ARABIC, 'utf16le')]));
  },
  '/latin1-unlabelled': (r) => {
    r.writeHead(200, { 'content-type': 'text/plain' });
    r.end(Buffer.from(`ok ${LATIN}`, 'latin1'));
  },
  '/page': (r) => {
    r.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    r.end(PAGE);
  },
  '/article': (r) => {
    r.writeHead(200, { 'content-type': 'text/html' });
    r.end(ARTICLE);
  },
  '/bad-markup': (r) => {
    r.writeHead(200, { 'content-type': 'text/html' });
    r.end('<p>before</p><![foo[ x ]]><p>after</p>');
  },
  '/gzip-1256': (r) => {
    // Compressed on the wire: fetch inflates it, and the charset still comes from the header.
    r.writeHead(200, { 'content-type': 'text/plain; charset=windows-1256', 'content-encoding': 'gzip' });
    r.end(gzipSync(encode1256(ARABIC)));
  },
  '/xml-1256': (r) => {
    r.writeHead(200, { 'content-type': 'application/rss+xml' });
    r.end(
      Buffer.concat([
        Buffer.from('<?xml version="1.0" encoding="windows-1256"?>\n<rss><channel><title>'),
        encode1256(ARABIC),
        Buffer.from('</title></channel></rss>'),
      ]),
    );
  },
  '/rss': (r) => {
    r.writeHead(200, { 'content-type': 'application/rss+xml' });
    r.end(RSS);
  },
  '/atom-1256': (r) => {
    r.writeHead(200, { 'content-type': 'application/atom+xml' });
    const [before, after] = ATOM.split('ARABIC');
    r.end(Buffer.concat([Buffer.from(before!), encode1256(ARABIC), Buffer.from(after!)]));
  },
  '/words': (r) => {
    r.writeHead(200, { 'content-type': 'text/plain' });
    r.end('running runs ran\nthe cat sat on the mat\nthe dog sat on the log\n');
  },
};

let sent = 0;
let server: Server;
const port = () => (server.address() as AddressInfo).port;
const url = (path: string) => `http://127.0.0.1:${port()}${path}`;
const dir = mkdtempSync(join(tmpdir(), 'tokenlab-url-'));

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    const handler = pages[path];
    if (handler) handler(response, path);
    else {
      response.writeHead(404);
      response.end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

const tokens = async (argv: string[]) => {
  const run = await runCapture(['tokenize', '-t', 'whitespace', '--json', ...argv]);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as string[];
};

describe('URLs as FILE operands', () => {
  it('reads a page, and mixes URLs with files and stdin', async () => {
    expect(await tokens([url('/plain')])).toEqual(['hello', 'web', 'world']);
    expect(await tokens([url('/plain'), url('/second')])).toEqual([
      'hello',
      'web',
      'world',
      'second',
      'page',
      'here',
    ]);
    // The streamed tokenizers read URLs too.
    const chars = await runCapture(['tokenize', '-t', 'codepoints', '--json', url('/plain')]);
    expect(JSON.parse(chars.stdout).join('')).toBe('hello web world\n');
    const encode = await runCapture(['encode', '-e', 'cl100k_base', '--count', url('/plain')]);
    expect(encode.stdout).toBe('4\n');
  });

  it('follows redirects and reports the final URL; stops a loop after 10', async () => {
    const run = await runCapture(['tokenize', '-t', 'whitespace', '--json', url('/r1')]);
    expect(JSON.parse(run.stdout)).toEqual(['hello', 'web', 'world']);
    expect(run.stderr).toBe(
      `tokenlab: note: '${url('/r1')}' redirected to '${url('/plain')}' (2 redirects)\n`,
    );
    const loop = await runCapture(['tokenize', url('/loop')]);
    expect(loop.code).toBe(1);
    expect(loop.stderr).toBe(
      `tokenlab tokenize: cannot read '${url('/loop')}': too many redirects (more than 10; the next was to '/loop')\n`,
    );
    const ftp = await runCapture(['tokenize', url('/to-ftp')]);
    expect(ftp.code).toBe(1);
    expect(ftp.stderr).toContain(
      `cannot read '${url('/to-ftp')}' (redirected to 'ftp://127.0.0.1/file.txt'): unsupported scheme 'ftp:'`,
    );
  });

  it('names the URL and the cause of each failure in one line', async () => {
    const cases: [string[], number, string][] = [
      [[url('/missing')], 1, `cannot read '${url('/missing')}': HTTP 404 Not Found`],
      [[url('/broken')], 1, `cannot read '${url('/broken')}': HTTP 500 Internal Server Error`],
      [[url('/image')], 1, `cannot read '${url('/image')}': not text (Content-Type image/png)`],
      [
        [url('/octet-binary')],
        1,
        `cannot read '${url('/octet-binary')}': not text (Content-Type application/octet-stream, and the bytes are binary)`,
      ],
      [
        [url('/huge-declared')],
        1,
        `cannot read '${url('/huge-declared')}': too large: 60 MB, over the 50 MB a download may bring`,
      ],
      [
        ['--timeout', '0.3', url('/slow')],
        1,
        `cannot read '${url('/slow')}': timed out after 0.3 s (--timeout)`,
      ],
      [
        ['ftp://127.0.0.1/x.txt'],
        2,
        `cannot read 'ftp://127.0.0.1/x.txt': unsupported scheme 'ftp:' (only http:// and https:// URLs are read)`,
      ],
      [
        ['--timeout', 'soon', url('/plain')],
        2,
        `--timeout must be a number of seconds above 0 and at most 86400 (a day), got 'soon'`,
      ],
      [
        ['--timeout', '1e9', url('/plain')],
        2,
        `--timeout must be a number of seconds above 0 and at most 86400 (a day), got '1e9'`,
      ],
    ];
    for (const [argv, code, message] of cases) {
      const run = await runCapture(['tokenize', ...argv]);
      expect(run.code, argv.join(' ')).toBe(code);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`tokenlab tokenize: ${message}\n`);
    }
    // A closed port.
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const closedPort = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const refused = await runCapture(['tokenize', `http://127.0.0.1:${closedPort}/`]);
    expect(refused.stderr).toBe(
      `tokenlab tokenize: cannot read 'http://127.0.0.1:${closedPort}/': connection refused (ECONNREFUSED)\n`,
    );
    const badPort = await runCapture(['tokenize', 'http://127.0.0.1:25/']);
    expect(badPort.stderr).toBe(
      "tokenlab tokenize: cannot read 'http://127.0.0.1:25/': fetch refuses this port (it belongs to another protocol, e.g. 25 for mail)\n",
    );
    // Untyped bytes that are text are read.
    expect(await tokens([url('/octet-text')])).toEqual(['plain', 'words']);
  });

  it('stops a body that grows past the limit instead of reading it all', async () => {
    sent = 0;
    await expect(download(url('/huge-chunked'), { maxBytes: 256 * 1024 })).rejects.toThrow(
      `cannot read '${url('/huge-chunked')}': too large: over the 256 KB a download may bring (stopped there)`,
    );
    // The server saw the connection go long before its 64 MB were out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });

  it('puts DNS and connection failures in words', () => {
    const failure = (code: string, message = 'x') =>
      Object.assign(new TypeError('fetch failed'), { cause: { code, message } });
    expect(networkCause(failure('ENOTFOUND'))).toBe('host not found (DNS lookup failed, ENOTFOUND)');
    expect(networkCause(failure('CERT_HAS_EXPIRED', 'certificate has expired'))).toBe(
      'certificate has expired (CERT_HAS_EXPIRED)',
    );
  });
});

describe('the charset of a download', () => {
  it('comes from the Content-Type header (windows-1256 Arabic, ISO-8859-1)', async () => {
    expect(await tokens([url('/arabic-1256')])).toEqual(ARABIC.split(' '));
    expect(await tokens([url('/latin1-header')])).toEqual(LATIN.split(' '));
    expect(await tokens([url('/gzip-1256')])).toEqual(ARABIC.split(' '));
  });

  it('comes from a BOM before the header', async () => {
    expect(await tokens([url('/utf16-bom')])).toEqual(ARABIC.split(' '));
  });

  it('comes from <meta charset> or <meta http-equiv> in the first KB of HTML', async () => {
    const arabic = await runCapture([
      'tokenize',
      '-t',
      'arabic',
      '--json',
      '--html',
      'raw',
      url('/arabic-meta'),
    ]);
    expect(JSON.parse(arabic.stdout)).toEqual(expect.arrayContaining(ARABIC.split(' ')));
    const latin = await runCapture([
      'tokenize',
      '-t',
      'whitespace',
      '--json',
      '--html',
      'raw',
      url('/latin1-http-equiv'),
    ]);
    expect(latin.stdout).toContain('café');
    expect(latin.stdout).toContain('déjà');
  });

  it('comes from the declaration of an XML document (a feed)', async () => {
    const run = await runCapture(['tokenize', '-t', 'arabic', '--json', url('/xml-1256')]);
    expect(JSON.parse(run.stdout)).toEqual(expect.arrayContaining(ARABIC.split(' ')));
    expect(xmlDeclarationCharset(Buffer.from("<?xml version='1.0' encoding='ISO-8859-6'?>"))).toBe(
      'iso-8859-6',
    );
    expect(xmlDeclarationCharset(Buffer.from(' <?xml version="1.0" encoding="koi8-r"?>'))).toBeUndefined();
  });

  it('is UTF-8 otherwise, and invalid UTF-8 is an error naming the URL and the byte', async () => {
    const run = await runCapture(['tokenize', url('/latin1-unlabelled')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `tokenlab tokenize: ${url('/latin1-unlabelled')}: not valid utf-8 at byte 6 (4 invalid sequences)`,
    );
    const replaced = await runCapture([
      'tokenize',
      '-t',
      'whitespace',
      '--json',
      '--replace-invalid',
      url('/latin1-unlabelled'),
    ]);
    expect(JSON.parse(replaced.stdout)).toEqual(['ok', 'caf\uFFFD', 'na\uFFFDve', 'd\uFFFDj\uFFFD']);
    expect(replaced.stderr).toContain('replaced with U+FFFD (--replace-invalid)');
    // --input-encoding is the person's word, and outranks what the server says.
    expect(await tokens(['--input-encoding', 'latin1', url('/latin1-unlabelled')])).toEqual([
      'ok',
      ...LATIN.split(' '),
    ]);
  });

  it('pre-scans only the first KB, skips comments, and reads a declared UTF-16 as UTF-8', () => {
    const bytes = (html: string) => Buffer.from(html, 'latin1');
    expect(metaCharset(bytes('<!-- <meta charset="koi8-r"> --><meta charset="latin1">'))).toBe(
      'windows-1252',
    );
    expect(metaCharset(bytes(`${' '.repeat(1024)}<meta charset="koi8-r">`))).toBeUndefined();
    expect(metaCharset(bytes('<meta charset="nonsense"><meta charset="koi8-r">'))).toBe('koi8-r');
    expect(metaCharset(bytes('<meta charset="utf-16le">'))).toBe('utf-8');
    expect(metaCharset(bytes('<meta name="x" content="charset=koi8-r">'))).toBeUndefined();
    const head = bytes('<meta charset="koi8-r">');
    expect(chooseCharset(head, 'text/html; charset=bogus', { html: true })).toEqual({
      encoding: 'koi8-r',
      source: 'meta',
    });
    expect(chooseCharset(head, 'text/plain', { html: false })).toEqual({
      encoding: 'utf-8',
      source: 'default',
    });
  });
});

describe('--html', () => {
  it('reduces an HTML response to its text (getText) by default, or keeps the markup with raw', async () => {
    const text = await runCapture(['normalize', '--arabic', 'nfc', url('/page')]);
    expect(text.stdout).toBe(getText(PAGE));
    expect(text.stdout).toContain('Fish & chips');
    expect(text.stdout).not.toContain('hidden');
    const viaOption = await runCapture(['normalize', '--arabic', 'nfc', '--html', 'text', url('/page')]);
    expect(viaOption.stdout).toBe(getText(PAGE));
    const raw = await runCapture(['normalize', '--arabic', 'nfc', '--html', 'raw', url('/page')]);
    expect(raw.stdout).toBe(PAGE);
    // Plain text is never touched.
    const plain = await runCapture(['normalize', '--arabic', 'nfc', '--html', 'text', url('/plain')]);
    expect(plain.stdout).toBe('hello web world\n');
    const bad = await runCapture(['tokenize', url('/bad-markup')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${url('/bad-markup')}: the HTML parser stops here (`);
    expect(bad.stderr).toContain('--html raw reads the markup');
    const invalid = await runCapture(['tokenize', '--html', 'pretty', url('/page')]);
    expect(invalid.code).toBe(2);
  });

  it('keeps the main content with readable', async () => {
    const run = await runCapture(['normalize', '--arabic', 'nfc', '--html', 'readable', url('/article')]);
    expect(run.stdout).toBe(readableText(ARTICLE, { url: url('/article') }));
    expect(run.stdout).toContain('It rained all day in the valley.');
    expect(run.stdout).toContain('The river rose by a metre overnight.');
    expect(run.stdout).not.toContain('Home');
    expect(run.stdout).not.toContain('Copyright');
    // The text mode keeps the furniture.
    const text = await runCapture(['normalize', '--arabic', 'nfc', url('/article')]);
    expect(text.stdout).toContain('Home');
    expect(text.stdout).toContain('Copyright');
    const file = join(dir, 'article.htm');
    writeFileSync(file, ARTICLE);
    const local = await runCapture(['normalize', '--arabic', 'nfc', '--html', 'readable', file]);
    expect(local.stdout).toBe(readableText(ARTICLE));
  });

  it('names a page nested too deep for readable, and the mode that reads it (it ran for minutes)', async () => {
    const deep = join(dir, 'deep.html');
    writeFileSync(
      deep,
      `<html><body>${'<div>'.repeat(100_000)}deep text${'</div>'.repeat(100_000)}</body></html>`,
    );
    const refused = await runCapture(['tokenize', '-t', 'whitespace', '--html', 'readable', deep]);
    expect(refused.stderr).toContain(
      `${deep}: the page nests elements more than 256 deep, too deep to find its article in; --html text reads all of its text`,
    );
    expect(refused.code).toBe(1);
    const text = await runCapture(['tokenize', '-t', 'whitespace', '--html', 'text', deep]);
    expect(text.stdout).toBe('deep\ntext\n');
  });

  it('applies to a .html file and to stdin when given, and leaves them alone otherwise', async () => {
    const file = join(dir, 'page.html');
    writeFileSync(file, PAGE);
    const asText = await runCapture(['normalize', '--arabic', 'nfc', '--html', 'text', file]);
    expect(asText.stdout).toBe(getText(PAGE));
    const unchanged = await runCapture(['normalize', '--arabic', 'nfc', file]);
    expect(unchanged.stdout).toBe(PAGE);
    const stdin = await runCapture(['normalize', '--arabic', 'nfc', '--html', 'text'], PAGE);
    expect(stdin.stdout).toBe(getText(PAGE));
    const notHtml = join(dir, 'notes.txt');
    writeFileSync(notHtml, 'a &amp; b');
    const txt = await runCapture(['normalize', '--arabic', 'nfc', '--html', 'text', notHtml]);
    expect(txt.stdout).toBe('a &amp; b');
    const streamed = await runCapture(['tokenize', '-t', 'codepoints', '--json', '--html', 'text', file]);
    expect(JSON.parse(streamed.stdout).join('')).toBe(getText(PAGE));
  });
});

describe('--feed', () => {
  it('gives tokenize and encode one output line per entry, named by the entry', async () => {
    const entries = feedEntries(RSS);
    expect(entries.map((entry) => entry.text)).toEqual(['Fish & chips', 'Rain all day']);
    const json = await runCapture(['tokenize', '-t', 'whitespace', '--feed', '--json', url('/rss')]);
    expect(
      json.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      {
        document: `${url('/rss')}#1`,
        title: 'First post',
        link: 'https://example.org/1',
        published: 'Mon, 22 Jan 2024 10:00:00 GMT',
        tokens: ['Fish', '&', 'chips'],
      },
      {
        document: `${url('/rss')}#2`,
        title: 'Second post',
        link: 'https://example.org/2',
        tokens: ['Rain', 'all', 'day'],
      },
    ]);
    const plain = await runCapture(['tokenize', '-t', 'whitespace', '--feed', url('/rss')]);
    expect(plain.stdout).toBe(`${url('/rss')}#1\tFish\t&\tchips\n${url('/rss')}#2\tRain\tall\tday\n`);
    const several = await runCapture(['tokenize', '-t', 'whitespace,chars', '--feed', url('/rss')]);
    expect(several.stdout.split('\n')[1]).toBe(`${url('/rss')}#1\tchars\t${[...'Fish & chips'].join('\t')}`);
    const encode = await runCapture(['encode', '-e', 'cl100k_base', '--feed', url('/rss')]);
    const direct = await runCapture(['encode', '-e', 'cl100k_base'], 'Rain all day');
    expect(encode.stdout.split('\n')[1]).toBe(`${url('/rss')}#2\t${direct.stdout.trim()}`);
    const count = await runCapture([
      'encode',
      '-e',
      'cl100k_base',
      '--feed',
      '--count',
      '--json',
      url('/rss'),
    ]);
    expect(JSON.parse(count.stdout.split('\n')[1]!)).toMatchObject({
      document: `${url('/rss')}#2`,
      count: 3,
    });
  });

  it('makes each entry a document for stats, and reads the charset of the XML declaration', async () => {
    const run = await runCapture([
      'stats',
      'tfidf',
      '--top',
      '1',
      '--json',
      '--feed',
      url('/rss'),
      url('/atom-1256'),
    ]);
    const rows = JSON.parse(run.stdout) as { document: string }[];
    expect(rows.map((row) => row.document)).toEqual([
      `${url('/rss')}#1`,
      `${url('/rss')}#2`,
      `${url('/atom-1256')}#1`,
    ]);
    const arabic = await runCapture(['tokenize', '-t', 'arabic', '--feed', '--json', url('/atom-1256')]);
    expect(JSON.parse(arabic.stdout).tokens).toEqual(ARABIC.split(' '));
  });

  it('reads a local feed and stdin too; the other commands get the entries one after another', async () => {
    const file = join(dir, 'feed.xml');
    writeFileSync(file, RSS);
    const local = await runCapture(['tokenize', '-t', 'whitespace', '--feed', file]);
    expect(local.stdout.split('\n')[0]).toBe(`${file}#1\tFish\t&\tchips`);
    const stdin = await runCapture(['tokenize', '-t', 'whitespace', '--feed'], RSS);
    expect(stdin.stdout.split('\n')[1]).toBe('stdin#2\tRain\tall\tday');
    const joined = await runCapture(['normalize', '--arabic', 'nfc', '--feed', url('/rss')]);
    expect(joined.stdout).toBe('Fish & chips\n\nRain all day');
  });

  it('says so when a source is no feed', async () => {
    const run = await runCapture(['tokenize', '--feed', url('/page')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `tokenlab tokenize: ${url('/page')}: not an RSS or Atom feed (root element <html>) (--feed)\n`,
    );
  });
});

describe('every command that reads FILEs reads URLs', () => {
  it('stats names each URL as a document', async () => {
    const run = await runCapture(['stats', 'tfidf', '--top', '1', '--json', url('/plain'), url('/second')]);
    const rows = JSON.parse(run.stdout) as { document: string }[];
    expect(rows.map((row) => row.document)).toEqual([url('/plain'), url('/second')]);
    const lines = await runCapture(['stats', 'tfidf', '--lines', '--top', '1', '--json', url('/words')]);
    expect((JSON.parse(lines.stdout) as { document: string }[]).map((row) => row.document)).toEqual([
      `${url('/words')}:1`,
      `${url('/words')}:2`,
      `${url('/words')}:3`,
    ]);
  });

  it('stem, sentences, normalize, train, embed and compare', async () => {
    const stem = await runCapture(['stem', '-s', 'porter', url('/words')]);
    expect(stem.stdout.split('\n').slice(0, 3)).toEqual(['run', 'run', 'ran']);
    const sentences = await runCapture(['sentences', '--json', url('/plain')]);
    expect(JSON.parse(sentences.stdout)).toEqual(['hello web world']);
    const normalize = await runCapture(['normalize', '--arabic', 'tehMarbuta', url('/arabic-1256')]);
    expect(normalize.stdout).toBe(ARABIC.replace('ة', 'ه'));
    const prefix = join(dir, 'tok');
    const train = await runCapture(['train', '-v', '260', '-o', prefix, '--json', url('/words')]);
    expect(train.code, train.stderr).toBe(0);
    expect(JSON.parse(train.stdout).merges).toBe(4);
    const vectors = join(dir, 'vectors.txt');
    const embed = await runCapture([
      'embed',
      'train',
      '--out',
      vectors,
      '--min-count',
      '1',
      '--epochs',
      '1',
      url('/words'),
    ]);
    expect(embed.code, embed.stderr).toBe(0);
    expect(readFileSync(vectors, 'utf8').split('\n')[0]).toBe('10 100');
    const compare = await runCapture([
      'compare',
      '--en',
      url('/words'),
      '--ar',
      url('/arabic-1256'),
      '--tokenizers',
      'whitespace',
      '--vocab-sizes',
      'none',
      '--json',
      '--quiet',
      '--out',
      join(dir, 'report'),
    ]);
    expect(compare.code, compare.stderr).toBe(0);
    const report = JSON.parse(compare.stdout) as {
      languages: { language: string; source: { id: string } }[];
    };
    expect(report.languages.map((language) => [language.language, language.source.id])).toEqual([
      ['en', url('/words')],
      ['ar', url('/arabic-1256')],
    ]);
  });
});
