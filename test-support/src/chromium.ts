import { existsSync } from 'node:fs';

/** Debian's Chromium, which the browser tests drive through playwright-core. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Launch options for playwright-core's `chromium.launch`: Debian's Chromium, headless, and none of
 * the background connections that this machine's closed network refuses.
 *
 * @example
 * ```ts
 * const browser = await chromium.launch(CHROMIUM_LAUNCH);
 * ```
 */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

/**
 * Whether the browser tests run. They run where Chromium is installed, and always under CI
 * (`process.env.CI` set: `.ci/run` installs Chromium), where a missing browser must fail the run
 * rather than skip it. Elsewhere, without Chromium, they are skipped with a message on stderr.
 *
 * @example
 * ```ts
 * describe.runIf(browserTestsRun('the report'))('the report in a browser', () => {});
 * ```
 */
export function browserTestsRun(what: string): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) return true;
  console.warn(
    `skipping the browser tests of ${what}: ${CHROMIUM} is not installed (Debian's chromium package)`,
  );
  return false;
}
