/**
 * Checks run by `npm test` (and CI) beside the unit suite, kept out of `npx jest` because
 * they are slow for reasons of their own: the layer rules start typed ESLint and tsc
 * (test/lint), the summary test runs jest inside jest (test/scripts), the interop tests run
 * the real logos binary (test/interop), two CLI files run the bundled CLI as a process per
 * test (test/cli/cli.test.ts, test/cli/index.test.ts), and the reliability suites build and
 * read vaults of hostile or vault-sized input (test/reliability). `npm run test:checks`; `npm run test:lint`
 * for the layer rules alone. Timers are real here: some of these spawn processes.
 */
const unit = require('./jest.config.cjs');
const ALWAYS_IGNORED = ['/node_modules/', '/test/e2e/'];
// What the unit suite leaves out is what runs here.
const CHECKS = unit.testPathIgnorePatterns.filter((p) => !ALWAYS_IGNORED.includes(p));
module.exports = {
  ...unit,
  testPathIgnorePatterns: ALWAYS_IGNORED,
  testRegex: CHECKS.map((p) => (p.endsWith('/') ? `${p}.*\\.test\\.ts$` : p)),
  testMatch: undefined,
  fakeTimers: { enableGlobally: false },
};
