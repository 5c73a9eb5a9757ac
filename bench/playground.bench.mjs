// `pnpm bench playground`: the playground (apps/web/dist) with a 1 MB text in 8 columns, in headless
// Chromium driven by playwright-core, as a person would use it.
//
// For English and Arabic (the first MB of the bench corpora), each run opens a fresh page with 8
// line-local columns and measures, inside the page:
// 1. paste: from a paste event carrying the megabyte (the text box's whole text selected) to the
//    first frame after the text box and the columns are drawn ("first screen"), with the
//    playground's own share of it (the `draw` measure: from the update's start to the columns
//    drawn) and the time until every count is known (counted in a worker);
// 2. edit: a key typed near the top of the text, from keydown to the first frame after the redraw,
//    the playground's `draw` share of it, and from keydown to every count of the new text known
//    (EDITS keys per run; the median and spread over every key of every run);
// 3. the number of elements in the page.
//
// PLAYGROUND_BASELINE=<a built playground's folder> measures that build too, run for run
// alternating with apps/web/dist in the same browser, and adds its medians and the ratios
// (PLAYGROUND_BASELINE_NAME: what that build is, for the results' text).

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchCorpus, machineInfo } from './corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
// PLAYGROUND_RUNS=1 for a quick look while working on the playground; the recorded numbers use 5.
const RUNS = Number(process.env.PLAYGROUND_RUNS ?? 5);
const EDITS = 5;
const BASELINE = process.env.PLAYGROUND_BASELINE;
const COLUMNS = [
  'codepoints',
  'utf8',
  'wordpunct',
  'arabic',
  'bpe-regex-en',
  'bpe-regex-ar',
  'cl100k_base',
  'o200k_base',
];
const CHROMIUM = '/usr/bin/chromium';

// playwright-core and the static server come from the playground's and the CLI's own dependencies.
const { chromium } = createRequire(join(root, 'apps/web/package.json'))('playwright-core');
const { startStaticServer } = await import(pathToFileURL(join(root, 'apps/cli/dist/index.js')).href);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The share-link hash that opens the playground with `text` in these columns (the playground's format). */
async function linkFor(text) {
  const json = JSON.stringify({ v: 1, t: text, k: COLUMNS, i: 0 });
  const packed = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = Buffer.from(await new Response(packed).arrayBuffer());
  return `#s=${bytes.toString('base64url')}`;
}

async function measure(browser, url, text) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 960 } });
  await page.goto(`${url}${await linkFor('x')}`);
  await page.waitForSelector('body[data-ready]', { timeout: 600_000 });
  // Select the whole text, as a person does before pasting over it.
  await page.focus('#text .cm-content');
  await page.keyboard.press('Control+A');
  const paste = await page.evaluate(
    async ({ value }) => {
      // Checked in every frame's animation callbacks (which run before that frame's style, layout
      // and paint), so the frame timed is the first one that shows the columns drawn; polling with
      // timers instead would often see the drawing only after that frame and time the next one.
      const frameAfterDrawn = () =>
        new Promise((done) => {
          const tick = () =>
            document.body.dataset.drawn ? setTimeout(done, 0) : requestAnimationFrame(tick);
          requestAnimationFrame(tick);
        });
      const content = document.querySelector('#text .cm-content');
      performance.clearMeasures();
      const data = new DataTransfer();
      data.setData('text/plain', value);
      const started = performance.now();
      content.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
      await frameAfterDrawn();
      const firstScreen = performance.now() - started;
      const pasted = document.querySelector('#text').value.length === value.length;
      while (!document.body.dataset.ready) await new Promise((done) => setTimeout(done, 5));
      return {
        firstScreen,
        pasted,
        draw: performance.getEntriesByName('draw').at(-1).duration,
        counted: performance.now() - started,
        elements: document.getElementsByTagName('*').length,
      };
    },
    { value: text },
  );
  if (!paste.pasted) throw new Error('the paste did not put the whole text in the text box');
  // The cursor near the top of the text: the start, then a few lines down and along.
  await page.keyboard.press('Control+Home');
  // The page's main-thread CPU time per edit, from a trace (less sensitive to the machine's load
  // than wall time: time spent waiting for a core is not counted).
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...data.value));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  const edits = [];
  for (let i = 0; i < EDITS; i++) {
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.evaluate(() => {
      performance.clearMeasures();
      // From keydown, watch for the redraw (a new `draw` measure) and time the frame after it;
      // then for the page to be ready again (every count of the new text known).
      window.editDone = new Promise((resolve) => {
        window.addEventListener(
          'keydown',
          () => {
            const keyAt = performance.now();
            let frame;
            let draw;
            // Checked in every frame's animation callbacks, as for the paste: the frame timed is
            // the first one that shows the redraw.
            const check = () => {
              const measured = performance.getEntriesByName('draw').at(-1);
              if (!measured) return requestAnimationFrame(check);
              draw = measured.duration;
              setTimeout(() => {
                frame = performance.now() - keyAt;
                waitReady();
              }, 0);
            };
            const waitReady = () => {
              const ready = performance.getEntriesByName('count').at(-1);
              if (!ready || !document.body.dataset.ready) return setTimeout(waitReady, 1);
              resolve({ frame, draw, counted: ready.startTime + ready.duration - keyAt });
            };
            requestAnimationFrame(check);
          },
          { once: true, capture: true },
        );
      });
    });
    await page.keyboard.press('x');
    edits.push(await page.evaluate(() => window.editDone));
    await page.waitForSelector('body[data-ready]', { timeout: 600_000 });
  }
  const traced = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.end');
  await traced;
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  await page.close();
  return {
    editCpu: editCpuTimes(events),
    ...paste,
    edits: edits.map((edit) => edit.frame),
    editDraws: edits.map((edit) => edit.draw),
    editCounts: edits.map((edit) => edit.counted),
    elementsAfter: elements,
  };
}

