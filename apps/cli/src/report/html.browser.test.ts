import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { loadCorpus } from '@tokenlab/corpora';
import { repoRoot } from '@tokenlab/test-support';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { runCompare } from '../commands/compare.js';
import { textDocuments } from './inputs.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium)
  console.warn(`skipping the browser test of the compare report: ${CHROMIUM} is not installed`);

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function excerpt(id: string, count: number): Promise<string> {
  return `${textDocuments(await loadCorpus(id))
    .slice(10, 10 + count)
    .join('\n')}\n`;
}

describe.skipIf(!hasChromium)('the compare report in a browser', () => {
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

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    });
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

      expect(problems).toEqual([]);
      expect(requests).toEqual([]);
      const artifacts = join(repoRoot, 'artifacts');
      await mkdir(artifacts, { recursive: true });
      await page.screenshot({ path: join(artifacts, 'compare-report.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
