import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { encodeState } from '../src/share.js';
import { DEFAULT_TOKENIZERS, loadTokenizer, TOKENIZERS } from '../src/tokenizers.js';
import { ARTIFACTS, describeInBrowser, drawAllLines } from './browser.js';

const ENGLISH = 'The tokenizer doesn\'t split "New York" — it\'s 3.14 times faster!\nSecond line.';
const ARABIC = 'بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ\nذهب الطالبُ إلى المدرسةِ، وقرأ ٣ كتبٍ.';

describeInBrowser('playground in headless Chromium', (playground) => {
  const openPage = (hash = '') => playground().openPage(hash);

  /** Type `text` into the box (replacing what is there) and wait until every column is drawn. */
  async function typeText(page: Page, text: string): Promise<void> {
    await page.locator('#text .cm-content').fill(text.slice(0, -3));
    await page.locator('#text .cm-content').pressSequentially(text.slice(-3));
    await page.waitForSelector('body[data-ready]');
  }

  /** Paste `text` where the cursor is (a paste event, as the browser sends one). */
  async function paste(page: Page, text: string): Promise<void> {
    await page.evaluate((value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      document.querySelector('#text .cm-content')!.dispatchEvent(event);
    }, text);
  }

  /** Replace the whole text by pasting `text` over it, and wait until every column is drawn. */
  async function pasteOver(page: Page, text: string): Promise<void> {
    await page.locator('#text .cm-content').click();
    await page.keyboard.press('Control+A');
    await paste(page, text);
    await page.waitForSelector('body[data-ready]');
  }

  /** The text in the text box (the editor's host reads it as a textarea would). */
  async function shownText(page: Page): Promise<string> {
    return page.$eval('#text', (host) => (host as HTMLElement & { value: string }).value);
  }

  async function shownCounts(page: Page): Promise<Record<string, number>> {
    return page.$$eval('.column', (columns) =>
      Object.fromEntries(
        columns.map((column) => [
          (column as HTMLElement).dataset.tokenizer,
          Number(column.querySelector<HTMLElement>('.count')?.dataset.count ?? Number.NaN),
        ]),
      ),
    );
  }

  async function libraryCounts(ids: string[], text: string): Promise<Record<string, number>> {
    const entries = await Promise.all(
      ids.map(async (id) => [id, (await loadTokenizer(id)).tokenize(text).length] as const),
    );
    return Object.fromEntries(entries);
  }

  const EVERY_TOKENIZER = TOKENIZERS.map((entry) => entry.id);

  it('shows the same token counts as the library for typed English, for every tokenizer', async () => {
    const ids = EVERY_TOKENIZER;
    const page = await openPage(await encodeState({ text: '', tokenizers: ids, ids: false }));
    await typeText(page, ENGLISH);
    expect(await shownCounts(page)).toEqual(await libraryCounts(ids, ENGLISH));
    await drawAllLines(page);
    await page.screenshot({ path: join(ARTIFACTS, 'english-all.png'), fullPage: true });
    await page.close();
  });

  it('keeps the carriage returns of a pasted Windows text, and counts them as the library does', async () => {
    const ids = [
      'codepoints',
      'utf8',
      'whitespace',
      'wordpunct',
      'arabic',
      'r50k_base',
      'cl100k_base',
      'treebank',
    ];
    const text = 'line one\r\nline two\r\nسطر ثلاثة\r\nlone\rcarriage return\r\n';
    const page = await openPage(await encodeState({ text: 'x', tokenizers: ids, ids: false }));
    await pasteOver(page, text);
    expect(await shownText(page)).toBe(text);
    expect(await page.$eval('#text-stats', (stats) => stats.textContent)).toContain(
      `${text.length} characters`,
    );
    expect(await shownCounts(page)).toEqual(await libraryCounts(ids, text));
    // An edit keeps the CRs around it.
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('!');
    await page.waitForSelector('body[data-ready]');
    expect(await shownText(page)).toBe(`!${text}`);
    expect(await shownCounts(page)).toEqual(await libraryCounts(ids, `!${text}`));
    await page.close();
  });

  it('counts a column again on a new text after it failed on the text before', async () => {
    // minbpe's tokenizer refuses a lone surrogate (no UTF-8 for it); cl100k_base encodes it as U+FFFD.
    const ids = ['bpe-regex-en', 'cl100k_base'];
    const page = await openPage(
      await encodeState({ text: 'Hello lone\ud800x world', tokenizers: ids, ids: false }),
    );
    expect(await page.locator('.column[data-tokenizer="bpe-regex-en"]').getAttribute('class')).toContain(
      'failed',
    );
    // A whole new text, as a sample sets it (a small change is asked of the worker before drawing).
    await page.evaluate(() => {
      (document.querySelector('#text') as HTMLElement & { value: string }).value = 'pasted plain text';
    });
    await page.waitForSelector('body[data-ready]');
    expect(await shownCounts(page)).toEqual(await libraryCounts(ids, 'pasted plain text'));
    await page.close();
  });

  it('counts one character, grapheme, byte and token in the singular', async () => {
    const page = await openPage(await encodeState({ text: 'a', tokenizers: ['whitespace'], ids: false }));
    await page.waitForSelector('body[data-ready]');
    expect(await page.locator('#text-stats').textContent()).toBe('1 character · 1 grapheme · 1 UTF-8 byte');
    expect(await page.locator('.column .count').first().textContent()).toBe('1 token');
    await page.close();
  });

  it('shows the same token counts as the library for typed Arabic, for every tokenizer', async () => {
    const page = await openPage(await encodeState({ text: '', tokenizers: EVERY_TOKENIZER, ids: false }));
    await typeText(page, ARABIC);
    expect(await shownCounts(page)).toEqual(await libraryCounts(EVERY_TOKENIZER, ARABIC));
    await drawAllLines(page);
    await page.screenshot({ path: join(ARTIFACTS, 'arabic-all.png'), fullPage: true });
    await page.close();
  });

  it('lays Arabic out right to left without tearing marks from letters', async () => {
    const ids = ['codepoints', 'utf8', 'wordpunct'];
    const page = await openPage(await encodeState({ text: '', tokenizers: ids, ids: true }));
    await typeText(page, ARABIC);

    const layout = await page.$eval('.column[data-tokenizer="codepoints"] .line', (line) => {
      const pieces = [...line.querySelectorAll<HTMLElement>('.piece.tok')];
      return {
        dir: line.getAttribute('dir'),
        direction: getComputedStyle(line).direction,
        isolation: getComputedStyle(pieces[0]!).unicodeBidi,
        first: pieces[0]!.getBoundingClientRect().toJSON() as DOMRect,
        second: pieces[1]!.getBoundingClientRect().toJSON() as DOMRect,
        editorLines: [...document.querySelectorAll('#text .cm-line')].map((line) => ({
          dir: line.getAttribute('dir'),
          direction: getComputedStyle(line).direction,
        })),
      };
    });
    expect(layout.dir).toBe('auto');
    expect(layout.direction).toBe('rtl');
    // In the text box too, each Arabic line runs right to left.
    expect(layout.editorLines).toEqual([
      { dir: 'auto', direction: 'rtl' },
      { dir: 'auto', direction: 'rtl' },
    ]);
    // Not an isolate: the bidi algorithm sees the whole line (see bidi.test.ts).
    expect(layout.isolation).toBe('normal');
    // The first token of an Arabic line is the rightmost one.
    expect(layout.first.top).toBeCloseTo(layout.second.top, 0);
    expect(layout.first.left).toBeGreaterThan(layout.second.left);

    // No drawn piece starts with a combining mark: harakat stay on their letters, even in the byte column.
    const pieceTexts = await page.$$eval('.piece', (nodes) =>
      nodes.map((node) =>
        [...node.childNodes]
          .filter((child) => !(child as Element).classList?.contains('id'))
          .map((child) => child.textContent)
          .join(''),
      ),
    );
    expect(pieceTexts.filter((text) => /^\p{M}/u.test(text))).toEqual([]);
    // And the byte column shows the letter+kasra cluster as shared by its four bytes.
    const shared = await page.$$eval('.column[data-tokenizer="utf8"] .piece.shared', (nodes) =>
      nodes.map((node) => (node as HTMLElement).dataset.ids),
    );
    expect(shared[0]).toBe('216 168 217 144');
    await drawAllLines(page);
    await page.screenshot({ path: join(ARTIFACTS, 'arabic.png'), fullPage: true });
    await page.close();
  });

  it('after random edits (typing, deleting and replacing across lines, pasting, undoing) shows what a fresh load of the final text shows', async () => {
    const ids = [
      'codepoints',
      'utf8',
      'wordpunct',
      'arabic',
      'cl100k_base',
      'bpe-regex-ar',
      'chars',
      'treebank',
    ];
    const lines = [
      ENGLISH,
      ARABIC,
      'حصل على جائزة في 16 فبراير 2014 في لندن.',
      '',
      '  indented  line ',
      'x',
      'العدد ٣٤٥ و 2024',
    ];
    const start = `${lines.join('\n')}\n${lines.join('\n')}`;
    const page = await openPage(await encodeState({ text: start, tokenizers: ids, ids: false }));
    const content = page.locator('#text .cm-content');
    await content.click();
    // A seeded generator (mulberry32): the same edits every run.
    let state = 13;
    const next = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const PIECES = ['x', 'word ', 'مرحبا ', '2014', '\n', ' \n', 'Z\nY', '٣٤٥', '.'];
    const moves = [
      'ArrowDown',
      'ArrowUp',
      'ArrowRight',
      'ArrowLeft',
      'End',
      'Home',
      'Control+End',
      'Control+Home',
    ];
    for (let step = 0; step < 40; step++) {
      for (let n = Math.floor(next() * 4); n > 0; n--) await page.keyboard.press(pick(moves));
      const kind = next();
      if (kind < 0.3) await content.pressSequentially(pick(PIECES));
      else if (kind < 0.5) {
        // A selection that crosses line ends, deleted or typed over.
        for (let n = 1 + Math.floor(next() * 3); n > 0; n--)
          await page.keyboard.press(pick(['Shift+ArrowDown', 'Shift+ArrowRight', 'Shift+End']));
        if (next() < 0.5) await page.keyboard.press(pick(['Backspace', 'Delete']));
        else await content.pressSequentially(pick(PIECES));
      } else if (kind < 0.65) await paste(page, `${pick(PIECES)}${pick(lines)}\n${pick(PIECES)}`);
      else if (kind < 0.8) await page.keyboard.press('Control+z');
      else await page.keyboard.press(pick(['Backspace', 'Delete', 'Enter']));
      // Mostly without waiting, as a person types; now and then the columns catch up.
      if (next() < 0.2) await page.waitForSelector('body[data-ready]');
    }
    await page.waitForSelector('body[data-ready]');
    // The text the page follows edit by edit is the editor's own (all its lines are drawn, it is short).
    const text = await shownText(page);
    const editorLines = await page.$$eval('#text .cm-line', (nodes) => nodes.map((node) => node.textContent));
    expect(text).toBe(editorLines.join('\n'));
    expect(text).not.toBe(start);

    /** Per column, each drawn line's pieces (class, colour, text) and wrap places, and the counts of the page. */
    const seen = (at: Page) =>
      at.evaluate(() => ({
        stats: document.querySelector('#text-stats')!.textContent,
        columns: Object.fromEntries(
          [...document.querySelectorAll<HTMLElement>('.column')].map((column) => [
            column.dataset.tokenizer,
            {
              count: column.querySelector<HTMLElement>('.count')!.dataset.count,
              ratio: column.querySelector('.ratio')!.textContent,
              pending: column.classList.contains('pending'),
              // The places to wrap between pieces too (text nodes): an edited line is patched in place.
              lines: [...column.querySelectorAll<HTMLElement>('.drawn > .line')].map((line) =>
                [...line.childNodes]
                  .map((node) =>
                    node instanceof HTMLElement
                      ? `${node.className}|${node.style.background}|${node.textContent}`
                      : `text:${JSON.stringify(node.textContent)}`,
                  )
                  .join(' '),
              ),
            },
          ]),
        ),
      }));
    const edited = await seen(page);
    const fresh = await openPage(await encodeState({ text, tokenizers: ids, ids: false }));
    const loaded = await seen(fresh);
    expect(edited.stats).toBe(loaded.stats);
    for (const id of ids) {
      const [a, b] = [edited.columns[id]!, loaded.columns[id]!];
      expect({ id, count: a.count, ratio: a.ratio, pending: a.pending }).toEqual({
        id,
        count: b.count,
        ratio: b.ratio,
        pending: false,
      });
      // Both draw from the top; one window may hold more lines than the other.
      const common = Math.min(a.lines.length, b.lines.length);
      expect(common).toBeGreaterThan(3);
      expect(a.lines.slice(0, common)).toEqual(b.lines.slice(0, common));
    }
    // And the counts are the library's.
    expect(await shownCounts(page)).toEqual(await libraryCounts(ids, text));
    await fresh.close();
    await page.close();
  });

  it('patches an edited long line: the pieces before and after the edit keep their elements', async () => {
    const ids = ['utf8', 'cl100k_base'];
    const line = Array.from({ length: 12 }, () => 'حصل على جائزة في 16 فبراير 2014 في لندن.').join(' ');
    const page = await openPage(await encodeState({ text: `${line}\nx`, tokenizers: ids, ids: false }));
    const ends = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.column .drawn > .line:first-child')].map((drawn) => {
          const pieces = drawn.querySelectorAll('.piece');
          return [pieces[0]!, pieces[pieces.length - 1]!];
        }),
      );
    await page.evaluate(() => {
      (window as unknown as { before: Element[][] }).before = [
        ...document.querySelectorAll<HTMLElement>('.column .drawn > .line:first-child'),
      ].map((drawn) => {
        const pieces = drawn.querySelectorAll('.piece');
        return [pieces[0]!, pieces[pieces.length - 1]!];
      });
    });
    expect((await ends()).length).toBe(2);
    // A number typed in the middle of the line (the line is right to left: the left arrow moves on).
    await page.locator('#text .cm-content').click();
    await page.keyboard.press('Control+Home');
    for (let n = 0; n < 200; n++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(' 99 ');
    await page.waitForSelector('body[data-ready]');
    const kept = await page.evaluate(() => {
      const before = (window as unknown as { before: Element[][] }).before;
      return [...document.querySelectorAll<HTMLElement>('.column .drawn > .line:first-child')].map(
        (drawn, i) => {
          const pieces = drawn.querySelectorAll('.piece');
          return [pieces[0] === before[i]![0], pieces[pieces.length - 1] === before[i]![1]];
        },
      );
    });
    expect(kept).toEqual([
      [true, true],
      [true, true],
    ]);
    // And it shows what a fresh load of the same text shows, wrap places included.
    const lineOf = (at: Page) =>
      at.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.column .drawn > .line:first-child')].map((drawn) =>
          drawn.innerHTML.replaceAll(' hl', ''),
        ),
      );
    const text = await shownText(page);
    expect(text).toContain(' 99 ');
    const fresh = await openPage(await encodeState({ text, tokenizers: ids, ids: false }));
    expect(await lineOf(page)).toEqual(await lineOf(fresh));
    await fresh.close();
    await page.close();
  });

  it('reads special tokens in the GPT columns as the CLI does: one special id each', async () => {
    const ids = ['r50k_base', 'cl100k_base', 'o200k_base', 'bpe-regex-en'];
    const text = 'Hello <|endoftext|> world\nمرحبا <|endoftext|>';
    const page = await openPage(await encodeState({ text, tokenizers: ids, ids: true }));
    const failed = await page.$$eval('.column.failed', (columns) => columns.length);
    expect(failed).toBe(0);
    const counts = await shownCounts(page);
    expect(counts).toEqual(await libraryCounts(ids, text));
    const { getEncoding } = await import('@tokenlab/gpt');
    const cl100k = await getEncoding('cl100k_base');
    expect(counts.cl100k_base).toBe(cl100k.encode(text, { allowedSpecial: 'all' }).length);
    expect(cl100k.encode(text, { allowedSpecial: 'all' })).toContain(100257);
    await page.close();
  });

  it('counts and draws a long line of minified JSON (no spaces: cut at word edges) as the library does', async () => {
    const ids = ['wordpunct', 'arabic', 'cl100k_base', 'whitespace'];
    const records = Array.from({ length: 2500 }, (_, i) =>
      JSON.stringify({
        id: i,
        name: `item_${i}`,
        ar: 'حصل',
        score: i / 7,
        tags: ['x', 'y'],
        ok: i % 2 === 0,
      }),
    );
    const json = `[${records.join(',')}]`;
    expect(json).not.toContain(' ');
    expect(json.length).toBeGreaterThan(100_000);
    const page = await openPage(await encodeState({ text: 'x', tokenizers: ids, ids: false }));
    await pasteOver(page, json);
    expect(await shownCounts(page)).toEqual(await libraryCounts(ids, json));
    // A key typed at the end, in the last piece: the counts follow, and the drawn tokens are the library's.
    await page.keyboard.press('Control+End');
    await page.keyboard.type('"z":1}');
    await page.waitForSelector('body[data-ready]');
    const text = await shownText(page);
    expect(text.endsWith('"z":1}')).toBe(true);
    expect(await shownCounts(page)).toEqual(await libraryCounts(ids, text));
    const firstTokens = await page.$$eval('.column[data-tokenizer="cl100k_base"] .drawn .piece', (pieces) =>
      pieces.slice(0, 12).map((piece) => piece.textContent),
    );
    const cl100k = await loadTokenizer('cl100k_base');
    expect(firstTokens).toEqual(
      cl100k
        .tokenize(text)
        .slice(0, 12)
        .map((token) => token.text),
    );
    await page.close();
  });

  it('keeps the elements of a long line whose window an edit before it moved by a character', async () => {
    // A key typed at the start of a long line shifts every offset: the window drawn of the line then
    // starts and ends a character later, so the pieces at both of its ends change.
    const records = Array.from({ length: 1500 }, (_, i) =>
      JSON.stringify({ id: i, name: `item_${i}`, ok: true }),
    );
    const line = `[${records.join(',')}]`;
    const page = await openPage(await encodeState({ text: 'x', tokenizers: ['cl100k_base'], ids: false }));
    await pasteOver(page, line);
    await page.evaluate(() => {
      (window as unknown as { before: Set<Element> }).before = new Set(
        document.querySelectorAll('.column .piece'),
      );
    });
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('x');
    await page.waitForSelector('body[data-ready]');
    const { kept, drawnBefore } = await page.evaluate(() => {
      const before = (window as unknown as { before: Set<Element> }).before;
      const pieces = [...document.querySelectorAll('.column .piece')];
      return { kept: pieces.filter((piece) => before.has(piece)).length, drawnBefore: before.size };
    });
    // Every piece drawn before is drawn again but the edited one (the window may draw more after).
    expect(drawnBefore).toBeGreaterThan(100);
    expect(kept).toBeGreaterThanOrEqual(drawnBefore - 2);
    await page.close();
  });

  it('marks whole-text columns pending until the worker has tokenized the new text', async () => {
    const ids = ['chars', 'treebank', 'wordpunct'];
    const page = await openPage(await encodeState({ text: ENGLISH, tokenizers: ids, ids: false }));
    const before = await shownCounts(page);
    // Right when the columns are drawn after an edit (before any answer of the worker can come in):
    // line-local columns show the new text, whole-text ones are pending and show no count.
    const atDraw = page.evaluate(
      () =>
        new Promise<Record<string, { pending: boolean; count: string | undefined; text: string }>>((done) => {
          const observer = new MutationObserver(() => {
            if (!document.body.dataset.drawn) return;
            observer.disconnect();
            done(
              Object.fromEntries(
                [...document.querySelectorAll<HTMLElement>('.column')].map((column) => [
                  column.dataset.tokenizer,
                  {
                    pending: column.classList.contains('pending'),
                    count: column.querySelector<HTMLElement>('.count')!.dataset.count,
                    text: column.querySelector('.drawn')!.textContent!,
                  },
                ]),
              ),
            );
          });
          observer.observe(document.body, { attributes: true, attributeFilter: ['data-drawn'] });
        }),
    );
    await page.locator('#text .cm-content').press('Control+End');
    await page.locator('#text .cm-content').pressSequentially('Z');
    const drawn = await atDraw;
    expect(drawn.chars!.pending).toBe(true);
    expect(drawn.chars!.count).toBeUndefined();
    expect(drawn.treebank!.pending).toBe(true);
    expect(drawn.wordpunct!.pending).toBe(false);
    expect(drawn.wordpunct!.text).toContain('Z');
    // Then the worker's tokens come, drawn and counted, the same as the library's.
    await page.waitForSelector('body[data-ready]');
    const after = await shownCounts(page);
    expect(after).toEqual(await libraryCounts(ids, `${ENGLISH}Z`));
    expect(after.chars).toBe(before.chars! + 1);
    expect(await page.locator('.column.pending').count()).toBe(0);
    expect(await page.locator('.column[data-tokenizer="treebank"] .drawn').textContent()).toContain('Z');
    await page.close();
  });

  it('shows the stem of each word, with the stemmers chosen in the column', async () => {
    const text = 'The runners were running happily.\nذهب الطلاب إلى المكتبات والكتاب جميل';
    const page = await openPage(await encodeState({ text, tokenizers: ['stems'], ids: false }));
    const { stemTokenizer } = await import('../src/stem-tokenizer.js');
    const drawnStems = () =>
      page.$$eval('.column[data-tokenizer="stems"] .line', (lines) =>
        lines.map((line) => ({
          direction: getComputedStyle(line).direction,
          tokens: [...line.querySelectorAll('.piece.tok')].map((piece) => piece.textContent),
        })),
      );
    const expected = async (setting: string) => {
      const tokens = (await stemTokenizer(setting)).tokenize(text);
      const lineBreak = text.indexOf('\n');
      return [
        { direction: 'ltr', tokens: tokens.filter((t) => t.start < lineBreak).map((t) => t.text) },
        { direction: 'rtl', tokens: tokens.filter((t) => t.start > lineBreak).map((t) => t.text) },
      ];
    };
    // Porter and ISRI on a first visit: 'running' → 'run', 'والكتاب' → the root 'كتب'.
    const first = await drawnStems();
    expect(first).toEqual(await expected('porter isri'));
    expect(first[0]!.tokens).toContain('run');
    expect(first[1]!.tokens).toContain('كتب');
    await drawAllLines(page);
    await page.screenshot({ path: join(ARTIFACTS, 'stems.png'), fullPage: true });
    // Another pair of stemmers; Snowball Arabic stems the text as one sequence, in the worker.
    await page.selectOption('.column[data-tokenizer="stems"] select[data-setting="0"]', 'lancaster');
    await page.selectOption('.column[data-tokenizer="stems"] select[data-setting="1"]', 'snowball-arabic');
    await page.waitForSelector('body[data-ready]');
    expect(await drawnStems()).toEqual(await expected('lancaster snowball-arabic'));
    // The choice is part of the share link.
    await page.click('#share');
    await page.waitForFunction(() => document.querySelector('#share-status')?.textContent !== '');
    const restored = await playground().browser.newPage();
    await restored.goto(page.url());
    await restored.waitForSelector('body[data-ready]');
    expect(await restored.inputValue('.column[data-tokenizer="stems"] select[data-setting="1"]')).toBe(
      'snowball-arabic',
    );
    await restored.close();
    await page.close();
  });

  it('loads a bundled sample with its licence', async () => {
    const page = await openPage(
      await encodeState({ text: '', tokenizers: ['arabic', 'cl100k_base'], ids: false }),
    );
    await page.selectOption('#sample', 'quran');
    await page.waitForFunction(() => document.querySelector('#credit')?.textContent?.includes('Tanzil'));
    await page.waitForSelector('body[data-ready]');
    const text = await shownText(page);
    const { loadCorpusDocuments } = await import('@tokenlab/corpora');
    expect(text.split('\n').slice(0, 7)).toEqual((await loadCorpusDocuments('quran-uthmani')).slice(0, 7));
    expect(await shownCounts(page)).toEqual(await libraryCounts(['arabic', 'cl100k_base'], text));
    await drawAllLines(page);
    await page.screenshot({ path: join(ARTIFACTS, 'sample-quran.png'), fullPage: true });
    await page.close();
  });

  it('highlights the same characters in every column on hover', async () => {
    const page = await openPage(
      await encodeState({ text: ARABIC, tokenizers: ['codepoints', 'utf8'], ids: false }),
    );
    await page.hover('.column[data-tokenizer="codepoints"] .piece.tok >> nth=0');
    const highlighted = await page.$$eval('.column', (columns) =>
      columns.map((column) => column.querySelectorAll('.piece.hl').length),
    );
    // The first code point (ب) shares its cluster with the kasra: one piece in each column.
    expect(highlighted).toEqual([1, 1]);
    expect(await page.textContent('#inspector')).toContain('code points: token "ب" id 1576 span [0, 1)');
    await page.close();
  });

  it('fetches GPT rank data only when its encoding is chosen', async () => {
    const page = await playground().browser.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(
      `${playground().server.url}${await encodeState({ text: ARABIC, tokenizers: ['utf8'], ids: false })}`,
    );
    await page.waitForSelector('body[data-ready]');
    const rankData = () =>
      fetched.filter((url) => /k_base-[\w-]+\.js$/.test(url)).map((url) => url.split('/').pop());
    expect(rankData()).toEqual([]);
    await page.locator('[data-tokenizer="o200k_base"]').check();
    await page.waitForSelector('.column[data-tokenizer="o200k_base"] .count[data-count]');
    // Fetched by the page (to draw) and by its worker (to count), from the same URL.
    expect(rankData()).not.toEqual([]);
    expect(rankData().filter((name) => !name?.startsWith('o200k_base-'))).toEqual([]);
    expect((await shownCounts(page)).o200k_base).toBe(
      (await libraryCounts(['o200k_base'], ARABIC)).o200k_base,
    );
    await page.close();
  });

  it('runs RegexpTokenizer with a Python pattern typed by the user, and explains a bad one', async () => {
    const page = await openPage(await encodeState({ text: ENGLISH, tokenizers: ['regexp'], ids: false }));
    const { RegexpTokenizer } = await import('@tokenlab/classic');
    const pattern = page.locator('.column[data-tokenizer="regexp"] .pattern');
    await pattern.fill(String.raw`(?i)[a-z]+(?:'[a-z]+)?|\d+(?:\.\d+)?`);
    await page.waitForSelector('body[data-ready]');
    const expected = new RegexpTokenizer(String.raw`(?i)[a-z]+(?:'[a-z]+)?|\d+(?:\.\d+)?`).tokenize(
      ENGLISH,
    ).length;
    expect((await shownCounts(page)).regexp).toBe(expected);
    // Typing goes on in the box while the column redraws between keystrokes.
    await pattern.fill('');
    await pattern.pressSequentially('(unclosed', { delay: 200 });
    expect(await pattern.inputValue()).toBe('(unclosed');
    await page.waitForSelector('body[data-ready]');
    expect(await page.locator('.column[data-tokenizer="regexp"]').getAttribute('class')).toContain('failed');
    expect(await page.locator('.column[data-tokenizer="regexp"] .tokens').textContent()).toMatch(/\S/);
    // The count says so too, not "counting…" for ever.
    expect(await page.locator('.column[data-tokenizer="regexp"] .count').textContent()).toBe('error');
    await page.close();
  });

  it('stops a typed pattern that backtracks without end, and the page stays usable', async () => {
    // (a|a)*$ tries 2^40 ways on a line of forty letters before it fails: run on the page, it would
    // freeze it (a share link could carry it to anyone).
    const text = `${'a'.repeat(40)}!\nhello world\n`;
    const started = Date.now();
    const page = await openPage(
      await encodeState({
        text,
        tokenizers: ['whitespace', 'regexp'],
        ids: false,
        patterns: { regexp: '(a|a)*$' },
      }),
    );
    const regexp = page.locator('.column[data-tokenizer="regexp"]');
    expect(await regexp.getAttribute('class')).toContain('failed');
    expect(await regexp.locator('.tokens').textContent()).toContain('was stopped');
    expect((await shownCounts(page)).whitespace).toBe(3);
    // Ready within the budget and a little more: the page's own thread never ran the pattern.
    expect(Date.now() - started).toBeLessThan(15_000);
    // Typing a pattern that ends gives the column back.
    await regexp.locator('.pattern').fill(String.raw`\w+|[^\w\s]+`);
    await page.waitForSelector('body[data-ready]');
    expect(await regexp.getAttribute('class')).not.toContain('failed');
    expect((await shownCounts(page)).regexp).toBe(4);
    expect(await regexp.locator('.tokens').textContent()).toContain('hello');
    await page.close();
  });

  it('restores text and tokenizers from a share link', async () => {
    const page = await openPage();
    await drawAllLines(page);
    await page.screenshot({ path: join(ARTIFACTS, 'first-visit.png'), fullPage: true });
    await page.locator('[data-tokenizer="chars"]').check();
    await page.locator('#show-whitespace').uncheck();
    await typeText(page, 'share me: مرحبا');
    await page.click('#share');
    // The status appears once the link is in the address bar (and, where allowed, the clipboard).
    await page.waitForFunction(() => document.querySelector('#share-status')?.textContent !== '');
    const url = page.url();
    await page.close();
    const restored = await playground().browser.newPage();
    await restored.goto(url);
    await restored.waitForSelector('body[data-ready]');
    expect(await shownText(restored)).toBe('share me: مرحبا');
    expect(await restored.locator('#show-whitespace').isChecked()).toBe(false);
    const chosen = new Set(['chars', ...DEFAULT_TOKENIZERS]);
    expect(Object.keys(await shownCounts(restored))).toEqual(EVERY_TOKENIZER.filter((id) => chosen.has(id)));
    await restored.close();
  });

  it('names the tokenizers a share link asks for that this playground does not have', async () => {
    const page = await openPage(
      await encodeState({ text: 'hi', tokenizers: ['utf8', 'from-a-newer-playground'], ids: false }),
    );
    expect(Object.keys(await shownCounts(page))).toEqual(['utf8']);
    expect(await page.locator('#share-status').textContent()).toBe(
      'the link asks for a tokenizer this playground does not have: from-a-newer-playground',
    );
    await page.close();
  });

  it('trains a BPE in a worker, streaming the merges, and adds it as a column', async () => {
    const text = `${ENGLISH}\n${ARABIC}\n`.repeat(4);
    const page = await openPage(await encodeState({ text, tokenizers: ['utf8'], ids: false }));
    await page.fill('#vocab-size', '300');
    await page.click('#train');
    await page.waitForSelector('#train-status[data-ratio]');
    expect(await page.locator('#merges li').count()).toBe(44);
    // The text ran out of pairs after 44 of the 44 + 256 asked for: the bar says done, all the same.
    expect(await page.$eval('#train-progress', (bar) => (bar as HTMLProgressElement).value)).toBe(1);
    await page.waitForSelector('.column[data-tokenizer="bpe-trained"] .count[data-count]');
    const { RegexTokenizer } = await import('@tokenlab/bpe');
    const reference = new RegexTokenizer('gpt4');
    reference.train(text, 300);
    const counts = await shownCounts(page);
    expect(counts['bpe-trained']).toBe(reference.tokenize(text).length);
    const ratio = Number(await page.getAttribute('#train-status', 'data-ratio'));
    expect(ratio).toBeCloseTo(new TextEncoder().encode(text).length / reference.encode(text).length, 3);
    // In one column, English lines run left to right and Arabic lines right to left.
    const directions = await page.$$eval('.column[data-tokenizer="bpe-trained"] .line', (lines) =>
      lines.slice(0, 4).map((line) => getComputedStyle(line).direction),
    );
    expect(directions).toEqual(['ltr', 'ltr', 'rtl', 'rtl']);
    await drawAllLines(page);
    await page.screenshot({ path: join(ARTIFACTS, 'training.png'), fullPage: true });

    // A share link made now trains the same BPE again when opened.
    await page.click('#share');
    await page.waitForFunction(() => document.querySelector('#share-status')?.textContent !== '');
    const restored = await playground().browser.newPage();
    await restored.goto(page.url());
    await restored.waitForSelector('.column[data-tokenizer="bpe-trained"] .count[data-count]');
    expect((await shownCounts(restored))['bpe-trained']).toBe(counts['bpe-trained']);
    // Its column comes from the training, so the link asks for nothing this playground lacks.
    expect(await restored.locator('#share-status').textContent()).toBe('');
    await restored.close();
    await page.close();
  });

  it('keeps working offline once loaded', async () => {
    const page = await openPage(
      await encodeState({ text: 'offline مرحبا', tokenizers: ['utf8'], ids: false }),
    );
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done));
    });
    await playground().server.close();
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    expect(await shownCounts(page)).toEqual({ utf8: new TextEncoder().encode('offline مرحبا').length });
    await page.close();
  });
});
