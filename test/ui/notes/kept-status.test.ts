/** @jest-environment jsdom */
/**
 * The status bar's count kept for the next start: a restart shows the count the index last
 * gave while the index is still opening, when (and only when) the vault's uncommitted.md files
 * are those the index had read; the index's own count replaces it.
 */
import 'obsidian-test-mocks/jest-setup';
import { TFile, type App as AppOriginal } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { KEPT_STATUS_KEY, type KeptStatus } from '../../../src/ui/notes/kept-status';
import { indexPath } from '../../../src/vault/obsidian-bytes';
import { layoutReady, loadPlugin, makeApp, MANIFEST, mockPlugin, movingClock, settle, untilDone } from '../../helpers/harness';
import { A3, NOTES, NOW, vaultFiles } from '../../helpers/vault-texts';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;
const clock = movingClock(NOW);

beforeEach(async () => {
	app = makeApp(vaultFiles());
	plugin = await loadPlugin(app);
	await idle();
});

afterEach(() => {
	plugin.unload();
	jest.restoreAllMocks();
});

/** Every queued index task done, and the views' debounced catch-up run. */
async function idle(): Promise<void> {
	await untilDone(plugin.index.service.run(() => undefined));
	await settle(350);
	await untilDone(plugin.index.service.run(() => undefined));
}

function statusText(): string {
	return mockPlugin(plugin).statusBarItems__[0]?.textContent ?? '';
}

function file(path: string): TFile {
	const f = app.vault.getAbstractFileByPath(path);
	if (!(f instanceof TFile)) throw new Error(`no file ${path}`);
	return f;
}

/** `path` written again a minute later with `more` at its end: a new mtime and size, as on a real disk. */
async function appendLater(path: string, more: string): Promise<void> {
	clock.now += 60;
	await app.vault.modify(file(path), `${await app.vault.read(file(path))}${more}`);
}

/**
 * The plugin started again over the same app (its vault and this device's storage), the
 * index file's read held until `release`: what the status bar shows while the index opens.
 */
async function restartWithIndexHeld(): Promise<() => Promise<void>> {
	plugin.unload();
	await settle(50);
	let open = (): void => undefined;
	const gate = new Promise<void>((ok) => (open = ok));
	const adapter = app.vault.adapter;
	const read = adapter.readBinary.bind(adapter);
	const held = indexPath(app.vault, MANIFEST);
	const spy = jest.spyOn(adapter, 'readBinary').mockImplementation(async (path) => {
		if (path === held) await gate;
		return read(path);
	});
	plugin = await loadPlugin(app, null, false);
	layoutReady(app);
	await settle();
	expect(plugin.index.service.store).toBeNull();
	return async () => {
		open();
		await idle();
		spy.mockRestore();
	};
}

