import { join } from 'node:path';
import { loadCorpus } from '@tokenlab/corpora';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { WHITESPACE_GLYPHS } from '../src/glyphs.js';
import { encodeState } from '../src/share.js';
import { ARTIFACTS, describeInBrowser, drawAllLines } from './browser.js';

/** Arabic lines with Western and Arabic-Indic digits, Latin words, brackets, %, dates and a URL. */
const MIXED_LINES = [
  'حصل على جائزة في 16 فبراير 2014 في لندن.',
  'العدد ٣٤٥ و 2024',
  'ارتفعت الأسعار 12.5% في عام 2023 (مقارنة بـ 2022).',
  'التاريخ 2024-03-15 والساعة 10:45',
  'زر الموقع https://example.com/p?id=42 للمزيد',
  'قال: "Python 3.12 أسرع" [المرجع 7]',
  'الهاتف +966 50 123 4567',
  '١٢٣٤٥ كيلومتر و ٦٧٨٩ متر',
];

/**
 * The most elements the page may hold with 8 columns, whatever the size of the text: each column
 * draws about a screen and a half of text (the 8,000 allow for a column per character).
 */
const MAX_ELEMENTS = 8000;

/** Tokenizers that cut numbers into several tokens (and two that keep them whole). */
const DIGIT_CUTTERS = [
  'codepoints',
  'utf8',
  'chars',
  'bpe-regex-ar',
  'bpe-regex-en',
  'r50k_base',
  'cl100k_base',
  'o200k_base',
  'wordpunct',
  'arabic',
];

/**
 * For each drawn line matching `selector`, the x centres (and rows) of its digits, or of all its
 * visible characters, in text order; whitespace glyphs and ids are left out.
 */
async function positions(
  page: Page,
  selector: string,
  which: 'digits' | 'visible',
): Promise<Array<Array<{ x: number; top: number }>>> {
  return page.$$eval(
    selector,
    (lines, which) =>
      lines.map((line) => {
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT, {
          acceptNode: (node) =>
            node.parentElement?.closest('.ws, .ws-only, .id-layer')
              ? NodeFilter.FILTER_REJECT
              : NodeFilter.FILTER_ACCEPT,
        });
        const wanted = which === 'digits' ? /\p{Nd}/u : /[^\s\u200b]/u;
        const found: Array<{ x: number; top: number }> = [];
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          for (let i = 0; i < node.data.length; i++) {
            if (!wanted.test(node.data[i]!)) continue;
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getBoundingClientRect();
            found.push({ x: rect.left + rect.width / 2, top: Math.round(rect.top) });
          }
        }
        return found;
      }),
    which,
  );
}

/**
 * The characters the columns' fonts draw as a missing glyph: each is drawn on a canvas in the
 * column's font and compared with a code point no font draws.
 */
function missingGlyphs(page: Page, characters: string[]): Promise<string[]> {
  return page.evaluate((characters) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.font = `32px ${getComputedStyle(document.querySelector('.column .drawn')!).fontFamily}`;
    const pixels = (character: string) => {
      context.clearRect(0, 0, 64, 64);
      context.fillText(character, 16, 44);
      return context.getImageData(0, 0, 64, 64).data.join();
    };
    const missing = pixels('\u{10fffd}');
    return characters.filter((character) => pixels(character) === missing);
  }, characters);
}

/** The text-order indices of the items, sorted from left to right on screen. */
function leftToRight(items: ReadonlyArray<{ x: number }>): number[] {
  return items
    .map((item, index) => ({ x: item.x, index }))
    .sort((a, b) => a.x - b.x)
    .map((item) => item.index);
}

