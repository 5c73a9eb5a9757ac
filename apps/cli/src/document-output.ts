import type { CommandIO } from './io.js';
import { writeLine } from './io.js';
import type { InputDocument } from './url-input.js';

/**
 * One result line for one input document (a feed entry, with `--feed`): a JSON object
 * `{"document": LABEL, "title", "link", "published", ...fields}` with `json`, else `LABEL<TAB>` and the plain
 * columns, so that each entry's output stays on one line that names it.
 */
export async function writeDocumentLine(
  io: CommandIO,
  document: InputDocument,
  fields: Record<string, unknown>,
  plain: readonly string[],
  json: boolean,
): Promise<void> {
  if (json) {
    const about = {
      document: document.label,
      ...(document.title === undefined ? {} : { title: document.title }),
      ...(document.link === undefined ? {} : { link: document.link }),
      ...(document.published === undefined ? {} : { published: document.published }),
    };
    await writeLine(io.stdout, JSON.stringify({ ...about, ...fields }));
  } else await writeLine(io.stdout, [document.label, ...plain].join('\t'));
}
