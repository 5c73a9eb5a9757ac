// Runs before `pnpm pack` / `pnpm publish` (after copy-playground.mjs): makes the published package
// self-contained for tokenlab's own code, so that `npx ./tokenlab-x.y.z.tgz` works before (or without)
// any `@tokenlab/*` package on the registry.
//
// - `bundle/`: the built `dist/main.js` (the `tokenlab` bin) and `dist/index.js` bundled by esbuild with
//   the `@tokenlab/*` packages inside. Code splitting keeps the lazy imports lazy (each GPT encoding's
//   ranks stay a chunk of their own, loaded on first use). Every chunk sits directly in `bundle/`, one
//   level below the package root, like the files of `dist/` whose `import.meta.url`-relative paths
//   (`../package.json`, `../data/...`) the bundle keeps. The `dependencies` of package.json (natural, the HTML readers)
//   stay outside, installed by npm. No source maps.
// - `bundle/*.d.ts`: the declarations of the library entry (`index.d.ts` and what it imports).
// - `bundle/count-worker.js`, `bundle/range-count-worker.js`, `bundle/encode-worker.js`, `bundle/word2vec-worker.js`:
//   the worker programs of BPE training, parallel encoding and Word2Vec training, which their packages start
//   from a file beside their code.
// - `data/`: the texts of `@tokenlab/corpora` and the analogy questions of `@tokenlab/vectors`, which
//   they read at run time from `../data/` beside their code.
// - `licenses/`: the licences of the data the bundle carries (corpora, GPT ranks, Punkt models).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = join(root, 'dist');
const out = join(root, 'bundle');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

if (!existsSync(join(dist, 'main.js'))) {
  console.error(`no built CLI in ${dist}; run 'pnpm build' first`);
  process.exit(1);
}

/** The root folder of a workspace package, found from its main entry (`<root>/dist/index.js`). */
function packageRoot(name) {
  return fileURLToPath(new URL('../', import.meta.resolve(name)));
}

rmSync(out, { recursive: true, force: true });
const thirdParty = Object.keys(manifest.dependencies ?? {});
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: join(dist, 'main.js'),
    index: join(dist, 'index.js'),
    'count-worker': join(packageRoot('@tokenlab/bpe'), 'dist/node/count-worker.js'),
    'range-count-worker': join(packageRoot('@tokenlab/bpe'), 'dist/node/range-count-worker.js'),
    'encode-worker': join(packageRoot('@tokenlab/gpt'), 'dist/parallel/encode-worker.js'),
    'word2vec-worker': join(packageRoot('@tokenlab/vectors'), 'dist/word2vec-worker.js'),
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  chunkNames: 'chunk-[hash]',
  external: thirdParty.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  metafile: true,
});
// Workspace packages resolve to their real paths (packages/...); a path through node_modules is a
// third-party module that should have stayed a dependency.
const thirdPartyInside = Object.keys(result.metafile.inputs).filter((path) => path.includes('node_modules/'));
if (thirdPartyInside.length > 0) {
  console.error(
    `third-party modules were bundled: ${thirdPartyInside.join(', ')}; list them in dependencies`,
  );
  process.exit(1);
}

// The declarations reachable from the library entry, copied as tsc wrote them: they import only each
// other and node: modules (checked here), so they need no @tokenlab package either.
const pending = ['index.d.ts'];
const copied = new Set();
while (pending.length > 0) {
  const file = pending.pop();
  if (copied.has(file)) continue;
  copied.add(file);
  const text = readFileSync(join(dist, file), 'utf8');
  for (const [, specifier] of text.matchAll(/^(?:import|export)\b[^;]*?from '([^']+)'/gm)) {
    if (specifier.startsWith('.')) {
      pending.push(join(dirname(file), specifier.replace(/\.js$/, '.d.ts')));
    } else if (!specifier.startsWith('node:')) {
      console.error(`${file} imports ${specifier}: the packed declarations must stand alone`);
      process.exit(1);
    }
  }
  mkdirSync(dirname(join(out, file)), { recursive: true });
  cpSync(join(dist, file), join(out, file));
}

const corpora = packageRoot('@tokenlab/corpora');
rmSync(join(root, 'data'), { recursive: true, force: true });
cpSync(join(corpora, 'data'), join(root, 'data'), { recursive: true });
cpSync(join(packageRoot('@tokenlab/vectors'), 'data/analogies'), join(root, 'data/analogies'), {
  recursive: true,
});

// Every worker program and data file the bundled code opens beside itself must be in the package.
for (const file of readdirSync(out).filter((name) => name.endsWith('.js'))) {
  const code = readFileSync(join(out, file), 'utf8');
  for (const [, target] of code.matchAll(
    /new URL\("(\.\/[^"]+\.js|\.\.\/data\/[^"]+)", import\.meta\.url\)/g,
  )) {
    if (!existsSync(join(out, target))) {
      console.error(`bundle/${file} opens ${target}, which the package does not hold`);
      process.exit(1);
    }
  }
}

const licenses = join(root, 'licenses');
rmSync(licenses, { recursive: true, force: true });
mkdirSync(licenses);
cpSync(join(corpora, 'LICENSES.md'), join(licenses, 'corpora.md'));
cpSync(join(packageRoot('@tokenlab/gpt'), 'data/LICENSE-tiktoken.md'), join(licenses, 'gpt-ranks.md'));
const punkt = join(packageRoot('@tokenlab/classic'), 'data/punkt');
cpSync(join(punkt, 'README.md'), join(licenses, 'punkt/README.md'));
for (const language of readdirSync(punkt, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
  for (const file of readdirSync(join(punkt, language.name)).filter((name) => /licen[cs]e/i.test(name))) {
    cpSync(join(punkt, language.name, file), join(licenses, 'punkt', language.name, file));
  }
}