/**
 * For each typed key in a trace, the thread time of the page's main thread from its keydown to the
 * end of the first frame committed after the columns were drawn (the `draw` measure's end).
 */
function editCpuTimes(events) {
  const drawEnds = events.filter((e) => e.name === 'draw' && e.ph === 'e').map((e) => e.ts);
  const pid = events.find((e) => e.name === 'draw')?.pid;
  const main = events
    .filter((e) => e.pid === pid && e.ph === 'X' && e.dur !== undefined)
    .filter(
      (e) =>
        e.tid ===
        events.find((t) => t.name === 'thread_name' && t.pid === pid && t.args.name === 'CrRendererMain')
          ?.tid,
    )
    .sort((a, b) => a.ts - b.ts);
  const times = [];
  for (const input of main.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'textInput')) {
    const keydown = main
      .filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown' && e.ts < input.ts)
      .at(-1);
    const drawEnd = drawEnds.find((ts) => ts > input.ts);
    const commit =
      drawEnd === undefined ? undefined : main.find((e) => e.name === 'Commit' && e.ts > drawEnd);
    if (!keydown || !commit) continue;
    let cpu = 0;
    let busyUntil = 0;
    for (const e of main) {
      if (e.ts < keydown.ts || e.ts >= commit.ts + commit.dur || e.ts < busyUntil) continue;
      cpu += (e.tdur ?? e.dur) / 1000;
      busyUntil = e.ts + e.dur;
    }
    times.push(cpu);
  }
  return times;
}

const loadBefore = loadavg();
const builds = [{ name: 'current', root: join(root, 'apps/web/dist') }];
if (BASELINE) builds.unshift({ name: 'baseline', root: resolve(BASELINE) });
for (const build of builds) build.server = await startStaticServer({ root: build.root, port: 0 });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
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
const corpora = {};
/** results[build][language]: every measure of every run. */
const results = Object.fromEntries(builds.map((build) => [build.name, {}]));
/**
 * A megabyte of minified JSON, without a space: records of the English and Arabic corpora's words
 * (a text no space cuts; see apps/web/README.md on word edges).
 */
