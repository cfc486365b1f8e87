/**
 * The unit suite (`npx jest`): fast, no sleeps. The `obsidian` module is answered by
 * obsidian-test-mocks. Timers are fake in every unit test: a test that waits for a debounce
 * or a retry moves the clock (`jest.advanceTimersByTimeAsync`) instead of sleeping.
 * Checks that are slow for other reasons (typed lint, jest run inside jest, the real logos
 * binary, the CLI bundle run as a process per test, the reliability suites) have their own
 * config, jest.checks.config.cjs, which `npm test` runs too.
 */
/** Kept out of the unit suite; jest.checks.config.cjs runs them. */
const CHECKS = ['/test/lint/', '/test/scripts/', '/test/interop/', '/test/reliability/', '/test/cli/cli\\.test\\.ts$', '/test/cli/index\\.test\\.ts$'];
// Fixed zone before any worker starts, so local times render the same on every machine.
process.env.TZ = "America/Los_Angeles";
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', ...CHECKS],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', isolatedModules: true } , diagnostics: { ignoreCodes: ['TS151001'] } }] },
  moduleNameMapper: { '^marked$': '<rootDir>/node_modules/marked/lib/marked.umd.js', '^obsidian$': 'obsidian-test-mocks/obsidian', 'sql-wasm\\.wasm$': '<rootDir>/test/helpers/sql-wasm.cjs' },
  setupFiles: ['<rootDir>/test/setup-env.ts'],
  // Every core: jest leaves one free by default, which on a two-core machine runs the suite in one
  // worker (108 s here against 64 s in two). No unit test depends on timing, so sharing is safe.
  maxWorkers: '100%',
  // Microtasks and setImmediate stay real: they are how promises and sql.js settle, never a wait.
  fakeTimers: { enableGlobally: true, doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate'] },
};
