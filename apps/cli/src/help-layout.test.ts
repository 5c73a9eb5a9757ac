import { describe, expect, it } from 'vitest';
import { HELP_WIDTH, helpWidth, layOutHelp } from './help-layout.js';

describe('layOutHelp', () => {
  it('starts every option text in the column of the widest flags', () => {
    const help = [
      'Options:',
      '  -q, --quiet  no output',
      '      --input-encoding E  the encoding (default utf-8): latin1,',
      '                          utf-16le or utf-16be',
      '  -h, --help   show this help',
    ].join('\n');
    expect(layOutHelp(help).split('\n')).toEqual([
      'Options:',
      '  -q, --quiet             no output',
      '      --input-encoding E  the encoding (default utf-8): latin1,',
      '                          utf-16le or utf-16be',
      '  -h, --help              show this help',
    ]);
  });

  it('moves an option text written for a narrower column, continuation lines with it', () => {
    const help = [
      '  -e, --encoding NAME     gpt2 or cl100k_base',
      '      --feed  one text',
      '              per entry',
    ].join('\n');
    expect(layOutHelp(help).split('\n')).toEqual([
      '  -e, --encoding NAME  gpt2 or cl100k_base',
      '      --feed           one text',
      '                       per entry',
    ]);
  });

  it('wraps an option text that would pass the width again, under its first word', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const lines = layOutHelp(`Options:\n      --long  ${words}\n  -h, --help  show this help`).split('\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(HELP_WIDTH);
    const column = '      --long  '.length;
    for (const line of lines.slice(2, -1)) expect(line.slice(0, column).trim()).toBe('');
    expect(lines.slice(1, -1).join(' ').replace(/\s+/g, ' ').replace('--long ', '').trim()).toBe(words);
  });

  it('wraps a list entry (a name and its text) under its text, keeping its own column', () => {
    const text = 'Arabic and mixed text: diacritics stay in words, Arabic punctuation and digits (--clitics)';
    const lines = layOutHelp(`Tokenizers:\n  arabic             ${text}`).split('\n');
    expect(lines[1]!.startsWith('  arabic             Arabic')).toBe(true);
    expect(lines[2]!.startsWith(`${' '.repeat(21)}(--clitics)`)).toBe(true);
  });

  it('leaves prose, usage lines and texts that fit as they are written', () => {
    const help = [
      'Usage: tokenlab x [options] [FILE...]',
      '',
      'Reads the FILEs  and prints them.',
      '',
      'Commands:',
      '  compare      the report',
      '  tokenize     tokens',
    ].join('\n');
    expect(layOutHelp(help)).toBe(help);
  });

  it('wraps an indented line that would pass the width under its own indent', () => {
    const prose = `  ${Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ')}`;
    const lines = layOutHelp(prose, 40).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(40);
      expect(line.startsWith('  w')).toBe(true);
    }
    expect(lines.join(' ').trim().split(/ +/)).toEqual(prose.trim().split(' '));
  });

  it("takes a terminal's width when it is narrower than 100 columns", () => {
    expect(helpWidth({ columns: 80 })).toBe(80);
    expect(helpWidth({ columns: 200 })).toBe(HELP_WIDTH);
    expect(helpWidth({ columns: 12 })).toBe(40);
    expect(helpWidth({})).toBe(HELP_WIDTH);
    expect(helpWidth(undefined)).toBe(HELP_WIDTH);
  });

  it("wraps a long usage line, and the forms under it, under the command's arguments", () => {
    const help =
      'Usage: tokenlab encode (--encoding NAME | --model PREFIX.model) [options] [FILE...]\n\nText.';
    expect(layOutHelp(help, 60).split('\n')).toEqual([
      'Usage: tokenlab encode (--encoding NAME | --model',
      '                       PREFIX.model) [options] [FILE...]',
      '',
      'Text.',
    ]);
    expect(layOutHelp(help, 100)).toBe(help);
    const forms = [
      'Usage: tokenlab train --tokenizer basic|regex --vocab-size N --out PREFIX [options] [FILE...]',
      '       tokenlab train --counts --vocab-size N --out PREFIX [options] COUNTS.parquet...',
      '',
      '  an example that is too long for sixty columns is wrapped under its own indent',
    ].join('\n');
    expect(layOutHelp(forms, 60).split('\n')).toEqual([
      'Usage: tokenlab train --tokenizer basic|regex --vocab-size N',
      '                      --out PREFIX [options] [FILE...]',
      '       tokenlab train --counts --vocab-size N --out PREFIX',
      '                      [options] COUNTS.parquet...',
      '',
      '  an example that is too long for sixty columns is wrapped',
      '  under its own indent',
    ]);
  });

  it('wraps a paragraph of prose with a line past the width again as a whole', () => {
    const paragraph = [
      'Reads the FILEs and prints the token ids, space-separated, on one line. The ids of',
      'the encodings equal those of tiktoken.',
    ];
    const help = ['Usage: x', '', ...paragraph, '', 'Short lines', 'stay as written.'].join('\n');
    expect(layOutHelp(help, 60).split('\n')).toEqual([
      'Usage: x',
      '',
      'Reads the FILEs and prints the token ids, space-separated,',
      'on one line. The ids of the encodings equal those of',
      'tiktoken.',
      '',
      'Short lines',
      'stay as written.',
    ]);
  });
});
