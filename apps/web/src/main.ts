import './style.css';
import type { Tokenizer } from '@tokenlab/core';
import { type DrawOptions, describePiece, hoverRange, piecesInRange } from './column.js';
import { ColumnView } from './column-view.js';
import { selectedText } from './copy.js';
import { countOf } from './count-of.js';
import type { ColumnJob, CountMessage, CountRequest } from './count-worker.js';
import { createEditor } from './editor.js';
import { type PackedTokens, packedStore } from './packed-tokens.js';
import { loadSample, SAMPLES } from './samples.js';
import type { TextChange } from './segments.js';
import { decodeState, encodeState, MAX_SHARE_HASH, type SharedState } from './share.js';
import { type TokenStore, tokenStore } from './token-store.js';
import {
  DEFAULT_TOKENIZERS,
  FAMILIES,
  type Family,
  findTokenizer,
  lineCutsOf,
  loadTokenizer,
  type PlaygroundTokenizer,
  TOKENIZERS,
  takesTypedPattern,
} from './tokenizers.js';
import type { Trainer } from './train.js';

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

const textHost = byId<HTMLElement>('text');
const sampleMenu = byId<HTMLSelectElement>('sample');
const idsToggle = byId<HTMLInputElement>('show-ids');
const whitespaceToggle = byId<HTMLInputElement>('show-whitespace');
const shareButton = byId<HTMLButtonElement>('share');
const shareStatus = byId<HTMLElement>('share-status');
const textStats = byId<HTMLElement>('text-stats');
const credit = byId<HTMLElement>('credit');
const picker = byId<HTMLElement>('picker');
const columnsSection = byId<HTMLElement>('columns');
const inspector = byId<HTMLElement>('inspector');

/** One column on screen. */
interface Column {
  id: string;
  element: HTMLElement;
  tokensBox: HTMLElement;
  count: HTMLElement;
  ratio: HTMLElement;
  view: ColumnView;
  /** The tokenizer the store holds, to make a new store when the tokenizer changes (a new pattern). */
  tokenizer?: Tokenizer;
  /** Line-local columns: tokens of the visible parts, made here as they are drawn. */
  store?: TokenStore;
  /** What the worker found for this column, for one version of the text and one tokenizer (see {@link columnSpec}). */
  result?: {
    version: number;
    text: string;
    spec: string;
    count?: number;
    tokens?: PackedTokens;
    error?: string;
  };
  failed?: boolean;
  /** Whether the column is out of the page's view (kept by an IntersectionObserver): its redraw can wait. */
  offScreen?: boolean;
}

let selected: string[] = [...DEFAULT_TOKENIZERS];
const columns = new Map<string, Column>();
/** Patterns the user typed for pattern-driven tokenizers, by tokenizer id. */
const patterns = new Map<string, string>();
const patternTokenizers = new Map<string, Promise<Tokenizer>>();
/** What the trained BPE was trained on, so a share link can train it again. */
let trainedOn: { text: string; vocabSize: number } | undefined;
/** A training asked for by a share link, run once the training panel is ready. */
let pendingTraining: number | undefined;
let trainer: Trainer | undefined;
/** Tokenizers made in this page (the BPE trained on the text), next to the registry's. */
const sessionTokenizers = new Map<string, { label: string; description: string; tokenizer: Tokenizer }>();
/** The counts of the text, from the worker, and the version of the text they are of. */
let textCounts: { version: number; codePoints: number; bytes: number; graphemes: number } | undefined;
/**
 * How many characters changed since every count was last known: after a small edit the counts
 * shown stay (dimmed) until the worker's new ones come, a few milliseconds later, rather than
 * giving way to "counting…" and back, which would move every column twice per keystroke.
 */
let changedSinceCounted = 0;
/** Changes smaller than this keep the counts shown, dimmed, until the new ones come. */
const SMALL_CHANGE = 10_000;
/** Bumped when a BPE is trained, so that the worker's count of the trained column is redone. */
let trainedVersion = 0;

// ---- the text ------------------------------------------------------------------------------------

/** Set an element's text, leaving it alone when it already says that (no relayout for nothing). */
function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

function showTextStats(): void {
  if (textCounts?.version !== editor.version()) {
    if (changedSinceCounted < SMALL_CHANGE && textCounts) textStats.classList.add('stale');
    else setText(textStats, 'counting…');
    return;
  }
  const { codePoints, graphemes, bytes } = textCounts;
  textStats.classList.remove('stale');
  setText(
    textStats,
    `${countOf(codePoints, 'character')} · ${countOf(graphemes, 'grapheme')} · ${countOf(bytes, 'UTF-8 byte')}`,
  );
}

