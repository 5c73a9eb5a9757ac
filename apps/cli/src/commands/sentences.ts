import { loadPunktModel, PUNKT_MODELS, type PunktModelName } from '@tokenlab/classic';
import { replaceControlCharacters } from '@tokenlab/core';
import { type Command, parseCommandArgs } from '../command.js';
import { writeDocumentLine } from '../document-output.js';
import { INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS } from '../input-decoding.js';
import { readInputDocuments, readInputText } from '../input-text.js';
import { inputLines, readJsonlStrings, UsageError, writeLine, writeLines } from '../io.js';
import { inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';

/** What moves a terminal's cursor to another line; shown escaped, so that a sentence stays on one line. */
const LINE_BREAKS = /[\n\r\v\f]/g;
const LINE_BREAK_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\v': '\\v', '\f': '\\f' };

/** `tokenlab sentences`: split text into sentences with a Punkt model. */
export const sentencesCommand: Command = {
  name: 'sentences',
  get help() {
    return `Usage: tokenlab sentences [--model english|arabic] [--json | --jsonl] [--spans] [FILE...]

Splits the FILEs (or stdin) into sentences with a Punkt model, as NLTK's sent_tokenize does,
and prints one sentence per line (line breaks inside a sentence shown as \\n, \\r, \\v or \\f).
With --feed, each feed entry is split on its own (no sentence runs from one entry into the next)
and printed on one line: SOURCE#N, then its sentences, tab-separated (START:END before each with
--spans; a JSON object {"document", "title", "link", "sentences"} per line with --json).

Options:
      --model NAME  english (NLTK's model, default) or arabic (trained on Arabic news and Wikipedia text)
      --spans       print START<TAB>END<TAB>SENTENCE (UTF-16 offsets into the input)
      --json        print one JSON array of sentences for the whole input
      --jsonl       each line (of the FILEs, or stdin) is a JSON string; each output line is the JSON array of its sentences
${INPUT_DECODING_HELP}
${URL_INPUT_HELP}
  -h, --help        show this help`;
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('sentences', argv, {
      model: { type: 'string', default: 'english' },
      spans: { type: 'boolean' },
      json: { type: 'boolean' },
      jsonl: { type: 'boolean' },
      ...INPUT_DECODING_OPTIONS,
      ...URL_INPUT_OPTIONS,
    });
    const model = String(values.model);
    if (!PUNKT_MODELS.includes(model as PunktModelName))
      throw new UsageError(`unknown model '${model}'. Available: ${PUNKT_MODELS.join(', ')}`);
    const punkt = await loadPunktModel(model as PunktModelName);
    const spans = Boolean(values.spans);
    const render = (text: string) =>
      punkt
        .spanTokenize(text)
        .map(([start, end]) => (spans ? [start, end, text.slice(start, end)] : text.slice(start, end)));
    if (values.jsonl) {
      for await (const line of readJsonlStrings(inputLines(positionals, io)))
        await writeLine(io.stdout, JSON.stringify(render(line)));
      return 0;
    }
    const options = inputOptionsFrom(values);
    if (options.web?.feed) {
      for (const document of await readInputDocuments(positionals, io, options)) {
        const found = punkt.spanTokenize(document.text);
        const cells = found.map(([start, end]) => {
          const sentence = replaceControlCharacters(document.text.slice(start, end));
          return spans ? `${start}:${end} ${sentence}` : sentence;
        });
        await writeDocumentLine(
          io,
          document,
          { sentences: render(document.text) },
          cells,
          Boolean(values.json),
        );
      }
      return 0;
    }
    const text = await readInputText(positionals, io, options);
    if (values.json) {
      await writeLine(io.stdout, JSON.stringify(render(text)));
      return 0;
    }
    await writeLines(
      io.stdout,
      punkt.spanTokenize(text).map(([start, end]) => {
        const sentence = text.slice(start, end).replace(LINE_BREAKS, (char) => LINE_BREAK_ESCAPES[char]!);
        return spans ? `${start}\t${end}\t${sentence}` : sentence;
      }),
    );
    return 0;
  },
};
