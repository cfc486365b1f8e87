/**
 * `npm test`'s last line names why tests were skipped: a clone without the reference vault
 * says "N skipped: reference vault absent" instead of passing quietly.
 * Runs scripts/test.mjs on a planted file (test/fixtures/skips), reports in a temp folder.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

function lastLine(env: Record<string, string>): string {
	const results = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-test-results-'));
	try {
		const r = spawnSync(process.execPath, ['scripts/test.mjs', '--unit-only', '--', '--testMatch', '**/test/fixtures/skips/*.skips.ts'], {
			cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env, LOGOS_TEST_RESULTS: results },
		});
		expect(r.status).toBe(0);
		return r.stdout.trim().split('\n').at(-1) ?? '';
	} finally {
		fs.rmSync(results, { recursive: true, force: true });
	}
}

it('without the reference vault, the summary names the reason', () => {
	expect(lastLine({ LOGOS_SHARED_DIR: '/nonexistent' })).toBe('1 passed, 0 failed, 4 skipped: 3 reference vault absent, 1 no reason given');
}, 120_000);

it('with it, only the hand-skipped test is left, and it says it gave no reason', () => {
	const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-shared-'));
	try {
		fs.mkdirSync(path.join(shared, 'fixtures', 'vault-basic'), { recursive: true });
		expect(lastLine({ LOGOS_SHARED_DIR: shared })).toBe('4 passed, 0 failed, 1 skipped: no reason given');
	} finally {
		fs.rmSync(shared, { recursive: true, force: true });
	}
}, 120_000);
