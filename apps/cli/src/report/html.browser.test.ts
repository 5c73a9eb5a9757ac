import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { loadCorpus } from '@tokenlab/corpora';
import { browserTestsRun, CHROMIUM_LAUNCH, repoRoot } from '@tokenlab/test-support';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { runCompare } from '../commands/compare.js';
import { textDocuments } from './inputs.js';

// Under CI (.ci/run installs Chromium) a missing browser fails the run: the launch throws.
const runBrowser = browserTestsRun('the compare report');
/** Screenshots of the report, kept for a person to look at (the folder is gitignored). */
const ARTIFACTS = join(repoRoot, 'artifacts');

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function excerpt(id: string, count: number): Promise<string> {
  return `${textDocuments(await loadCorpus(id))
    .slice(10, 10 + count)
    .join('\n')}\n`;
}

function quietIO() {
  return { stdin: Readable.from([]), stdout: new PassThrough(), stderr: new PassThrough(), isTTY: false };
}

/** The report of a run on two small files of `lines` lines each. */
async function smallRun(lines: number, vocabSizes: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tokenlab-html-'));
  dirs.push(dir);
  await writeFile(join(dir, 'en.txt'), await excerpt('taylorswift', lines));
  await writeFile(join(dir, 'ar.txt'), await excerpt('wikinews-ar-plain', lines));
  const run = await runCompare(
    [
      '--en',
      join(dir, 'en.txt'),
      '--ar',
      join(dir, 'ar.txt'),
      '--vocab-sizes',
      vocabSizes,
      '--out',
      dir,
      '-q',
    ],
    quietIO(),
  );
  expect(run.code).toBe(0);
  return run.files!.html;
}

/** Opens `html` at `width` px and checks that nothing makes the page wider than the screen. */
async function checkPhone(html: string, width: number, screenshot: string): Promise<void> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage({ viewport: { width, height: 800 }, deviceScaleFactor: 1 });
    await page.goto(pathToFileURL(html).href, { waitUntil: 'load' });
    const layout = await page.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: DOM globals in the page.
      const g = globalThis as any;
      const cells = [...g.document.querySelectorAll('td.seg[dir="rtl"]')].map((cell) => {
        const box = cell.getBoundingClientRect();
        return { left: box.left, right: box.right };
      });
      // Headers of the sample tables break between words only: one line each here ("tokens" whole).
      const headers = [...g.document.querySelectorAll('table.samples th')].map((th) => {
        const range = g.document.createRange();
        range.selectNodeContents(th);
        const tops = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
        return { text: th.textContent, lines: tops.size };
      });
      // Chart labels keep their drawn size (11 px), the chart scrolling in its own box.
      const labels = [...g.document.querySelectorAll('figure svg text')].map(
        (text) => text.getBoundingClientRect().height,
      );
      return {
        scrollWidth: g.document.documentElement.scrollWidth,
        innerWidth: g.innerWidth,
        cells,
        headers,
        labels,
      };
    });
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
    for (const header of layout.headers.filter((h: { text: string }) => h.text === 'tokens'))
      expect(header.lines, 'the "tokens" header').toBe(1);
    expect(layout.labels.length).toBeGreaterThan(0);
    expect(Math.min(...layout.labels)).toBeGreaterThanOrEqual(10);
    // An Arabic cell starts on its right: that edge must be on the screen.
    expect(layout.cells.length).toBeGreaterThan(0);
    for (const cell of layout.cells) {
      expect(cell.right).toBeLessThanOrEqual(layout.innerWidth);
      expect(cell.left).toBeGreaterThanOrEqual(0);
    }
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, screenshot), fullPage: true });
  } finally {
    await browser.close();
  }
}