const SAMPLE_GROUPS = { en: 'English', ar: 'Arabic', mixed: 'Both' } as const;
for (const [language, title] of Object.entries(SAMPLE_GROUPS)) {
  const group = document.createElement('optgroup');
  group.label = title;
  for (const sample of SAMPLES.filter((candidate) => candidate.language === language)) {
    const option = document.createElement('option');
    option.value = sample.id;
    option.textContent = sample.label.replace(/^(English|Arabic|Mixed): /, '');
    group.append(option);
  }
  sampleMenu.append(group);
}

sampleMenu.addEventListener('change', async () => {
  const sample = SAMPLES.find((candidate) => candidate.id === sampleMenu.value);
  if (!sample) return;
  credit.textContent = 'loading the sample…';
  try {
    const loaded = await loadSample(sample);
    editor.setText(loaded.text);
    credit.textContent = loaded.credit;
    scheduleUpdate(0);
  } catch (error) {
    credit.textContent = `could not load the sample: ${(error as Error).message}`;
  }
});

const editor = createEditor(
  textHost,
  () => {
    sampleMenu.value = '';
    credit.textContent = '';
    scheduleUpdate(0);
  },
  (changes) => followChanges(changes),
);
idsToggle.addEventListener('change', () => scheduleUpdate(0));
whitespaceToggle.addEventListener('change', () => scheduleUpdate(0));

// ---- the picker ----------------------------------------------------------------------------------

function drawPicker(): void {
  picker.replaceChildren();
  for (const [family, title] of Object.entries(FAMILIES) as Array<[Family, string]>) {
    const entries = TOKENIZERS.filter((entry) => entry.family === family);
    if (entries.length === 0) continue;
    const group = document.createElement('fieldset');
    const legend = document.createElement('legend');
    legend.textContent = title;
    group.append(legend);
    picker.append(group);
    for (const entry of entries) {
      const label = document.createElement('label');
      label.className = 'chip';
      label.title = entry.description;
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.value = entry.id;
      box.dataset.tokenizer = entry.id;
      box.checked = selected.includes(entry.id);
      box.addEventListener('change', () => {
        // Registry order for the registry's tokenizers; the page's own (a trained BPE) stay at the end.
        const chosen = new Set(
          box.checked ? [...selected, entry.id] : selected.filter((id) => id !== entry.id),
        );
        selected = [
          ...TOKENIZERS.map((t) => t.id).filter((id) => chosen.has(id)),
          ...[...chosen].filter((id) => sessionTokenizers.has(id)),
        ];
        scheduleUpdate(0);
      });
      label.append(box, ` ${entry.label}`);
      group.append(label);
    }
  }
}

function syncPicker(): void {
  for (const box of picker.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) {
    box.checked = selected.includes(box.value);
  }
}

// ---- the columns ---------------------------------------------------------------------------------

function columnFor(id: string): Column {
  let column = columns.get(id);
  if (column) return column;
  const entry = findTokenizer(id);
  const session = sessionTokenizers.get(id);
  const element = document.createElement('article');
  element.className = 'column';
  element.dataset.tokenizer = id;
  const header = document.createElement('header');
  const title = document.createElement('h2');
  title.textContent = entry?.label ?? session?.label ?? id;
  const count = document.createElement('span');
  count.className = 'count';
  const ratio = document.createElement('span');
  ratio.className = 'ratio';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'close';
  close.textContent = '×';
  close.title = 'remove this column';
  close.setAttribute('aria-label', `remove ${title.textContent}`);
  close.addEventListener('click', () => {
    selected = selected.filter((other) => other !== id);
    syncPicker();
    scheduleUpdate(0);
  });
  header.append(title, count, ratio, close);
  const description = document.createElement('p');
  description.className = 'description';
  description.textContent = entry?.description ?? session?.description ?? '';
  const tokensBox = document.createElement('div');
  tokensBox.className = 'tokens';
  element.append(header, description);
  if (entry?.choices) element.append(settingMenus(id, entry));
  else if (entry?.withPattern) {
    const pattern = document.createElement('input');
    pattern.type = 'text';
    pattern.className = 'pattern';
    pattern.dir = 'ltr';
    pattern.spellcheck = false;
    pattern.value = patterns.get(id) ?? entry.defaultPattern ?? '';
    pattern.setAttribute('aria-label', `${entry.label} pattern (Python syntax)`);
    pattern.addEventListener('input', () => {
      if (pattern.value === entry.defaultPattern) patterns.delete(id);
      else patterns.set(id, pattern.value);
      // A failure was the last pattern's: the new one is counted (and checked) afresh.
      if (column) column.failed = false;
      scheduleUpdate(150);
    });
    element.append(pattern);
  }
  element.append(tokensBox);
  column = { id, element, tokensBox, count, ratio, view: new ColumnView(tokensBox) };
  columns.set(id, column);
  onScreen.observe(element);
  return column;
}

