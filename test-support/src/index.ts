export { browserTestsRun, CHROMIUM, CHROMIUM_LAUNCH } from './chromium.js';
export {
  readFixtureBytes,
  readFixtureText,
  readGolden,
  readGoldenGzipJson,
  readGoldenText,
} from './fixtures.js';
export { FUZZ_RUNS, FUZZ_TIMEOUT, hostileText } from './fuzz.js';
export { runAsInputPrograms, runWithPipedStdin } from './input-programs.js';
export { fixturePath, fixturesRoot, hasShared, repoRoot, sharedPath, sharedRoot } from './paths.js';
export { describeNeedsShared, needsSharedTitle, readSharedText, repositoryCopyOf } from './shared.js';
export { tempFileWriter } from './temp-files.js';