describeInBrowser('what the playground shows, in headless Chromium', (playground) => {
  for (const ids of [false, true]) {
    it(`shows digits in Arabic lines in the order of the plain line, in every column${ids ? ', ids shown' : ''}`, async () => {
      const text = MIXED_LINES.join('\n');
      const page = await playground().openPage(await encodeState({ text, tokenizers: DIGIT_CUTTERS, ids }), {
        width: 1400,
        height: 2000,
      });
      // One column per row, wide enough that no line wraps: left-to-right order is then well defined.
      await page.addStyleTag({
        content:
          'section.columns { grid-template-columns: 1fr !important } .tokens { max-height: none !important }',
      });
      // The plain lines, as the text box would show them, drawn in the same font.
      await page.evaluate((lines) => {
        const box = document.createElement('div');
        box.className = 'tokens plain';
        for (const line of lines) {
          const div = document.createElement('div');
          div.className = 'line';
          div.dir = 'auto';
          div.textContent = line;
          box.append(div);
        }
        document.body.prepend(box);
      }, MIXED_LINES);
      const plain = await positions(page, '.plain .line', 'digits');
      // Not only digits: every visible character (Latin words, brackets, %, the URL) sits in the
      // column where it sits in the plain line.
      const plainVisible = await positions(page, '.plain .line', 'visible');
      expect(plain.map((line) => line.length)).toEqual(
        MIXED_LINES.map((line) => line.match(/\p{Nd}/gu)!.length),
      );
      for (const id of DIGIT_CUTTERS) {
        const shown = await positions(page, `.column[data-tokenizer="${id}"] .line`, 'digits');
        expect(shown.length, id).toBe(MIXED_LINES.length);
        shown.forEach((line, n) => {
          expect(new Set(line.map((digit) => digit.top)).size, `${id}, line ${n + 1} on one row`).toBe(1);
          expect(leftToRight(line), `${id}: ${MIXED_LINES[n]}`).toEqual(leftToRight(plain[n]!));
        });
        const visible = await positions(page, `.column[data-tokenizer="${id}"] .line`, 'visible');
        visible.forEach((line, n) => {
          expect(leftToRight(line), `${id}, every character: ${MIXED_LINES[n]}`).toEqual(
            leftToRight(plainVisible[n]!),
          );
        });
        // And the boxes of the tokens made of digits only are in the order of their digits on screen.
        const boxes = await page.$$eval(`.column[data-tokenizer="${id}"] .line`, (lines) =>
          lines.map((line) => {
            let digitIndex = 0;
            const found: Array<{ x: number; firstDigit: number }> = [];
            for (const piece of line.querySelectorAll<HTMLElement>('.piece')) {
              const own = [...piece.childNodes]
                .filter((child) => !(child as Element).classList?.contains('id'))
                .map((child) => child.textContent)
                .join('');
              const digits = own.match(/\p{Nd}/gu)?.length ?? 0;
              if (/^\p{Nd}+$/u.test(own)) {
                const rect = piece.getBoundingClientRect();
                found.push({ x: rect.left + rect.width / 2, firstDigit: digitIndex });
              }
              digitIndex += digits;
            }
            return found;
          }),
        );
        boxes.forEach((line, n) => {
          const byBox = leftToRight(line).map((i) => line[i]!.firstDigit);
          const byPlain = [...line]
            .sort((a, b) => plain[n]![a.firstDigit]!.x - plain[n]![b.firstDigit]!.x)
            .map((box) => box.firstDigit);
          expect(byBox, `${id} boxes: ${MIXED_LINES[n]}`).toEqual(byPlain);
        });
      }
      await drawAllLines(page);
      await page
        .locator('section.columns')
        .screenshot({ path: join(ARTIFACTS, `arabic-numbers${ids ? '-ids' : ''}.png`) });
      await page.close();
    });
  }

  it('never wraps a line inside a number cut into several tokens, in narrow columns', async () => {
    const text = MIXED_LINES.join('\n');
    // Three columns to a row at 1280 px: most of the mixed lines wrap, and may wrap only between words.
    const page = await playground().openPage(
      await encodeState({ text, tokenizers: DIGIT_CUTTERS, ids: false }),
      {
        width: 1280,
        height: 2000,
      },
    );
    await page.addStyleTag({ content: '.tokens { max-height: none !important }' });
    let wrapped = 0;
    for (const id of DIGIT_CUTTERS) {
      const shown = await positions(page, `.column[data-tokenizer="${id}"] .line`, 'digits');
      shown.forEach((digits, n) => {
        if (new Set(digits.map((digit) => digit.top)).size > 1) wrapped++;
        let index = 0;
        for (const run of MIXED_LINES[n]!.match(/\p{Nd}+/gu)!) {
          const rows = new Set(digits.slice(index, index + run.length).map((digit) => digit.top));
          expect(rows.size, `${id}: "${run}" of ${MIXED_LINES[n]}`).toBe(1);
          index += run.length;
        }
      });
    }
    // The check means something only if lines with numbers did wrap.
    expect(wrapped).toBeGreaterThan(0);
    await page.close();
  });

  it('keeps Arabic letters joined across BPE cuts, and copies the original text', async () => {
    const text = (await loadCorpus('wikinews-ar-plain')).split('\n').slice(0, 3).join('\n');
    const page = await playground().openPage(
      await encodeState({ text, tokenizers: ['bpe-regex-ar', 'codepoints'], ids: false }),
    );
    const joined = await page.$$eval('.column[data-tokenizer="bpe-regex-ar"] .piece', (pieces) => ({
      starts: pieces.filter((piece) => piece.classList.contains('join-start')).length,
      ends: pieces.filter((piece) => piece.classList.contains('join-end')).length,
      joiner: getComputedStyle(pieces.find((piece) => piece.classList.contains('join-end'))!, '::after')
        .content,
    }));
    expect(joined.starts).toBeGreaterThan(10);
    expect(joined.ends).toBe(joined.starts);
    expect(joined.joiner).toBe('"\u200d"');
    // The joiners are drawn, not text: the column's text holds none.
    const columnText = await page.locator('.column[data-tokenizer="bpe-regex-ar"] .drawn').textContent();
    expect(columnText).not.toContain('\u200d');
    await drawAllLines(page);
    await page
      .locator('.column[data-tokenizer="bpe-regex-ar"]')
      .screenshot({ path: join(ARTIFACTS, 'bpe-arabic-joined.png') });

    // Copying the whole column gives the text as typed: spaces, not the · glyphs; no joiners.
    const copied = await page.evaluate(() => {
      let data = '';
      window.addEventListener('copy', (event) => {
        data = event.clipboardData?.getData('text/plain') ?? '';
      });
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('.column[data-tokenizer="bpe-regex-ar"] .drawn')!);
      const selection = document.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      document.execCommand('copy');
      return data;
    });
    expect(copied).toBe(text);
    await page.close();
  });

  it('draws every character of the bundled Arabic texts, none as a missing-glyph box', async () => {
    // The Uthmani Quran has alef wasla and the Quranic small signs, which many systems' fonts lack
    // (the bundled Arabic font has them). Its first sura is drawn, which loads the font.
    const quran = await loadCorpus('quran-uthmani');
    const text = quran.split('\n').slice(0, 7).join('\n');
    const page = await playground().openPage(await encodeState({ text, tokenizers: ['arabic'], ids: false }));
    await page.evaluate(() => document.fonts.ready);
    const texts = [quran, await loadCorpus('wikinews-ar'), await loadCorpus('udhr-ar')];
    const characters = [...new Set(texts.join(''))].filter((character) =>
      /[^\s\p{Cf}\x00-\x7f]/u.test(character),
    );
    expect(characters).toContain('\u0671');
    expect(await missingGlyphs(page, characters)).toEqual([]);
    await page.close();
  });

  it('shows a control character by its name, in the columns and the text box, not as an empty box', async () => {
    // NLTK's copy of the UDHR in Arabic ends its title line with U+001C (a file separator).
    const text = (await loadCorpus('udhr-ar')).split('\n')[0]!;
    expect(text).toContain('\u001c');
    const page = await playground().openPage(
      await encodeState({ text, tokenizers: ['arabic', 'wordpunct'], ids: false }),
    );
    for (const tokenizer of ['arabic', 'wordpunct']) {
      const column = page.locator(`.column[data-tokenizer="${tokenizer}"] .drawn`);
      expect(await column.textContent()).not.toContain('\u001c');
      // Drawn dimmed, left to right inside the Arabic line.
      const glyph = column.locator('.ws', { hasText: '‹FS›' });
      expect(await glyph.count()).toBe(1);
      expect(await glyph.getAttribute('dir')).toBe('ltr');
    }
    // The text box names it too; its text keeps the character.
    const named = page.locator('.cm-content .cm-control');
    expect(await named.count()).toBe(1);
    expect(await named.textContent()).toBe('‹FS›');
    expect(await page.evaluate(() => (document.querySelector('#text') as HTMLTextAreaElement).value)).toBe(
      text,
    );
    // Every stand-in is drawn by the column's fonts: ␍, which DejaVu lacks, showed as a box.
    const standIns = [...new Set(Object.values(WHITESPACE_GLYPHS).join(''))];
    expect(await missingGlyphs(page, standIns)).toEqual([]);
    await page.close();
  });

  it('fits a 390 px phone without horizontal scrolling, the hover bar clear of the column headers', async () => {
    const text = `${MIXED_LINES.slice(0, 2).join('\n')}\nThe tokenizer doesn't split "New York" — it's 3.14 times faster!`;
    for (const width of [360, 390]) {
      const page = await playground().openPage(
        await encodeState({
          text,
          tokenizers: ['wordpunct', 'arabic', 'bpe-regex-en', 'cl100k_base'],
          ids: true,
        }),
        { width, height: 844 },
      );
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      expect(widths.scroll, `${width} px`).toBeLessThanOrEqual(widths.inner);
      await page.hover('.column .piece.tok >> nth=0');
      expect(await page.textContent('#inspector')).toContain('WordPunct');
      for (const header of await page.locator('.column header').all()) {
        await header.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        const [bar, box] = await Promise.all([
          page.locator('#inspector').boundingBox(),
          header.boundingBox(),
        ]);
        const overlaps = bar!.y < box!.y + box!.height && box!.y < bar!.y + bar!.height;
        expect(overlaps, `the hover bar covers a column header at ${width} px`).toBe(false);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await drawAllLines(page);
      await page.screenshot({ path: join(ARTIFACTS, `phone-${width}.png`), fullPage: true });
      await page.close();
    }
  });

  for (const language of ['en', 'ar'] as const) {
    it(`draws 1 MB of ${language === 'en' ? 'English' : 'Arabic'} in 8 columns with a bounded number of elements`, async () => {
      const corpus = await loadCorpus(language === 'en' ? 'taylorswift' : 'wikinews-ar-plain');
      let text = '';
      while (text.length < 1_000_000) text += `${corpus}\n`;
      const ids = [
        'codepoints',
        'utf8',
        'wordpunct',
        'arabic',
        'bpe-regex-en',
        'bpe-regex-ar',
        'cl100k_base',
        'o200k_base',
      ];
      const page = await playground().openPage(await encodeState({ text: 'x', tokenizers: ids, ids: false }));
      await page.hover('.column .piece.tok >> nth=0');
      await page.mouse.move(2, 2);
      // Pasted over the whole text, as a person would.
      await page.focus('#text .cm-content');
      await page.keyboard.press('Control+A');
      await page.evaluate((value) => {
        const data = new DataTransfer();
        data.setData('text/plain', value);
        const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
        document.querySelector('#text .cm-content')!.dispatchEvent(paste);
      }, text);
      await page.waitForSelector('body[data-ready]', { timeout: 120_000 });
      // The hover bar no longer describes a token of the previous text.
      expect(await page.textContent('#inspector')).toMatch(/^Hover or tap a token/);
      const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
      expect(elements).toBeLessThan(MAX_ELEMENTS);
      // Counts cover the whole text (part by part), the same as the library's.
      const counts = await page.$$eval('.column .count', (nodes) =>
        nodes.map((node) => Number((node as HTMLElement).dataset.count)),
      );
      const { loadTokenizer } = await import('../src/tokenizers.js');
      expect(counts[0]).toBe((await loadTokenizer('codepoints')).tokenize(text).length);
      expect(counts[6]).toBe((await loadTokenizer('cl100k_base')).tokenize(text).length);

      // Edits near the top redraw the lines they touched, and the page stays as small.
      await page.keyboard.press('Control+Home');
      for (const key of ['ArrowDown', 'ArrowDown', 'x', 'y', 'z']) await page.keyboard.press(key);
      await page.waitForSelector('body[data-ready]', { timeout: 120_000 });
      expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(MAX_ELEMENTS);
      await drawAllLines(page);
      await page.screenshot({ path: join(ARTIFACTS, `large-${language}.png`) });

      // Scrolled to the middle, the column draws the text there, and still few elements.
      const middle = await page.evaluate(async () => {
        const box = document.querySelector<HTMLElement>('.column[data-tokenizer="cl100k_base"] .tokens')!;
        box.scrollTop = box.scrollHeight / 2;
        for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(done));
        const view = box.getBoundingClientRect();
        const visible = [...box.querySelectorAll<HTMLElement>('.piece')].filter((piece) => {
          const rect = piece.getBoundingClientRect();
          return rect.bottom > view.top && rect.top < view.bottom;
        });
        return { visible: visible.length, elements: document.getElementsByTagName('*').length };
      });
      expect(middle.visible).toBeGreaterThan(20);
      expect(middle.elements).toBeLessThan(MAX_ELEMENTS);

      // A text this long gets no share link, and the page says why.
      await page.waitForFunction(() =>
        document.querySelector('#share-status')?.textContent?.includes('too long'),
      );
      expect(await page.evaluate(() => location.hash)).toBe('');
      await page.close();
    });
  }
});
