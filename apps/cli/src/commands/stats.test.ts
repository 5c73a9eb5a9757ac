import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getEncoding } from '@tokenlab/gpt';
import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';
import { lastSpaceCut } from '../tokenizers/stream-cuts.js';
import { piecesOf } from './stats.js';

const TEXT = 'the cat sat on the mat . the cat ate . New York is in New York State .';

/**
 * The first reason `xml` is not well-formed XML 1.0, or undefined: characters XML cannot hold (NUL,
 * U+0001, ...), a `&` that starts no reference, a `<` that starts no tag, tags that do not nest.
 * Enough for the charts the CLI writes (no comments, CDATA or doctype).
 */
function xmlProblem(xml: string): string | undefined {
  const bad = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.exec(xml);
  if (bad) return `character U+${bad[0].codePointAt(0)!.toString(16).padStart(4, '0')} at ${bad.index}`;
  const amp = /&(?!(?:[A-Za-z_][\w.-]*|#\d+|#x[0-9A-Fa-f]+);)/.exec(xml);
  if (amp) return `a bare & at ${amp.index}`;
  const open: string[] = [];
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
  for (let at = xml.indexOf('<'); at >= 0; at = xml.indexOf('<', at)) {
    tag.lastIndex = at;
    const match = tag.exec(xml);
    if (!match) return `a < that starts no tag at ${at}`;
    const [, closing, name, , selfClosing] = match;
    if (closing && open.pop() !== name) return `</${name}> closes nothing open at ${at}`;
    if (!closing && !selfClosing) open.push(name!);
    at = tag.lastIndex;
  }
  return open.length > 0 ? `<${open.at(-1)}> is never closed` : undefined;
}

describe('tokenlab stats', () => {
  it('freq --svg is well-formed XML whatever the tokens hold, control characters shown escaped', async () => {
    const run = await runCapture(['stats', 'freq', '--svg'], '<a> & "b" \u0001 x\u0000y \'q\' \uFFFE');
    expect(run.code).toBe(0);
    expect(xmlProblem(run.stdout)).toBeUndefined();
    // As the table prints them: \u0001, not the character (which no XML parser takes, even as &#1;).
    expect(run.stdout).toContain('>\\u0001</text>');
    expect(run.stdout).toContain('>\\u0000</text>');
    expect(run.stdout).toContain('>&#60;</text>');
    const table = await runCapture(['stats', 'freq'], '\u0001');
    expect(table.stdout).toBe('1\t\\u0001\n');
    expect(xmlProblem('<svg><text>a\u0001</text></svg>')).toMatch(/U\+0001/);
    expect(xmlProblem('<svg><text>a & b</text></svg>')).toMatch(/bare &/);
    expect(xmlProblem('<svg><text>a</svg>')).toMatch(/closes nothing/);
  });

  it('collocations with a window far longer than the text: its pairs, in memory that follows the words', async () => {
    // NLTK: BigramCollocationFinder.from_words('a b c'.split(), window_size=w) pairs every two words, and
    // PMI divides their counts by w - 1: log2(3 / (w - 1)).
    const run = await runCapture(['stats', 'collocations', '--window', '20000000', '--json'], 'a b c\n');
    expect(run.code, run.stderr).toBe(0);
    const rows: [string[], number][] = JSON.parse(run.stdout);
    expect(rows.map(([gram]) => gram.join(' '))).toEqual(['a b', 'a c', 'b c']);
    for (const [, score] of rows) expect(score).toBeCloseTo(Math.log2(3 / 19_999_999), 9);
    const trigrams = await runCapture(
      ['stats', 'collocations', '-n', '3', '--window', '20000000'],
      'a b c\n',
    );
    expect(trigrams.code, trigrams.stderr).toBe(0);
    expect(trigrams.stdout).toMatch(/^-\d+\.\d{4}\ta b c\n$/);
    const refused = await runCapture(
      ['stats', 'collocations', '--window', '100000', '--lines'],
      `${'w '.repeat(30_000)}\n${'v '.repeat(30_000)}\n`,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('a window of 100000 over 60000 words');
  });

  it('refuses an option the statistic does not read, where it was ignored (stats freq --measure pmi)', async () => {
    const cases: Array<[string[], string]> = [
      [['freq', '--measure', 'pmi'], '--measure applies to collocations, not to freq'],
      [['freq', '--stop-words'], '--stop-words applies to tfidf, not to freq'],
      [['ngrams', '--svg'], '--svg applies to freq, not to ngrams'],
      [['tfidf', '-n', '3'], '-n applies to ngrams and collocations, not to tfidf'],
      [['freq', '--precision', '2'], '--precision applies to collocations and tfidf, not to freq'],
      [['freq', '--pattern', 'x'], '--pattern applies to --tokenizer regexp'],
    ];
    for (const [argv, message] of cases) {
      const run = await runCapture(['stats', ...argv], 'the cat sat on the mat');
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr, argv.join(' ')).toContain(message);
    }
    const read = await runCapture(
      ['stats', 'freq', '-t', 'regexp', '--pattern', '\\w+', '--top', '1'],
      'the cat the',
    );
    expect(read.stdout).toBe('2\tthe\n');
  });

  it('freq: most common tokens on stdout, N and B on stderr; freqdist is the same', async () => {
    const run = await runCapture(['stats', 'freq', '--top', '2'], TEXT);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('3\tthe\n3\t.\n');
    expect(run.stderr).toBe('# N=19 B=12\n');
    expect(await runCapture(['stats', 'freqdist', '--top', '2'], TEXT)).toEqual(run);
    const json = await runCapture(['stats', 'freq', '--top', '1', '--json', '--lowercase'], 'A a b');
    expect(JSON.parse(json.stdout)).toEqual([['a', 2]]);
    const svg = await runCapture(['stats', 'freq', '--svg', '--cumulative'], TEXT);
    expect(svg.stdout).toMatch(/^<svg[\s\S]*Cumulative Counts[\s\S]*<\/svg>\n$/);
  });
  it('freq counts a long text piece by piece, with the counts and order of the whole', async () => {
    // Three million units: cut into pieces of a million or so where the tokenizer allows, each
    // tokenized alone; a stretch without a place to cut stays whole.
    const text = `${'The cat, the "hat" and 2024.\n مرحبا بكم  '.repeat(60_000)}${'x'.repeat(1_500_000)} end`;
    const cl100k = await getEncoding('cl100k_base');
    const lastCut = (piece: string, from: number) => {
      // The GPT encodings' cuts (see tokenizers/gpt.ts), here without word edges.
      for (let c = piece.length - 1; c >= Math.max(from, 1); c--)
        if (piece[c] === ' ' && piece[c - 1] !== ' ' && piece[c - 1] !== '\n' && piece[c - 1] !== '\t')
          return c;
      return -1;
    };
    for (const cut of [lastSpaceCut, lastCut]) {
      const pieces = [...piecesOf(text, cut)];
      expect(pieces.join('')).toBe(text);
      expect(pieces.length).toBeGreaterThan(2);
      expect(Math.max(...pieces.slice(0, -1).map((piece) => piece.length))).toBeLessThanOrEqual(1 << 20);
    }
    expect([...piecesOf(text, undefined)]).toEqual([text]);
    const piecewise = [...piecesOf(text, lastCut)].flatMap((piece) => cl100k.encode(piece));
    expect(piecewise).toEqual(cl100k.encode(text));
    // Through the command: the same counts, in the same order, as of the whole text's tokens.
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-stats-'));
    const file = join(dir, 'long.txt');
    writeFileSync(file, text);
    const run = await runCapture(['stats', 'freq', '-t', 'cl100k_base', '--top', '12', '--json', file]);
    expect(run.code, run.stderr).toBe(0);
    const counts = new Map<string, number>();
    for (const token of cl100k.encodeWithOffsets(text))
      counts.set(token.text, (counts.get(token.text) ?? 0) + 1);
    const expected = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12);
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  it('ngrams: counts of n-grams, not across documents', async () => {
    const run = await runCapture(['stats', 'ngrams', '-n', '2', '--top', '2', '--json'], TEXT);
    expect(JSON.parse(run.stdout)).toEqual([
      [['the', 'cat'], 2],
      [['New', 'York'], 2],
    ]);
    const jsonl = await runCapture(['stats', 'ngrams', '--jsonl', '--min-freq', '2'], '"a b"\n"b a b"\n');
    expect(jsonl.stdout).toBe('[["a","b"],2]\n');
  });
  it('collocations: NLTK scores with a chosen measure and filters', async () => {
    const run = await runCapture(['stats', 'collocations', '--min-freq', '2', '--json'], TEXT);
    const rows = JSON.parse(run.stdout) as [string[], number][];
    expect(rows[0]![0]).toEqual(['New', 'York']);
    expect(rows.map(([gram]) => gram.join(' '))).toEqual(['New York', 'the cat']);
    const llr = await runCapture(
      ['stats', 'collocations', '--measure', 'likelihood_ratio', '--top', '1'],
      TEXT,
    );
    expect(llr.stdout).toMatch(/^\d+\.\d{4}\t\S+ \S+\n$/);
    const json = await runCapture(
      ['stats', 'collocations', '--measure', 'pmi', '--top', '1', '--json'],
      TEXT,
    );
    const [[gram, score]] = JSON.parse(json.stdout) as [string[], number][];
    const precise = await runCapture(['stats', 'collocations', '--top', '1', '--precision', '9'], TEXT);
    expect(precise.stdout).toBe(`${score!.toFixed(9)}\t${gram!.join(' ')}\n`);
    expect(String(score).length).toBeGreaterThan(12);
    const tri = await runCapture(
      ['stats', 'collocations', '-n', '3', '--window', '4', '--top', '1', '--json'],
      TEXT,
    );
    expect(JSON.parse(tri.stdout)).toHaveLength(1);
  });
  it('tfidf: heaviest terms per document, one per line with --lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-stats-'));
    const file = join(dir, 'docs.txt');
    writeFileSync(file, 'the cat sat\n\nthe dog sat down\n');
    const run = await runCapture(['stats', 'tfidf', '--lines', '--top', '1', '--json', file]);
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as { document: string; index: number; terms: [string, number][] }[];
    expect(rows.map((row) => row.terms[0]![0])).toEqual(['cat', 'dog']);
    expect(rows.map((row) => row.document)).toEqual([`${file}:1`, `${file}:3`]);
    expect(rows[0]!.terms[0]![1]).toBeCloseTo(0.7049094889309326, 12);
    const text = await runCapture(['stats', 'tfidf', '--top', '1', file]);
    expect(text.stdout).toMatch(new RegExp(`^${file.replace(/[.\\]/g, '\\$&')}\tsat\t0\\.\\d{4}\n$`));
    const other = join(dir, 'other.txt');
    writeFileSync(other, 'a fish swims');
    const two = await runCapture(['stats', 'tfidf', '--top', '1', file, other]);
    expect(two.stdout.split('\n')[1]).toMatch(new RegExp(`^${other.replace(/[.\\]/g, '\\$&')}\t`));
  });
  it('prints a token holding a line break on its row, escaped, and as it is in JSON', async () => {
    const text = 'a\rb\na\r';
    const freq = await runCapture(['stats', 'freq', '-t', 'chars'], text);
    expect(freq.stdout).toBe('2\ta\n2\t\\u000d\n1\tb\n1\t\\u000a\n');
    const json = await runCapture(['stats', 'freq', '-t', 'chars', '--json'], text);
    expect(JSON.parse(json.stdout)).toContainEqual(['\r', 2]);
    const grams = await runCapture(['stats', 'ngrams', '-t', 'chars'], text);
    for (const line of grams.stdout.trimEnd().split('\n')) expect(line).toMatch(/^\d+\t\('\S+', '\S+'\)$/);
    expect(grams.stdout).toContain("2\t('a', '\\u000d')\n");
    const collocations = await runCapture(['stats', 'collocations', '-t', 'chars'], text);
    expect(collocations.stdout.trimEnd().split('\n')).toHaveLength(grams.stdout.trimEnd().split('\n').length);
  });

  it('shows an n-gram whose token holds white space as a tuple, where spaces between words ran together', async () => {
    const text = "ab cd ab cd it's\n";
    const grams = await runCapture(['stats', 'ngrams', '-t', 'chars', '-n', '3'], text);
    const rows = grams.stdout.trimEnd().split('\n');
    expect(rows.slice(0, 2)).toEqual(["2\t('a', 'b', ' ')", "2\t('b', ' ', 'c')"]);
    expect(rows).toContain(`1\t(' ', 'i', 't')`);
    expect(rows).toContain(`1\t("'", 's', '\\u000a')`);
    // Each row reads back as the n-gram it counts: the JSON rows, in the same order.
    const json = JSON.parse(
      (await runCapture(['stats', 'ngrams', '-t', 'chars', '-n', '3', '--json'], text)).stdout,
    );
    const quoted = (token: string) =>
      token.includes("'") ? `"${token}"` : `'${token.replace('\n', '\\u000a')}'`;
    expect(rows).toEqual(
      json.map(([gram, count]: [string[], number]) =>
        gram.some((token) => /\s/.test(token))
          ? `${count}\t(${gram.map(quoted).join(', ')})`
          : `${count}\t${gram.join(' ')}`,
      ),
    );
    const gpt = await runCapture(['stats', 'ngrams', '-t', 'cl100k_base'], 'the cat sat');
    expect(gpt.stdout).toBe("1\t('the', ' cat')\n1\t(' cat', ' sat')\n");
    // On a terminal an Arabic item stands in a bidi isolate (FSI … PDI), so the tuple keeps its order
    // where a terminal lays right-to-left runs out; piped, the row is as above.
    const arabic = 'قال قال';
    const piped = (await runCapture(['stats', 'ngrams', '-t', 'chars'], arabic)).stdout.split('\n');
    expect(piped.slice(0, 4)).toEqual(['2\tق ا', '2\tا ل', "1\t('ل', ' ')", "1\t(' ', 'ق')"]);
    const terminal = (await runCapture(['stats', 'ngrams', '-t', 'chars'], arabic, { stdoutColumns: 80 }))
      .stdout;
    expect(terminal.split('\n').slice(2, 4)).toEqual([
      "1\t(\u2068'ل'\u2069, ' ')",
      "1\t(' ', \u2068'ق'\u2069)",
    ]);
    const words = await runCapture(['stats', 'ngrams'], 'New York is in New York');
    expect(words.stdout.split('\n')[0]).toBe('2\tNew York');
  });

  it('counts a byte-level token that cuts a character as its bytes, as tokenize prints it', async () => {
    const text = 'قال: "مرحبًا" يا عُمَرُ، وهو يَبتسِم 😀 é\n'.repeat(3);
    const tokens = (await runCapture(['tokenize', '-t', 'cl100k_base'], text)).stdout.trimEnd().split('\n');
    expect(tokens).toContain('\\xd9');
    const expected = new Map<string, number>();
    for (const token of tokens) expected.set(token, (expected.get(token) ?? 0) + 1);
    const freq = await runCapture(['stats', 'freq', '-t', 'cl100k_base', '--top', '1000'], text);
    const counted = new Map(
      freq.stdout
        .trimEnd()
        .split('\n')
        .map((row) => {
          const [count, token] = row.split('\t') as [string, string];
          return [token, Number(count)] as const;
        }),
    );
    expect(counted).toEqual(expected);
  });

  it('explains bad usage', async () => {
    expect((await runCapture(['stats'], '')).stderr).toMatch(/missing statistic/);
    expect((await runCapture(['stats', 'nope'], '')).stderr).toMatch(/unknown statistic 'nope'/);
    const measure = await runCapture(['stats', 'collocations', '--measure', 'magic'], 'a b');
    expect(measure.code).toBe(2);
    expect(measure.stderr).toMatch(/unknown measure 'magic'. Available: raw-freq, pmi/);
    expect((await runCapture(['stats', 'freq', '--top', '0'], 'a')).stderr).toMatch(
      /--top must be a positive integer/,
    );
    expect((await runCapture(['stats', 'collocations', '-n', '4'], 'a')).stderr).toMatch(/-n 2 or -n 3/);
    // No term in any document: a fault of the input (scikit-learn's ValueError), exit code 1 (it was 2).
    const empty = await runCapture(['stats', 'tfidf'], 'a b c');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/empty vocabulary/);
    expect((await runCapture(['stats', 'freq', '/no/such/file'])).stderr).toMatch(
      /cannot read '\/no\/such\/file': no such file \(ENOENT\)/,
    );
  });

  it('notes on stderr when the default pattern cuts diacritized Arabic, pointing to -t arabic', async () => {
    const text = 'قال اللَّهُ الحقَّ';
    const run = await runCapture(['stats', 'tfidf', '--top', '3'], text);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('الل');
    expect(run.stderr).toContain("'اللَّهُ' becomes 'الل' 'ه'");
    expect(run.stderr).toContain('-t arabic');
    const arabic = await runCapture(['stats', 'tfidf', '-t', 'arabic', '--top', '3', '--json'], text);
    expect(arabic.stderr).toBe('');
    expect(JSON.parse(arabic.stdout)[0].terms.map(([term]: [string]) => term)).toContain('اللَّهُ');
    const plain = await runCapture(['stats', 'freq'], 'قال الله الحق');
    expect(plain.stderr).toBe('# N=3 B=3\n');
  });
});
