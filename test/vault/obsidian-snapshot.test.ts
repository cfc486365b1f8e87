/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import type { TFile as TFileOriginal, Vault as VaultOriginal } from 'obsidian';
import { App, TFile } from 'obsidian-test-mocks/obsidian';
import { READ_CONCURRENCY, readSnapshot } from '../../src/vault/obsidian-snapshot';

const CP = 'sessions/kestrel/_convos/7c0e/20261117-101517-claude.md';

function vaultWith(files: Record<string, string>): VaultOriginal {
	return App.createConfigured__({ files }).asOriginalType__().vault;
}

function setStat(vault: VaultOriginal, path: string, mtime: number, size: number): void {
	const f = vault.getAbstractFileByPath(path);
	if (!(f instanceof TFile)) throw new Error(`no file ${path}`);
	f.stat = { ctime: mtime, mtime, size };
}

describe('Obsidian snapshot adapter', () => {
	test('reads every file under the sessions folder and nothing outside it', async () => {
		const vault = vaultWith({
			[CP]: '---\nagent: claude\n---\n',
			'sessions/kestrel/uncommitted.md': '# uncommitted — kestrel\n',
			'sessions/kestrel/_convos/7c0e/transcript.jsonl': '{}\n',
			'sessions/heron/': '',
			'notes/diary.md': 'private',
			'sessions-old/x.md': 'not under sessions/',
		});
		setStat(vault, CP, 1794942176000, 1234);
		const snap = await readSnapshot(vault, 'sessions');
		expect(snap.root).toBe('sessions');
		expect(snap.files.map((f) => f.path).sort()).toEqual([
			'sessions/kestrel/_convos/7c0e/20261117-101517-claude.md',
			'sessions/kestrel/_convos/7c0e/transcript.jsonl',
			'sessions/kestrel/uncommitted.md',
		]);
		expect(snap.dirs.sort()).toEqual(['sessions/heron', 'sessions/kestrel', 'sessions/kestrel/_convos', 'sessions/kestrel/_convos/7c0e']);
		const cp = snap.files.find((f) => f.path === CP);
		expect(cp).toEqual({ path: CP, text: '---\nagent: claude\n---\n', mtime: 1794942176000, size: 1234 });
		// Transcripts are listed, never read.
		expect(snap.files.find((f) => f.path.endsWith('.jsonl'))?.text).toBeNull();
	});

	test('a folder setting with a trailing slash or a subfolder path works', async () => {
		const vault = vaultWith({ 'logos/sessions/kestrel/uncommitted.md': 'x', 'sessions/other/uncommitted.md': 'y' });
		const snap = await readSnapshot(vault, 'logos/sessions/');
		expect(snap.root).toBe('logos/sessions');
		expect(snap.files.map((f) => f.path)).toEqual(['logos/sessions/kestrel/uncommitted.md']);
	});

	test('a missing sessions folder is an empty snapshot, not an error', async () => {
		const snap = await readSnapshot(vaultWith({ 'notes/a.md': 'a' }), 'sessions');
		expect(snap).toEqual({ root: 'sessions', files: [], dirs: [] });
	});

	test('a file that cannot be read has text null and the reason, and the others still read', async () => {
		const vault = vaultWith({ [CP]: 'ok', 'sessions/kestrel/uncommitted.md': 'notes' });
		const real = vault.cachedRead.bind(vault);
		jest.spyOn(vault, 'cachedRead').mockImplementation((f: TFileOriginal) => (f.path === CP ? Promise.reject(new Error('EACCES: permission denied')) : real(f)));
		const snap = await readSnapshot(vault, 'sessions');
		const bad = snap.files.find((f) => f.path === CP);
		expect(bad?.text).toBeNull();
		expect(bad?.error).toContain('EACCES: permission denied');
		expect(snap.files.find((f) => f.path === 'sessions/kestrel/uncommitted.md')?.text).toBe('notes');
	});

	test('reads at most READ_CONCURRENCY files at once', async () => {
		const files: Record<string, string> = {};
		for (let i = 0; i < 40; i++) files[`sessions/p/_convos/c/20261117-1000${String(i).padStart(2, '0')}-a.md`] = `n${i}`;
		const vault = vaultWith(files);
		let inFlight = 0;
		let peak = 0;
		const real = vault.cachedRead.bind(vault);
		jest.spyOn(vault, 'cachedRead').mockImplementation(async (f: TFileOriginal) => {
			inFlight++;
			peak = Math.max(peak, inFlight);
			await new Promise((r) => setTimeout(r, 1));
			inFlight--;
			return real(f);
		});
		const reading = readSnapshot(vault, 'sessions');
		await jest.runAllTimersAsync();
		const snap = await reading;
		expect(snap.files).toHaveLength(40);
		expect(snap.files.every((f) => f.text?.startsWith('n'))).toBe(true);
		expect(peak).toBe(READ_CONCURRENCY);
	});
});
