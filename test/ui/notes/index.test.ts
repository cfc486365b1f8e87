/** @jest-environment jsdom */
/**
 * The index inside the plugin, over obsidian-test-mocks with real sql.js: cold and warm
 * starts, every kind of file event, a damaged index file, rebuild, and the person's own
 * working notes (docs/decisions.md §6).
 */
import 'obsidian-test-mocks/jest-setup';
import { TFile, type App as AppOriginal } from 'obsidian';
import { back } from '../../../src/core';
import type LogosContinuityPlugin from '../../../src/main';
import { KEPT_STATUS_KEY } from '../../../src/ui/notes/kept-status';
import { NOTE_MODAL_TEXT, NoteModal } from '../../../src/ui/notes/note-modal';
import { Indexer } from '../../../src/store/indexer';
import { IndexStore } from '../../../src/store/store';
import { IndexService } from '../../../src/vault/obsidian-store';
import { indexPath } from '../../../src/vault/obsidian-bytes';
import { NOTE_NOTICE, NOTICE } from '../../../src/ui/notes/store-notices';
import { atomicVault, layoutReady, loadPlugin, makeApp, MANIFEST, mockPlugin, openResumeView, settle, untilDone } from '../../helpers/harness';
import { takeNotices } from '../../helpers/notice-shim';
import { click, keepModalsOpen, openModals, topModal } from '../../helpers/review-harness';
import { A2, A3, B, HERON, NOTES, NOW, vaultFiles } from '../../helpers/vault-texts';

jest.mock('obsidian', () => jest.requireActual<typeof import('../../helpers/notice-shim')>('../../helpers/notice-shim').obsidianWithNotices());

let app: AppOriginal;
let plugin: LogosContinuityPlugin;
let clock = NOW;

/** Every queued index task done, and the views' debounced catch-up run. */
async function idle(p = plugin): Promise<void> {
	await p.index.service.run(() => undefined);
	await settle(350);
	await p.index.service.run(() => undefined);
}

function file(path: string): TFile {
	const f = app.vault.getAbstractFileByPath(path);
	if (!(f instanceof TFile)) throw new Error(`no file ${path}`);
	return f;
}

function statusText(): string {
	return mockPlugin(plugin).statusBarItems__[0]?.textContent ?? '';
}

/**
 * The plugin started again, its index opened and its opening pass begun but held until
 * `release` is called: what a person sees while the pass checks the folder.
 */
async function startWithPassHeld(): Promise<() => void> {
	let release = (): void => undefined;
	const gate = new Promise<void>((ok) => (release = ok));
	const real = Indexer.prototype.fullPass;
	const pass = jest.spyOn(Indexer.prototype, 'fullPass');
	pass.mockImplementationOnce(async function (this: Indexer, listing) {
		await gate;
		return real.call(this, listing);
	});
	plugin = await loadPlugin(app, null, false);
	layoutReady(app);
	// The opening gives the thread back between its steps: a timer's turn each here.
	for (let ms = 0; ms < 50 && pass.mock.calls.length === 0; ms++) await settle(1);
	expect(pass).toHaveBeenCalledTimes(1);
	return release;
}

/**
 * The plugin started again as on another device: nothing kept in its storage, and no index
 * file (or one that is not a database); the opening pass held as startWithPassHeld holds it.
 */
async function startOnNewDevice(index: 'none' | 'unreadable'): Promise<() => void> {
	plugin.unload();
	await settle(50);
	if (index === 'none') await app.vault.adapter.remove(indexPath(app.vault, MANIFEST));
	else await app.vault.adapter.writeBinary(indexPath(app.vault, MANIFEST), new TextEncoder().encode('not a database '.repeat(20)).buffer);
	app.saveLocalStorage(KEPT_STATUS_KEY, null);
	const release = await startWithPassHeld();
	await settle();
	return release;
}

const isCheckpoint = (path: string): boolean => /\/\d{8}-\d{6}-[^/]*\.md$/.test(path);