/** Menus choosing a tokenizer's setting (the stemmers of the stemmed column), one per part. */
function settingMenus(id: string, entry: PlaygroundTokenizer): HTMLElement {
  const box = document.createElement('div');
  box.className = 'settings';
  const parts = (patterns.get(id) ?? entry.defaultPattern ?? '').split(' ');
  const menus = (entry.choices ?? []).map((choice, i) => {
    const label = document.createElement('label');
    const menu = document.createElement('select');
    menu.dataset.setting = String(i);
    for (const value of choice.values) menu.append(new Option(value, value));
    menu.value = choice.values.includes(parts[i] ?? '') ? parts[i]! : choice.values[0]!;
    label.append(`${choice.label} `, menu);
    box.append(label);
    return menu;
  });
  for (const menu of menus) {
    menu.addEventListener('change', () => {
      const setting = menus.map((other) => other.value).join(' ');
      if (setting === entry.defaultPattern) patterns.delete(id);
      else patterns.set(id, setting);
      scheduleUpdate(0);
    });
  }
  return box;
}

async function tokenizerFor(id: string): Promise<Tokenizer> {
  const session = sessionTokenizers.get(id);
  if (session) return session.tokenizer;
  const pattern = patterns.get(id);
  const entry = findTokenizer(id);
  if (pattern === undefined || !entry?.withPattern) return loadTokenizer(id);
  const key = `${id}\u0000${pattern}`;
  let tokenizer = patternTokenizers.get(key);
  if (!tokenizer) {
    // Every keystroke in the pattern box is a new pattern: keep only the recent ones.
    if (patternTokenizers.size >= 32) patternTokenizers.clear();
    tokenizer = entry.withPattern(pattern);
    patternTokenizers.set(key, tokenizer);
  }
  return tokenizer;
}

let generation = 0;
/** The version of the text the columns show, to tell an edit from a redraw. */
let shownVersion: number | undefined;
/** The tokenizers loaded, by {@link columnSpec}, to draw without waiting when they are. */
const loadedTokenizers = new Map<string, Tokenizer>();

/** Dim a column's count and ratio (of the text before an edit) until its new count comes, or undim them. */
function markStale(column: Column, stale: boolean): void {
  column.count.classList.toggle('stale', stale);
  column.ratio.classList.toggle('stale', stale);
}

function showCount(column: Column): void {
  const version = editor.version();
  const result = column.result;
  const known = hasResult(column, version) ? result!.count : undefined;
  if (known === undefined) {
    delete column.count.dataset.count;
    const pending = column.element.classList.contains('pending');
    // A count of a text an edit barely changed stays, dimmed, until the new one comes.
    if (!pending && changedSinceCounted < SMALL_CHANGE && 'shown' in column.count.dataset) {
      markStale(column, true);
      return;
    }
    delete column.count.dataset.shown;
    markStale(column, false);
    setText(column.count, pending ? 'tokenizing…' : 'counting…');
    setText(column.ratio, '');
    return;
  }
  markStale(column, false);
  setText(column.count, countOf(known, 'token'));
  column.count.dataset.count = String(known);
  column.count.dataset.shown = '';
  const codePoints = textCounts?.version === version ? textCounts.codePoints : undefined;
  setText(
    column.ratio,
    known > 0 && codePoints !== undefined
      ? `${(codePoints / known).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} chars/token`
      : '',
  );
}

function showFailure(column: Column, error: Error): void {
  column.failed = true;
  column.element.classList.remove('pending');
  column.count.textContent = 'error';
  delete column.count.dataset.count;
  delete column.count.dataset.shown;
  markStale(column, false);
  column.ratio.textContent = '';
  column.view.showError(error.message);
  column.element.classList.add('failed');
}

function isLineLocal(id: string): boolean {
  // The trained BPE is minbpe's RegexTokenizer with the GPT-4 pattern, line-local like bpe-regex-en.
  if (id === 'bpe-trained') return true;
  const entry = findTokenizer(id);
  const pattern = patterns.get(id);
  if (pattern === undefined) return entry?.lineLocal ?? false;
  try {
    return entry?.lineLocalWith?.(pattern) ?? false;
  } catch {
    // A setting that does not parse fails when the tokenizer is made, in the worker: say so there.
    return false;
  }
}

/** What makes a column's tokenizer what it is: its id, its typed pattern, the trained BPE's version. */
function columnSpec(id: string): string {
  if (id === 'bpe-trained') return `${id}\u0000${trainedVersion}`;
  return `${id}\u0000${patterns.get(id) ?? ''}`;
}

/** Whether the worker's result for `column` is about this version of the text and this tokenizer. */
function hasResult(column: Column, version: number): boolean {
  return column.result?.version === version && column.result.spec === columnSpec(column.id);
}

