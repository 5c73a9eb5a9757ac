// Measures the largest inputs of docs/limits.md: each case runs in a fresh Node process, which
// reports its wall time and peak resident memory (process.resourceUsage().maxRSS).
// Usage: node scripts/measure-limits.mjs [case-name ...]   (after `pnpm build`)
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Two cases read reference files (a rank file, an English text) from the shared folder beside the repository.
const shared = `${root}/../shared`;

const cases = {
  'loadModel: chain of 1,000,000 merges (12 MB)': `
    const { loadModel } = await import('@tokenlab/bpe');
    const lines = ['minbpe v1', '', '0', '0 0'];
    for (let i = 1; i < 1_000_000; i++) lines.push(\`\${255 + i} 0\`);
    const text = lines.join('\\n') + '\\n';
    start();
    const t = loadModel(text, 'chain.model');
    t.decode(t.encode('hi'));`,
  'loadTiktokenBpe: o200k_base.tiktoken (3.6 MB, 199,998 ranks)': `
    const { loadTiktokenBpeFile } = await import('@tokenlab/gpt/node');
    start();
    await loadTiktokenBpeFile('${shared}/ranks/o200k_base.tiktoken');`,
  'loadTiktokenBpe: 16-byte file with rank 100,000,000 (refused)': `
    const { loadTiktokenBpe } = await import('@tokenlab/gpt');
    start();
    try { loadTiktokenBpe('IQ== 100000000\\n'); } catch {}`,
  'cl100k_base countTokens: 5,000,000 emoji (10 M UTF-16 units)': `
    const { getEncoding } = await import('@tokenlab/gpt');
    const enc = await getEncoding('cl100k_base');
    const text = '\\u{1F600}'.repeat(5_000_000);
    start();
    enc.countTokens(text);`,
  'o200k_base countTokens: 5,000,000 CJK Ext-B': `
    const { getEncoding } = await import('@tokenlab/gpt');
    const enc = await getEncoding('o200k_base');
    const text = '\\u{20000}'.repeat(5_000_000);
    start();
    enc.countTokens(text);`,
  'RegexpTokenizer $ with gaps: 1,000,000 emoji and newlines': `
    const { RegexpTokenizer } = await import('@tokenlab/classic');
    const text = '\\u{1F600}\\u{1F600}a\\u{1F600}\\n'.repeat(250_000);
    start();
    new RegexpTokenizer('$', { gaps: true }).tokenize(text);`,
  'BlanklineTokenizer: 10,000,000 spaces': `
    const { BlanklineTokenizer } = await import('@tokenlab/classic');
    const text = 'a' + ' '.repeat(10_000_000) + 'b\\n\\nc';
    start();
    new BlanklineTokenizer().tokenize(text);`,
  'RegexTokenizer train to 300 + .vocab text: 10 MB of x': `
    const { RegexTokenizer, vocabFileText } = await import('@tokenlab/bpe');
    const text = 'x'.repeat(10_000_000);
    start();
    const t = new RegexTokenizer('gpt4');
    t.train(text, 300);
    vocabFileText(t);`,
  'BigramCollocationFinder: 400,000 words, window 100': `
    const { BigramCollocationFinder } = await import('@tokenlab/stats');
    const words = Array.from({ length: 400_000 }, (_, i) => 'w' + ((i * 7919) % 20000));
    start();
    BigramCollocationFinder.fromWords(words, 100);`,
  'BigramCollocationFinder: 400,000 words, window 100,000 (refused)': `
    const { BigramCollocationFinder } = await import('@tokenlab/stats');
    const words = Array.from({ length: 400_000 }, (_, i) => 'w' + ((i * 7919) % 20000));
    start();
    try { BigramCollocationFinder.fromWords(words, 100_000); } catch {}`,
  'natural sentence tokenizer: 20,000 characters of English': `
    const { naturalSentenceTokenizer } = await import('@tokenlab/natural');
    const { readFileSync } = await import('node:fs');
    const text = readFileSync('${shared}/corpora/en/taylorswift.txt', 'utf8').slice(0, 20_000);
    start();
    naturalSentenceTokenizer().tokenize(text);`,
  'natural sentence tokenizer: 1,000 delimiters (ab. ab. ...)': `
    const { naturalSentenceTokenizer } = await import('@tokenlab/natural');
    const text = 'ab. '.repeat(1000);
    start();
    naturalSentenceTokenizer().tokenize(text);`,
  'natural Porter stemmer: 1,000 dots': `
    const { naturalPorterStem } = await import('@tokenlab/natural');
    start();
    naturalPorterStem('.'.repeat(1000));`,
  'finditer \\B|\\w+: 200,000 characters ("ab  " repeated, 100,001 matches)': `
    const { finditer } = await import('@tokenlab/pattern');
    const text = 'ab  '.repeat(50_000);
    start();
    let n = 0;
    for (const _ of finditer('\\\\B|\\\\w+', text)) n++;`,
  'LancasterStemmer: a 100,000-letter run of "ing"': `
    const { LancasterStemmer } = await import('@tokenlab/classic');
    const word = 'ing'.repeat(33_334);
    start();
    new LancasterStemmer({ cacheSize: 0 }).stem(word);`,
  'readableText: a page 253 <div>s deep (within MAX_READABLE_DEPTH)': `
    const { readableText } = await import('@tokenlab/html');
    const words = 'Deep in the page there is a paragraph of plain words. '.repeat(10);
    const page = '<html><body>' + '<div>'.repeat(253) + '<p>' + words + '</p>' + '</div>'.repeat(253) + '</body></html>';
    start();
    readableText(page);`,
  'readableText: 100,000 nested <div>s (refused)': `
    const { readableText } = await import('@tokenlab/html');
    const page = '<html><body>' + '<div>'.repeat(100_000) + 'x' + '</div>'.repeat(100_000) + '</body></html>';
    start();
    try { readableText(page); } catch {}`,
  'getText: 200,000 nested <div>s': `
    const { getText } = await import('@tokenlab/html');
    const page = '<div>'.repeat(200_000) + 'x' + '</div>'.repeat(200_000);
    start();
    getText(page);`,
  // What MAX_READABLE_DEPTH avoids: Readability on linkedom, called directly, without the bound.
  ...Object.fromEntries(
    [512, 2_000].map((depth) => [
      `Readability on linkedom without the bound: ${depth.toLocaleString('en-US')} nested <div>s`,
      `
    const { createRequire } = await import('node:module');
    const html = createRequire('${root}/packages/html/package.json');
    const { parseHTML } = await import(html.resolve('linkedom'));
    const { Readability } = await import(html.resolve('@mozilla/readability'));
    const page = '<html><body>' + '<div>'.repeat(${depth}) + '<p>' + 'word '.repeat(100) + '</p>' + '</div>'.repeat(${depth}) + '</body></html>';
    start();
    new Readability(parseHTML(page).document).parse();`,
    ]),
  ),
  'padSequence: n = 1e9 with padLeft (refused)': `
    const { padSequence } = await import('@tokenlab/stats');
    start();
    try { padSequence(['a'], 1e9, { padLeft: true }); } catch {}`,
  'CountVectorizer ngramRange [1, 1e6]: one document of 1,000 words (refused)': `
    const { CountVectorizer } = await import('@tokenlab/stats');
    const doc = Array.from({ length: 1000 }, (_, i) => 'word' + (i % 50)).join(' ');
    start();
    try { new CountVectorizer({ ngramRange: [1, 1e6] }).fit([doc]); } catch {}`,
  'KerasTokenizer numWords 1e8: textsToMatrix of 30 texts (refused)': `
    const { KerasTokenizer } = await import('@tokenlab/classic');
    const keras = new KerasTokenizer({ numWords: 1e8 });
    keras.fitOnTexts(['a b c']);
    start();
    try { keras.textsToMatrix(Array.from({ length: 30 }, () => 'a b')); } catch {}`,
  'CooccurrenceMatrix: 100,000 words, window 1e9 (refused)': `
    const { CooccurrenceMatrix } = await import('@tokenlab/stats');
    const words = Array.from({ length: 100_000 }, (_, i) => 'w' + i);
    start();
    try { CooccurrenceMatrix.fromDocuments([words], { window: 1e9 }); } catch {}`,
  'tokenlab tokenize -t utf8: 50 MB file (output to /dev/null)': `
    const { runCli } = await import('./dist/cli.js');
    const { createWriteStream, writeFileSync } = await import('node:fs');
    const piece = 'سلام hello 😀 '.repeat(4000);
    writeFileSync('/tmp/tokenlab-limits-50mb.txt', piece.repeat(Math.ceil(50 * 1024 * 1024 / Buffer.byteLength(piece))));
    const stdout = createWriteStream('/dev/null');
    start();
    await runCli(['tokenize', '-t', 'utf8', '/tmp/tokenlab-limits-50mb.txt'], { stdin: process.stdin, stdout, stderr: process.stderr, isTTY: false });`,
  'tokenlab encode -e cl100k_base --count: the same 50 MB file (read whole)': `
    const { runCli } = await import('./dist/cli.js');
    const { createWriteStream, writeFileSync } = await import('node:fs');
    const piece = 'سلام hello 😀 '.repeat(4000);
    writeFileSync('/tmp/tokenlab-limits-50mb.txt', piece.repeat(Math.ceil(50 * 1024 * 1024 / Buffer.byteLength(piece))));
    const stdout = createWriteStream('/dev/null');
    start();
    await runCli(['encode', '-e', 'cl100k_base', '--count', '/tmp/tokenlab-limits-50mb.txt'], { stdin: process.stdin, stdout, stderr: process.stderr, isTTY: false });`,
};

const wanted = process.argv.slice(2);
console.log('| input | time | peak RSS |\n| --- | ---: | ---: |');
for (const [name, body] of Object.entries(cases)) {
  if (wanted.length > 0 && !wanted.some((w) => name.includes(w))) continue;
  const script = `let t0; const start = () => { t0 = performance.now(); };
    ${body}
    const ms = performance.now() - t0;
    console.log(JSON.stringify({ ms, rss: process.resourceUsage().maxRSS }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: `${root}/apps/cli`,
    encoding: 'utf8',
  });
  const { ms, rss } = JSON.parse(out.trim().split('\n').at(-1));
  const time = ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
  console.log(`| ${name} | ${time} | ${(rss / 1024).toFixed(0)} MB |`);
}
