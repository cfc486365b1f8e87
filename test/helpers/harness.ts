/**
 * Loads the plugin into an obsidian-test-mocks App, with the few shims the mocks need to
 * behave like Obsidian for these tests. Each shim is named and says what the real app does.
 */
import type { App as AppOriginal, PluginManifest, View, WorkspaceLeaf as LeafOriginal } from 'obsidian';
import { App, ItemView, Plugin as MockPlugin, Vault, Workspace } from 'obsidian-test-mocks/obsidian';
import LogosContinuityPlugin from '../../src/main';
import { Indexer } from '../../src/store/indexer';
import { RESUME_VIEW_TYPE } from '../../src/ui/shared/labels';
import { ResumeView } from '../../src/ui/resume/resume-view';
import { liveStats, metadataFollowsFiles } from './index-shims';

export const MANIFEST: PluginManifest = {
	id: 'logos-continuity',
	name: 'Logos Continuity',
	version: '0.1.0',
	minAppVersion: '1.4.10',
	description: 'test',
	author: 'test',
};

/**
 * SHIM: the mocks' `ItemView.addAction` returns a detached div that never calls back.
 * Obsidian adds a `.clickable-icon.view-action` (the title as its `aria-label`, the icon
 * inside) to the view header and calls back on click.
 */
function shimAddAction(): void {
	const proto = ItemView.prototype as unknown as { addAction(icon: string, title: string, cb: (evt: MouseEvent) => unknown): HTMLElement; containerEl: HTMLElement };
	proto.addAction = function (icon, title, cb) {
		const el = createEl('a', { cls: ['clickable-icon', 'view-action'], attr: { 'aria-label': title, 'data-icon': icon } });
		el.addEventListener('click', (evt) => cb(evt));
		this.containerEl.prepend(el);
		return el;
	};
}

export function makeApp(files: Record<string, string>): AppOriginal {
	shimAddAction();
	const app = App.createConfigured__({ files }).asOriginalType__();
	// The index compares files by mtime and size; see index-shims.ts.
	liveStats(app);
	metadataFollowsFiles(app);
	return app;
}

/**
 * Lets pending promises run, and moves the fake clock `ms` forward so that the timers due in
 * that time (the plugin's debounced notify, 300 ms; retries) fire. Timers are fake in the
 * unit suite (jest.config.cjs): nothing here sleeps.
 */
export async function settle(ms = 0): Promise<void> {
	await jest.advanceTimersByTimeAsync(ms);
	for (let i = 0; i < 20; i++) await Promise.resolve();
}

/**
 * Awaits work that gives the main thread back between pieces through timers (a view drawn
 * in pieces): the fake clock moves a millisecond at a time until the work is done.
 */
export async function untilDone<T>(work: Promise<T>): Promise<T> {
	let done = false;
	const watched = work.finally(() => {
		done = true;
	});
	for (let ms = 0; ms < 60_000 && !done; ms++) await jest.advanceTimersByTimeAsync(1);
	return watched;
}

/** Past the plugin's debounced notify (300 ms). */
export const NOTIFY_SETTLE_MS = 400;

/**
 * A clock that moves, so every write gets a new mtime as on a real disk: `Date.now()` follows
 * `clock.now` (seconds), set back to `start` before each test. Call it at the top of a file.
 */
export function movingClock(start: number): { now: number } {
	const clock = { now: start };
	beforeEach(() => {
		clock.now = start;
		jest.spyOn(Date, 'now').mockImplementation(() => clock.now * 1000);
	});
	return clock;
}

/**
 * SHIM: the mocks' Workspace starts with layout not ready and exposes `setLayoutReady__`;
 * Obsidian sets it itself once the workspace is restored.
 */
export function layoutReady(app: AppOriginal): void {
	Workspace.fromOriginalType2__(app.workspace).setLayoutReady__();
}

/** Loads the plugin as Obsidian does (load → onload), then makes the layout ready. */
export async function loadPlugin(app: AppOriginal, data: unknown = null, ready = true): Promise<LogosContinuityPlugin> {
	const plugin = new LogosContinuityPlugin(app, MANIFEST);
	if (data !== null) await plugin.saveData(data);
	plugin.load();
	await settle();
	if (ready) {
		layoutReady(app);
		// The index opens after layout-ready (sql.js, then one pass over the folder): a
		// started plugin is one whose index is open, as in Obsidian a moment after start.
		// A long pass gives the thread back between slices through a timer: the fake clock runs.
		await untilDone(plugin.index.service.run(() => undefined));
		await settle();
	}
	return plugin;
}

