/** @jest-environment jsdom */
/**
 * The handoff kept for the next start: a restart draws the pane's first screen from this
 * device's storage while the index is still opening, when (and only when) the scope's files
 * are as they were; the live draw replaces it.
 */
import 'obsidian-test-mocks/jest-setup';
import { Workspace } from 'obsidian-test-mocks/obsidian';
import { TFile, type App as AppOriginal } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { Indexer } from '../../../src/store/indexer';
import { KEPT_HANDOFFS_KEY, KEPT_MAX, KEPT_OPTIONS, keepHandoff, keptOptions, type KeptHandoff } from '../../../src/ui/resume/kept-handoff';
import type { ResumeView } from '../../../src/ui/resume/resume-view';
import { EMPTY } from '../../../src/ui/shared/labels';
import { layoutReady, loadPlugin, makeApp, openResumeView, settle, untilDone } from '../../helpers/harness';
import { A2, NOTES, NOW, vaultFiles } from '../../helpers/vault-texts';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;
let clock = NOW;

beforeEach(() => {
	// A clock that moves, so every write gets a new mtime as on a real disk.
	clock = NOW;
	jest.spyOn(Date, 'now').mockImplementation(() => clock * 1000);
});

afterEach(() => {
	plugin.unload();
	jest.restoreAllMocks();
});

function q(view: ResumeView, selector: string): HTMLElement | null {
	return view.contentEl.querySelector<HTMLElement>(selector);
}

function body(view: ResumeView): HTMLElement {
	const el = q(view, '.logos-body');
	if (!el) throw new Error('no pane body');
	return el;
}

/** The stored handoffs as Obsidian keeps them: JSON text, not the objects themselves. */
function storedAsJson(): KeptHandoff[] {
	const raw = app.loadLocalStorage(KEPT_HANDOFFS_KEY) as KeptHandoff[] | null;
	const copy = JSON.parse(JSON.stringify(raw ?? [])) as KeptHandoff[];
	app.saveLocalStorage(KEPT_HANDOFFS_KEY, copy);
	return copy;
}

/**
 * The plugin started again over the same app (its vault and this device's storage) and the
 * pane restored on `scope` with the workspace, before layout-ready as in Obsidian; the index's
 * opening pass held until `release`.
 */
async function restartWithPassHeld(scope: string): Promise<{ view: ResumeView; release: () => Promise<void> }> {
	plugin.unload();
	await settle(50);
	let open = (): void => undefined;
	const gate = new Promise<void>((ok) => (open = ok));
	const real = Indexer.prototype.fullPass;
	jest.spyOn(Indexer.prototype, 'fullPass').mockImplementationOnce(async function (this: Indexer, listing) {
		await gate;
		return real.call(this, listing);
	});
	// A new start of the same vault on this device: the workspace is laid out again.
	Workspace.fromOriginalType2__(app.workspace).layoutReady = false;
	plugin = await loadPlugin(app, null, false);
	const view = await openResumeView(app, plugin, { scope, pinned: false });
	layoutReady(app);
	await settle();
	return {
		view,
		release: async () => {
			open();
			await untilDone(plugin.index.service.run(() => undefined));
			await settle(350);
			await untilDone(view.refresh());
		},
	};
}

async function firstStart(): Promise<ResumeView> {
	app = makeApp(vaultFiles());
	plugin = await loadPlugin(app);
	const view = await openResumeView(app, plugin, { scope: 'kestrel' });
	await untilDone(view.refresh());
	return view;
}

