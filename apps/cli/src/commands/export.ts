import { writeFile } from 'node:fs/promises';
import { huggingFaceExport, tiktokenExport } from '@tokenlab/bpe';
import { loadModelFile } from '@tokenlab/bpe/node';
import { type Command, parseCommandArgs } from '../command.js';
import { checkOutputFile, UsageError, writeLine } from '../io.js';

/** `tokenlab export`: a minbpe model written as a `.tiktoken` rank file or a Hugging Face tokenizer.json. */
export const exportCommand: Command = {
  name: 'export',
  help: `Usage: tokenlab export --format tiktoken|hf --model PREFIX.model [--out FILE]

Writes a trained minbpe model (from 'tokenlab train' or minbpe) in a format other libraries read:
  tiktoken  a .tiktoken rank file (base64 bytes and rank per line); the split pattern it needs is
            printed, to give tiktoken (or 'tokenlab encode --tiktoken FILE --pattern P')
  hf        a Hugging Face tokenizer.json: byte-level BPE with the split pattern as a Split
            pre-tokenizer, the special tokens as added tokens
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
    if (format !== 'tiktoken' && format !== 'hf')
      throw new UsageError(`--format must be tiktoken or hf, got '${String(format)}'`);
    if (typeof values.model !== 'string') throw new UsageError('--model PREFIX.model is required');
    const tokenizer = await loadModelFile(values.model);
    const prefix = values.model.replace(/\.model$/, '');
    const out =
      typeof values.out === 'string'
        ? values.out
        : `${prefix}.${format === 'hf' ? 'tokenizer.json' : 'tiktoken'}`;
    await checkOutputFile(out);
    if (format === 'hf') {
      await writeFile(out, `${JSON.stringify(huggingFaceExport(tokenizer), null, 2)}\n`);
      await writeLine(io.stdout, `wrote ${out}`);
      return 0;
    }
    const { ranks, pattern, specialTokens } = tiktokenExport(tokenizer);
    await writeFile(out, ranks);
    await writeLine(io.stdout, `wrote ${out}`);
    await writeLine(io.stdout, `pattern: ${pattern}`);
    if (Object.keys(specialTokens).length > 0)
      await writeLine(io.stdout, `special tokens: ${JSON.stringify(specialTokens)}`);
    return 0;
  },
};
