import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startStaticServer } from 'tokenlab';

const server = await startStaticServer({ root: process.argv[2] ?? 'dist', port: 0 });
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const p = await b.newPage({ viewport: { width: 1280, height: 960 } });
const COLUMNS = [
  'codepoints',
  'utf8',
  'wordpunct',
  'arabic',
  'bpe-regex-en',
  'bpe-regex-ar',
  'cl100k_base',
  'o200k_base',
];
const json = JSON.stringify({ v: 1, t: 'x', k: COLUMNS, i: 0 });
const packed = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
await p.goto(
  server.url + '#s=' + Buffer.from(await new Response(packed).arrayBuffer()).toString('base64url'),
);
await p.waitForSelector('body[data-ready]');
const text = readFileSync(`../../bench/.data/${process.argv[3] ?? 'ar'}.1MB.txt`, 'utf8');
await p.evaluate((v) => {
  const box = document.querySelector('#text');
  box.value = v;
  box.dispatchEvent(new Event('input'));
}, text);
await p.waitForSelector('body[data-ready]', { timeout: 120000 });
await p.focus('#text');
await p.evaluate(() => document.querySelector('#text').setSelectionRange(200, 200));
const cdp = await p.context().newCDPSession(p);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
const draws = [];
for (let i = 0; i < 5; i++) {
  await p.evaluate(() => performance.clearMeasures());
  await p.keyboard.press('x');
  await p.waitForSelector('body[data-ready]');
  draws.push(await p.evaluate(() => performance.getEntriesByName('draw').at(-1)?.duration));
}
const { profile } = await cdp.send('Profiler.stop');
console.log('draws', draws.map((d) => d.toFixed(0)).join(' '));
console.log(JSON.stringify(await p.evaluate(() => globalThis.stats.slice(-24))));
const self = new Map();
const dt = profile.timeDeltas;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
profile.samples.forEach((s, i) => {
  const n = byId.get(s);
  const k = n.callFrame.functionName + ' ' + n.callFrame.url.split('/').pop() + ':' + n.callFrame.lineNumber;
  self.set(k, (self.get(k) || 0) + (dt[i] || 0));
});
console.log(
  [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 22)
    .map(([k, v]) => (v / 1000).toFixed(1) + 'ms ' + k)
    .join('\n'),
);
await b.close();
await server.close();
