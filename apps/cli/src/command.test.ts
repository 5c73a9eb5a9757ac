import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARSED_OPTION_SPECS } from './command.js';
import { COMMANDS } from './commands/index.js';
import { HELP_WIDTH } from './help-layout.js';
import { runCapture } from './testing.js';

/** The words before the options: `stats` needs its statistic first, `embed` its action. */
const LEAD: Record<string, string[]> = { stats: ['freq'], embed: ['train'] };

describe('every command', () => {
  it('lists every option it accepts in its --help', async () => {
    for (const entry of COMMANDS) {
      const command = await entry.load();
      // An unknown option stops the command right after it parsed its options.
      const run = await runCapture([command.name, ...(LEAD[command.name] ?? []), '--no-such-option']);
      expect(run.code, command.name).toBe(2);
      const spec = PARSED_OPTION_SPECS.get(command.name);
      expect(spec, command.name).toBeDefined();
      for (const [name, option] of Object.entries(spec!)) {
        const dashes = name.length === 1 ? '-' : '--';
        const pattern = new RegExp(`(^|[\\s,(])${dashes}${name}\\b`, 'm');
        expect(command.help, `${command.name} --${name}`).toMatch(pattern);
        if (option.short)
          expect(command.help, `${command.name} -${option.short}`).toMatch(`-${option.short}`);
      }
    }
  });

  it('prints a --help that fits 100 columns, with every option text in one column and no control character', async () => {
    const helps = [['main', (await runCapture(['--help'])).stdout]];
    for (const entry of COMMANDS) helps.push([entry.name, (await runCapture([entry.name, '--help'])).stdout]);
    for (const [name, help] of helps) {
      expect(help, name).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
      const columns = new Set<number>();
      for (const line of help.split('\n')) {
        expect(line.length, `${name}: ${line}`).toBeLessThanOrEqual(HELP_WIDTH);
        const option = /^( +-[^ ]*(?: [^ ]+)* {2,})\S/.exec(line);
        if (option) columns.add(option[1]!.length);
      }
      expect([...columns], name).toHaveLength(name === 'main' ? 0 : 1);
    }
  });

  it('lays --help out for a terminal narrower than 100 columns without breaking a word', async () => {
    for (const argv of [['--help'], ...COMMANDS.map((entry) => [entry.name, '--help'])]) {
      const wide = (await runCapture(argv)).stdout;
      for (const columns of [80, 60]) {
        const narrow = (await runCapture(argv, '', { stdoutColumns: columns })).stdout;
        for (const line of narrow.split('\n'))
          if (line.trim().includes(' '))
            expect(line.length, `${argv[0]} at ${columns}: ${line}`).toBeLessThanOrEqual(columns);
        expect(narrow.split(/\s+/), `${argv[0]} at ${columns}`).toEqual(wide.split(/\s+/));
        // The usage line's later lines stand under its arguments, not at column 0 like prose.
        const usage =
          narrow
            .split('\n\n')
            .find((block) => block.startsWith('Usage: '))
            ?.split('\n') ?? [];
        if (argv[0] !== '--help') expect(usage, `${argv[0]} at ${columns}`).not.toHaveLength(0);
        for (const line of usage.slice(1))
          expect(line, `${argv[0]} at ${columns}: usage`).toMatch(/^ {7,}\S/);
      }
      expect((await runCapture(argv, '', { stdoutColumns: 160 })).stdout).toBe(wide);
    }
  });

  it('names the option an unknown one most likely meant', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['tokenize', '--tokeniser', 'chars'], /unknown option '--tokeniser': did you mean --tokenizer\?/],
      [['compare', '--vocab-size', '512'], /did you mean --vocab-sizes\?/],
      [['tokenize', '-spans'], /unknown option '-s': did you mean --spans\?/],
      [
        ['encode', '--zzzz'],
        /unknown option '--zzzz' \(a file whose name starts with '-' goes after '--', as in '-- --zzzz'\)/,
      ],
    ];
    for (const [argv, message] of cases) {
      const run = await runCapture(argv, 'x');
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr, argv.join(' ')).toMatch(message);
      expect(run.stderr, argv.join(' ')).toMatch(/Run 'tokenlab \w+ --help' for the options/);
    }
  });

  it('reads --jsonl records from the FILEs given, one file after another, and names a bad line by its file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-jsonl-'));
    const strings = join(dir, 'strings.jsonl');
    const arrays = join(dir, 'arrays.jsonl');
    const ids = join(dir, 'ids.jsonl');
    writeFileSync(strings, '"running cats"\n"sat"\n');
    writeFileSync(arrays, '["Hello", ",", "world"]\n');
    writeFileSync(ids, '[15339, 1917]\n');
    // stdin holds something else: a FILE given must be read, not passed over for stdin.
    const cases: Array<[string[], string, string]> = [
      [
        ['tokenize', '-t', 'whitespace', '--jsonl', strings, strings],
        '["running","cats"]\n["sat"]\n["running","cats"]\n["sat"]\n',
        strings,
      ],
      [['encode', '-e', 'cl100k_base', '--count', '--jsonl', strings], '2\n1\n', strings],
      [['decode', '-e', 'cl100k_base', '--jsonl', ids], '"hello world"\n', ids],
      [['normalize', '--arabic', 'all', '--jsonl', strings], '"running cats"\n"sat"\n', strings],
      [['sentences', '--jsonl', strings], '["running cats"]\n["sat"]\n', strings],
      [['stem', '--stemmer', 'porter', '--jsonl', strings], '"running cat"\n"sat"\n', strings],
      [['detokenize', '--jsonl', arrays], '"Hello, world"\n', arrays],
      [['stats', 'freq', '--top', '1', '--jsonl', strings], '["running",1]\n', strings],
    ];
    for (const [argv, expected, file] of cases) {
      const run = await runCapture(argv, '"from stdin"\n');
      expect(run.stderr, argv.join(' ')).toBe('');
      expect(run.code, argv.join(' ')).toBe(0);
      expect(run.stdout, argv.join(' ')).toBe(expected);
      expect(run.stdout, argv.join(' ')).not.toContain('stdin');
      // A line that is not what the command expects is named by its file and line.
      const bad = join(dir, 'bad.jsonl');
      writeFileSync(bad, `${readFileSync(file, 'utf8')}{"oops": 1}\n`);
      const failed = await runCapture([...argv.slice(0, -1), bad]);
      expect(failed.code, argv.join(' ')).toBe(2);
      expect(failed.stderr, argv.join(' ')).toContain(
        `'${bad}' line ${readFileSync(file, 'utf8').split('\n').length}:`,
      );
    }
  });

  it('refuses an operand of a command that takes none, where it was ignored (compare ran on the bundled texts)', async () => {
    const compare = await runCapture(['compare', 'my-text.txt']);
    expect(compare.code).toBe(2);
    expect(compare.stderr).toContain(
      "unexpected argument 'my-text.txt': tokenlab compare takes its texts by flag: --en FILE, --ar FILE or --text LANG=FILE",
    );
    expect(compare.stdout).toBe('');
    const web = await runCapture(['web', 'site']);
    expect(web.code).toBe(2);
    expect(web.stderr).toContain("unexpected argument 'site'");
    // Nor does an unknown option of such a command speak of files named like options.
    const unknown = await runCapture(['compare', '--zzzz']);
    expect(unknown.stderr).toContain("tokenlab compare: unknown option '--zzzz'\n");
  });

  it('rejects an option given twice that takes one value, naming both', async () => {
    const cases = [
      ['tokenize', '-t', 'whitespace', '-t', 'treebank'],
      ['encode', '--encoding', 'gpt2', '-e', 'cl100k_base'],
      ['stats', 'freq', '--top', '3', '--top', '4'],
      ['tokenize', '--json', '--json'],
    ];
    for (const argv of cases) {
      const run = await runCapture(argv, 'x');
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr, argv.join(' ')).toMatch(/given twice \(\S+ and \S+\)/);
    }
    // Options meant to repeat still do.
    const compareHelp = (await COMMANDS.find((command) => command.name === 'compare')!.load()).help;
    expect(compareHelp).toContain('repeatable');
  });
});

describe('the command list', () => {
  it('imports no command module until that command is used', () => {
    // A static import here would make every command load the packages of all the others.
    const source = readFileSync(new URL('./commands/index.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import (?!type )/m);
    for (const entry of COMMANDS) expect(source).toContain(`import('./${entry.name}.js')`);
  });

  it('gives each entry the command its module exports', async () => {
    for (const entry of COMMANDS) expect((await entry.load()).name).toBe(entry.name);
  });
});
