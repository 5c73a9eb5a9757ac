import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { RegexTokenizer } from '@tokenlab/bpe';
import { visualLine } from '@tokenlab/core';
import { loadCorpus } from '@tokenlab/corpora';
import { getEncoding } from '@tokenlab/gpt';
import { BigramAssocMeasures, BigramCollocationFinder, FreqDist } from '@tokenlab/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldOutText, trainingText } from '../report/bpe-sweep.js';
import { COMPARE_SETTINGS } from '../report/candidates.js';
import { reportCharts } from '../report/charts.js';
import { zipfSlope } from '../report/corpus-stats.js';
import { formatCount, NOT_MEASURED, ratioCells, ratioLegend } from '../report/format.js';
import { htmlReport } from '../report/html.js';
import { isHeldOut, textDocuments } from '../report/inputs.js';
import { SPEED_SLICE, startOf, unavailableRow } from '../report/measure.js';
import type { CompareReport } from '../report/model.js';
import { segmentsOf } from '../report/samples.js';
import { languageTable, segmentationLine, terminalReport } from '../report/terminal.js';
import { runCapture } from '../testing.js';
import { createTokenizer, TOKENIZERS } from '../tokenizers/index.js';
import { parseBidiOption, parseTextRequests, parseVocabSizes, runCompare } from './compare.js';

let dir: string;
let enFile: string;
let arFile: string;
let report: CompareReport;
let html: string;

/** A slice of real text: the lines of the bundled corpora from `from`, `count` of them. */
async function excerpt(id: string, startsWith: string, count: number): Promise<string> {
  const lines = textDocuments(await loadCorpus(id));
  const from = lines.findIndex((line) => line.startsWith(startsWith));
  return `${lines.slice(from, from + count).join('\n')}\n`;
}

/** `tokenlab compare --json` on two files with these tokenizers and vocabulary sizes, which must succeed. */
async function compareJson(
  en: string,
  ar: string,
  tokenizers: string,
  vocabSizes: string,
  out: string,
): Promise<{ run: Awaited<ReturnType<typeof runCapture>>; json: CompareReport }> {
  const run = await runCapture([
    'compare',
    '--en',
    en,
    '--ar',
    ar,
    '--tokenizers',
    tokenizers,
    '--vocab-sizes',
    vocabSizes,
    '--out',
    out,
    '--json',
  ]);
  expect(run.code).toBe(0);
  return { run, json: JSON.parse(run.stdout) as CompareReport };
}

