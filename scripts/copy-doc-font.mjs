// Runs after typedoc (`pnpm run docs`): copies the Arabic font that docs/theme/custom.css names, and its
// licence, into the API docs' assets beside that stylesheet.
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const font = '@fontsource/noto-naskh-arabic';
copyFileSync(
  require.resolve(`${font}/files/noto-naskh-arabic-arabic-400-normal.woff2`),
  'docs/api/assets/noto-naskh-arabic.woff2',
);
copyFileSync(require.resolve(`${font}/LICENSE`), 'docs/api/assets/noto-naskh-arabic-LICENSE.txt');
