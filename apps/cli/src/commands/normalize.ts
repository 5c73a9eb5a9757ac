import { ARABIC_NORMALIZATION_STEPS, normalizeArabic, parseArabicSteps } from '@tokenlab/classic';
import { type Command, parseCommandArgs } from '../command.js';
import { INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS } from '../input-decoding.js';
import { readInputText } from '../input-text.js';
import { inputLines, readJsonlStrings, UsageError, writeLine } from '../io.js';
import { inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';

/** `tokenlab normalize`: Arabic normalization with named steps. */
export const normalizeCommand: Command = {
  name: 'normalize',
  get help() {
    return `Usage: tokenlab normalize --arabic STEPS [--json] [--jsonl] [FILE...]

Normalizes the FILEs (or stdin) and prints the result. STEPS is 'all' or a comma-separated list,
run in the order given:

  ${ARABIC_NORMALIZATION_STEPS.join(', ')}

  nfc            Unicode NFC
  removeTatweel  drop tatweel ـ
  stripTashkeel  drop harakat, tanween, shadda, sukun, superscript alef, Quranic marks
  foldAlef       أ إ آ ٱ → ا
  alefMaksura    ى → ي
  tehMarbuta     ة → ه
  digits         Arabic-Indic and Persian digits → 0-9 (٫ ٬ between digits → . ,)

Options:
      --arabic STEPS  the steps to run (required)
      --json          print {"text": ..., "steps": [{"step": ..., "changed": N}, ...]}
      --jsonl         each line (of the FILEs, or stdin) is a JSON string; each output line the JSON result (the object with --json)
${INPUT_DECODING_HELP}
${URL_INPUT_HELP}
  -h, --help          show this help`;
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('normalize', argv, {
      arabic: { type: 'string' },
      json: { type: 'boolean' },
      jsonl: { type: 'boolean' },
      ...INPUT_DECODING_OPTIONS,
      ...URL_INPUT_OPTIONS,
    });
    if (typeof values.arabic !== 'string' || values.arabic === '') {
      throw new UsageError(
        `choose the steps: --arabic all, or some of ${ARABIC_NORMALIZATION_STEPS.join(',')}`,
      );
    }
    let steps: ReturnType<typeof parseArabicSteps>;
    try {
      steps = parseArabicSteps(values.arabic);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const report = (text: string) => {
      const result = normalizeArabic(text, steps);
      return { text: result.text, steps: result.steps };
    };
    if (values.jsonl) {
      for await (const line of readJsonlStrings(inputLines(positionals, io))) {
        const result = report(line);
        await writeLine(io.stdout, JSON.stringify(values.json ? result : result.text));
      }
      return 0;
    }
    const result = report(await readInputText(positionals, io, inputOptionsFrom(values)));
    if (values.json) {
      await writeLine(io.stdout, JSON.stringify(result));
      return 0;
    }
    // The text is printed as it is: no newline is added to or removed from it.
    await new Promise<void>((resolve, reject) =>
      io.stdout.write(result.text, (error) => (error ? reject(error) : resolve())),
    );
    return 0;
  },
};
