import './style.css';
import type { Token, Tokenizer } from '@tokenlab/core';
import { type Drawing, describePiece, drawTokens, hoverRange, piecesInRange } from './column.js';
import { graphemeCount } from './layout.js';
import { loadSample, SAMPLES } from './samples.js';
import { decodeState, encodeState, type SharedState } from './share.js';
import {
  DEFAULT_TOKENIZERS,
  FAMILIES,
  type Family,
  findTokenizer,
  loadTokenizer,
  TOKENIZERS,
} from './tokenizers.js';
import type { Trainer } from './train.js';

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

const textBox = byId<HTMLTextAreaElement>('text');
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
  drawing?: Drawing;
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

// ---- the text ------------------------------------------------------------------------------------

function describeText(text: string): string {
  const codePoints = [...text].length;
  const graphemes = graphemeCount(text);
  const bytes = new TextEncoder().encode(text).length;
  return `${codePoints.toLocaleString('en')} characters · ${graphemes.toLocaleString('en')} graphemes · ${bytes.toLocaleString('en')} UTF-8 bytes`;
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
    textBox.value = loaded.text;
    credit.textContent = loaded.credit;
    scheduleUpdate(0);
  } catch (error) {
    credit.textContent = `could not load the sample: ${(error as Error).message}`;
  }
});

textBox.addEventListener('input', () => {
  sampleMenu.value = '';
  credit.textContent = '';
  scheduleUpdate(120);
});
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
  if (entry?.withPattern) {
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
      scheduleUpdate(150);
    });
    element.append(pattern);
  }
  element.append(tokensBox);
  column = { id, element, tokensBox, count, ratio };
  columns.set(id, column);
  return column;
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

async function update(): Promise<void> {
  const run = ++generation;
  const text = textBox.value;
  textStats.textContent = describeText(text);
  const options = { ids: idsToggle.checked, whitespace: whitespaceToggle.checked };
  // Columns in selection order; those no longer chosen go away.
  for (const [id, column] of columns) {
    if (!selected.includes(id)) {
      column.element.remove();
      columns.delete(id);
    }
  }
  const ordered = selected.filter((id) => findTokenizer(id) || sessionTokenizers.has(id)).map(columnFor);
  // Re-attach only when the order changed: moving a column would take the focus from its pattern box.
  const children = [...columnsSection.children];
  if (children.length !== ordered.length || ordered.some((column, i) => children[i] !== column.element))
    columnsSection.replaceChildren(...ordered.map((column) => column.element));
  columnsSection.classList.toggle('ids', options.ids);
  await Promise.all(
    ordered.map(async (column) => {
      column.element.classList.add('loading');
      try {
        const tokenizer = await tokenizerFor(column.id);
        if (run !== generation) return;
        const tokens: Token[] = tokenizer.tokenize(text);
        column.drawing = drawTokens(column.tokensBox, text, tokens, options);
        column.count.textContent = `${tokens.length.toLocaleString('en')} ${tokens.length === 1 ? 'token' : 'tokens'}`;
        column.count.dataset.count = String(tokens.length);
        const chars = [...text].length;
        column.ratio.textContent =
          tokens.length > 0 ? `${(chars / tokens.length).toFixed(2)} chars/token` : '';
        column.element.classList.remove('failed');
      } catch (error) {
        if (run !== generation) return;
        column.drawing = undefined;
        column.count.textContent = 'error';
        delete column.count.dataset.count;
        column.ratio.textContent = '';
        column.tokensBox.textContent = (error as Error).message;
        column.element.classList.add('failed');
      } finally {
        if (run === generation) column.element.classList.remove('loading');
      }
    }),
  );
  if (run === generation) {
    document.body.dataset.ready = String(run);
    saveStateSoon();
  }
}

let pending: ReturnType<typeof setTimeout> | undefined;
function scheduleUpdate(delay: number): void {
  clearTimeout(pending);
  delete document.body.dataset.ready;
  pending = setTimeout(() => void update(), delay);
}

// ---- hover: the same text in every column --------------------------------------------------------

let highlighted: HTMLElement[] = [];

function clearHighlight(): void {
  for (const element of highlighted) element.classList.remove('hl');
  highlighted = [];
}

columnsSection.addEventListener('mouseover', (event) => {
  const target = (event.target as HTMLElement).closest<HTMLElement>('.piece');
  if (!target) return;
  const column = columns.get(target.closest<HTMLElement>('.column')?.dataset.tokenizer ?? '');
  if (!column?.drawing) return;
  const index = Number(target.dataset.piece);
  const description = describePiece(column.drawing, index);
  target.title = description;
  const label = findTokenizer(column.id)?.label ?? sessionTokenizers.get(column.id)?.label ?? column.id;
  inspector.textContent = `${label}: ${description.replace(/\n/g, ' · ')}`;
  const [start, end] = hoverRange(column.drawing, index);
  clearHighlight();
  for (const other of columns.values()) {
    if (!other.drawing) continue;
    const indices = start === end && other === column ? [index] : piecesInRange(other.drawing, start, end);
    for (const i of indices) {
      const element = other.drawing.elements[i]!;
      element.classList.add('hl');
      highlighted.push(element);
    }
  }
});
columnsSection.addEventListener('mouseleave', clearHighlight);

// ---- share links ---------------------------------------------------------------------------------

function currentState(): SharedState {
  return {
    text: textBox.value,
    tokenizers: selected.filter((id) => !sessionTokenizers.has(id)),
    ids: idsToggle.checked,
    patterns: Object.fromEntries([...patterns].filter(([id]) => selected.includes(id))),
    ...(trainedOn && trainedOn.text === textBox.value && selected.includes('bpe-trained')
      ? { train: trainedOn.vocabSize }
      : {}),
  };
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let lastHash = '';
function saveStateSoon(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(async () => {
    lastHash = await encodeState(currentState());
    if (location.hash !== lastHash) history.replaceState(null, '', lastHash);
  }, 400);
}

shareButton.addEventListener('click', async () => {
  lastHash = await encodeState(currentState());
  history.replaceState(null, '', lastHash);
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
    textBox.value = state.text;
    const known = state.tokenizers.filter((id) => findTokenizer(id));
    selected = known.length > 0 ? known : [...DEFAULT_TOKENIZERS];
    idsToggle.checked = state.ids;
    patterns.clear();
    for (const [id, pattern] of Object.entries(state.patterns ?? {})) patterns.set(id, pattern);
    for (const column of columns.values()) column.element.remove();
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
    textBox.value = first.text!;
  }
  lastHash = location.hash;
  drawPicker();
  scheduleUpdate(0);
  const { startTraining } = await import('./train.js');
  trainer = startTraining({
    text: () => textBox.value,
    onTrained: (tokenizer, description, on) => {
      trainedOn = on;
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
