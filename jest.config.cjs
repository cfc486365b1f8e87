/** Unit and plugin-side tests. The `obsidian` module is answered by obsidian-test-mocks. */
// Fixed zone before any worker starts, so local times render the same on every machine.
process.env.TZ = "America/Los_Angeles";
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', isolatedModules: true } , diagnostics: { ignoreCodes: ['TS151001'] } }] },
  moduleNameMapper: { '^marked$': '<rootDir>/node_modules/marked/lib/marked.umd.js', '^obsidian$': 'obsidian-test-mocks/obsidian', 'sql-wasm\\.wasm$': '<rootDir>/test/helpers/sql-wasm.cjs' },
  setupFiles: ['<rootDir>/test/setup-env.ts'],
};
