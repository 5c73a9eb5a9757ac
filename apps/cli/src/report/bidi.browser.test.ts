import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RegexTokenizer } from '@tokenlab/bpe';
import { CodePointTokenizer, type Tokenizer, Utf8ByteTokenizer, visualClusters } from '@tokenlab/core';
import { loadCorpus } from '@tokenlab/corpora';
import { getEncoding } from '@tokenlab/gpt';
import { browserTestsRun, CHROMIUM_LAUNCH, repoRoot } from '@tokenlab/test-support';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinTokens } from './bidi-display.js';
import { segmentsHtml } from './html.js';
import { segmentsOf } from './samples.js';
import { escapeXml } from './svg.js';

// Under CI a missing Chromium is a failure (the launch below throws), never a skip.
const runBrowser = browserTestsRun('the report samples');

/** Arabic lines mixing Western and Arabic-Indic digits, Latin words, brackets, %, dates and a URL. */
const LINES = [
  'حصل على جائزة في 16 فبراير 2014 في لندن.',
  'العدد ٣٤٥ و 2024',
  'ارتفعت الأسعار بنسبة 12.5% في عام 2023 (مقارنة بـ 8%).',
  'قال إن GPT-4 و Llama 2 نموذجان [انظر الفصل 3].',
  'التاريخ: 23/11/2026 الساعة 14:30',
  'زوروا https://example.com/ar?page=12 للمزيد',
  'سعره ١٢٫٥٠ دولار أو 3,000 ريال',
  'رقم الهاتف +966-11-555-1234 (مكتب 7)',
  'بين 12 34 و ٥ ٦ (Unicode 14.0)',
];

const ARABIC_LETTER = /(?=\p{Script=Arabic})\p{L}/u;

/** Characters whose place the test checks: all but whitespace and letters inside an Arabic word. */
function checkedIndices(text: string): number[] {
  const chars = [...text].filter((char) => !/\s/u.test(char));
  return chars.flatMap((char, index) => {
    const arabicLetter = ARABIC_LETTER.test(char);
    const startsWord = index === 0 || !ARABIC_LETTER.test(chars[index - 1]!);
    return !arabicLetter || startsWord ? [index] : [];
  });
}

/** In the page: the non-whitespace characters of `selector` (separators and marks skipped), left to right. */
function visualIndices(selector: string): Promise<number[][]> {
  return page.$$eval(selector, (elements) =>
    elements.map((element) => {
      // The DOM types are not in this package's lib: the page gives plain objects.
      // biome-ignore lint/suspicious/noExplicitAny: DOM nodes in the page.
      const doc = (element as any).ownerDocument;
      const walker = doc.createTreeWalker(element, 4);
      const found: { index: number; x: number }[] = [];
      let index = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let at = 0; at < text.length; at++) {
          const code = text.charCodeAt(at);
          if (code >= 0xdc00 && code <= 0xdfff) continue;
          const char = String.fromCodePoint(text.codePointAt(at) ?? 0);
          if (/[\s│↵\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.test(char)) continue;
          const range = doc.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + char.length);
          const rect = range.getBoundingClientRect();
          found.push({ index: index++, x: rect.left + rect.width / 2 });
        }
      }
      return found.sort((a, b) => a.x - b.x || a.index - b.index).map((item) => item.index);
    }),
  );
}

let browser: Browser;
let page: Page;
const tokenizers: { name: string; tokenizer: Tokenizer }[] = [];

beforeAll(async () => {
  if (!runBrowser) return;
  const bpe = new RegexTokenizer('gpt4');
  // A small Arabic BPE, as the report trains one: it cuts numbers and words into several tokens.
  bpe.train((await loadCorpus('wikinews-ar-plain')).slice(0, 40_000), 400);
  tokenizers.push(
    { name: 'codepoints', tokenizer: new CodePointTokenizer() },
    { name: 'utf8', tokenizer: new Utf8ByteTokenizer() },
    { name: 'bpe-400', tokenizer: bpe },
    { name: 'cl100k_base', tokenizer: await getEncoding('cl100k_base') },
  );
  browser = await chromium.launch(CHROMIUM_LAUNCH);
  page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!runBrowser)('token boxes of Arabic lines in Chromium', () => {
  it('show digits, Latin words and punctuation where the plain line shows them', async () => {
    const style =
      '<style>body{font:16px "DejaVu Sans",sans-serif;white-space:nowrap} .tok{background:#cfe3f7;margin:0 1px;padding:1px 0}' +
      '.tok:nth-child(2n){background:#fbe0b9} div{margin:4px 0}</style>';
    const blocks = LINES.map((line, lineIndex) => {
      const rows = tokenizers.map(({ name, tokenizer }) => {
        const segments = segmentsOf(line, tokenizer.tokenize(line));
        const html = segmentsHtml(segments);
        return (
          `<div class="boxes" data-line="${lineIndex}" data-name="${name}" dir="rtl">${html}</div>` +
          `<ul><li class="md" data-line="${lineIndex}"><strong>${name}</strong>: <bdi dir="rtl"><code>${escapeXml(
            joinTokens(line, segments, 'rtl'),
          )}</code></bdi></li></ul>`
        );
      });
      return `<div class="plain" data-line="${lineIndex}" dir="rtl">${escapeXml(line)}</div>${rows.join('')}`;
    });
    await page.setContent(`<!doctype html><meta charset="utf-8">${style}<body>${blocks.join('<hr>')}</body>`);

    const plain = await visualIndices('.plain');
    const boxes = await visualIndices('.boxes');
    const markdown = await visualIndices('.md bdi');
    LINES.forEach((line, lineIndex) => {
      const checked = new Set(checkedIndices(line));
      const keep = (order: number[]) => order.filter((index) => checked.has(index));
      const expected = keep(plain[lineIndex]!);
      const chars = [...line].filter((char) => !/\s/u.test(char));
      const digitsOf = (order: number[]) =>
        order.filter((index) => /\p{Nd}/u.test(chars[index]!)).map((index) => chars[index]);
      tokenizers.forEach(({ name }, t) => {
        const row = lineIndex * tokenizers.length + t;
        const label = `${name} on ${line}`;
        expect(digitsOf(boxes[row]!), label).toEqual(digitsOf(plain[lineIndex]!));
        expect(keep(boxes[row]!), label).toEqual(expected);
        expect(keep(markdown[row]!), `Markdown, ${label}`).toEqual(expected);
      });
      // The terminal helper's visual order agrees with Chromium's.
      const logical: number[] = [];
      let k = 0;
      for (const char of line) logical.push(/\s/u.test(char) ? -1 : k++);
      const offsets = new Map<number, number>();
      let offset = 0;
      [...line].forEach((char, i) => {
        offsets.set(offset, logical[i]!);
        offset += char.length;
      });
      const helper = visualClusters(line, 'rtl')
        .map((cluster) => offsets.get(cluster.start)!)
        .filter((index) => index >= 0);
      expect(keep(helper), `visual order of ${line}`).toEqual(expected);
    });
    const artifacts = join(repoRoot, 'artifacts');
    await mkdir(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'report-bidi-samples.png'), fullPage: true });
  });
});
