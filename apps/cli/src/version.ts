import { readFileSync } from 'node:fs';

/** This package's version, read from its package.json (one level up from `src/`, `dist/` and the published `bundle/`). */
export const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;
