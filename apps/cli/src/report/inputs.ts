import { readFile } from 'node:fs/promises';
import { findInvalidUtf8 } from '@tokenlab/core';
import { corpusInfo, loadCorpus } from '@tokenlab/corpora';
import { UsageError } from '../io.js';
import type { TextSource } from './model.js';

/**
 * A text that cannot be compared: missing, unreadable, not UTF-8, empty. A failure of the input (exit
 * code 1), where a mistake on the command line is a `UsageError` (exit code 2).
 */
export class TextProblem extends Error {}

/** One language's text, cut into documents, with the split used for held-out measures. */
export interface LanguageText {
  /** Language code. */
  language: string;
  /** Human name. */
  label: string;
  /** Writing direction of the text. */
  direction: 'ltr' | 'rtl';
  /** Where it came from. */
  source: TextSource;
  /** The documents: the non-empty lines of the text (paragraphs, in these corpora), in order. */
  documents: string[];
  /** How many documents are in the training part (vocabulary, BPE); see {@link isHeldOut}. */
  trainingDocuments: number;
}

/** A language to compare and, optionally, the file to read it from. */
export interface TextRequest {
  /** Language code. */
  language: string;
  /** A UTF-8 text file; the bundled corpus of the language when absent. */
  file?: string;
  /** The text of `file` when it was read already (a downloaded URL). */
  text?: string;
}

/**
 * The bundled corpus used for each language by default. Both are modern encyclopaedic or news
 * prose of about 180 KB (the Taylor Swift Wikipedia article and Arabic Wikinews as it is written,
 * without diacritics), so the two languages are compared on text of the same kind and size; the
 * vocalised Quran and Shakespeare's verse would add differences of genre and spelling.
 */
export const DEFAULT_CORPORA: Readonly<Record<string, string>> = {
  en: 'taylorswift',
  ar: 'wikinews-ar-plain',
};

/** Why {@link DEFAULT_CORPORA} are the default texts: shown in the report when they are used. */
export const DEFAULT_TEXT_CHOICE =
  'The texts: the Taylor Swift Wikipedia article (English, 186 KB) and Arabic Wikinews as news is ' +
  'written, without diacritics (177 KB). Both are modern encyclopaedic or news prose of the same size, ' +
  'so the differences are the languages and the tokenizers, not genre; the vocalised Quran or ' +
  "Shakespeare's verse would add differences of register and spelling and take five times as long. " +
  'The Arabic:English ratio also uses the UDHR, the same declaration in both languages.';

const LABELS: Readonly<Record<string, string>> = {
  en: 'English',
  ar: 'Arabic',
  fa: 'Persian',
  ur: 'Urdu',
  he: 'Hebrew',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
};

/** Every tenth document is held out. */
const HELD_OUT_EVERY = 10;

/**
 * Whether document `index` is held out (used for out-of-vocabulary rates and BPE compression, never
 * for training). Every tenth document, rather than the last tenth, so that the held-out text is
 * spread over the whole corpus: the end of a Wikipedia copy is its reference list and page footer,
 * which would make the held-out part unlike the rest.
 */
export function isHeldOut(index: number): boolean {
  return index % HELD_OUT_EVERY === HELD_OUT_EVERY - 1;
}

/** `rtl` when most letters of `text` are in a right-to-left script. */
export function textDirection(text: string): 'ltr' | 'rtl' {
  const sample = text.slice(0, 20_000);
  const rtl =
    sample.match(/[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/gu)?.length ?? 0;
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  return rtl * 2 > letters ? 'rtl' : 'ltr';
}

/** Training documents among `count`: all but the held-out ones. */
export function trainingCount(count: number): number {
  return count - Math.floor(count / HELD_OUT_EVERY);
}

/** The documents of a text: its non-empty lines, without line-break characters. */
export function textDocuments(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

async function readTextFile(file: string, language: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new TextProblem(`cannot read the ${language} text '${file}' (${code})`);
  }
  let text: string;
  try {
    // Fatal decoding: a U+FFFD written in the file is text, only bytes that are not UTF-8 are refused.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const offset = findInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
    throw new TextProblem(
      `the ${language} text '${file}' is not valid UTF-8 (line ${line}, byte ${offset}); name its encoding with --input-encoding, or convert it first, e.g. with iconv -t UTF-8`,
    );
  }
  if (text.trim() === '')
    throw new TextProblem(
      `the ${language} text '${file}' ${text === '' ? 'is empty' : 'holds only white space'}`,
    );
  return text;
}

/** Load every requested language: the named file, or the bundled corpus of that language. */
export async function loadLanguageTexts(requests: readonly TextRequest[]): Promise<LanguageText[]> {
  // Every text is read before any problem is reported, so that all of them are named at once, in the
  // order given, and not whichever file a race read first.
  const settled = await Promise.allSettled(
    requests.map(async ({ language, file, text }): Promise<LanguageText> => {
      let documents: string[];
      let source: TextSource;
      if (file !== undefined) {
        documents = textDocuments(text ?? (await readTextFile(file, language)));
        source = { kind: 'file', id: file, title: file };
      } else {
        const id = DEFAULT_CORPORA[language];
        if (!id)
          throw new UsageError(
            `no bundled corpus for language '${language}': give a file with --text ${language}=FILE`,
          );
        const info = corpusInfo(id);
        documents = textDocuments(await loadCorpus(id));
        source = {
          kind: 'corpus',
          id,
          title: info.title,
          license: info.license,
          attribution: info.attribution,
        };
      }
      return {
        language,
        label: LABELS[language] ?? language,
        direction: textDirection(documents.slice(0, 50).join('\n')),
        source,
        documents,
        trainingDocuments: trainingCount(documents.length),
      };
    }),
  );
  const problems = settled.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  // Every language's problem at once; a mistake on the command line among them makes it a usage error.
  const other = problems.find(
    (problem) => !(problem instanceof UsageError || problem instanceof TextProblem),
  );
  if (other !== undefined) throw other;
  if (problems.length > 0) {
    const message = problems.map((problem) => (problem as Error).message).join('; ');
    throw problems.some((problem) => problem instanceof UsageError)
      ? new UsageError(message)
      : new TextProblem(message);
  }
  return settled.map((result) => (result as PromiseFulfilledResult<LanguageText>).value);
}
