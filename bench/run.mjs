// `pnpm bench [area...]`: runs every bench/*.bench.mjs (or the named areas) one after another,
// each in its own process so that one area's memory does not disturb the next.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const areas = readdirSync(here)
  .filter((file) => file.endsWith('.bench.mjs'))
  .map((file) => file.replace('.bench.mjs', ''))
  .filter((area) => wanted.length === 0 || wanted.includes(area));
for (const area of areas) {
  console.log(`\n## ${area}\n`);
  execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', `${here}/${area}.bench.mjs`], {
    stdio: 'inherit',
  });
}