beforeAll(() => keepModalsOpen());

beforeEach(async () => {
	// A clock that moves, so every write gets a new mtime as on a real disk.
	clock = NOW;
	jest.spyOn(Date, 'now').mockImplementation(() => (clock += 1) * 1000);
	app = makeApp(vaultFiles());
	atomicVault(app);
	plugin = await loadPlugin(app);
	await idle();
	takeNotices();
});

afterEach(() => {
	for (const m of [...openModals]) m.close();
	plugin.unload();
	jest.restoreAllMocks();
});

describe('starting', () => {
	test('a cold start indexes the vault after layout-ready, and unload saves it', async () => {
		const store = plugin.index.service.store;
		expect(store?.checkpointsOfScope('kestrel').map((r) => r.path).sort()).toEqual([A2, A3, B].sort());
		expect(store?.uncommittedCount('kestrel')).toBe(2);
		const path = indexPath(app.vault, MANIFEST);
		expect(path).toBe(`${app.vault.configDir}/plugins/logos-continuity/index.db`);
		plugin.unload();
		await settle(50);
		const bytes = new Uint8Array(await app.vault.adapter.readBinary(path));
		expect(new TextDecoder().decode(bytes.slice(0, 15))).toBe('SQLite format 3');
	});

	test('a warm start over an unchanged vault reads no checkpoint, and the pane is the same', async () => {
		const before = (await plugin.source.load()).model;
		plugin.unload();
		await settle(50);
		const reads = [jest.spyOn(app.vault, 'cachedRead'), jest.spyOn(app.vault, 'read')];
		plugin = await loadPlugin(app);
		await idle();
		const after = (await plugin.source.load()).model;
		const read = reads.flatMap((s) => s.mock.calls.map(([f]) => f.path));
		expect(read.filter(isCheckpoint)).toEqual([]);
		expect(after.scan.records).toEqual(before.scan.records);
		expect(after.notes).toEqual(before.notes);
	});

	test('a warm start shows the saved index\'s count in the status bar before its pass has checked the folder, and the folder\'s after', async () => {
		expect(statusText()).toBe('All scopes: 2 uncommitted notes');
		plugin.unload();
		await settle(50);
		// Changed while Obsidian was closed: only the opening pass finds the third note.
		await app.vault.modify(file(NOTES), `${await app.vault.read(file(NOTES))}- one more <!-- ts=${NOW} agent=codex -->\n`);
		const release = await startWithPassHeld();
		expect(statusText()).toBe('All scopes: 2 uncommitted notes');
		release();
		await idle();
		expect(statusText()).toBe('All scopes: 3 uncommitted notes');
	});

	test('a warm start with a checkpoint open counts its scope from the saved index before the pass has taken the folder in, and keeps that scope\'s count for the next start', async () => {
		await app.workspace.getLeaf(false).openFile(file(A3));
		await plugin.index.refreshStatus();
		await idle();
		expect(statusText()).toBe('kestrel: 2 uncommitted notes');
		plugin.unload();
		await settle(50);
		const release = await startWithPassHeld();
		expect(plugin.index.service.scopes()).toEqual(['heron', 'kestrel']);
		expect(statusText()).toBe('kestrel: 2 uncommitted notes');
		expect((app.loadLocalStorage(KEPT_STATUS_KEY) as { path: string; scope: string | null }[]).find((k) => k.path === A3)).toMatchObject({ scope: 'kestrel' });
		release();
		await idle();
		expect(statusText()).toBe('kestrel: 2 uncommitted notes');
	});

	test('unloaded while the opening gives the thread back, the plugin runs no pass on the closed index and reports no failure', async () => {
		plugin.unload();
		await settle(50);
		const errors = jest.spyOn(console, 'error');
		const pass = jest.spyOn(Indexer.prototype, 'fullPass');
		// The store is made, then the opening pauses: the plugin is disabled (its index service unloaded) in the task before it resumes.
		const open = jest.spyOn(IndexStore.prototype, 'endBaseline');
		const service = IndexService.prototype as unknown as { newIndexer: (s: IndexStore) => Indexer };
		const real = service.newIndexer;
		let unloading = 0;
		jest.spyOn(service, 'newIndexer').mockImplementationOnce(function (this: IndexService, store) {
			unloading++;
			window.setTimeout(() => this.unload(), 0);
			return real.call(this, store);
		});
		plugin = await loadPlugin(app, null, false);
		layoutReady(app);
		for (let ms = 0; ms < 100; ms++) await settle(1);
		expect(unloading).toBe(1);
		expect(pass).not.toHaveBeenCalled();
		expect(open).not.toHaveBeenCalled();
		expect(errors).not.toHaveBeenCalled();
	});

	test('a first start counts the uncommitted.md files themselves while the new index reads them, as the index then counts them', async () => {
		await app.vault.modify(file(NOTES), `${await app.vault.read(file(NOTES))}- one more <!-- ts=${NOW} agent=codex -->\n`);
		const release = await startOnNewDevice('none');
		expect(statusText()).toBe('All scopes: 3 uncommitted notes');
		// The new index's store, open but not through its first pass, counts nothing yet: a note opened
		// meanwhile shows no partial count ("kestrel: 0 uncommitted notes"), its scope's files counted instead.
		await app.workspace.getLeaf(false).openFile(file(A3));
		void plugin.index.refreshStatus();
		await settle();
		expect(statusText()).toBe('kestrel: 3 uncommitted notes');
		release();
		await idle();
		expect(statusText()).toBe('kestrel: 3 uncommitted notes');
	});

	test('a first start with a checkpoint open counts its scope\'s uncommitted.md alone, before the index has read it', async () => {
		await app.workspace.getLeaf(false).openFile(file(A3));
		const release = await startOnNewDevice('none');
		expect(statusText()).toBe('kestrel: 2 uncommitted notes');
		release();
		await idle();
		expect(statusText()).toBe('kestrel: 2 uncommitted notes');
	});

	test('a first start: a file of another scope opened while the new index reads the vault is counted from the files, not left showing the last file\'s scope', async () => {
		await app.vault.create('sessions/heron/uncommitted.md', `# Uncommitted notes\n\n- heron's one <!-- ts=${NOW} agent=codex -->\n`);
		await app.workspace.getLeaf(false).openFile(file(A3));
		const release = await startOnNewDevice('none');
		expect(statusText()).toBe('kestrel: 2 uncommitted notes');
		await app.workspace.getLeaf(false).openFile(file(HERON));
		void plugin.index.refreshStatus();
		await settle();
		expect(statusText()).toBe('heron: 1 uncommitted note');
		release();
		await idle();
		expect(statusText()).toBe('heron: 1 uncommitted note');
	});

	test('a first start: a note added to an uncommitted.md while the new index reads the vault is counted at once', async () => {
		const release = await startOnNewDevice('none');
		expect(statusText()).toBe('All scopes: 2 uncommitted notes');
		await app.vault.modify(file(NOTES), `${await app.vault.read(file(NOTES))}- one more <!-- ts=${NOW} agent=codex -->\n`);
		void plugin.index.refreshStatus();
		await settle();
		expect(statusText()).toBe('All scopes: 3 uncommitted notes');
		release();
		await idle();
		expect(statusText()).toBe('All scopes: 3 uncommitted notes');
	});

	test('a first start: another sessions folder set while the new index reads the vault is counted from its files', async () => {
		await app.vault.createFolder('elsewhere/osprey');
		await app.vault.create('elsewhere/osprey/uncommitted.md', `# Uncommitted notes\n\n- osprey's one <!-- ts=${NOW} agent=codex -->\n`);
		const release = await startOnNewDevice('none');
		expect(statusText()).toBe('All scopes: 2 uncommitted notes');
		await plugin.updateSettings({ sessionsFolder: 'elsewhere' });
		await settle(350);
		expect(statusText()).toBe('All scopes: 1 uncommitted note');
		release();
		// Two passes queued (the opening one and the new folder's): they give the thread back through timers.
		await untilDone(plugin.index.service.run(() => undefined));
		await idle();
		expect(statusText()).toBe('All scopes: 1 uncommitted note');
	});

	test('an index file there but not readable: the status bar waits for the index rebuilt from the vault, it counts nothing from the files', async () => {
		const release = await startOnNewDevice('unreadable');
		expect(statusText()).not.toMatch(/uncommitted/);
		release();
		await idle();
		expect(statusText()).toBe('All scopes: 2 uncommitted notes');
		takeNotices();
	});

	test('a corrupt index file is rebuilt from the vault with one short notice', async () => {
		plugin.unload();
		await settle(50);
		const path = indexPath(app.vault, MANIFEST);
		await app.vault.adapter.writeBinary(path, new TextEncoder().encode('not a database, just text '.repeat(20)).buffer);
		plugin = await loadPlugin(app);
		await idle();
		expect(takeNotices().map((n) => n.message)).toEqual([NOTICE.rebuilt]);
		expect(plugin.index.service.store?.checkpointsOfScope('kestrel')).toHaveLength(3);
		plugin.unload();
		await settle(50);
		const bytes = new Uint8Array(await app.vault.adapter.readBinary(path));
		expect(new TextDecoder().decode(bytes.slice(0, 15))).toBe('SQLite format 3');
	});
});

