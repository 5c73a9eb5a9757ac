// Turns the ```ts examples of a guide into one runnable module whose stated outputs are checked.
//
// The convention, for guide writers: the ```ts blocks of a guide run in order as one module, so a
// later block can use what an earlier one defined. A single-line statement may end with a comment
// that states its result:
//
//   encode('hi');            // → [104, 105]        deep equality with the value written (a JS expression)
//   idf[0];                  // ≈ 1.9163            a number (or array of numbers) to the decimals written
//   decode([999]);           // throws: invalid     throws an error whose message contains the text
//   const ids = encode('a'); // → [97]              a declaration: the declared variable is checked
//
// A Uint8Array (or other typed array) compares equal to the array of its values, a Map or Set to
// the array of its entries. Every ```ts block runs: there is no way to opt out.

/** One ```ts block of a guide. */
export interface CodeBlock {
  /** The 1-based line of the first line of code in the Markdown file. */
  line: number;
  code: string;
}

/** The ```ts (or ```typescript) blocks of a Markdown text. */
export function extractCodeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(ts|typescript)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^\s*```\s*$/.test(lines[j]!)) body.push(lines[j++]!.slice(indent));
    if (j === lines.length) throw new Error(`line ${i + 1}: the code block is never closed`);
    blocks.push({ line: i + 2, code: body.join('\n') });
    i = j;
  }
  return blocks;
}

const CHECK = /^(\s*)(.*?);?\s*\/\/\s*(→|≈|throws:)\s*(.*?)\s*$/;
const DECLARATION = /^(?:const|let)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=/;

/**
 * The first line of the statement that ends on line `end`: a formatter may wrap a long call over
 * several lines (`foo()\n  .map(f)\n  .at(0); // → 1`), so walk back over continuation lines.
 */
function statementStart(lines: string[], end: number): number {
  let start = end;
  while (start > 0) {
    const current = lines[start]!.trim();
    const previous = lines[start - 1]!.trim();
    const continues = /^(?:[.)\]}?:]|&&|\|\||\?\?)/.test(current) || /[([{,=>+\-*/?:]$/.test(previous);
    /^[.)\]}?:]|^(?:&&|\|\||\?\?|[+\-*/])/.test(current) || /[([{,=>+\-*/?:]$/.test(previous);
    if (!continues || previous === '' || previous.startsWith('//') || CHECK.test(previous)) break;
    start--;
  }
  return start;
}

/** How many results the converted module checks. */
export interface GuideModule {
  source: string;
  checks: number;
}

/**
 * One module from the blocks of a guide: the stated results become calls to the checkers
 * imported from `checksModule`, each labelled `file:line` so that a failure points into the guide.
 */
export function guideModule(file: string, blocks: CodeBlock[], checksModule: string): GuideModule {
  let checks = 0;
  const out: string[] = [`import { __approx, __equal, __throws } from ${JSON.stringify(checksModule)};`];
  for (const block of blocks) {
    const lines = block.code.split('\n');
    lines.forEach((text, offset) => {
      const match = CHECK.exec(text);
      if (!match || match[2]!.trim() === '') {
        out.push(text);
        return;
      }
      const first = statementStart(lines, offset);
      out.splice(out.length - (offset - first), offset - first);
      const indent = /^\s*/.exec(lines[first]!)![0];
      const statement = [...lines.slice(first, offset).map((l) => l.trim()), match[2]!.trim()].join(' ');
      const [kind, expected] = [match[3]!, match[4]!];
      const where = JSON.stringify(`${file}:${block.line + offset}`);
      const declared = DECLARATION.exec(statement);
      checks++;
      if (kind === 'throws:') {
        if (declared)
          throw new Error(`${file}:${block.line + offset}: "throws:" cannot follow a declaration`);
        out.push(
          `${indent}await __throws(async () => { ${statement}; }, ${JSON.stringify(expected)}, ${where});`,
        );
        return;
      }
      const actual = declared ? declared[1]! : `(${statement})`;
      if (declared) out.push(`${indent}${statement};`);
      if (kind === '→') out.push(`${indent}__equal(${actual}, ${expected}, ${where});`);
      else out.push(`${indent}__approx(${actual}, ${JSON.stringify(expected)}, ${where});`);
    });
  }
  return { source: `${out.join('\n')}\n`, checks };
}