describe('the handoff kept for the next start', () => {
	test('a restart shows the last handoff at once, the same as drawn live, while the index is still opening; the live draw then replaces it', async () => {
		const live = await firstStart();
		const handoff = q(live, '.logos-handoff')?.outerHTML;
		expect(handoff).toContain('find why the annual coupon total');
		expect(storedAsJson().map((k) => k.scope)).toEqual(['kestrel']);

		const { view, release } = await restartWithPassHeld('kestrel');
		expect(body(view).dataset.kept).toBe('true');
		expect(q(view, '.logos-handoff')?.outerHTML).toBe(handoff);
		// The handoff alone: the sections come with the index.
		expect(q(view, '.logos-section')).toBeNull();
		expect((q(view, 'select.logos-scope-select') as HTMLSelectElement).value).toBe('kestrel');

		await release();
		expect(body(view).dataset.kept).toBeUndefined();
		expect(q(view, '.logos-handoff')?.outerHTML).toBe(handoff);
		expect(q(view, '.logos-section')).not.toBeNull();
	});

	test('a checkpoint of the scope changed since: nothing kept is shown, the pane waits for the index', async () => {
		await firstStart();
		storedAsJson();
		clock += 60;
		const a2 = app.vault.getAbstractFileByPath(A2);
		if (!(a2 instanceof TFile)) throw new Error('no A2');
		await app.vault.modify(a2, `${await app.vault.read(a2)}\n`);

		const { view, release } = await restartWithPassHeld('kestrel');
		expect(body(view).dataset.kept).toBeUndefined();
		expect(q(view, '.logos-handoff')).toBeNull();
		expect(body(view).textContent).toBe(EMPTY.loading);
		await release();
		expect(q(view, '.logos-who')?.textContent).toMatch(/^claude · /);
	});

	test('a file added to the scope (a new working note file, a new checkpoint) makes the kept handoff stale too', async () => {
		await firstStart();
		storedAsJson();
		await app.vault.create('sessions/kestrel/_convos/7c0e/20261117-120000-codex.md', '---\nsession: 20261117-120000-codex\n---\n');
		const { view, release } = await restartWithPassHeld('kestrel');
		expect(q(view, '.logos-handoff')).toBeNull();
		await release();
	});

	test('another scope than the one kept: nothing is shown before the index answers', async () => {
		await firstStart();
		storedAsJson();
		const { view, release } = await restartWithPassHeld('heron');
		expect(q(view, '.logos-handoff')).toBeNull();
		await release();
		expect((q(view, 'select.logos-scope-select') as HTMLSelectElement).value).toBe('heron');
	});

	test('a change to the notes file of the scope counts: the kept count of notes would be wrong', async () => {
		await firstStart();
		storedAsJson();
		clock += 60;
		const notes = app.vault.getAbstractFileByPath(NOTES);
		if (!(notes instanceof TFile)) throw new Error('no notes');
		await app.vault.modify(notes, `${await app.vault.read(notes)}- [2026-11-17 13:00] codex: one more\n`);
		const { view, release } = await restartWithPassHeld('kestrel');
		expect(q(view, '.logos-handoff')).toBeNull();
		await release();
	});

	test('once the pane has drawn from the index, choosing a scope back never shows its kept handoff', async () => {
		const view = await firstStart();
		const select = q(view, 'select.logos-scope-select') as HTMLSelectElement;
		// Every time the kept mark was put on the body or taken off, however briefly.
		const keptMarks: MutationRecord[] = [];
		const watch = new MutationObserver((records) => keptMarks.push(...records.filter((r) => r.attributeName === 'data-kept')));
		watch.observe(body(view), { attributes: true });
		for (const scope of ['heron', 'kestrel']) {
			select.value = scope;
			select.dispatchEvent(new Event('change'));
			await untilDone(view.refresh());
		}
		await settle();
		expect(select.value).toBe('kestrel');
		expect(select.options).toHaveLength(2);
		expect(keptMarks).toEqual([]);
	});

		test('kept data this version cannot draw (a hand edit, another version) is passed over: the pane waits for the index, with no error', async () => {
		await firstStart();
		const [k] = storedAsJson();
		app.saveLocalStorage(KEPT_HANDOFFS_KEY, [{ ...k, latest: { ...k.latest, record: { path: k.latest.record.path } } }]);
		const { view, release } = await restartWithPassHeld('kestrel');
		expect(body(view).textContent).toBe(EMPTY.loading);
		expect(body(view).dataset.kept).toBeUndefined();
		await release();
		expect(q(view, '.logos-who')?.textContent).toMatch(/^claude · /);
		expect(q(view, '.logos-error')).toBeNull();
	});

		test('a scope of many conversations keeps the first of its menu and the one shown', () => {
		const options = Array.from({ length: KEPT_OPTIONS + 50 }, (_, i) => ({ id: `c${i}`, name: `conversation ${i}`, ts: i }));
		expect(keptOptions(options, null).map((o) => o.id)).toEqual(options.slice(0, KEPT_OPTIONS).map((o) => o.id));
		expect(keptOptions(options, 'c120').map((o) => o.id)).toEqual([...options.slice(0, KEPT_OPTIONS).map((o) => o.id), 'c120']);
		expect(keptOptions(options, 'c3')).toHaveLength(KEPT_OPTIONS);
	});

		test('what is kept is bounded: the newest handoffs, one per scope and conversation', async () => {
		app = makeApp(vaultFiles());
		plugin = await loadPlugin(app);
		const one = (scope: string): KeptHandoff => ({ v: 1, root: 'sessions', scope, conversation: null, stamps: [], latest: { record: {} as never, intent: '', intentFrom: null }, notes: 0, options: [], records: [], lines: [], notesPaths: [], change: null });
		for (let i = 0; i < KEPT_MAX + 3; i++) keepHandoff(app, one(`s${i}`));
		keepHandoff(app, one('s5'));
		const kept = (app.loadLocalStorage(KEPT_HANDOFFS_KEY) as KeptHandoff[]).map((k) => k.scope);
		expect(kept).toHaveLength(KEPT_MAX);
		expect(kept[0]).toBe('s5');
		expect(new Set(kept).size).toBe(KEPT_MAX);
	});
});