/** Draw a whole-text column from the tokens the worker sent, or mark it pending until they come. */
function drawWhole(column: Column, text: string, options: DrawOptions): void {
  const result = column.result;
  const version = editor.version();
  if (result?.error !== undefined && hasResult(column, version)) {
    showFailure(column, new Error(result.error));
    return;
  }
  if (!result?.tokens || !hasResult(column, version)) {
    // The tokens drawn (if any) are of an earlier text: faded, not hoverable, until the new ones come.
    column.element.classList.add('pending');
    return;
  }
  column.view.show(text, packedStore(text, result.tokens), options);
  column.element.classList.remove('pending', 'failed');
  column.failed = false;
}

/** How the column of tokenizer `id` is drawn: the page's switches, and its own text for a stemmed column. */
function drawOptions(id: string): DrawOptions {
  const own = findTokenizer(id)?.showTokenText ?? false;
  return {
    ids: idsToggle.checked,
    whitespace: whitespaceToggle.checked,
    ...(own ? { tokenText: true } : {}),
  };
}

/**
 * Draw what is in view: line-local columns tokenize the visible lines here and now; whole-text
 * columns draw the tokens the worker sent for this text, or show that they are pending. Counts and
 * whole-text tokens are asked of the worker afterwards.
 */
async function update(): Promise<void> {
  const run = ++generation;
  // Marks for the browser benchmark (bench/playground.bench.mjs).
  performance.mark('update');
  const text = editor.text();
  const version = editor.version();
  if (version !== shownVersion) {
    // The hover bar and highlights were about the previous text.
    shownVersion = version;
    clearHighlight();
    setText(inspector, HOVER_HINT);
  }
  showTextStats();
  // Columns in selection order; those no longer chosen go away.
  for (const [id, column] of columns) {
    if (!selected.includes(id)) {
      forgetColumn(column);
      columns.delete(id);
    }
  }
  const ordered = selected.filter((id) => findTokenizer(id) || sessionTokenizers.has(id)).map(columnFor);
  // Re-attach only when the order changed: moving a column would take the focus from its pattern box.
  const children = [...columnsSection.children];
  if (children.length !== ordered.length || ordered.some((column, i) => children[i] !== column.element))
    columnsSection.replaceChildren(...ordered.map((column) => column.element));
  columnsSection.classList.toggle('ids', idsToggle.checked);
  // After a small edit the worker's work is small too: asked now, it runs beside the drawing.
  const askNow = unsentSize < SMALL_CHANGE && workerVersion >= 0;
  if (askNow) askWorker(text, ordered);
  await Promise.all(
    ordered.map(async (column) => {
      if (!isLineLocal(column.id)) {
        drawWhole(column, text, drawOptions(column.id));
        showCount(column);
        return;
      }
      if (typedPattern(column.id) !== undefined && !vetted(column, version)) return;
      await drawLineLocal(column, text, run);
    }),
  );
  if (run !== generation) return;
  performance.measure('draw', 'update');
  document.body.dataset.drawn = String(run);
  if (deferred.size > 0) drawDeferredSoon();
  if (askNow) {
    // A line-local column that failed on the text before was left out of the request (it fails on
    // the page too); drawn now without failing, it is asked for (the request is the same otherwise,
    // and then not sent again).
    askWorker(text, ordered);
    checkReady();
    return;
  }
  checkReady();
  // After a paste the worker's work waits for the first screen to be painted, so as not to compete with it.
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (run !== generation) return;
      askWorker(text, ordered);
      checkReady();
    }, 0),
  );
}

/** Tokenize the visible lines of a line-local column here, and draw them (now, or after the frame when out of view). */
async function drawLineLocal(column: Column, text: string, run: number): Promise<void> {
  const spec = columnSpec(column.id);
  let tokenizer = loadedTokenizers.get(spec);
  if (!tokenizer) column.element.classList.add('loading');
  try {
    if (!tokenizer) {
      tokenizer = await tokenizerFor(column.id);
      loadedTokenizers.set(spec, tokenizer);
    }
    if (run !== generation) return;
    if (column.tokenizer !== tokenizer || !column.store) {
      column.tokenizer = tokenizer;
      // A long line is tokenized only around the view (cut before spaces, and at word edges where the
      // tokenizer allows), unless a typed pattern may make tokens that hold spaces.
      column.store = tokenStore(
        tokenizer,
        true,
        typedPattern(column.id) === undefined ? { cuts: lineCutsOf(column.id) } : {},
      );
    }
    column.store.setText(text);
    if (column.offScreen && column.view.drawing) {
      // Out of view: drawn after this frame, so that the edit reaches the screen first.
      deferred.set(column, text);
      showCount(column);
      return;
    }
    deferred.delete(column);
    column.view.show(text, column.store, drawOptions(column.id));
    column.failed = false;
    column.element.classList.remove('failed', 'pending');
    showCount(column);
  } catch (error) {
    if (run !== generation) return;
    showFailure(column, error as Error);
  } finally {
    if (run === generation) column.element.classList.remove('loading');
  }
}

