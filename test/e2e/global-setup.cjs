// Builds what the e2e tests load, so `npm test` works on a fresh clone: main.js (and the CLI)
// through the project's own esbuild config. The host page is bundled by each server at start.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

module.exports = async function globalSetup() {
	const root = path.resolve(__dirname, '../..');
	const r = spawnSync(process.execPath, ['esbuild.config.mjs', 'production'], { cwd: root, encoding: 'utf8' });
	if (r.status !== 0) throw new Error(`e2e: building main.js failed\n${r.stdout}\n${r.stderr}`);
};
