import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_LAUNCH, repoRoot } from '@tokenlab/test-support';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type StaticServer, startStaticServer } from 'tokenlab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from './site.js';

/** Where the browser tests save their screenshots (git-ignored). */
export const ARTIFACTS = join(repoRoot, 'artifacts', 'web');

/**
 * Lay out and paint every drawn line before a screenshot: the page skips the lines out of view
 * (`content-visibility: auto`), and a screenshot of the whole page or of a tall element shows more
 * than the view.
 */
export async function drawAllLines(page: Page): Promise<void> {
  await page.addStyleTag({ content: '.tokens .line { content-visibility: visible !important; }' });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The built playground served on a free port, and a browser to open it in. */
export interface Playground {
  browser: Browser;
  server: StaticServer;
  /** Open the playground at `hash` and wait until every column is drawn and counted. */
  openPage(hash?: string, viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * `describe` for tests in headless Chromium. Without Chromium the tests cannot run: under CI
 * (`process.env.CI` set) that is a failure, since `.ci/run` installs Chromium; elsewhere they are
 * skipped with a message saying how to run them.
 */
export function describeInBrowser(name: string, body: (playground: () => Playground) => void): void {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI) {
      describe(name, () => {
        it('needs Chromium', () => {
          throw new Error(`${CHROMIUM} is missing: under CI the browser tests must run (install chromium)`);
        });
      });
    } else {
      describe(name, () => {
        it.skip(`skipped: ${CHROMIUM} is absent (install Debian's chromium package to run the browser tests)`, () => {});
      });
    }
    return;
  }
  describe(name, () => {
    let playground: Playground | undefined;
    let site: ReturnType<typeof builtSite> | undefined;

    beforeAll(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      site = builtSite();
      const server = await startStaticServer({ root: site.root, port: 0 });
      const browser = await chromium.launch(CHROMIUM_LAUNCH);
      playground = {
        browser,
        server,
        async openPage(hash = '', viewport = { width: 1280, height: 960 }) {
          const page = await browser.newPage({ viewport });
          const errors: string[] = [];
          page.on('pageerror', (error) => errors.push(error.message));
          await page.goto(`${server.url}${hash}`);
          await page.waitForSelector('body[data-ready]');
          expect(errors).toEqual([]);
          return page;
        },
      };
    });

    afterAll(async () => {
      await playground?.browser.close();
      await playground?.server.close();
      if (site?.temporary) rmSync(site.root, { recursive: true, force: true });
    });

    body(() => {
      if (!playground) throw new Error('the browser did not start');
      return playground;
    });
  });
}
