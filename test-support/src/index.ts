export { browserTestsRun, CHROMIUM, CHROMIUM_LAUNCH } from './chromium.js';
export {
  readFixtureBytes,
  readFixtureText,
  readGolden,
  readGoldenGzipJson,
  readGoldenText,
} from './fixtures.js';
export { fixturePath, fixturesRoot, hasShared, repoRoot, sharedPath, sharedRoot } from './paths.js';
export { describeNeedsShared, needsSharedTitle, readSharedText, repositoryCopyOf } from './shared.js';
