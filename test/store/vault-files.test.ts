/**
 * The indexer's picture of the folder classifies every file as the core's layout rules do,
 * whatever order a listing names files in (it reuses a folder's answer for checkpoint names).
 */
import fc from 'fast-check';
import { fileRole } from '../../src/core';
import { VaultFiles } from '../../src/store/vault-files';

const FOLDERS = [
	'sessions', 'sessions/kestrel', 'sessions/kestrel/_convos/7c0e', 'sessions/kestrel/_convos/_unattached',
	'sessions/kestrel/_convos/.trash', 'sessions/kestrel/plans', 'sessions/kestrel/billing-v2',
	'sessions/kestrel/billing-v2/_convos/0199', 'sessions/kestrel/billing-v2/deeper', 'sessions/.obsidian',
	'sessions/kestrel/_convos', 'sessions/kestrel/_convos/7c0e/nested', 'elsewhere/kestrel',
];
const NAMES = [
	'20261116-091204-claude.md', '20261116-091205-codex.md', '20261116-091204-claude (conflicted copy).md',
	'uncommitted.md', 'reviewed.md', 'transcript.jsonl', 'notes.md', '.20261116-091204-claude.md',
	'20261116-091204-claude.md.tmp', '2026111-091204-claude.md', '20261116_091204.md',
];

describe('VaultFiles', () => {
	it('gives every file the role and scope fileRole gives it, in any listing order', () => {
		const paths = FOLDERS.flatMap((d) => NAMES.map((n) => `${d}/${n}`));
		fc.assert(fc.property(fc.shuffledSubarray(paths), (listed) => {
			const files = new VaultFiles();
			files.reset({ root: 'sessions', files: listed.map((p, i) => ({ path: p, mtime: i, size: 1 })), dirs: [] });
			for (const p of listed) {
				const want = fileRole('sessions', p);
				expect([p, files.get(p)?.role ?? null, files.get(p)?.scope ?? null]).toEqual([p, want?.role ?? null, want?.scope ?? null]);
			}
		}), { numRuns: 200 });
	});
});
