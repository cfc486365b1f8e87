/**
 * Checks run by `npm test` (and CI) beside the unit suite, kept out of `npx jest` because
 * they are slow for reasons of their own: the layer rules start typed ESLint and tsc
 * (test/lint), the summary test runs jest inside jest (test/scripts), the interop tests run
 * the real logos binary (test/interop), and the reliability suites build and read vaults of
 * hostile or vault-sized input (test/reliability). `npm run test:checks`; `npm run test:lint`
 * for the layer rules alone. Timers are real here: some of these spawn processes.
 */
const unit = require('./jest.config.cjs');
module.exports = {
  ...unit,
  testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
  testMatch: ['<rootDir>/test/{lint,scripts,interop,reliability}/**/*.test.ts'],
  fakeTimers: { enableGlobally: false },
};
