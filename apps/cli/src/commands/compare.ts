import { type Command, parseCommandArgs } from '../command.js';
import { INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS } from '../input-decoding.js';
import { readTextFile } from '../input-text.js';
import { type CommandIO, checkOutputFolder, UsageError, writeLine } from '../io.js';
import { DEFAULT_VOCAB_SIZES } from '../report/bpe-sweep.js';
import { type BuiltReport, buildReport } from '../report/build.js';
import { knownTokenizerNames } from '../report/candidates.js';
import { DEFAULT_CORPORA, TextProblem, type TextRequest } from '../report/inputs.js';
import { Progress } from '../report/progress.js';
import { type BidiOutput, terminalReport } from '../report/terminal.js';
import { writeReportFiles } from '../report/write.js';
import { isUrlOperand } from '../url-fetch.js';
import { type InputOptions, inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';
import { VERSION } from '../version.js';

/** Where the report files go unless `--out` says otherwise. */
export const DEFAULT_OUT_DIR = 'tokenlab-report';

/** `512,1024,4096` → sizes; `none` → no BPE. */
export function parseVocabSizes(value: string): number[] {
  if (value.trim() === 'none') return [];
  const sizes = value.split(',').map((part) => part.trim());
  for (const size of sizes) {
    if (!/^\d+$/.test(size) || Number(size) <= 256 || Number(size) > 65_536)
      throw new UsageError(
        `--vocab-sizes: '${size}' is not a vocabulary size; give integers from 257 to 65536, e.g. --vocab-sizes 512,1024 (or 'none')`,
      );
  }
  return [...new Set(sizes.map(Number))].sort((a, b) => a - b);
}

/** `--bidi`: how right-to-left samples reach the terminal. */
export function parseBidiOption(value: string): BidiOutput {
  if (value !== 'logical' && value !== 'visual')
    throw new UsageError(`--bidi: '${value}' is not a mode; give 'logical' (the default) or 'visual'`);
  return value;
}

/** The languages to compare: English and Arabic (bundled or `--en`/`--ar`), plus every `--text LANG=FILE`. */
export function parseTextRequests(values: { en?: string; ar?: string; text?: string[] }): TextRequest[] {
  const requests = new Map<string, TextRequest>([
    ['en', values.en === undefined ? { language: 'en' } : { language: 'en', file: values.en }],
    ['ar', values.ar === undefined ? { language: 'ar' } : { language: 'ar', file: values.ar }],
  ]);
  // Where each language's file was given, so that a second one is refused rather than dropped.
  const given = new Map<string, string>();
  if (values.en !== undefined) given.set('en', `--en ${values.en}`);
  if (values.ar !== undefined) given.set('ar', `--ar ${values.ar}`);
  for (const spec of values.text ?? []) {
    const match = /^([A-Za-z][\w-]*)=(.+)$/.exec(spec);
    if (!match) throw new UsageError(`--text '${spec}': expected LANG=FILE, e.g. --text fr=french.txt`);
    const [, language, file] = match as unknown as [string, string, string];
    const earlier = given.get(language);
    if (earlier !== undefined)
      throw new UsageError(
        `--text ${spec}: ${language} is already given (${earlier}); one text per language`,
      );
    given.set(language, `--text ${spec}`);
    requests.set(language, { language, file });
  }
  return [...requests.values()];
}

/**
 * The requests with the text of their file read here when it is a URL or when `--input-encoding`
 * or `--replace-invalid` says how to decode it (plain UTF-8 files are read by the report).
 */
async function readRequestedTexts(
  requests: TextRequest[],
  io: CommandIO,
  options: InputOptions,
): Promise<TextRequest[]> {
  const decodingGiven = options.encoding !== undefined || options.replaceInvalid === true;
  const read: TextRequest[] = [];
  for (const request of requests) {
    if (request.file === undefined || (!isUrlOperand(request.file) && !decodingGiven)) {
      read.push(request);
      continue;
    }
    const text = await readTextFile(request.file, io, options);
    if (text.trim() === '')
      throw new TextProblem(
        `the ${request.language} text '${request.file}' ${text === '' ? 'is empty' : 'holds only white space'}`,
      );
    read.push({ ...request, text });
  }
  return read;
}

function parseTokenizerList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = knownTokenizerNames();
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new UsageError(`--tokenizers: unknown tokenizer '${unknown[0]}'. Available: ${known.join(', ')}`);
  return names;
}

