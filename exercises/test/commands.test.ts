// The shell commands the guides show must exist: every `tokenlab <command> --option` names a CLI
// command whose help lists the option, and every `pnpm exercise <name>` names an exercise.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const docsDir = join(repoRoot, 'docs');
const pages = [
  ...readdirSync(docsDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync(join(docsDir, 'exercises')).map((f) => `docs/exercises/${f}`),
];
const exercises = new Set(
  (JSON.parse(readFileSync(join(repoRoot, 'exercises', 'catalog.json'), 'utf8')) as { name: string }[]).map(
    (e) => e.name,
  ),
);

/** The command lines of a page: lines of ```sh blocks, and `pnpm ...` inline code. */
function commandLines(markdown: string): string[] {
  const lines: string[] = [];
  for (const block of markdown.matchAll(/```(?:sh|bash)\n([\s\S]*?)```/g)) {
    lines.push(...block[1]!.split('\n').map((line) => line.replace(/\s#.*$/, '').trim()));
  }
  for (const code of markdown.matchAll(/`((?:npx -y pnpm@10|pnpm) [^`]+)`/g)) lines.push(code[1]!);
  return lines.filter((line) => line.startsWith('pnpm') || line.startsWith('npx'));
}

describe('commands in the guides', () => {
  it.each(pages)('%s: every tokenlab and exercise command exists', (page) => {
    for (const line of commandLines(readFileSync(join(repoRoot, page), 'utf8'))) {
      const words = line.split(/\s+/);
      const cli = words.indexOf('tokenlab');
      if (cli >= 0 && words[cli + 1] && !words[cli + 1]!.startsWith('-')) {
        const command = words[cli + 1]!;
        const source = join(repoRoot, 'apps', 'cli', 'src', 'commands', `${command}.ts`);
        expect(existsSync(source), `${line}: there is no "tokenlab ${command}" command`).toBe(true);
        let help = readFileSync(source, 'utf8');
        // Options shared by several commands (--input-encoding, --html, ...) are defined in the
        // modules the command imports and spread into its help.
        for (const [, module] of help.matchAll(/from '\.\.\/([\w-]+)\.js'/g)) {
          const shared = join(repoRoot, 'apps', 'cli', 'src', `${module}.ts`);
          if (existsSync(shared)) help += readFileSync(shared, 'utf8');
        }
        for (const option of words.slice(cli + 2).filter((w) => w.startsWith('--'))) {
          const name = option.replace(/=.*$/, '');
          expect(help, `${line}: "tokenlab ${command}" has no ${name}`).toMatch(
            new RegExp(`${name}(?![\\w-])`),
          );
        }
      }
      const exercise = words.indexOf('exercise');
      if (
        exercise > 0 &&
        /^(pnpm|-s)$/.test(words[exercise - 1]!) &&
        words[exercise + 1] &&
        !words[exercise + 1]!.startsWith('-')
      ) {
        const name = words[exercise + 1]!;
        if (name !== '<name>') expect(exercises.has(name), `${line}: no exercise named ${name}`).toBe(true);
      }
    }
  });
});