function minifiedJson(english, arabic) {
  const words = (text) => text.match(/\p{L}+/gu) ?? [];
  const en = words(english);
  const ar = words(arabic);
  const records = [];
  let length = 2;
  for (let i = 0; length < 1_000_000; i++) {
    const record = JSON.stringify({
      id: i,
      word: en[i % en.length],
      ar: ar[i % ar.length],
      score: Math.round(Math.sin(i) * 1e6) / 1e4,
      tags: [`t${i % 7}`, `k_${i % 13}`],
      ok: i % 3 === 0,
    });
    records.push(record);
    length += record.length + 1;
  }
  return `[${records.join(',')}]`;
}

/** The texts pasted: each corpus's first MB as it is, on one line (every newline a space), and minified JSON. */
const TEXTS = [
  { key: 'en', name: 'English', make: (en) => en },
  { key: 'ar', name: 'Arabic', make: (_en, ar) => ar },
  { key: 'en-line', name: 'English on one line', make: (en) => en.replace(/\n/g, ' ') },
  { key: 'ar-line', name: 'Arabic on one line', make: (_en, ar) => ar.replace(/\n/g, ' ') },
  { key: 'json', name: 'minified JSON', make: minifiedJson },
];
const english = readFileSync(benchCorpus('en', 1), 'utf8');
const arabic = readFileSync(benchCorpus('ar', 1), 'utf8');
for (const { key: language, make } of TEXTS) {
  const text = make(english, arabic);
  corpora[language] = { bytes: Buffer.byteLength(text), lines: text.split('\n').length - 1 };
  for (const build of builds)
    results[build.name][language] = {
      firstScreen: [],
      draw: [],
      counted: [],
      edits: [],
      editDraws: [],
      editCounts: [],
      editCpu: [],
      elements: 0,
    };
  for (let run = 0; run < RUNS; run++) {
    // Builds alternate, the first one changing from run to run, so that both meet the same load.
    const order = run % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) {
      const last = await measure(browser, build.server.url, text);
      const into = results[build.name][language];
      for (const key of ['firstScreen', 'draw', 'counted']) into[key].push(last[key]);
      for (const key of ['edits', 'editDraws', 'editCounts', 'editCpu']) into[key].push(...last[key]);
      into.elements = Math.max(into.elements, last.elements, last.elementsAfter);
      console.log(
        `${language} ${build.name} run ${run + 1}: first screen ${last.firstScreen.toFixed(0)} ms (draw ${last.draw.toFixed(0)} ms), counted ${last.counted.toFixed(0)} ms, edits ${last.edits.map((e) => e.toFixed(0)).join(' ')} ms (draw ${last.editDraws.map((e) => e.toFixed(0)).join(' ')}; counted ${last.editCounts.map((e) => e.toFixed(0)).join(' ')}), ${last.elements} elements`,
      );
    }
  }
}
await browser.close();
for (const build of builds) await build.server.close();
const loadAfter = loadavg();

const version = await (async () => {
  const b = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox'],
  });
  const v = b.version();
  await b.close();
  return v;
})();
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (values) => (values.length > 0 ? `${median(values).toFixed(0)}` : 'n/a');
const all = (values) => values.map((value) => value.toFixed(0)).join(', ');
/** The spread of many values: the middle half, and the whole range. */
const spread = (values) =>
  `middle half ${quantile(values, 0.25).toFixed(0)}–${quantile(values, 0.75).toFixed(0)}, all ${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} (${values.length} keys)`;