/** Run the comparison in-process and write the report files (used by the command and by tests). */
export async function runCompare(
  argv: string[],
  io: CommandIO,
): Promise<{ code: number; built?: BuiltReport; files?: { html: string; markdown: string; json: string } }> {
  const { values } = parseCommandArgs(
    'compare',
    argv,
    {
      en: { type: 'string' },
      ar: { type: 'string' },
      text: { type: 'string', multiple: true },
      tokenizers: { type: 'string' },
      'vocab-sizes': { type: 'string' },
      out: { type: 'string', short: 'o', default: DEFAULT_OUT_DIR },
      json: { type: 'boolean' },
      quiet: { type: 'boolean', short: 'q' },
      bidi: { type: 'string', default: 'logical' },
      ...INPUT_DECODING_OPTIONS,
      ...URL_INPUT_OPTIONS,
    },
    {
      operands: 'none',
      operandHint: 'tokenlab compare takes its texts by flag: --en FILE, --ar FILE or --text LANG=FILE',
    },
  );
  if (String(values.out).trim() === '')
    throw new UsageError(
      "--out must name a folder (got an empty path); use '--out .' for the current folder",
    );
  await checkOutputFolder(String(values.out));
  const bidi = parseBidiOption(String(values.bidi));
  const quiet = Boolean(values.quiet);
  const texts = await readRequestedTexts(
    parseTextRequests(values as { en?: string; ar?: string; text?: string[] }),
    io,
    inputOptionsFrom(values),
  );
  const tokenizers = parseTokenizerList(values.tokenizers as string | undefined);
  const vocabSizes =
    values['vocab-sizes'] === undefined
      ? [...DEFAULT_VOCAB_SIZES]
      : parseVocabSizes(String(values['vocab-sizes']));
  const progress = new Progress(io.stderr, io.isTTY && !quiet);
  const built = await buildReport({
    texts,
    ...(tokenizers ? { tokenizers } : {}),
    vocabSizes,
    progress,
    version: VERSION,
  });
  const files = await writeReportFiles(built.report, String(values.out));
  if (!quiet) for (const warning of built.report.warnings) await writeLine(io.stderr, `warning: ${warning}`);
  if (values.json) {
    await writeLine(io.stdout, JSON.stringify(built.report, null, 2));
    if (!quiet) await writeLine(io.stderr, `Report: ${files.html}`);
  } else {
    // Colour only when the tables go to a terminal themselves, not into a pipe or a file.
    const colour = (io.stdout as { isTTY?: boolean }).isTTY === true && !process.env.NO_COLOR;
    if (!quiet) await writeLine(io.stdout, terminalReport(built.report, colour, bidi));
    await writeLine(io.stdout, `Report: ${files.html}\n        ${files.markdown}\n        ${files.json}`);
  }
  return { code: 0, built, files };
}

/** `tokenlab compare`: the side-by-side English/Arabic report of every tokenizer. */
export const compareCommand: Command = {
  name: 'compare',
  help: `Usage: tokenlab compare [options]

Runs every registered tokenizer (classic, natural baselines, GPT encodings) and BPE trained on the
fly over English and Arabic text, prints a table per language, the Arabic:English token ratio and a
sample sentence cut by each tokenizer, and writes an HTML report (with charts), Markdown and JSON.

By default the bundled corpora are used: English '${DEFAULT_CORPORA.en}' (the Taylor Swift Wikipedia
article) and Arabic '${DEFAULT_CORPORA.ar}' (Arabic Wikinews without diacritics), both modern prose of
about 180 KB; the Arabic:English ratio also uses the UDHR, the same text in both languages.

Options:
      --en FILE             English text (UTF-8 unless --input-encoding) instead of the bundled corpus
      --ar FILE             Arabic text (UTF-8 unless --input-encoding) instead of the bundled corpus
      --text LANG=FILE      one more language (repeatable), e.g. --text fr=french.txt
                            (each FILE may be an http:// or https:// URL)
      --tokenizers LIST     comma-separated registry names to run (default: all), plus 'bpe' for
                            the trained BPE, e.g. --tokenizers whitespace,cl100k_base,bpe
      --vocab-sizes LIST    BPE vocabulary sizes to train (default: ${DEFAULT_VOCAB_SIZES.join(',')}; 'none' to skip)
  -o, --out DIR             where to write report.html, report.md, report.json (default: ./${DEFAULT_OUT_DIR})
      --json                print the report's numbers as JSON instead of the tables
      --bidi MODE           right-to-left samples in the terminal: 'logical' (default; for terminals
                            that do bidi themselves, and for pipes) or 'visual' (reordered here, for
                            terminals that draw characters in arrival order, e.g. xterm)
  -q, --quiet               no tables, progress bars or warnings; print only the report paths
${INPUT_DECODING_HELP}
${URL_INPUT_HELP}
  -h, --help                show this help`,
  async run(argv, io) {
    return (await runCompare(argv, io)).code;
  },
};
