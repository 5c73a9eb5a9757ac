// Runs before `pnpm pack` / `pnpm publish`: copies the built playground (apps/web/dist) into
// `playground/`, so that `tokenlab web` works from the published package too.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const site = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const target = fileURLToPath(new URL('../playground/', import.meta.url));
if (!existsSync(`${site}/index.html`)) {
  console.error(`no built playground in ${site}; run 'pnpm build' first`);
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
cpSync(site, target, { recursive: true });
