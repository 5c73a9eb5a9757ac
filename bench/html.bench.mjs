// getText: the reader on htmlparser2's tokenizer against the character scanner it replaced (built from
// git, commit SCANNER_COMMIT) and against bs4 itself, on the committed pages of packages/html, in one
// run, interleaved. Writes results/html.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getText } from '@tokenlab/html';
import { machineInfo } from './corpus.mjs';
import { PYTHON } from './python-cases.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const pagesDir = join(root, 'packages/html/fixtures/pages');
/** The last commit whose getText ran on its own character scanner. */
const SCANNER_COMMIT = 'e8360cd47d0ea15d08cfb6a5bd6ff4e481ca4ddf';
const SCANNER_FILES = ['get-text', 'markup-scanner', 'char-ref', 'entities.generated', 'python-space'];
const ROUNDS = 7;
/** Each timing repeats getText until this many milliseconds have passed, at least once. */
const MIN_MS = 200;

/** The scanner-based getText, transpiled from its sources at SCANNER_COMMIT. */
async function scannerGetText() {
  const ts = createRequire(join(root, 'package.json'))('typescript');
  const dir = mkdtempSync(join(tmpdir(), 'tokenlab-html-scanner-'));
  for (const file of SCANNER_FILES) {
    const source = execFileSync('git', ['show', `${SCANNER_COMMIT}:packages/html/src/${file}.ts`], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    const js = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(join(dir, `${file}.js`), js);
  }
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  const module = await import(pathToFileURL(join(dir, 'get-text.js')).href);
  return { getText: module.getText, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Milliseconds per call of `fn(html)`, repeated for at least MIN_MS. */
function timeOne(fn, html) {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    fn(html);
    calls++;
    elapsed = performance.now() - start;
  } while (elapsed < MIN_MS);
  return elapsed / calls;
}

/** bs4's milliseconds per get_text (parse included) for each page, in one Python process. */
function bs4Times(files) {
  const script = `
import json, sys, time
from bs4 import BeautifulSoup
out = []
for path in json.loads(sys.argv[1]):
    html = open(path, encoding="utf-8").read()
    BeautifulSoup(html, "html.parser").get_text()
    calls, start = 0, time.perf_counter()
    while True:
        BeautifulSoup(html, "html.parser").get_text()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed * 1000 >= ${MIN_MS}: break
    out.append(elapsed * 1000 / calls)
print(json.dumps(out))
`;
  const run = spawnSync(PYTHON, ['-c', script, JSON.stringify(files)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`bs4 failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const pages = readdirSync(pagesDir)
  .filter((file) => file.endsWith('.html'))
  .map((file) => ({ name: file.slice(0, -5), path: join(pagesDir, file) }))
  .map((page) => ({ ...page, html: readFileSync(page.path, 'utf8') }));
const scanner = await scannerGetText();
for (const page of pages) {
  if (scanner.getText(page.html) !== getText(page.html))
    throw new Error(`${page.name}: the two getText differ`);
}

const times = new Map(pages.map((page) => [page.name, { reader: [], scanner: [], bs4: [] }]));
for (let round = 0; round < ROUNDS; round++) {
  for (const page of pages) {
    const t = times.get(page.name);
    // Alternate which goes first, round by round.
    if (round % 2 === 0) {
      t.reader.push(timeOne(getText, page.html));
      t.scanner.push(timeOne(scanner.getText, page.html));
    } else {
      t.scanner.push(timeOne(scanner.getText, page.html));
      t.reader.push(timeOne(getText, page.html));
    }
  }
  const bs4 = bs4Times(pages.map((page) => page.path));
  for (const [index, page] of pages.entries()) times.get(page.name).bs4.push(bs4[index]);
}
scanner.cleanup();

const format = (ms) => (ms < 1 ? ms.toFixed(3) : ms.toFixed(2));
const rows = pages.map((page) => {
  const t = times.get(page.name);
  const ratio = (a, b) => median(a.map((value, index) => value / b[index]));
  return `| ${page.name} | ${Math.round(page.html.length / 1024)} KB | ${format(median(t.reader))} | ${format(median(t.scanner))} | ${format(median(t.bs4))} | ${ratio(t.scanner, t.reader).toFixed(1)}× | **${ratio(t.bs4, t.reader).toFixed(1)}×** |`;
});
const load = loadavg()
  .map((value) => value.toFixed(1))
  .join(' / ');
const bs4Version = spawnSync(PYTHON, ['-c', 'import bs4; print(bs4.__version__)'], {
  encoding: 'utf8',
}).stdout.trim();
const markdown = `## Text from HTML (\`getText\`)

* Input: the committed pages of \`packages/html/fixtures/pages\` (MediaWiki in English and Arabic, news, a blog,
  malformed markup, entities, \`<br>\`/\`<p>\`, scripts and styles, sections, two Debian documentation pages).
  All three give the same text on every page (the parity tests check bs4's; the script checks the two getText).
* Machine: ${machineInfo()}; ${new Date().toISOString().slice(0, 10)}; load average ${load} at the end (2 cores,
  shared). bs4 ${bs4Version} with \`html.parser\` (Debian python3-bs4, Python 3.11), timed as
  \`BeautifulSoup(html, "html.parser").get_text()\` (parsing included, as getText includes it).
* "reader": getText as it is, htmlparser2's \`Tokenizer\` with html.parser's rules where the two differ.
  "scanner": the character scanner it replaced (commit \`${SCANNER_COMMIT.slice(0, 7)}\`, transpiled from git).
  Each timing repeats the call for at least ${MIN_MS} ms; ${ROUNDS} rounds, reader and scanner alternating which goes
  first, bs4 once per round in one Python process; milliseconds per call are medians, ratios are medians of the
  per-round ratios (of times: how many times longer than the reader).

| page | size | reader ms | scanner ms | bs4 ms | scanner ÷ reader | bs4 ÷ reader |
|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}
`;
writeFileSync(join(here, 'results', 'html.md'), markdown);
console.log(markdown);