export function mockPlugin(plugin: LogosContinuityPlugin): MockPlugin {
	return MockPlugin.fromOriginalType2__(plugin);
}

/**
 * SHIM: in the mocks `leaf.setViewState` records the state but never builds the view, and
 * `leaf.open` never calls `onOpen`. Obsidian builds the view with the registered creator,
 * opens it, then hands it the state. This does the same in that order.
 */
export async function openResumeView(app: AppOriginal, plugin: LogosContinuityPlugin, state: Record<string, unknown> = {}): Promise<ResumeView> {
	const creator = mockPlugin(plugin).views__.get(RESUME_VIEW_TYPE);
	if (!creator) throw new Error('resume view type not registered');
	let leaf: LeafOriginal | undefined = app.workspace.getLeavesOfType(RESUME_VIEW_TYPE)[0];
	if (!leaf) {
		leaf = app.workspace.getRightLeaf(false) ?? undefined;
		if (!leaf) throw new Error('no right leaf');
		await leaf.setViewState({ type: RESUME_VIEW_TYPE });
	}
	const view: View = creator(leaf);
	if (!(view instanceof ResumeView)) throw new Error('not a resume view');
	showView(view);
	await leaf.open(view);
	view.load();
	await view.onOpen();
	await view.setState(state, { history: false });
	await settle();
	return view;
}

/**
 * A start of the plugin over `app` (its vault and this device's storage) with the pane
 * restored on `state` before layout-ready, as in Obsidian; the index's opening pass held until
 * `release`, which lets it run and the pane catch up. `beforeReady` runs once the pane is
 * open, before layout-ready (a note opened with the workspace).
 */
export async function startWithPassHeld(app: AppOriginal, state: Record<string, unknown>, beforeReady?: () => Promise<void>): Promise<{ plugin: LogosContinuityPlugin; view: ResumeView; release: () => Promise<void> }> {
	let open = (): void => undefined;
	const gate = new Promise<void>((ok) => (open = ok));
	const real = Indexer.prototype.fullPass;
	jest.spyOn(Indexer.prototype, 'fullPass').mockImplementationOnce(async function (this: Indexer, listing) {
		await gate;
		return real.call(this, listing);
	});
	Workspace.fromOriginalType2__(app.workspace).layoutReady = false;
	const plugin = await loadPlugin(app, null, false);
	const view = await openResumeView(app, plugin, state);
	await beforeReady?.();
	layoutReady(app);
	await settle();
	return {
		plugin,
		view,
		release: async () => {
			open();
			await untilDone(plugin.index.service.run(() => undefined));
			await settle(350);
			await untilDone(view.refresh());
		},
	};
}

/**
 * SHIM: jsdom lays nothing out, so `isShown()` (offsetParent !== null) is always false.
 * In Obsidian a pane in an open sidebar tab is shown; `hidden` models a collapsed one.
 */
export function showView(view: ResumeView, shown = true): void {
	view.contentEl.isShown = () => shown;
}

/** The titles of the pane's top-level sections (without their counts), in order. */
export function sectionTitles(view: ResumeView): string[] {
	return [...view.contentEl.querySelectorAll<HTMLElement>('.logos-section')]
		.filter((s) => !s.parentElement?.closest('.logos-section'))
		.map((s) => s.querySelector(':scope > .logos-section-title .logos-section-name')?.textContent ?? '');
}

/** The mocks' in-memory adapter: its synchronous read and write are what make the shim below atomic. */
interface MemoryAdapter {
	readSync__(path: string): string;
}

/**
 * SHIM: Obsidian's `Vault.process` "atomically read[s], modif[ies], and save[s] the contents
 * of a note" (API docs): nothing written between its read and its write is lost. The mocks'
 * process awaits between the two, so a line another writer appends meanwhile vanishes. This
 * reads, applies and writes in one step. Likewise `Vault.create` fails on an existing file in
 * Obsidian ("File already exists"), where the mocks overwrite it after an await.
 */
export function atomicVault(app: AppOriginal): void {
	const vault = Vault.fromOriginalType2__(app.vault);
	const adapter = app.vault.adapter as unknown as MemoryAdapter & { writeSync__(path: string, data: string): void };
	app.vault.process = (file, fn) => {
		const next = fn(adapter.readSync__(file.path));
		adapter.writeSync__(file.path, next);
		app.vault.trigger('modify', file);
		return Promise.resolve(next);
	};
	app.vault.create = (path, data) => {
		if (app.vault.getAbstractFileByPath(path)) return Promise.reject(new Error('File already exists.'));
		return Promise.resolve(vault.createSync__(path, data).asOriginalType2__());
	};
}