describe('damage found while in use', () => {
	test('a query that finds the index malformed gives a fresh index, read from the vault, with the person\'s notes and one short notice', async () => {
		await plugin.index.notes.add('kestrel', 'mine, kept through the damage');
		await idle();
		const store = plugin.index.service.store;
		if (!store) throw new Error('no index');
		// Stored, its line not written yet: only the index holds it.
		store.addOwnNote('kestrel', 'obsidian', 'not written yet', NOW);
		const reconcile = jest.spyOn(store, 'reconcileSteps').mockImplementationOnce(() => {
			throw new Error('database disk image is malformed');
		});
		await plugin.index.service.resync();
		await idle();
		expect(reconcile).toHaveBeenCalled();
		expect(takeNotices().map((n) => n.message)).toEqual([NOTICE.rebuilt]);
		expect(plugin.index.service.store?.checkpointsOfScope('kestrel')).toHaveLength(3);
		expect(plugin.index.service.store?.ownNotes('kestrel').map((n) => [n.text, n.present])).toEqual([['not written yet', false], ['mine, kept through the damage', true]]);
		expect(plugin.index.service.store?.pendingOwnNotes().map((n) => n.text)).toEqual(['not written yet']);
	});
});

describe('lifecycle', () => {
	test('nothing of the index runs before the layout is ready', async () => {
		const other = makeApp(vaultFiles());
		const binary = jest.spyOn(other.vault.adapter, 'readBinary');
		const reads = jest.spyOn(other.vault, 'cachedRead');
		const p = await loadPlugin(other, null, false);
		await settle(50);
		expect(p.index.service.store).toBeNull();
		expect(binary).not.toHaveBeenCalled();
		expect(reads).not.toHaveBeenCalled();
		p.unload();
	});

	test('unload leaves no listener behind on the vault or the metadata cache', async () => {
		const other = makeApp(vaultFiles());
		const count = (): number => [other.vault, other.metadataCache]
			.map((e) => Object.values((e as unknown as { _: Record<string, unknown[]> })._).reduce((n, l) => n + l.length, 0))
			.reduce((a, b) => a + b, 0);
		const before = count();
		const p = await loadPlugin(other);
		await idle(p);
		expect(count()).toBeGreaterThan(before);
		p.unload();
		expect(count()).toBe(before);
	});

	test('the person\'s notes come back from uncommitted.md when the index file is lost', async () => {
		await plugin.index.notes.add('kestrel', 'mine, not an agent\'s');
		await idle();
		plugin.unload();
		await settle(50);
		await app.vault.adapter.remove(indexPath(app.vault, MANIFEST));
		plugin = await loadPlugin(app);
		await idle();
		expect(takeNotices()).toEqual([]);
		expect(plugin.index.service.store?.ownNotes('kestrel').map((n) => n.text)).toEqual(["mine, not an agent's"]);
	});
});