function silentIO() {
  return { stdin: Readable.from([]), stdout: new PassThrough(), stderr: new PassThrough(), isTTY: false };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tokenlab-compare-'));
  enFile = join(dir, 'en.txt');
  arFile = join(dir, 'ar.txt');
  await writeFile(enFile, await excerpt('taylorswift', 'Taylor Alison Swift', 30));
  await writeFile(arFile, await excerpt('wikinews-ar-plain', 'فيلم', 30));
  const io = silentIO();
  const run = await runCompare(
    ['--en', enFile, '--ar', arFile, '--vocab-sizes', '300,400', '--out', join(dir, 'out'), '--quiet'],
    io,
  );
  expect(run.code).toBe(0);
  report = run.built!.report;
  html = await readFile(run.files!.html, 'utf8');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('tokenlab compare: the numbers agree with the packages', () => {
  it('counts the tokens of every registered tokenizer as the registry tokenizer does', async () => {
    const english = textDocuments(await readFile(enFile, 'utf8'));
    const section = report.languages.find((candidate) => candidate.language === 'en')!;
    let checked = 0;
    for (const entry of TOKENIZERS) {
      const row = section.rows.find((candidate) => candidate.name === entry.name);
      if (!row?.available) continue;
      const tokenizer = await createTokenizer(entry.name, COMPARE_SETTINGS[entry.name]);
      const tokens = english.map((line) => tokenizer.tokenize(line));
      expect(row.tokens, entry.name).toBe(tokens.reduce((sum, list) => sum + list.length, 0));
      const bytes = english.reduce((sum, line) => sum + Buffer.byteLength(line), 0);
      expect(row.bytesPerToken, entry.name).toBeCloseTo(bytes / row.tokens!, 10);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it('counts GPT tokens as getEncoding does', async () => {
    const english = textDocuments(await readFile(enFile, 'utf8'));
    const encoding = await getEncoding('cl100k_base');
    const row = report.languages[0]!.rows.find((candidate) => candidate.name === 'cl100k_base')!;
    expect(row.available).toBe(true);
    expect(row.tokens).toBe(english.reduce((sum, line) => sum + encoding.encode(line).length, 0));
    expect(row.roundTrip).toMatchObject({ method: 'decode', passed: english.length });
  });

  it('measures BPE compression exactly as a RegexTokenizer trained on the same lines', async () => {
    const arabic = textDocuments(await readFile(arFile, 'utf8'));
    const english = textDocuments(await readFile(enFile, 'utf8'));
    const corpus = (language: string, documents: string[]) => ({
      language,
      label: language,
      direction: 'ltr' as const,
      source: { kind: 'file' as const, id: language, title: language },
      documents,
      trainingDocuments: 0,
    });
    const trained = new RegexTokenizer('gpt4');
    trained.train(trainingText(corpus('ar', arabic)), 400);
    for (const [appliedTo, documents] of [
      ['ar', arabic],
      ['en', english],
    ] as const) {
      const text = heldOutText(corpus(appliedTo, documents));
      const tokens = trained.encode(text).length;
      const point = report.bpe.points.find(
        (candidate) =>
          candidate.trainedOn === 'ar' && candidate.appliedTo === appliedTo && candidate.vocabSize === 400,
      )!;
      expect(point.tokens).toBe(tokens);
      expect(point.bytesPerToken).toBeCloseTo(Buffer.byteLength(text) / tokens, 10);
    }
    // The same BPE in the Arabic table: counted line by line over the whole text.
    const row = report.languages[1]!.rows.find((candidate) => candidate.name === 'bpe-400')!;
    expect(row.tokens).toBe(arabic.reduce((sum, line) => sum + trained.encode(line).length, 0));
    expect(row.oov).toMatchObject({ rate: 0, byConstruction: true });
    expect(row.roundTrip).toMatchObject({
      method: 'decode',
      passed: arabic.length,
      documents: arabic.length,
    });
  });

  it('ranks collocations and Zipf frequencies as @tokenlab/stats does', async () => {
    const section = report.languages[0]!;
    const english = textDocuments(await readFile(enFile, 'utf8'));
    const tokenizer = await createTokenizer(section.stats.wordTokenizer);
    const words = english
      .flatMap((line) => tokenizer.tokenize(line).map((token) => token.text))
      .filter((word) => /\p{L}/u.test(word))
      .map((word) => word.toLowerCase());
    const finder = BigramCollocationFinder.fromWords(words).applyFreqFilter(section.stats.minCount);
    const expected = finder.scoreNgrams(BigramAssocMeasures.pmi).slice(0, 12);
    expect(expected.length).toBeGreaterThan(0);
    expect(section.stats.collocations.map((c) => [c.words, c.pmi])).toEqual(expected);
    const zipf = section.stats.zipf[0]!;
    expect(zipf.tokens).toBe(words.length);
    expect(zipf.points[0]).toEqual([1, new FreqDist(words).mostCommon(1)[0]![1]]);
  });

  it('computes the out-of-vocabulary rate on every tenth line', async () => {
    const english = textDocuments(await readFile(enFile, 'utf8'));
    const chars = await createTokenizer('chars');
    const seen = new Set(english.filter((_, i) => !isHeldOut(i)).flatMap((line) => [...line]));
    const heldOut = english
      .filter((_, i) => isHeldOut(i))
      .flatMap((line) => chars.tokenize(line).map((t) => t.text));
    const row = report.languages[0]!.rows.find((candidate) => candidate.name === 'chars')!;
    expect(row.oov!.heldOutTokens).toBe(heldOut.length);
    expect(row.oov!.unseen).toBe(heldOut.filter((text) => !seen.has(text)).length);
  });

  it('gives the Arabic:English ratio on the UDHR as token counts of the same declaration', async () => {
    const ratio = report.ratios.find((candidate) => candidate.language === 'ar')!;
    expect(ratio.parallel?.title).toMatch(/Universal Declaration of Human Rights/);
    const utf8 = ratio.rows.find((row) => row.name === 'utf8')!;
    const [english, arabic] = await Promise.all([loadCorpus('udhr-en'), loadCorpus('udhr-ar')]);
    const en = english.slice(0, english.search(/^Article 29/m)).trim();
    const ar = arabic
      .slice(0, arabic.search(/^المادة 29/mu))
      .replace(' (أ)', '')
      .trim();
    expect(utf8.parallelTokens).toEqual({ en: Buffer.byteLength(en), ar: Buffer.byteLength(ar) });
    expect(utf8.parallelRatio).toBeCloseTo(Buffer.byteLength(ar) / Buffer.byteLength(en), 10);
  });

  it('marks the main-corpus cells of the rows that cut the declarations only as not measured', () => {
    const ratio = report.ratios.find((candidate) => candidate.language === 'ar')!;
    const rows = ratio.rows.filter((row) => /-trained\)$/.test(row.name));
    expect(rows.map((row) => row.name)).toEqual([
      'bpe-300 (en-trained)',
      'bpe-300 (ar-trained)',
      'bpe-400 (en-trained)',
      'bpe-400 (ar-trained)',
    ]);
    for (const row of rows) {
      const cells = ratioCells(row, ratio);
      expect(cells.slice(1, 4)).toEqual([NOT_MEASURED, NOT_MEASURED, NOT_MEASURED]);
      expect(cells.slice(4, 6)).toEqual([
        formatCount(row.parallelTokens!.en),
        formatCount(row.parallelTokens!.ar),
      ]);
    }
    const own = ratio.rows.find((row) => row.name === 'bpe-300 (own language)')!;
    expect(ratioCells(own, ratio)).not.toContain(NOT_MEASURED);
    expect(html).toContain(`<td class="num">${NOT_MEASURED}</td>`);
    expect(ratioLegend('ar', true).map(([term]) => term)).toContain(NOT_MEASURED);
  });

  it('writes a self-contained HTML report with English and Arabic side by side', () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=|<link\b[^>]*\bhref=|url\(/i);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('unicode-bidi: isolate');
    expect(html).toContain('data-chart="bpe-compression"');
    expect(html).toContain('يولد جميع الناس');
  });
});

describe('tokenlab compare: samples and options', () => {
  it('draws a character split by byte-level tokens once, marking the next token', () => {
    const text = 'é';
    const tokens = [
      { text: 'é', start: 0, end: 1, id: 195, bytes: [0, 1] as [number, number] },
      { text: 'é', start: 0, end: 1, id: 169, bytes: [1, 2] as [number, number] },
    ];
    expect(segmentsOf(text, tokens)).toEqual([{ text: 'é', index: 0, tokens: 2, ids: [195, 169] }]);
    expect(
      segmentsOf('a b', [
        { text: 'a', start: 0, end: 1 },
        { text: 'b', start: 2, end: 3 },
      ]),
    ).toEqual([
      { text: 'a', index: 0, tokens: 1 },
      { text: ' ', gap: true },
      { text: 'b', index: 1, tokens: 1 },
    ]);
  });

  it('colours tokens in a terminal and lays Arabic out right to left', () => {
    const arabic = report.samples.find((sample) => sample.language === 'ar')!;
    const whitespace = arabic.segmentations.find((segmentation) => segmentation.name === 'utf8')!;
    const coloured = segmentationLine(whitespace, arabic.text, true, true);
    expect(coloured.startsWith('\u2067')).toBe(true);
    expect(coloured.endsWith('\u2069')).toBe(true);
    expect(coloured).toContain('\x1b[48;5;');
    const plain = segmentationLine(
      arabic.segmentations.find((s) => s.name === 'bpe-400')!,
      arabic.text,
      false,
      false,
    );
    expect(
      plain
        .replace(/[\u200e\u200f]/g, '')
        .split('│')
        .join(''),
    ).toBe(arabic.text);
    expect(plain).not.toContain('\x1b');
  });

  it('shows a tokenizer or package that is missing as a row, not a crash', () => {
    const copy = structuredClone(report);
    copy.languages[0]!.rows.push(
      unavailableRow('made-up', 'classic', '', 'not available: not in the tokenizer registry yet'),
    );
    copy.missing.push('@tokenlab/made-up could not be loaded');
    expect(languageTable(copy.languages[0]!)).toContain(
      'made-up: not available: not in the tokenizer registry yet',
    );
    const page = htmlReport(copy, reportCharts(copy));
    expect(page).toMatch(/<td class="na"[^>]*>not available: not in the tokenizer registry yet<\/td>/);
    expect(page).toContain('@tokenlab/made-up could not be loaded');
    expect(terminalReport(copy, false)).toContain(
      'Not available:\n  - @tokenlab/made-up could not be loaded',
    );
  });

  it('opens with links to every section of the page, and links the numbers and charts beside it', () => {
    const page = htmlReport(report, reportCharts(report));
    const headings = [...page.matchAll(/<h2 id="([^"]+)">([^<]*)<\/h2>/g)].map(([, id, title]) => [
      id,
      title,
    ]);
    const links = [...page.matchAll(/<li><a href="#([^"]+)">([^<]*)<\/a><\/li>/g)].map(([, id, title]) => [
      id,
      title,
    ]);
    expect(headings.length).toBeGreaterThan(4);
    expect(links).toEqual(headings);
    // Every heading of the page's body is linked (the summary's own heading opens the page).
    expect(page.slice(page.indexOf('<main>'))).not.toMatch(/<h2>/);
    expect(page).toContain('<a href="report.json">report.json</a>');
    expect(page).toContain('<a href="charts/">charts/</a>');
  });

  it('parses vocabulary sizes and extra languages, and rejects bad ones', () => {
    expect(parseVocabSizes('1024,512,512')).toEqual([512, 1024]);
    expect(parseVocabSizes('none')).toEqual([]);
    expect(() => parseVocabSizes('100')).toThrow(/'100' is not a vocabulary size/);
    expect(parseTextRequests({ text: ['fr=a.txt'] }).map((r) => r.language)).toEqual(['en', 'ar', 'fr']);
    expect(() => parseTextRequests({ text: ['french.txt'] })).toThrow(/expected LANG=FILE/);
    // A second text for one language was taken over the first, silently.
    expect(() => parseTextRequests({ text: ['fr=a.txt', 'fr=b.txt'] })).toThrow(
      '--text fr=b.txt: fr is already given (--text fr=a.txt); one text per language',
    );
    expect(() => parseTextRequests({ en: 'mine.txt', text: ['en=other.txt'] })).toThrow(
      '--text en=other.txt: en is already given (--en mine.txt); one text per language',
    );
    // Replacing a bundled text with --text stays allowed.
    expect(parseTextRequests({ text: ['en=mine.txt'] })[0]).toEqual({ language: 'en', file: 'mine.txt' });
  });

  it('names a missing, empty or blank input file (every one, in the order given) and an unknown tokenizer', async () => {
    // Faults of the texts, not of the command line: exit code 1 (they were 2).
    const missing = await runCapture(['compare', '--en', join(dir, 'nope.txt'), '--quiet']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read the en text '.*nope.txt' \(ENOENT\)/);
    for (const [name, text, says] of [
      ['empty.txt', '', 'is empty'],
      ['blank.txt', ' \n\t\n', 'holds only white space'],
    ] as const) {
      await writeFile(join(dir, name), text);
      const run = await runCapture(['compare', '--en', join(dir, name), '--quiet']);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`tokenlab compare: the en text '${join(dir, name)}' ${says}\n`);
    }
    const both = await runCapture([
      'compare',
      '--en',
      join(dir, 'empty.txt'),
      '--ar',
      join(dir, 'blank.txt'),
      '--quiet',
    ]);
    expect(both.code).toBe(1);
    expect(both.stderr).toBe(
      `tokenlab compare: the en text '${join(dir, 'empty.txt')}' is empty; the ar text '${join(dir, 'blank.txt')}' holds only white space\n`,
    );
    const unknown = await runCapture(['compare', '--tokenizers', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown tokenizer 'nope'. Available: .*utf8/);
  });

  it('reads a windows-1256 Arabic file with --input-encoding as it reads the same text in UTF-8', async () => {
    // windows-1256's bytes for the characters it has, from its decoder.
    const decoder = new TextDecoder('windows-1256');
    const byteOf = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) byteOf.set(decoder.decode(Uint8Array.of(byte)), byte);
    const lines = (await excerpt('wikinews-ar-plain', 'فيلم', 12))
      .split('\n')
      .filter((line) => [...line].every((char) => byteOf.has(char)));
    expect(lines.length).toBeGreaterThan(5);
    const text = `${lines.join('\n')}\n`;
    const utf8File = join(dir, 'ar-utf8.txt');
    const cp1256File = join(dir, 'ar-1256.txt');
    await writeFile(utf8File, text);
    await writeFile(cp1256File, Uint8Array.from([...text].map((char) => byteOf.get(char)!)));
    const compare = (file: string, ...more: string[]) =>
      runCapture([
        'compare',
        '--en',
        enFile,
        '--ar',
        file,
        '--tokenizers',
        'utf8,whitespace',
        '--vocab-sizes',
        'none',
        '--out',
        join(dir, 'cp1256'),
        '--json',
        ...more,
      ]);
    const expected = JSON.parse((await compare(utf8File)).stdout) as CompareReport;
    const run = await compare(cp1256File, '--input-encoding', 'windows-1256');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as CompareReport;
    const counts = (report: CompareReport) =>
      report.languages[1]!.rows.map((row) => [row.name, row.tokens, row.distinct]);
    expect(counts(json)).toEqual(counts(expected));
    expect(json.languages[1]!.rows.find((row) => row.name === 'utf8')!.tokens).toBe(
      Buffer.byteLength(lines.join('')),
    );
    const undeclared = await compare(cp1256File);
    expect(undeclared.code).toBe(1);
    expect(undeclared.stderr).toMatch(/not valid UTF-8/);
  });

  it('reads a U+FFFD written in a file as text, and names the line and byte of bytes that are not UTF-8', async () => {
    const arFile = join(dir, 'ar-fffd.txt');
    await writeFile(arFile, 'كلمة \uFFFD أخرى\nسطر ثان\n');
    const run = (file: string) =>
      runCapture([
        'compare',
        '--ar',
        file,
        '--tokenizers',
        'whitespace',
        '--vocab-sizes',
        'none',
        '--out',
        join(dir, 'fffd'),
        '--json',
      ]);
    const accepted = await run(arFile);
    expect(accepted.code).toBe(0);
    const report = JSON.parse(accepted.stdout) as CompareReport;
    const arabic = report.languages.find((language) => language.language === 'ar')!;
    expect(arabic.rows.find((row) => row.name === 'whitespace')!.tokens).toBe(5);
    const badFile = join(dir, 'ar-bad.txt');
    await writeFile(
      badFile,
      Buffer.concat([Buffer.from('سطر\nكلمة '), Buffer.from([0xd9]), Buffer.from('\n')]),
    );
    const refused = await run(badFile);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not valid UTF-8 \(line 2, byte 16\)/);
  });

  it('draws progress bars on a terminal only', async () => {
    const argv = ['--en', enFile, '--ar', arFile, '--tokenizers', 'utf8,bpe', '--vocab-sizes', '300'];
    const tty = { ...silentIO(), isTTY: true };
    const err: Buffer[] = [];
    tty.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    await runCompare([...argv, '--out', join(dir, 'tty')], tty);
    expect(Buffer.concat(err).toString()).toMatch(/\r\x1b\[2Ktraining BPE on English +█*░* +\d+%/);
    const quiet = { ...silentIO(), isTTY: true };
    const quietErr: Buffer[] = [];
    quiet.stderr.on('data', (chunk: Buffer) => quietErr.push(chunk));
    await runCompare([...argv, '--out', join(dir, 'quiet'), '--quiet'], quiet);
    expect(Buffer.concat(quietErr).toString()).toBe('');
  });

  it('prints the same numbers as JSON with --json', async () => {
    const run = await runCapture([
      'compare',
      '--en',
      enFile,
      '--ar',
      arFile,
      '--tokenizers',
      'utf8,chars',
      '--vocab-sizes',
      'none',
      '--out',
      join(dir, 'json'),
      '--json',
    ]);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as CompareReport;
    expect(json.languages.map((section) => section.language)).toEqual(['en', 'ar']);
    const utf8 = json.languages[0]!.rows.find((row) => row.name === 'utf8')!;
    const mine = report.languages[0]!.rows.find((row) => row.name === 'utf8')!;
    expect(utf8.tokens).toBe(mine.tokens);
    expect(run.stderr).toContain('report.html');
    expect(JSON.parse(await readFile(join(dir, 'json', 'report.json'), 'utf8'))).toEqual(json);
  });

  it('says n/a with the reason on texts too small for a measure, and warns on stderr', async () => {
    const small = join(dir, 'small');
    const en = join(dir, 'small-en.txt');
    const ar = join(dir, 'small-ar.txt');
    await writeFile(en, await excerpt('taylorswift', 'Taylor Alison Swift', 4));
    await writeFile(ar, await excerpt('wikinews-ar-plain', 'فيلم', 4));
    const { run, json } = await compareJson(
      en,
      ar,
      'whitespace,utf8,cl100k_base,o200k_base,bpe',
      '2048,4096,8192',
      small,
    );
    const english = json.languages[0]!;
    const whitespace = english.rows.find((row) => row.name === 'whitespace')!;
    expect(whitespace.oov?.notComputed).toMatch(/no held-out lines: the text has 4 lines/);
    expect(run.stderr).toMatch(/warning: en: OOV rate and BPE compression n\/a: 4 lines.*at least 10 lines/);
    // Training ran out of pairs: one row, named by the size reached, instead of three equal ones.
    const reached = json.bpe.exhausted.en!;
    expect(reached).toBeLessThan(2048);
    expect(english.rows.filter((row) => row.family === 'bpe').map((row) => row.name)).toEqual([
      `bpe-${reached}`,
    ]);
    expect(json.bpe.notReached.en).toEqual([2048, 4096, 8192]);
    expect(run.stderr).toContain(`warning: en: BPE training ran out of pairs at ${reached} tokens`);
    // No compression point on text that does not exist.
    expect(json.bpe.points).toEqual([]);
    expect(run.stderr).toMatch(/Zipf slope n\/a .* at least 1000 needed/);
    const markdown = await readFile(join(small, 'report.md'), 'utf8');
    expect(markdown).toMatch(/\| whitespace \|.*\| n\/a \|/);
    // The summary states the GPT ratio computed from this run's own numbers.
    const cl100k = json.ratios[0]!.rows.find((row) => row.name === 'cl100k_base')!;
    expect(json.findings[0]!.text).toContain(`Arabic takes ${cl100k.parallelRatio!.toFixed(1)}×`);
    expect(json.findings[0]!.value).toBe(cl100k.parallelRatio);
  });

  it('times a text on one line, or one enormous word, on its start only', async () => {
    const out = join(dir, 'one-long-line');
    const en = join(dir, 'long-line-en.txt');
    const ar = join(dir, 'long-word-ar.txt');
    await writeFile(en, `${'the cat sat on the mat '.repeat(20_000)}\n`);
    await writeFile(ar, 'ب'.repeat(300_000));
    const { json } = await compareJson(en, ar, 'whitespace,utf8,cl100k_base', 'none', out);
    for (const language of json.languages.slice(0, 2))
      for (const row of language.rows) {
        // The passes timed about SPEED_SLICE units of each text (its bytes: a letter is two), not all of it.
        expect(row.speedBytes).toBeGreaterThan(SPEED_SLICE - 1000);
        expect(row.speedBytes).toBeLessThanOrEqual(2 * SPEED_SLICE);
        expect(row.tokens).toBeGreaterThan(0);
      }
    // The counts are of the whole texts.
    expect(json.languages[0]!.rows.find((row) => row.name === 'whitespace')!.tokens).toBe(120_000);
    expect(json.languages[1]!.rows.find((row) => row.name === 'utf8')!.tokens).toBe(600_000);
  });

  it('cuts a long document for timing at a space, and never inside a surrogate pair', () => {
    expect(startOf('one two three', 100)).toBe('one two three');
    expect(startOf('one two three', 9)).toBe('one two ');
    expect(startOf('x'.repeat(5000), 10)).toBe('x'.repeat(10));
    const emoji = '😀'.repeat(10);
    expect(startOf(emoji, 5)).toBe('😀😀');
    expect(startOf(emoji, 1)).toBe('😀');
    expect(startOf(emoji, 0)).toBe('😀');
  });

  it('counts one line, word and sentence in the singular', async () => {
    const out = join(dir, 'one-line');
    const en = join(dir, 'one-en.txt');
    const ar = join(dir, 'one-ar.txt');
    await writeFile(en, 'Hello.\n');
    await writeFile(ar, 'مرحبا.\n');
    const run = await runCapture([
      'compare',
      '--en',
      en,
      '--ar',
      ar,
      '--tokenizers',
      'whitespace',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('en: OOV rate and BPE compression n/a: 1 line, so no line is held out');
    const markdown = await readFile(join(out, 'report.md'), 'utf8');
    expect(markdown).toContain('6 characters, 6 bytes, 1 word, 1 sentence, 1 line (every 10th line');
    expect(markdown).toContain('6 characters, 11 bytes, 1 word, 1 sentence, 1 line (every 10th line');
    expect(await readFile(join(out, 'report.html'), 'utf8')).toContain(
      '6 characters · 6 bytes · 1 word · 1 sentence · 1 line (',
    );
    const json = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as CompareReport;
    expect(json.languages[0]!.rows[0]!.oov?.notComputed).toContain('the text has 1 line and');
  });

  it("fits Zipf's slope from the data", () => {
    const words = report.languages[0]!.stats.zipf[0]!;
    expect(words.slope === undefined ? words.slopeNote : words.slope).toBeDefined();
    // A perfect 1/rank list has slope −1; a flat one 0.
    expect(zipfSlope(Array.from({ length: 100 }, (_, i) => 1000 / (i + 1)))).toBeCloseTo(-1, 10);
    expect(zipfSlope(Array.from({ length: 100 }, () => 7))).toBeCloseTo(0, 10);
    expect(zipfSlope([5, 4, 3])).toBeUndefined();
  });

  it('keeps raw sample text out of Markdown syntax and HTML', async () => {
    const fr = join(dir, 'fr.txt');
    await writeFile(fr, '<svg onload=alert(1)> une phrase **grasse** et [un lien](http://x) ici\n');
    const out = join(dir, 'escape');
    const run = await runCapture([
      'compare',
      '--text',
      `fr=${fr}`,
      '--tokenizers',
      'whitespace',
      '--vocab-sizes',
      'none',
      '--out',
      out,
      '-q',
    ]);
    expect(run.code).toBe(0);
    const markdown = await readFile(join(out, 'report.md'), 'utf8');
    expect(markdown).not.toContain('<svg');
    expect(markdown).not.toContain('**grasse**');
    expect(markdown).not.toContain('[un lien]');
    expect(markdown).toContain('&#60;svg onload=alert(1)&#62;');
    expect(markdown).not.toMatch(/^#+ .*svg/m);
  });

  it('reorders Arabic samples for terminals without bidi with --bidi visual', () => {
    const arabic = report.samples.find((sample) => sample.language === 'ar')!;
    const utf8 = arabic.segmentations.find((segmentation) => segmentation.name === 'whitespace')!;
    const visual = segmentationLine(utf8, arabic.text, true, false, 'visual');
    expect(visual).not.toContain('\u2067');
    // Whitespace tokens are words: the visual line is the words of the sentence, last first.
    const words = arabic.text.split(/\s+/);
    expect(visual.split('│')[0]).toBe(visualLine(words.at(-1)!, 'rtl'));
    expect(() => parseBidiOption('sideways')).toThrow(/--bidi: 'sideways' is not a mode/);
  });
});
