/** @jest-environment jsdom */
/**
 * The Obsidian port refuses a notes file over 64 MB before reading or writing it: a note
 * or verdict gets a clear refusal, the file stays as it was.
 */
import 'obsidian-test-mocks/jest-setup';
import { WriteRefused } from '../../src/core';
import { obsidianAppendPort } from '../../src/vault/obsidian-append';
import { appendNote, appendVerdict, type WriteTarget } from '../../src/vault/writer';
import { atomicVault, makeApp } from '../helpers/harness';

const BIG = 65 * 1024 * 1024;

/**
 * The vault's file holds `text`, and the adapter reports `size` bytes for it on disk: the
 * mocks keep files in memory, where 65 MB of text makes every step slow.
 */
function vaultWith(file: string, text: string, size?: number): { target: WriteTarget; read: () => string; processed: () => number } {
	const app = makeApp({ [file]: text });
	atomicVault(app);
	if (size !== undefined) {
		const stat = app.vault.adapter.stat.bind(app.vault.adapter);
		app.vault.adapter.stat = async (p) => {
			const st = await stat(p);
			return st && p === file ? { ...st, size } : st;
		};
	}
	let calls = 0;
	const process = app.vault.process.bind(app.vault);
	app.vault.process = (f, fn) => {
		calls++;
		return process(f, fn);
	};
	const adapter = app.vault.adapter as unknown as { readSync__(p: string): string };
	return { target: { port: obsidianAppendPort(app), sessionsRoot: 'sessions', scopes: ['alpha'] }, read: () => adapter.readSync__(file), processed: () => calls };
}

it('a 65 MB uncommitted.md: the note is refused with the file\'s size, nothing is read or written', async () => {
	const text = '# uncommitted — alpha\n\n- an old note <!-- ts=1 agent=claude -->\n';
	const v = vaultWith('sessions/alpha/uncommitted.md', text, BIG);
	await expect(appendNote(v.target, 'alpha', 'obsidian', 'a note', 1796000000)).rejects.toThrow(
		new WriteRefused('sessions/alpha/uncommitted.md is 65.0 MB, over the 64 MB limit for appending; nothing was written'),
	);
	expect(v.processed()).toBe(0);
	expect(v.read()).toBe(text);
});

it('a 65 MB reviewed.md: the verdict is refused', async () => {
	const text = '# reviewed — alpha\n\n- retired: an old ruling <!-- ts=1 -->\n';
	const v = vaultWith('sessions/alpha/reviewed.md', text, BIG);
	await expect(appendVerdict(v.target, 'alpha', { kind: 'retired', text: 'a ruling', commit: '', ts: 1796000000 })).rejects.toThrow(/65\.0 MB.*nothing was written/);
	expect(v.read()).toBe(text);
});

it('a file of 64 MB still gets its line', async () => {
	const v = vaultWith('sessions/alpha/uncommitted.md', '# uncommitted — alpha\n\n', 64 * 1024 * 1024);
	await appendNote(v.target, 'alpha', 'obsidian', 'a note', 1796000000);
	expect(v.read()).toMatch(/^# uncommitted — alpha\n\n- a note <!-- ts=1796000000 agent=obsidian -->\n$/);
});
