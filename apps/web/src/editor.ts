import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { EditorState, RangeSetBuilder, Transaction } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  highlightSpecialChars,
  keymap,
  placeholder,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { controlGlyph } from './glyphs.js';
import { applyChange, type Segmented, segmented, type TextChange } from './segments.js';

/** The text box of the playground: an editor that lays out only the lines in view. */
export interface TextEditor {
  /** The editor's outer element. */
  readonly element: HTMLElement;
  /** The whole text. */
  text(): string;
  /** The whole text cut into parts (see `segmented`), kept up to date edit by edit. */
  cut(): Segmented;
  /** Counts the changes of the text: a number for each version of it. */
  version(): number;
  /** Replace the whole text, as a sample or a share link does (not an edit of the user's). */
  setText(text: string): void;
}

const AUTO_DIRECTION = Decoration.line({ attributes: { dir: 'auto' } });

/** `dir="auto"` on every line in the viewport, so that each line takes the direction of its first letter. */
function lineDirections(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  const { doc } = view.state;
  const { from, to } = view.viewport;
  for (let pos = from; pos <= to; ) {
    const line = doc.lineAt(pos);
    builder.add(line.from, line.from, AUTO_DIRECTION);
    pos = line.to + 1;
  }
  return builder.finish();
}

const autoDirection = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = lineDirections(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.viewportChanged) this.decorations = lineDirections(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/**
 * Make the playground's text box in `host`: a CodeMirror editor that draws only the lines in view
 * (so a megabyte pasted in costs what a screen costs), with undo, the usual keys, wrapped lines and
 * a direction per line (Arabic lines right to left, English lines left to right, as `dir="auto"`
 * on each line; CodeMirror reads each line's direction to move the cursor right). `onEdit` is called
 * after each edit of the user's (typing, pasting, undo), not after {@link TextEditor.setText}.
 * Lines end at `\n` only: a carriage return is kept as a character (`\r\n` text counts as it is).
 * `host.value` reads and sets the text, as a `<textarea>`'s would, for scripts driving the page
 * (setting it counts as an edit). `onChange` gets every change of the text (edits and
 * {@link TextEditor.setText} alike) as `[from, to, insert]` changes applied in order, so that
 * whoever follows the text (the count worker) need not be sent all of it again.
 *
 * The text is not read out of the editor (joining a megabyte of lines on every keystroke): the
 * editor's changes are applied to a copy of it cut into parts (`applyChange`), which re-cuts only
 * the parts a change touched.
 *
 * @example
 * ```ts
 * const editor = createEditor(document.querySelector('#text')!, () => console.log('edited'));
 * editor.setText('مرحبا\nhello');
 * editor.text(); // 'مرحبا\nhello'
 * ```
 */
export function createEditor(
  host: HTMLElement,
  onEdit: () => void,
  onChange: (changes: TextChange[], version: number) => void = () => {},
): TextEditor {
  let cut = segmented('');
  let version = 0;
  const view = new EditorView({
    parent: host,
    extensions: [
      // Lines end at '\n' only: a carriage return stays a character of the text (CodeMirror would
      // read '\r\n' and a lone '\r' as '\n', and a pasted Windows text would lose its CRs and be
      // counted short), drawn by name like the other control characters.
      EditorState.lineSeparator.of('\n'),
      history(),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      EditorView.lineWrapping,
      EditorView.perLineTextDirection.of(true),
      autoDirection,
      placeholder('Paste or type text here, English or Arabic…'),
      // Control characters by name, as the columns show them, not as empty boxes. Only these: the
      // default set also takes the bidi marks (U+200E, U+200F, U+061C), which order the line.
      highlightSpecialChars({
        specialChars: /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g,
        render: (code, description) => {
          const element = document.createElement('span');
          element.className = 'cm-control';
          element.dir = 'ltr';
          element.textContent = controlGlyph(String.fromCharCode(code)) ?? '';
          if (description) element.title = description;
          return element;
        },
      }),
      EditorView.contentAttributes.of({ 'aria-label': 'Text to tokenize', spellcheck: 'false' }),
      EditorView.updateListener.of((update) => {
        if (!update.docChanged) return;
        const changes: TextChange[] = [];
        update.changes.iterChanges((fromA, toA, fromB, _toB, inserted) => {
          // In order, each at its place in the text the ones before it left: fromB.
          changes.push([fromB, fromB + (toA - fromA), inserted.toString()]);
        });
        for (const change of changes) cut = applyChange(cut, change).cut;
        version++;
        onChange(changes, version);
        const byUser = update.transactions.some((tr) => tr.annotation(Transaction.userEvent) !== undefined);
        if (byUser) onEdit();
      }),
    ],
  });
  const editor: TextEditor = {
    element: view.dom,
    text: () => cut.text,
    cut: () => cut,
    version: () => version,
    setText(text) {
      if (text === editor.text()) return;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
  };
  // Set by a script, the text counts as typed: the columns follow, as they would after a paste.
  Object.defineProperty(host, 'value', {
    get: () => editor.text(),
    set: (text: string) =>
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        userEvent: 'input.paste',
      }),
  });
  return editor;
}