// ---- patterns typed in the page: run here only once the worker has run them in time --------------

/**
 * How long the worker may spend on one column with a typed pattern before it is stopped. A regular
 * expression whose repeat can match the same text in many ways (`(a|a)*$`) backtracks for minutes
 * on a line of forty letters; run here, it would freeze the page, with the pattern box out of reach.
 */
const PATTERN_BUDGET_MS = 4000;
/** The column specs (tokenizer and typed pattern) the worker was stopped on. */
const hungSpecs = new Set<string>();
/** Typed-pattern columns being drawn now that the worker has run their pattern (the page is not ready until they are). */
const drawingVetted = new Set<Column>();
/** The typed-pattern column the worker said it is working on (a new object for each stretch). */
let busy: { id: string } | undefined;
let watchdog: ReturnType<typeof setTimeout> | undefined;

/** The pattern typed for column `id` (a free pattern box, not a menu of settings), if any. */
function typedPattern(id: string): string | undefined {
  return takesTypedPattern(id) ? patterns.get(id) : undefined;
}

/**
 * Whether the worker has tokenized the whole current text with the column's typed pattern, so that
 * its lines can be tokenized here without risk; else the column waits for it (or shows why not).
 */
function vetted(column: Column, version: number): boolean {
  const spec = columnSpec(column.id);
  if (hungSpecs.has(spec)) {
    showFailure(column, hungError());
    return false;
  }
  if (hasResult(column, version) && column.result!.count !== undefined) return true;
  if (hasResult(column, version) && column.result!.error !== undefined)
    showFailure(column, new Error(column.result!.error));
  else {
    column.element.classList.add('pending');
    showCount(column);
  }
  return false;
}

function hungError(): Error {
  return new Error(
    `this pattern ran for more than ${PATTERN_BUDGET_MS / 1000} s on the text and was stopped: a repeat whose ` +
      'alternatives can match the same characters, such as (a|a)* or (.*a){12}, backtracks without end; edit the pattern',
  );
}

/** The worker says it started on a typed-pattern column: stop it if that column takes too long. */
function noteBusy(id: string): void {
  busy = { id };
  clearTimeout(watchdog);
  const started = busy;
  watchdog = setTimeout(() => {
    if (busy === started) stopHungWorker(started.id);
  }, PATTERN_BUDGET_MS);
}

/** Stop the worker, stuck on column `id`'s pattern; mark that column failed and start again for the others. */
function stopHungWorker(id: string): void {
  worker?.terminate();
  worker = undefined;
  workerVersion = -1;
  asked = undefined;
  jobs.clear();
  busy = undefined;
  hungSpecs.add(columnSpec(id));
  const column = columns.get(id);
  if (column) showFailure(column, hungError());
  askWorker(
    editor.text(),
    selected.flatMap((each) => columns.get(each) ?? []),
  );
  checkReady();
}

// ---- columns out of view: drawn after the frame -------------------------------------------------

/** Line-local columns out of view whose drawing is of an earlier text or setting, and the text to draw. */
const deferred = new Map<Column, string>();
let deferredScheduled = false;

/** Which columns are in the page's view (a margin ahead, so that scrolling finds them drawn). */
const onScreen = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      const column = [...columns.values()].find((each) => each.element === entry.target);
      if (!column) continue;
      column.offScreen = !entry.isIntersecting;
      if (!column.offScreen && deferred.has(column)) drawDeferred(column);
    }
    if (deferred.size === 0) checkReady();
  },
  { rootMargin: '200px 0px' },
);

/** Draw a deferred column with the text its store was last given. */
function drawDeferred(column: Column): void {
  const text = deferred.get(column);
  deferred.delete(column);
  if (text === undefined || columns.get(column.id) !== column || !column.store) return;
  column.view.show(text, column.store, drawOptions(column.id));
  showCount(column);
}

/** A column taken off the page. */
function forgetColumn(column: Column): void {
  column.element.remove();
  deferred.delete(column);
  onScreen.unobserve(column.element);
}

/**
 * Draw the deferred columns once the frame with the edit is on screen, one column per task, each
 * after any other waiting task (a key typed meanwhile is handled first).
 */
function drawDeferredSoon(): void {
  if (deferredScheduled) return;
  deferredScheduled = true;
  const next = () => {
    const column = deferred.keys().next().value;
    if (column) drawDeferred(column);
    if (deferred.size > 0) return afterOtherTasks(next);
    deferredScheduled = false;
    checkReady();
  };
  requestAnimationFrame(() => afterOtherTasks(next));
}