describe("the status bar's count kept for the next start", () => {
	test('a restart shows the last count at once, before the index is open; the index then counts the same', async () => {
		expect(statusText()).toBe('All scopes: 2 uncommitted notes');
		const release = await restartWithIndexHeld();
		expect(statusText()).toBe('All scopes: 2 uncommitted notes');
		await release();
		expect(statusText()).toBe('All scopes: 2 uncommitted notes');
	});

	test('an uncommitted.md changed while Obsidian was closed: no count until the index has read it', async () => {
		await appendLater(NOTES, '');
		plugin.unload();
		await settle(50);
		await appendLater(NOTES, `- one more <!-- ts=${NOW} agent=codex -->\n`);
		const release = await restartWithIndexHeld();
		expect(statusText()).not.toMatch(/uncommitted/);
		await release();
		expect(statusText()).toBe('All scopes: 3 uncommitted notes');
	});

	test('an uncommitted.md in a scope new since: no count until the index has read it', async () => {
		const release = await (async () => {
			plugin.unload();
			await settle(50);
			clock.now += 60;
			await app.vault.createFolder('sessions/osprey');
			await app.vault.create('sessions/osprey/uncommitted.md', `# Uncommitted\n\n- new scope's note <!-- ts=${NOW} agent=claude -->\n`);
			return restartWithIndexHeld();
		})();
		expect(statusText()).not.toMatch(/uncommitted/);
		await release();
		expect(statusText()).toBe('All scopes: 3 uncommitted notes');
	});

	test('the active file a person\'s page in a folder that has become a worktree scope since: no count of the scope it was in until the index has placed it', async () => {
		await app.vault.createFolder('sessions/kestrel/wt');
		await app.vault.create('sessions/kestrel/wt/plan.md', '# my plan\n');
		await app.workspace.getLeaf(false).openFile(file('sessions/kestrel/wt/plan.md'));
		await plugin.index.refreshStatus();
		await idle();
		const before = statusText();
		expect(before).toMatch(/^kestrel: 2 uncommitted notes/);
		plugin.unload();
		await settle(50);
		// An agent's first checkpoint in the worktree: kestrel/wt is a scope of its own, with no notes.
		clock.now += 60;
		await app.vault.create('sessions/kestrel/wt/20261118-090000-claude.md', await app.vault.read(file(A3)));
		const release = await restartWithIndexHeld();
		expect(statusText()).not.toBe(before);
		await release();
		expect(statusText()).toBe('kestrel/wt: 0 uncommitted notes');
	});

	test('the active file a checkpoint: its path tells its scope, and the kept count is shown at once', async () => {
		await app.workspace.getLeaf(false).openFile(file(A3));
		await plugin.index.refreshStatus();
		await idle();
		const before = statusText();
		expect(before).toMatch(/^kestrel: 2 uncommitted notes/);
		const release = await restartWithIndexHeld();
		expect(statusText()).toBe(before);
		await release();
		expect(statusText()).toBe(before);
	});

	test('sessions gone silent are judged at the time of the start, not of the count kept', async () => {
		expect(statusText()).toBe('All scopes: 2 uncommitted notes');
		clock.now = NOW + 7 * 3600;
		const release = await restartWithIndexHeld();
		expect(statusText()).toBe('All scopes: 2 uncommitted notes · 2 abandoned');
		await release();
		expect(statusText()).toBe('All scopes: 2 uncommitted notes · 2 abandoned');
	});

	test('a change of the index after the last count forgets it: a note of the person not yet written is not left out on the next start', async () => {
		app.vault.process = () => Promise.reject(new Error('disk full'));
		expect(await plugin.index.notes.add('kestrel', 'retry me')).toBe(false);
		// Closed before the status bar caught up with the note.
		plugin.unload();
		await settle(50);
		const release = await restartWithIndexHeld();
		expect(statusText()).not.toMatch(/uncommitted/);
		await release();
		expect(statusText()).toBe('All scopes: 3 uncommitted notes · 1 unflushed');
	});

	test('the count kept includes the person\'s notes not yet written, and shows them again on the next start', async () => {
		app.vault.process = () => Promise.reject(new Error('disk full'));
		expect(await plugin.index.notes.add('kestrel', 'retry me')).toBe(false);
		await idle();
		expect(statusText()).toBe('All scopes: 3 uncommitted notes · 1 unflushed');
		const release = await restartWithIndexHeld();
		expect(statusText()).toBe('All scopes: 3 uncommitted notes · 1 unflushed');
		await release();
	});

	test('storage this version did not write is passed over', async () => {
		for (const foreign of [{ v: 2 }, 'text', [{ v: 1, root: 'sessions', path: '', scope: null, pairs: 'x', unflushed: 0, files: [] }]]) {
			app.saveLocalStorage(KEPT_STATUS_KEY, foreign);
			const release = await restartWithIndexHeld();
			expect(statusText()).not.toMatch(/uncommitted/);
			await release();
			expect(statusText()).toBe('All scopes: 2 uncommitted notes');
		}
	});

	test('storage that throws when read or written keeps nothing and breaks nothing: the count comes from the index', async () => {
		const load = app.loadLocalStorage.bind(app);
		const save = app.saveLocalStorage.bind(app);
		jest.spyOn(app, 'loadLocalStorage').mockImplementation((key) => {
			if (key === KEPT_STATUS_KEY) throw new Error('storage unavailable');
			return load(key);
		});
		jest.spyOn(app, 'saveLocalStorage').mockImplementation((key, data) => {
			if (key === KEPT_STATUS_KEY) throw new Error('storage unavailable');
			save(key, data);
		});
		const release = await restartWithIndexHeld();
		expect(statusText()).not.toMatch(/uncommitted/);
		await release();
		expect(statusText()).toBe('All scopes: 2 uncommitted notes');
	});

	test('what is kept is the counts and the notes files the index read, nothing of the notes themselves', () => {
		const kept = app.loadLocalStorage(KEPT_STATUS_KEY) as KeptStatus[];
		expect(kept).toHaveLength(1);
		expect(kept[0]).toMatchObject({ root: 'sessions', path: '', scope: null, unflushed: 0 });
		expect(kept[0].files).toEqual([`${NOTES}\u0000${file(NOTES).stat.mtime}\u0000${file(NOTES).stat.size}`]);
		expect(JSON.stringify(kept)).not.toMatch(/coupon|<!--/);
	});
});