const current = results.current;
const baseline = results.baseline;
const lines = [
  '## Playground: 1 MB in 8 columns',
  '',
  `* Input: the first MB of the bench corpora, English (Gutenberg, ${corpora.en.bytes.toLocaleString('en')} bytes, ${corpora.en.lines.toLocaleString('en')} lines) and Arabic (OpenITI, ${corpora.ar.bytes.toLocaleString('en')} bytes, ${corpora.ar.lines.toLocaleString('en')} lines), pasted at once into the text box (a paste event over the whole text selected); the same megabytes on one line, every newline a space (a text without line breaks, as pasted from a PDF): each column's line is then cut into pieces of some 2,000 characters, of which only those in view are tokenized on the page; and ${corpora.json.bytes.toLocaleString('en')} bytes of minified JSON on one line without a space (records of the two texts' words, numbers and tags), cut at word edges (before \`"\`, \`:\`, \`}\` ... after a letter or digit).`,
  `* Columns: ${COLUMNS.join(', ')} (all line-local: tokenized part by part, see apps/web/README.md).`,
  `* Machine: ${machineInfo()}, ${cpus().length} cores, Chromium ${version} headless through playwright-core, 1280×960; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average ${loadBefore.map((l) => l.toFixed(1)).join(' / ')} before and ${loadAfter.map((l) => l.toFixed(1)).join(' / ')} after (a shared machine: absolute times are pessimistic).`,
  `* ${RUNS} runs, each in a fresh page; medians in milliseconds. An edit is one key typed near the top of the text (${EDITS} keys per run), from keydown to the next frame after the columns in view are redrawn (at 1280×960 the first row of three columns; the five below the fold are redrawn right after that frame, one per task, before the page counts as ready); its spread is over every key of every run.`,
  '* "main-thread CPU time" is the thread time of the page\'s main thread from the keydown to the end of the first frame committed after the columns are redrawn, read from a Chromium trace taken during the edits (`devtools.timeline` and its detailed category): it leaves out the time the thread waited for a core, so it depends much less on the load than the wall times above (the trace itself adds a little to every measure, to both builds alike).',
  "* Where the keys land matters: English lines are short, so every key is typed in a line the columns show, and each column redraws that line; the Arabic text has paragraphs of 300–1,400 characters (one line each), so the first keys land in a paragraph that fills the columns' view (each column in view redraws and repaints all of it: the slow end of the spread) and the later ones in paragraphs below the columns' view (lines out of view are neither laid out nor painted).",
  '* "first screen" runs from the paste event to the first frame after the text box (CodeMirror, drawing only the lines in view) and the columns are drawn; "draw" is the playground\'s own share (its `draw` performance measure: cutting the visible lines, tokenizing them, building their elements). "every count known" is when the worker has counted the whole text for every column (the page stays responsive meanwhile); after an edit, when the counts of the edited text are all shown.',
];
if (baseline)
  lines.push(
    `* "before" is the build in \`${BASELINE}\`${process.env.PLAYGROUND_BASELINE_NAME ? ` (${process.env.PLAYGROUND_BASELINE_NAME})` : ''}, measured in the same browser, run for run alternating with this one; the ratio is this build's median over the one before.`,
  );
lines.push(
  '',
  baseline
    ? '| text | measure | median ms | spread | before: median ms | ratio |'
    : '| text | measure | median ms | spread |',
  baseline ? '|---|---|---:|---|---:|---:|' : '|---|---|---:|---|',
);
const MEASURES = [
  ['firstScreen', 'paste: first screen', 'runs'],
  ['draw', "paste: draw (the playground's share)", 'runs'],
  ['counted', 'paste: every count known', 'runs'],
  ['edits', 'edit: keydown to next frame', 'keys'],
  ['editDraws', 'edit: draw', 'keys'],
  ['editCounts', 'edit: every count known', 'keys'],
  ['editCpu', "edit: the page's main-thread CPU time", 'keys'],
];
for (const { key: language, name } of TEXTS) {
  const row = current[language];
  for (const [key, label, kind] of MEASURES) {
    const cells = [name, label, ms(row[key]), kind === 'runs' ? `runs ${all(row[key])}` : spread(row[key])];
    if (baseline) {
      const before = baseline[language][key];
      cells.push(ms(before), `${(median(row[key]) / median(before)).toFixed(2)}×`);
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  const elements = [name, 'elements in the page (most seen)', row.elements.toLocaleString('en'), ''];
  if (baseline) elements.push(baseline[language].elements.toLocaleString('en'), '');
  lines.push(`| ${elements.join(' | ')} |`);
}
// The goals of the playground for a 1 MB paste, said plainly against these medians.
const verdict = (values, limit) => (median(values) < limit ? 'met' : 'not met');
lines.push(
  '',
  `Goals (first screen under 300 ms, an edit under 50 ms) on this machine and load: ${TEXTS.map(({ key, name }) => `${name} ${verdict(current[key].firstScreen, 300)} / ${verdict(current[key].edits, 50)}`).join(', ')}.`,
);
writeFileSync(join(here, 'results', 'playground.md'), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