/** Run `task` at background priority where the browser has a task scheduler, else after a timer. */
function afterOtherTasks(task: () => void): void {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(task, { priority: 'background' });
  else setTimeout(task, 0);
}

type PostTask = (task: () => void, options: { priority: 'background' }) => Promise<void>;

// ---- the worker: counts, and the tokens of whole-text tokenizers ----------------------------------

let worker: Worker | undefined;
let job = 0;
/** The last request sent, to send none when the same work is under way. */
let asked: { version: number; key: string } | undefined;
/** The version of the text the worker has (`-1`: none yet). */
let workerVersion = -1;
/** The changes of the text the worker has not been sent, and how many characters they change. */
let unsent: TextChange[] = [];
let unsentSize = 0;

/** Note the text's changes, to send them to the worker with its next request. */
function followChanges(changes: readonly TextChange[]): void {
  for (const change of changes) {
    unsent.push(change);
    const size = change[1] - change[0] + change[2].length;
    unsentSize += size;
    changedSinceCounted += size;
  }
}

/** Bring the worker's copy of the text up to date: the changes since the last request, or the whole text. */
function sendText(worker: Worker): void {
  const version = editor.version();
  if (workerVersion === version) return;
  // The changes cross unless they are as big as the text (a paste over all of it).
  if (workerVersion >= 0 && unsentSize < editor.text().length)
    worker.postMessage({ type: 'edit', version, changes: unsent } satisfies CountRequest);
  else worker.postMessage({ type: 'text', version, text: editor.text() } satisfies CountRequest);
  workerVersion = version;
  unsent = [];
  unsentSize = 0;
}

/** Ask the worker for whatever the columns and the text statistics lack for the current version of the text. */
function askWorker(text: string, ordered: Column[]): void {
  const version = editor.version();
  const needed: ColumnJob[] = ordered
    .filter(
      (column) =>
        !hasResult(column, version) &&
        !(column.failed && isLineLocal(column.id)) &&
        !hungSpecs.has(columnSpec(column.id)),
    )
    .map((column) => {
      const spec: ColumnJob = { id: column.id, key: columnSpec(column.id), whole: !isLineLocal(column.id) };
      const pattern = patterns.get(column.id);
      if (pattern !== undefined) spec.pattern = pattern;
      if (column.id === 'bpe-trained') {
        const tokenizer = sessionTokenizers.get(column.id)?.tokenizer as { merges?: ColumnJob['merges'] };
        if (tokenizer?.merges) spec.merges = tokenizer.merges;
      }
      return spec;
    });
  const stats = textCounts?.version !== version;
  if (needed.length === 0 && !stats) return;
  const key = `${stats}\u0001${needed.map((spec) => spec.key).join('\u0001')}`;
  if (asked?.version === version && asked.key === key) return;
  asked = { version, key };
  if (!worker) {
    worker = new Worker(new URL('./count-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CountMessage>) => received(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      for (const column of columns.values())
        if (!hasResult(column, editor.version()))
          showFailure(column, new Error(`the worker failed: ${event.message}`));
    };
  }
  sendText(worker);
  const request: CountRequest = { type: 'count', job: ++job, version, stats, columns: needed };
  jobs.set(request.job, { version, text, specs: new Map(needed.map((spec) => [spec.id, spec.key])) });
  worker.postMessage(request);
}

/** The text, its version and the column specs of each request under way, by job number. */
const jobs = new Map<number, { version: number; text: string; specs: Map<string, string> }>();

function received(message: CountMessage): void {
  if (message.type === 'batch') {
    for (const each of message.messages) received(each);
    return;
  }
  if (message.type === 'busy') {
    if (message.id !== null) noteBusy(message.id);
    else {
      busy = undefined;
      clearTimeout(watchdog);
    }
    return;
  }

  const asked = jobs.get(message.job);
  if (!asked) return;
  // Older requests are dropped by the worker; their answers can be no more than this one's.
  for (const older of jobs.keys()) if (older < message.job) jobs.delete(older);
  const { text, version } = asked;
  const current = version === editor.version();
  if (message.type === 'stats') {
    textCounts = {
      version,
      codePoints: message.codePoints,
      bytes: message.bytes,
      graphemes: message.graphemes,
    };
    if (current) {
      showTextStats();
      for (const column of columns.values()) if (!column.failed) showCount(column);
    }
  } else {
    const column = columns.get(message.id);
    const spec = asked.specs.get(message.id);
    if (!column || spec === undefined) return;
    column.result =
      message.type === 'error'
        ? { version, text, spec, error: message.message }
        : {
            version,
            text,
            spec,
            count: message.count,
            ...(message.tokens ? { tokens: message.tokens } : {}),
          };
    if (!current || spec !== columnSpec(column.id)) return;
    if (message.type === 'error') {
      // The failure says so in the count too: a count shown after it would say "counting…" for ever.
      showFailure(column, new Error(message.message));
      checkReady();
      return;
    }
    if (message.tokens) drawWhole(column, text, drawOptions(column.id));
    // A typed pattern the worker has now run over the whole text in time: its lines are drawn here.
    else if (typedPattern(column.id) !== undefined && isLineLocal(column.id)) {
      drawingVetted.add(column);
      void drawLineLocal(column, text, generation).finally(() => {
        drawingVetted.delete(column);
        checkReady();
      });
    }
    showCount(column);
  }
  if (current) checkReady();
}

/** The update whose counts were all known last (its `data-drawn`). */
let countedRun: string | undefined;

/** Mark the page ready (for the tests and the benchmark) once every count of this text is known. */
function checkReady(): void {
  if (!document.body.dataset.drawn || pending !== undefined || queued || drawingVetted.size > 0) return;
  const version = editor.version();
  if (textCounts?.version !== version) return;
  for (const id of selected) {
    const column = columns.get(id);
    if (column && !column.failed && !hasResult(column, version)) return;
  }
  if (document.body.dataset.ready === document.body.dataset.drawn) return;
  if (countedRun !== document.body.dataset.drawn) {
    countedRun = document.body.dataset.drawn;
    changedSinceCounted = 0;
    performance.measure('count', 'update');
  }
  // Ready once the columns out of view are drawn too.
  if (deferred.size > 0) return;
  document.body.dataset.ready = document.body.dataset.drawn;
  saveStateSoon();
}

let pending: ReturnType<typeof setTimeout> | undefined;
/** Whether an update is queued to run right after the current task (an edit, a click). */
let queued = false;
/**
 * Update the columns after `delay` ms, or, with no delay, right after the current task: an edit's
 * columns are then drawn in the same frame as the text box, not one frame later. Requests made
 * before the update runs are served by that one update.
 */
function scheduleUpdate(delay: number): void {
  clearTimeout(pending);
  pending = undefined;
  delete document.body.dataset.ready;
  delete document.body.dataset.drawn;
  if (delay > 0) {
    pending = setTimeout(() => {
      pending = undefined;
      void update();
    }, delay);
    return;
  }
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    void update();
  });
}