describe.skipIf(!runBrowser)('the compare report in a browser', () => {
  it('fits a 390 px phone screen: no page overflow, wide tables scroll in their box, Arabic cells show their start', async () => {
    const html = await smallRun(60, '300,400,600');
    await checkPhone(html, 390, 'compare-report-390px.png');
    await checkPhone(html, 360, 'compare-report-360px.png');
  });

  it('shows every column of its tables on a 1280 px screen, stacking the languages rather than cutting columns off', async () => {
    const html = await smallRun(60, '300,400,600');
    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    try {
      for (const width of [1280, 1440, 1920]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await page.goto(pathToFileURL(html).href, { waitUntil: 'load' });
        const clipped = await page.$$eval('.scroll', (boxes) =>
          boxes
            .filter((box) => box.scrollWidth > box.clientWidth)
            .map(
              (box) =>
                `${box.querySelector('table')?.className}: ${box.scrollWidth} px in ${box.clientWidth}`,
            ),
        );
        expect(clipped, `${width} px`).toEqual([]);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });

  it('shows a small own-file run with n/a where a measure cannot be computed', async () => {
    const html = await smallRun(6, '512,1024,4096');
    const page = await readFile(html, 'utf8');
    expect(page).toContain('no held-out lines');
    expect(page).not.toMatch(/>bpe-(1024|4096)<\/td>/);
    await checkPhone(html, 390, 'compare-report-small-run-390px.png');
    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    try {
      const desktop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await desktop.goto(pathToFileURL(html).href, { waitUntil: 'load' });
      await mkdir(ARTIFACTS, { recursive: true });
      await desktop.screenshot({ path: join(ARTIFACTS, 'compare-report-small-run.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  });

  it('renders every chart, logs no errors, and shows Arabic right to left beside English', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tokenlab-html-'));
    dirs.push(dir);
    await writeFile(join(dir, 'en.txt'), await excerpt('taylorswift', 60));
    await writeFile(join(dir, 'ar.txt'), await excerpt('wikinews-ar-plain', 60));
    const io = {
      stdin: Readable.from([]),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      isTTY: false,
    };
    const run = await runCompare(
      [
        '--en',
        join(dir, 'en.txt'),
        '--ar',
        join(dir, 'ar.txt'),
        '--vocab-sizes',
        '300,400,600',
        '--out',
        dir,
        '-q',
      ],
      io,
    );
    expect(run.code).toBe(0);

    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const requests: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith('file:')) requests.push(request.url());
      });
      await page.goto(pathToFileURL(run.files!.html).href, { waitUntil: 'load' });

      const charts = await page.$$eval('figure[data-chart]', (figures) =>
        figures.map((figure) => {
          const svg = figure.querySelector('svg');
          const box = svg?.getBoundingClientRect();
          return {
            id: figure.getAttribute('data-chart'),
            width: box?.width ?? 0,
            height: box?.height ?? 0,
            marks: svg ? svg.querySelectorAll('.mark').length : 0,
            drawn: svg
              ? [...svg.querySelectorAll('.mark')].filter((m) => m.getBoundingClientRect().width > 0).length
              : 0,
          };
        }),
      );
      const ids = charts.map((chart) => chart.id);
      expect(ids).toEqual(
        expect.arrayContaining([
          'bpe-compression',
          'ratio-ar',
          'zipf-en',
          'zipf-ar',
          'collocations-en',
          'collocations-ar',
          'sentences-en',
          'sentences-ar',
        ]),
      );
      for (const chart of charts) {
        expect(chart.width, chart.id!).toBeGreaterThan(100);
        expect(chart.height, chart.id!).toBeGreaterThan(50);
        // Statistics need @tokenlab/stats; every other chart must draw marks.
        if (!chart.id!.startsWith('zipf') && !chart.id!.startsWith('collocations'))
          expect(chart.drawn, chart.id!).toBeGreaterThan(0);
      }

      // English and Arabic tables sit side by side, and the Arabic sample reads right to left.
      const blocks = await page.$$eval('.lang-block', (elements) =>
        elements.map((element) => ({
          lang: element.getAttribute('lang'),
          ...element.getBoundingClientRect().toJSON(),
        })),
      );
      expect(blocks.map((block) => block.lang)).toEqual(['en', 'ar']);
      expect(blocks[1]!.x).toBeGreaterThan(blocks[0]!.x);
      expect(Math.abs(blocks[1]!.y - blocks[0]!.y)).toBeLessThan(5);
      const arabic = await page.$eval('td.seg[dir="rtl"]', (cell) => {
        type Styles = { getComputedStyle(element: unknown): { direction: string; unicodeBidi: string } };
        const style = (globalThis as unknown as Styles).getComputedStyle(cell);
        return { direction: style.direction, bidi: style.unicodeBidi };
      });
      expect(arabic).toEqual({ direction: 'rtl', bidi: 'isolate' });

      // Arabic words cut by the BPEs keep their joined shapes: a joiner is drawn on each side of every
      // cut inside a joined word (joining.browser.test.ts checks the cuts and the copied text).
      const arabicSamples = page.locator('table.samples[data-language="ar"]');
      const joins = await arabicSamples.locator('tbody tr').evaluateAll((rows) =>
        rows.map((row) => ({
          name: row.querySelector('td.name')?.textContent ?? '',
          starts: row.querySelectorAll('.join-start').length,
          ends: row.querySelectorAll('.join-end').length,
        })),
      );
      const bpeRows = joins.filter((row) => row.name.startsWith('bpe'));
      expect(bpeRows.length).toBeGreaterThan(0);
      for (const row of bpeRows) {
        expect(row.starts, row.name).toBeGreaterThan(0);
        expect(row.ends, row.name).toBe(row.starts);
      }
      expect(joins.find((row) => row.name === 'text')?.starts).toBe(0);
      await mkdir(ARTIFACTS, { recursive: true });
      await arabicSamples.screenshot({ path: join(ARTIFACTS, 'compare-report-arabic-samples.png') });

      expect(problems).toEqual([]);
      expect(requests).toEqual([]);
      await mkdir(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'compare-report-desktop.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
