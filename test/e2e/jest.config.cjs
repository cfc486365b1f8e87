/**
 * End-to-end tests: the built main.js in the browser host, driven in Debian's Chromium by
 * playwright-core. One file at a time (each starts a server and a browser); generous timeouts
 * for a 2-core machine. `npm run test:e2e`, and part of `npm test` (scripts/test.mjs).
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', isolatedModules: true }, diagnostics: { ignoreCodes: ['TS151001'] } }] },
	globalSetup: '<rootDir>/test/e2e/global-setup.cjs',
	maxWorkers: 1,
	testTimeout: 60000,
	setupFiles: ['<rootDir>/test/setup-env.ts'],
};