// ---- hover: the same text in every column --------------------------------------------------------

const HOVER_HINT = 'Hover or tap a token to see its text, id, span and bytes.';
let highlighted: HTMLElement[] = [];

function clearHighlight(): void {
  for (const element of highlighted) element.classList.remove('hl');
  highlighted = [];
}

columnsSection.addEventListener('mouseover', (event) => {
  const target = (event.target as HTMLElement).closest<HTMLElement>('.piece');
  if (!target) return;
  const column = columns.get(target.closest<HTMLElement>('.column')?.dataset.tokenizer ?? '');
  const drawing = column?.view.drawing;
  // A pending column still shows the tokens of an earlier text: nothing to describe.
  if (!column || !drawing || column.element.classList.contains('pending')) return;
  const index = drawing.indexOf.get(target);
  if (index === undefined) return;
  const description = describePiece(drawing, index);
  target.title = description;
  const label = findTokenizer(column.id)?.label ?? sessionTokenizers.get(column.id)?.label ?? column.id;
  inspector.textContent = `${label}: ${description.replace(/\n/g, ' · ')}`;
  const [start, end] = hoverRange(drawing, index);
  clearHighlight();
  for (const other of columns.values()) {
    const otherDrawing = other.view.drawing;
    if (!otherDrawing || other.element.classList.contains('pending')) continue;
    const indices = start === end && other === column ? [index] : piecesInRange(otherDrawing, start, end);
    for (const i of indices) {
      const element = otherDrawing.elements[i]!;
      element.classList.add('hl');
      highlighted.push(element);
    }
  }
});
columnsSection.addEventListener('mouseleave', clearHighlight);

// Copying from the columns gives the text's own characters, not the glyphs and joiners drawn.
columnsSection.addEventListener('copy', (event) => {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0 || !event.clipboardData) return;
  const range = selection.getRangeAt(0);
  const texts = [...columns.values()]
    .filter((column) => !column.element.classList.contains('pending'))
    .map((column) => (column.view.drawing ? selectedText(column.view.drawing, range) : undefined))
    .filter((text) => text !== undefined);
  if (texts.length === 0) return;
  event.clipboardData.setData('text/plain', texts.join('\n\n'));
  event.preventDefault();
});

// ---- share links ---------------------------------------------------------------------------------

