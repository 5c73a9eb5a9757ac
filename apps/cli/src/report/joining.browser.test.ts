import { browserTestsRun, CHROMIUM_LAUNCH } from '@tokenlab/test-support';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlReportStyle, segmentsHtml } from './html.js';
import type { SampleSegment } from './model.js';

// Under CI a missing Chromium is a failure (the launch below throws), never a skip.
const runBrowser = browserTestsRun('the report samples');

/** 'كتب الدار والقلم' cut inside its words, as a small BPE cuts Arabic. */
const TEXT = 'كتب الدار والقلم';
const PIECES = ['ك', 'تب', ' ', 'ال', 'دا', 'ر', ' ', 'و', 'الق', 'لم'];
/** Per piece: [joiner drawn at its start, joiner drawn at its end], worked out by hand. */
const EXPECTED: [boolean, boolean][] = [
  [false, true], // ك joins ت
  [true, false],
  [false, false], // a gap
  [false, true], // ل joins د
  [true, false], // ا never joins what follows
  [false, false],
  [false, false],
  [false, false], // و never joins what follows
  [false, true], // ق joins ل
  [true, false],
];

function segments(): SampleSegment[] {
  let index = 0;
  return PIECES.map((text) => (text === ' ' ? { text, gap: true } : { text, index: index++, tokens: 1 }));
}

const PAGE = 'http://localhost/samples.html';
/** The page the next `show` serves. */
let html = '';

async function show(body: string): Promise<void> {
  html = `<!doctype html><meta charset="utf-8"><style>${htmlReportStyle()}</style>${body}`;
  await page.goto(PAGE);
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!runBrowser) return;
  browser = await chromium.launch(CHROMIUM_LAUNCH);
  // Served from http://localhost (a secure context) so that the test may read the clipboard.
  const context = await browser.newContext({ viewport: { width: 800, height: 400 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: PAGE });
  page = await context.newPage();
  await page.route(PAGE, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!runBrowser)('Arabic letters cut into token boxes, in Chromium', () => {
  it('draws a zero-width joiner on each side of a cut inside a joined word, and copies the original text', async () => {
    expect(PIECES.join('')).toBe(TEXT);
    await show(
      `<p class="seg" dir="rtl" lang="ar" style="font:32px 'DejaVu Sans',sans-serif">${segmentsHtml(segments())}</p>`,
    );
    const drawn = await page.$$eval('p.seg > span', (spans) => {
      // biome-ignore lint/suspicious/noExplicitAny: DOM globals in the page.
      const view = (spans[0] as any).ownerDocument.defaultView;
      return spans.map((span) => [
        view.getComputedStyle(span, '::before').content,
        view.getComputedStyle(span, '::after').content,
      ]);
    });
    const joiner = '"\u200d"';
    expect(drawn).toEqual(EXPECTED.map(([start, end]) => [start ? joiner : 'none', end ? joiner : 'none']));

    // The joiners are drawn, not text: the paragraph's text, the selection and what Ctrl+C puts on
    // the clipboard are the sentence itself.
    const selected = await page.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: DOM globals in the page.
      const g = globalThis as any;
      const paragraph = g.document.querySelector('p.seg');
      const range = g.document.createRange();
      range.selectNodeContents(paragraph);
      const selection = g.document.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      return { text: paragraph.textContent, selected: selection.toString() };
    });
    await page.keyboard.press('Control+C');
    type Clipboard = { navigator: { clipboard: { readText(): Promise<string> } } };
    const data = await page.evaluate(() =>
      (globalThis as unknown as Clipboard).navigator.clipboard.readText(),
    );
    const copied = { ...selected, data };
    expect(copied).toEqual({ text: TEXT, selected: TEXT, data: TEXT });
  });
});
