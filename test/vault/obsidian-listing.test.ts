/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import type { Vault as VaultOriginal } from 'obsidian';
import { App } from 'obsidian-test-mocks/obsidian';
import { listSessionsFolder, listSessionsFolderInSteps } from '../../src/vault/obsidian-listing';

function vaultWith(files: Record<string, string>): VaultOriginal {
	return App.createConfigured__({ files }).asOriginalType__().vault;
}

/** 2,500 checkpoints in five scopes, a notes file each, and a note outside the sessions folder. */
function bigVault(): VaultOriginal {
	const files: Record<string, string> = { 'notes/diary.md': 'private' };
	for (let i = 0; i < 2500; i++) {
		const scope = `proj-${i % 5}`;
		files[`sessions/${scope}/_convos/c${i % 40}/20261117-${String(100000 + i)}-claude.md`] = `---\nagent: claude\n---\n${i}\n`;
	}
	for (let s = 0; s < 5; s++) files[`sessions/proj-${s}/uncommitted.md`] = '# uncommitted\n';
	return vaultWith(files);
}

describe('the sessions folder listed in steps', () => {
	test('lists the same files, stamps and folders as the listing at once, in the same order', async () => {
		const vault = bigVault();
		const stepped = await listSessionsFolderInSteps(vault, 'sessions', () => Promise.resolve());
		expect(stepped).toEqual(listSessionsFolder(vault, 'sessions'));
		expect(stepped.files).toHaveLength(2505);
	});

	test('gives the thread back after the walk and after each thousand stamps', async () => {
		const pause = jest.fn(() => Promise.resolve());
		await listSessionsFolderInSteps(bigVault(), 'sessions', pause);
		// The walk, then 2,505 files stamped in three steps.
		expect(pause).toHaveBeenCalledTimes(4);
	});

	test('a missing sessions folder lists nothing, without a pause', async () => {
		const pause = jest.fn(() => Promise.resolve());
		expect(await listSessionsFolderInSteps(vaultWith({ 'notes/a.md': 'x' }), 'sessions', pause)).toEqual({ root: 'sessions', files: [], dirs: [] });
		expect(pause).not.toHaveBeenCalled();
	});
});