function currentState(): SharedState {
  return {
    text: editor.text(),
    tokenizers: selected.filter((id) => !sessionTokenizers.has(id)),
    ids: idsToggle.checked,
    whitespace: whitespaceToggle.checked,
    patterns: Object.fromEntries([...patterns].filter(([id]) => selected.includes(id))),
    ...(trainedOn && trainedOn.text === editor.text() && selected.includes('bpe-trained')
      ? { train: trainedOn.vocabSize }
      : {}),
  };
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let lastHash = '';

/**
 * Write the state into the address bar, or, when even compressed it is too long for a link, say so
 * and leave no stale link behind. `true` when the link was written.
 */
async function writeLink(): Promise<boolean> {
  // Text needing more than 64:1 compression to fit is not even compressed (that takes a while).
  const text = editor.text();
  // Until the worker has counted, a UTF-16 unit is at least one byte.
  const bytes = textCounts?.version === editor.version() ? textCounts.bytes : text.length;
  const hopeless = bytes > 64 * MAX_SHARE_HASH;
  const hash = hopeless ? undefined : await encodeState(currentState());
  if (hash === undefined || hash.length > MAX_SHARE_HASH) {
    lastHash = '';
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    shareButton.disabled = true;
    const size = hash
      ? `${Math.ceil(hash.length / 1024)} KB compressed`
      : `${Math.ceil(bytes / 1024).toLocaleString('en')} KB of text`;
    shareStatus.textContent = `too long for a share link (${size}; a link holds ${MAX_SHARE_HASH / 1024} KB)`;
    shareStatus.dataset.tooLong = '';
    return false;
  }
  shareButton.disabled = false;
  if ('tooLong' in shareStatus.dataset) {
    shareStatus.textContent = '';
    delete shareStatus.dataset.tooLong;
  }
  lastHash = hash;
  if (location.hash !== lastHash) history.replaceState(null, '', lastHash);
  return true;
}

/** Update the link once typing pauses, not on every keystroke. */
function saveStateSoon(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void writeLink(), 1000);
}

shareButton.addEventListener('click', async () => {
  if (!(await writeLink())) return;
  try {
    await navigator.clipboard.writeText(location.href);
    shareStatus.textContent = 'link copied';
  } catch {
    shareStatus.textContent = 'the link is in the address bar';
  }
  setTimeout(() => {
    shareStatus.textContent = '';
  }, 3000);
});

async function restore(hash: string): Promise<boolean> {
  try {
    const state = await decodeState(hash);
    if (!state) return false;
    editor.setText(state.text);
    const known = state.tokenizers.filter((id) => findTokenizer(id));
    // The trained BPE's column comes back once the link's training has run.
    const unknown = state.tokenizers.filter(
      (id) => !findTokenizer(id) && !(id === 'bpe-trained' && state.train !== undefined),
    );
    selected = known.length > 0 ? known : [...DEFAULT_TOKENIZERS];
    // Named, not dropped in silence: a link from a newer playground may ask for columns this one lacks.
    shareStatus.textContent =
      unknown.length === 0
        ? ''
        : `the link asks for ${unknown.length === 1 ? 'a tokenizer' : 'tokenizers'} this playground does not have: ${unknown.join(', ')}`;
    idsToggle.checked = state.ids;
    whitespaceToggle.checked = state.whitespace ?? true;
    patterns.clear();
    for (const [id, pattern] of Object.entries(state.patterns ?? {})) patterns.set(id, pattern);
    for (const column of columns.values()) forgetColumn(column);
    columns.clear();
    pendingTraining = state.train;
    if (trainer && pendingTraining !== undefined) {
      trainer.train(pendingTraining);
      pendingTraining = undefined;
    }
    return true;
  } catch (error) {
    shareStatus.textContent = (error as Error).message;
    return false;
  }
}

window.addEventListener('hashchange', async () => {
  if (location.hash === lastHash) return;
  if (await restore(location.hash)) {
    syncPicker();
    scheduleUpdate(0);
  }
});

// ---- start ---------------------------------------------------------------------------------------

async function start(): Promise<void> {
  if (!(await restore(location.hash))) {
    const first = SAMPLES.find((sample) => sample.text !== undefined)!;
    editor.setText(first.text!);
  }
  lastHash = location.hash;
  drawPicker();
  scheduleUpdate(0);
  const { startTraining } = await import('./train.js');
  trainer = startTraining({
    text: () => editor.text(),
    onTrained: (tokenizer, description, on) => {
      trainedOn = on;
      trainedVersion++;
      sessionTokenizers.set('bpe-trained', { label: 'trained BPE', description, tokenizer });
      columns.get('bpe-trained')?.element.remove();
      columns.delete('bpe-trained');
      if (!selected.includes('bpe-trained')) selected.push('bpe-trained');
      scheduleUpdate(0);
    },
  });
  if (pendingTraining !== undefined) {
    trainer.train(pendingTraining);
    pendingTraining = undefined;
  }
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register('./sw.js').catch((error: Error) => {
      console.warn(`offline mode is unavailable: ${error.message}`);
    });
  }
}

void start();
