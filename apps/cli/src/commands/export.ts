import { writeFile } from 'node:fs/promises';
import { huggingFaceExport, tiktokenExport } from '@tokenlab/bpe';
import { loadModelFile } from '@tokenlab/bpe/node';
import { type Command, parseCommandArgs } from '../command.js';
import { checkOutputFile, readOptionFile, UsageError, writeLine, writingFile } from '../io.js';

/**
 * The split pattern printed for a basic model (minbpe's `BasicTokenizer`, no split): one match that is
 * the whole text, so tiktoken's byte-pair merging runs over all of it, as the model encodes.
 */
const WHOLE_TEXT_PATTERN = '[\\s\\S]+';

/** `tokenlab export`: a minbpe model written as a `.tiktoken` rank file or a Hugging Face tokenizer.json. */
export const exportCommand: Command = {
  name: 'export',
  help: `Usage: tokenlab export --format tiktoken|hf --model PREFIX.model [--out FILE]

Writes a trained minbpe model (from 'tokenlab train' or minbpe) in a format other libraries read:
  tiktoken  a .tiktoken rank file (base64 bytes and rank per line); the split pattern it needs is
            printed, to give tiktoken (or 'tokenlab encode --tiktoken FILE --pattern P'); a basic
            model, which does not split, gets [\\s\\S]+ (the whole text as one piece)
  hf        a Hugging Face tokenizer.json: byte-level BPE with the split pattern as a Split
            pre-tokenizer (none for a basic model), the special tokens as added tokens
Both give the model's own ids; a model that tiktoken's byte-level merging would encode differently
is refused with the first token at fault.

Options:
      --format FORMAT        tiktoken or hf
  -m, --model PREFIX.model   the minbpe model to export
  -o, --out FILE             where to write (default: PREFIX.tiktoken or PREFIX.tokenizer.json)
  -h, --help                 show this help`,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('export', argv, {
      format: { type: 'string' },
      model: { type: 'string', short: 'm' },
      out: { type: 'string', short: 'o' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const format = values.format;
    if (format === undefined) throw new UsageError('--format is required: --format tiktoken or --format hf');
    if (format !== 'tiktoken' && format !== 'hf')
      throw new UsageError(`--format must be tiktoken or hf, got '${String(format)}'`);
    if (typeof values.model !== 'string') throw new UsageError('--model PREFIX.model is required');
    const tokenizer = await readOptionFile(values.model, '--model', loadModelFile);
    const prefix = values.model.replace(/\.model$/, '');
    const out =
      typeof values.out === 'string'
        ? values.out
        : `${prefix}.${format === 'hf' ? 'tokenizer.json' : 'tiktoken'}`;
    await checkOutputFile(out);
    if (format === 'hf') {
      const json = `${JSON.stringify(huggingFaceExport(tokenizer), null, 2)}\n`;
      await writingFile(out, () => writeFile(out, json));
      await writeLine(io.stdout, `wrote ${out}`);
      return 0;
    }
    const { ranks, pattern, specialTokens } = tiktokenExport(tokenizer);
    await writingFile(out, () => writeFile(out, ranks));
    await writeLine(io.stdout, `wrote ${out}`);
    // A basic model does not split its text: tiktoken (and --pattern) need a pattern, and one whose
    // single match is the whole text gives the model's ids. An empty pattern is accepted by neither.
    await writeLine(io.stdout, `pattern: ${pattern === '' ? WHOLE_TEXT_PATTERN : pattern}`);
    if (pattern === '')
      await writeLine(
        io.stderr,
        `tokenlab export: note: ${values.model} is a basic model, which does not split its text; the pattern ${WHOLE_TEXT_PATTERN} makes the whole text one piece, which gives the model's ids`,
      );
    if (Object.keys(specialTokens).length > 0)
      await writeLine(io.stdout, `special tokens: ${JSON.stringify(specialTokens)}`);
    return 0;
  },
};