describe('file events', () => {
	test('a modified checkpoint is indexed again from the text the cache delivers', async () => {
		const reads = jest.spyOn(app.vault, 'cachedRead');
		const text = await app.vault.read(file(A3));
		await app.vault.modify(file(A3), text.replace('## Next', '## Blockers\n\n- staging is down\n\n## Next'));
		await idle();
		expect(plugin.index.service.store?.checkpointAt(A3)?.checkpoint.blockers).toEqual(['staging is down']);
		expect(reads.mock.calls.map(([f]) => f.path)).not.toContain(A3);
	});

	test('a created checkpoint and note count at once, in the status bar too', async () => {
		await app.vault.create('sessions/heron/20261020-090000-codex.md', '---\nsession: 20261020-090000-codex\ncheckpointed: 2026-10-20T09:00:00-07:00\n---\n\n## Task\n\nqueue the relay\n');
		await app.vault.create('sessions/heron/uncommitted.md', `- relay queue drains <!-- ts=${NOW} agent=codex -->\n`);
		await idle();
		const store = plugin.index.service.store;
		expect(store?.checkpointsOfScope('heron').map((r) => r.id)).toEqual(['20261020-090000-codex', '20261012-154233-claude']);
		expect(statusText()).toBe('All scopes: 3 uncommitted notes');
	});

	test('a renamed checkpoint is the same checkpoint, in its new conversation, without a read', async () => {
		const reads = jest.spyOn(app.vault, 'cachedRead');
		await app.vault.rename(file(A3), 'sessions/kestrel/_convos/d41f/20261117-101517-claude.md');
		await idle();
		const moved = plugin.index.service.store?.checkpointAt('sessions/kestrel/_convos/d41f/20261117-101517-claude.md');
		expect(moved?.conversation).toBe('d41f');
		expect(plugin.index.service.store?.checkpointAt(A3)).toBeNull();
		expect(reads).not.toHaveBeenCalled();
		// The follows chain does not care which folder a checkpoint sits in (docs/decisions.md §4).
		const { model } = await plugin.source.load();
		expect(back(model.scan, '20261117-101517-claude', 'kestrel').chain.map((r) => r.id)).toContain('20261116-142233-claude');
	});

	test('a deleted checkpoint leaves its follower dangling, shown as a problem', async () => {
		await app.vault.delete(file(A2));
		await idle();
		expect(plugin.index.service.store?.checkpointAt(A2)).toBeNull();
		const { model } = await plugin.source.load();
		const chain = back(model.scan, '20261117-101517-claude', 'kestrel');
		expect(chain.problems.map((p) => p.kind)).toContain('dangling');
	});

	test('moving a conversation folder moves its checkpoints', async () => {
		const folder = app.vault.getAbstractFileByPath('sessions/kestrel/_convos/7c0e');
		if (!folder) throw new Error('no folder');
		await app.vault.rename(folder, 'sessions/kestrel/_convos/7c0f');
		await idle();
		const rows = plugin.index.service.store?.checkpointsOfScope('kestrel') ?? [];
		expect(rows.map((r) => r.path).sort()).toEqual([B, A2.replace('7c0e', '7c0f'), A3.replace('7c0e', '7c0f')].sort());
		expect(rows.filter((r) => r.path.includes('7c0f')).every((r) => r.conversation === '7c0f')).toBe(true);
	});

	test('"Rebuild index" reads the vault again and keeps the person\'s notes', async () => {
		await plugin.index.notes.add('kestrel', 'the preview cache needs a TTL');
		await idle();
		const reads = jest.spyOn(app.vault, 'cachedRead');
		mockPlugin(plugin).commands__.get('rebuild-index')?.callback?.();
		await idle();
		expect(reads.mock.calls.map(([f]) => f.path)).toEqual(expect.arrayContaining([A2, A3, B]));
		const notice = takeNotices().pop();
		expect(notice?.el.textContent).toMatch(/^Logos index rebuilt: \d+ files read\.$/);
		// The count stays up a few seconds, then goes.
		expect(notice?.hidden).toBe(false);
		await settle(4000);
		expect(notice?.hidden).toBe(true);
		expect(plugin.index.service.store?.ownNotes('kestrel').map((n) => n.text)).toEqual(['the preview cache needs a TTL']);
	});
});

describe('working notes added from Obsidian', () => {
	test('"Add working note" writes logos\'s exact line, masked, to the active file\'s scope', async () => {
		await app.workspace.getLeaf(false).openFile(file(A3));
		mockPlugin(plugin).commands__.get('add-working-note')?.callback?.();
		await idle();
		const modal = topModal(NoteModal);
		const area = modal.contentEl.querySelector('textarea');
		if (!area) throw new Error('no text area');
		area.value = 'staging token is sk_live_0123456789abcdefghijklmn';
		click(modal.contentEl, 'Add note');
		await idle();
		const text = await app.vault.read(file(NOTES));
		const line = text.trimEnd().split('\n').pop();
		expect(line).toMatch(/^- staging token is \S*\[REDACTED\]\S* <!-- ts=\d+ agent=obsidian -->$/);
		expect(text).not.toContain('sk_live_0123456789');
		expect(plugin.index.service.store?.ownNotes('kestrel')).toHaveLength(1);
	});

	test('"Add working note" with no text says so and stays open; what is typed next is added', async () => {
		await app.workspace.getLeaf(false).openFile(file(A3));
		const before = await app.vault.read(file(NOTES));
		mockPlugin(plugin).commands__.get('add-working-note')?.callback?.();
		await idle();
		const modal = topModal(NoteModal);
		const area = modal.contentEl.querySelector('textarea');
		if (!area) throw new Error('no text area');
		area.value = '   \n ';
		click(modal.contentEl, 'Add note');
		await idle();
		const error = modal.contentEl.querySelector<HTMLElement>('.logos-note-error');
		expect(error?.textContent).toBe(NOTE_MODAL_TEXT.empty);
		expect(error?.style.display).not.toBe('none');
		expect(area.getAttribute('aria-invalid')).toBe('true');
		expect(topModal(NoteModal)).toBe(modal);
		expect(await app.vault.read(file(NOTES))).toBe(before);
		area.value = 'the refund webhook retries for 3 days';
		area.dispatchEvent(new Event('input'));
		expect(error?.style.display).toBe('none');
		click(modal.contentEl, 'Add note');
		await idle();
		expect(await app.vault.read(file(NOTES))).toContain('- the refund webhook retries for 3 days <!-- ts=');
	});

	test('a note a logos rewrite dropped is appended again, once per rewrite', async () => {
		await plugin.index.notes.add('kestrel', 'keep the 250ms debounce');
		await idle();
		const mine = (await app.vault.read(file(NOTES))).split('\n').filter((l) => l.includes('keep the 250ms debounce'));
		expect(mine).toHaveLength(1);
		// logos rewrites the file whole from its own cache, which never had the person's line.
		const rewritten = (await app.vault.read(file(NOTES))).split('\n').filter((l) => !l.includes('keep the 250ms')).join('\n');
		takeNotices();
		await app.vault.modify(file(NOTES), rewritten);
		await idle();
		const after = (await app.vault.read(file(NOTES))).split('\n');
		expect(after.filter((l) => l === mine[0])).toHaveLength(1);
		expect(takeNotices().map((n) => n.message)).toEqual([NOTE_NOTICE.readded]);
		// The next rewrite is another rewrite: once again, and only once.
		await app.vault.modify(file(NOTES), `${rewritten}\n- codex moved on <!-- ts=${clock} agent=codex -->\n`);
		await idle();
		expect((await app.vault.read(file(NOTES))).split('\n').filter((l) => l === mine[0])).toHaveLength(1);
		expect(takeNotices()).toHaveLength(1);
	});

	test('once a newer checkpoint exists, a dropped note is listed for the person to add again or dismiss', async () => {
		await plugin.index.notes.add('kestrel', 'ask Maya about annual coupons');
		await idle();
		await app.vault.create('sessions/kestrel/_convos/7c0e/20261117-150000-claude.md',
			`---\nsession: 20261117-150000-claude\ncheckpointed: ${new Date((clock + 100) * 1000).toISOString().replace('.000Z', 'Z')}\n---\n\n## Task\n\nfold the notes\n`);
		await idle();
		const rewritten = (await app.vault.read(file(NOTES))).split('\n').filter((l) => !l.includes('annual coupons')).join('\n');
		await app.vault.modify(file(NOTES), rewritten);
		await idle();
		expect(await app.vault.read(file(NOTES))).not.toContain('annual coupons');
		const view = await openResumeView(app, plugin, { scope: 'kestrel', pinned: true });
		const block = view.contentEl.querySelector('.logos-section-own-notes');
		expect(block?.textContent).toContain('ask Maya about annual coupons');
		expect(block?.textContent).toContain('not folded into checkpoint 20261117-150000-claude');
		click(block as HTMLElement, 'Dismiss');
		await idle();
		await view.refresh(true);
		expect(view.contentEl.querySelector('.logos-section-own-notes')).toBeNull();
	});

	test('"Add again" writes the left-out note anew, so it counts from now', async () => {
		await plugin.index.notes.add('kestrel', 'coupon stacking is still open');
		await idle();
		await app.vault.create('sessions/kestrel/_convos/7c0e/20261117-160000-claude.md',
			`---\nsession: 20261117-160000-claude\ncheckpointed: ${new Date((clock + 100) * 1000).toISOString().replace('.000Z', 'Z')}\n---\n\n## Task\n\nfold the notes\n`);
		await idle();
		const rewritten = (await app.vault.read(file(NOTES))).split('\n').filter((l) => !l.includes('coupon stacking')).join('\n');
		await app.vault.modify(file(NOTES), rewritten);
		await idle();
		clock += 200;
		const view = await openResumeView(app, plugin, { scope: 'kestrel', pinned: true });
		click(view.contentEl.querySelector('.logos-section-own-notes') as HTMLElement, 'Add again');
		await idle();
		const lines = (await app.vault.read(file(NOTES))).split('\n').filter((l) => l.includes('coupon stacking'));
		expect(lines).toHaveLength(1);
		const ts = Number(/ts=(\d+)/.exec(lines[0])?.[1]);
		expect(ts).toBeGreaterThan(clock - 100);
		expect(plugin.index.notes.orphans('kestrel')).toEqual([]);
	});

	test('a write that fails stays unflushed, shows in the status bar, and is retried', async () => {
		const process = app.vault.process;
		app.vault.process = () => Promise.reject(new Error('disk full'));
		expect(await plugin.index.notes.add('kestrel', 'retry me')).toBe(false);
		await idle();
		expect(statusText()).toBe('All scopes: 3 uncommitted notes · 1 unflushed');
		expect(await app.vault.read(file(NOTES))).not.toContain('retry me');
		app.vault.process = process;
		await plugin.index.notes.retryPending();
		await idle();
		expect(await app.vault.read(file(NOTES))).toContain('- retry me <!-- ts=');
		expect(statusText()).toBe('All scopes: 3 uncommitted notes');
	});

	test('abandoned sessions are counted in the status bar', async () => {
		clock = NOW + 7 * 3600;
		plugin.index.notes.add('kestrel', 'still here').catch(() => undefined);
		await idle();
		// claude and codex went silent more than 6 hours ago; obsidian just wrote.
		expect(statusText()).toBe('All scopes: 3 uncommitted notes · 2 abandoned');
	});
});
