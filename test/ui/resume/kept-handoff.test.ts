/** @jest-environment jsdom */
/**
 * The handoff kept for the next start: a restart draws the pane's first screen from this
 * device's storage while the index is still opening, when (and only when) the scope's files
 * are as they were; the live draw replaces it.
 */
import 'obsidian-test-mocks/jest-setup';
import { TFile, type App as AppOriginal } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { KEPT_HANDOFFS_KEY, KEPT_MAX, keepHandoff, keptOptions, type KeptHandoff } from '../../../src/ui/resume/kept-handoff';
import type { ResumeView } from '../../../src/ui/resume/resume-view';
import { loadPlugin, makeApp, movingClock, openResumeView, settle, startWithPassHeld, untilDone } from '../../helpers/harness';
import { A2, A3, NOTES, NOW, vaultFiles } from '../../helpers/vault-texts';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;
const clock = movingClock(NOW);

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

/** `path` written again a minute later with `more` at its end: a new mtime and size, as on a real disk. */
async function appendLater(path: string, more = '\n'): Promise<void> {
	clock.now += 60;
	const f = app.vault.getAbstractFileByPath(path);
	if (!(f instanceof TFile)) throw new Error(`no file ${path}`);
	await app.vault.modify(f, `${await app.vault.read(f)}${more}`);
}

/** The plugin started again over the same app, the pane restored on `scope`, the index's opening pass held (startWithPassHeld). */
async function restartWithPassHeld(scope: string, conversation: string | null = null): Promise<{ view: ResumeView; release: () => Promise<void> }> {
	plugin.unload();
	await settle(50);
	const started = await startWithPassHeld(app, { scope, conversation, pinned: conversation !== null });
	plugin = started.plugin;
	return started;
}

/**
 * No kept handoff was drawn: the handoff read from the scope's own files stands in while the
 * index is held (docs/decisions.md, "The first pane from a project's own files"), and the
 * index's draw shows the same handoff.
 */
async function expectReadFromFiles(view: ResumeView, release: () => Promise<void>): Promise<string | undefined> {
	expect(body(view).dataset.kept).toBe('files');
	const early = q(view, '.logos-handoff')?.outerHTML;
	expect(early).toContain('logos-who');
	expect(q(view, '.logos-section')).toBeNull();
	await release();
	expect(body(view).dataset.kept).toBeUndefined();
	// The same handoff, but for what only the index knows: the line of what is new since the person last looked.
	const live = q(view, '.logos-handoff')?.cloneNode(true) as HTMLElement | undefined;
	live?.querySelector('.logos-handoff-news')?.remove();
	expect(live?.outerHTML).toBe(early);
	return early;
}

async function firstStart(state: Record<string, unknown> = { scope: 'kestrel' }, files: Record<string, string> = {}): Promise<ResumeView> {
	app = makeApp({ ...vaultFiles(), ...files });
	plugin = await loadPlugin(app);
	const view = await openResumeView(app, plugin, state);
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
		// The handoff alone: the sections come with the index. The scope menu is whole.
		expect(q(view, '.logos-section')).toBeNull();
		const select = q(view, 'select.logos-scope-select') as HTMLSelectElement;
		expect(select.value).toBe('kestrel');
		expect([...select.options].map((o) => o.value)).toEqual(['heron', 'kestrel']);

		await release();
		expect(body(view).dataset.kept).toBeUndefined();
		expect(q(view, '.logos-handoff')?.outerHTML).toBe(handoff);
		expect(q(view, '.logos-section')).not.toBeNull();
	});

	test("a restart with no scope restored and a note of a kept scope open: the kept handoff is shown with its scope in the picker, the pane's copy button acts on it", async () => {
		await firstStart();
		storedAsJson();
		plugin.unload();
		await settle(50);
		const started = await startWithPassHeld(app, {}, async () => {
			const note = app.vault.getAbstractFileByPath(NOTES);
			if (!(note instanceof TFile)) throw new Error('no notes file');
			await app.workspace.getLeaf(false).openFile(note);
		});
		plugin = started.plugin;
		const { view, release } = started;
		expect(body(view).dataset.kept).toBe('true');
		expect((q(view, 'select.logos-scope-select') as HTMLSelectElement).value).toBe('kestrel');
		expect(view.selection().scope).toBe('kestrel');
		await release();
		expect((q(view, 'select.logos-scope-select') as HTMLSelectElement).value).toBe('kestrel');
	});

	test('a checkpoint of the scope changed since: nothing kept is shown, the handoff is read from the files', async () => {
		await firstStart();
		storedAsJson();
		await appendLater(A2);

		const { view, release } = await restartWithPassHeld('kestrel');
		expect(body(view).dataset.kept).not.toBe('true');
		await expectReadFromFiles(view, release);
		expect(q(view, '.logos-who')?.textContent).toMatch(/^claude · /);
	});

	test('a checkpoint added to the scope since makes the kept handoff stale: the pane shows the new one once the index has it', async () => {
		await firstStart();
		storedAsJson();
		const newer = vaultFiles()[A3].replace(/20261117-101517-claude/g, '20261117-120000-codex').replace('agent: claude', 'agent: codex');
		await app.vault.create('sessions/kestrel/_convos/7c0e/20261117-120000-codex.md', newer);
		const { view, release } = await restartWithPassHeld('kestrel');
		expect(q(view, '.logos-who')?.textContent).toMatch(/^codex · /);
		await expectReadFromFiles(view, release);
	});

	test("a verdict written to the scope's reviewed.md since makes it stale too", async () => {
		await firstStart();
		storedAsJson();
		await appendLater('sessions/kestrel/reviewed.md');
		const { view, release } = await restartWithPassHeld('kestrel');
		await expectReadFromFiles(view, release);
	});

	test("a worktree scope's handoff is stale when anything in its project's folder changed (conversations span the worktrees)", async () => {
		const wt = vaultFiles()[A3].replace(/20261117-101517-claude/g, '20261117-090000-codex').replace('agent: claude', 'agent: codex');
		const live = await firstStart({ scope: 'kestrel/wt' }, { 'sessions/kestrel/wt/_convos/9a1b/20261117-090000-codex.md': wt });
		expect((q(live, 'select.logos-scope-select') as HTMLSelectElement).value).toBe('kestrel/wt');
		// Opened before its state came, the pane drew the newest scope first: each keeps its own.
		expect(storedAsJson().find((k) => k.scope === 'kestrel/wt')?.stamps.map(([p]) => p)).toEqual(['kestrel']);
		await appendLater(A2);
		const { view, release } = await restartWithPassHeld('kestrel/wt');
		// Nor is it read from the files: its checkpoint follows one of the project's other scope,
		// and a walk that leaves its scope is the whole vault's to answer (resumesStayHome).
		expect(q(view, '.logos-handoff')).toBeNull();
		await release();
		expect((q(view, 'select.logos-scope-select') as HTMLSelectElement).value).toBe('kestrel/wt');
	});

	test('a conversation shown keeps its own handoff: a restart on it shows that one, a restart on the latest shows nothing kept', async () => {
		const live = await firstStart({ scope: 'kestrel', conversation: 'd41f', pinned: true });
		const handoff = q(live, '.logos-handoff')?.outerHTML;
		expect(q(live, '.logos-who')?.textContent).toMatch(/^claude-code · /);
		expect(storedAsJson().map((k) => [k.scope, k.conversation])).toContainEqual(['kestrel', 'd41f']);
		let { view, release } = await restartWithPassHeld('kestrel', 'd41f');
		expect(body(view).dataset.kept).toBe('true');
		expect(q(view, '.logos-handoff')?.outerHTML).toBe(handoff);
		expect((q(view, 'select.logos-conversation-select') as HTMLSelectElement).value).toBe('d41f');
		await release();
		expect(q(view, '.logos-handoff')?.outerHTML).toBe(handoff);
		app.saveLocalStorage(KEPT_HANDOFFS_KEY, storedAsJson().filter((k) => k.conversation === 'd41f'));
		({ view, release } = await restartWithPassHeld('kestrel'));
		await expectReadFromFiles(view, release);
	});

	test('a file changed while the pane was drawing: that draw keeps nothing, the next one keeps the new handoff', async () => {
		const view = await firstStart();
		expect(storedAsJson()).toHaveLength(1);
		// The draw holds its scope's model until the file below has changed.
		let open = (): void => undefined;
		const gate = new Promise<void>((ok) => (open = ok));
		const load = plugin.source.loadScope.bind(plugin.source);
		jest.spyOn(plugin.source, 'loadScope').mockImplementationOnce(async (scope) => {
			await gate;
			return load(scope);
		});
		const drawing = view.refresh(true);
		await settle();
		await appendLater(NOTES, `- one more <!-- ts=${NOW - 60} agent=codex -->\n`);
		open();
		await untilDone(drawing);
		expect(storedAsJson()).toEqual([]);
		await settle(350);
		await untilDone(view.refresh());
		expect(storedAsJson().map((k) => k.notes)).toEqual([3]);
	});

	test('a device storage that refuses to keep (full) costs nothing: the pane is drawn, nothing is kept', async () => {
		app = makeApp(vaultFiles());
		jest.spyOn(app, 'saveLocalStorage').mockImplementation((key) => {
			if (key === KEPT_HANDOFFS_KEY) throw new DOMException('full', 'QuotaExceededError');
		});
		plugin = await loadPlugin(app);
		const view = await openResumeView(app, plugin, { scope: 'kestrel' });
		await untilDone(view.refresh());
		expect(q(view, '.logos-who')?.textContent).toMatch(/^claude · /);
		expect(q(view, '.logos-error')).toBeNull();
		expect(app.loadLocalStorage(KEPT_HANDOFFS_KEY)).toBeNull();
	});

	test('another scope than the one kept: its handoff is read from its files before the index answers', async () => {
		await firstStart();
		storedAsJson();
		const { view, release } = await restartWithPassHeld('heron');
		await expectReadFromFiles(view, release);
		expect((q(view, 'select.logos-scope-select') as HTMLSelectElement).value).toBe('heron');
	});

	test('a change to the notes file of the scope counts: the kept count of notes would be wrong', async () => {
		await firstStart();
		storedAsJson();
		await appendLater(NOTES, `- one more <!-- ts=${NOW - 60} agent=codex -->\n`);
		const { view, release } = await restartWithPassHeld('kestrel');
		await expectReadFromFiles(view, release);
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

	test.each([
		['a record that is not whole', (k: KeptHandoff) => ({ ...k, latest: { ...k.latest, record: { path: k.latest.record.path } } })],
		['stamps that are not pairs', (k: KeptHandoff) => ({ ...k, stamps: [null] })],
		['not a list', () => 'kept'],
	])('kept data this version cannot draw (%s) is passed over: the handoff is read from the files, with no error', async (_, spoil) => {
		await firstStart();
		const [k] = storedAsJson();
		const spoilt = spoil(k);
		app.saveLocalStorage(KEPT_HANDOFFS_KEY, Array.isArray(spoilt) || typeof spoilt !== 'object' ? spoilt : [spoilt]);
		const { view, release } = await restartWithPassHeld('kestrel');
		await expectReadFromFiles(view, release);
		expect(q(view, '.logos-who')?.textContent).toMatch(/^claude · /);
		expect(q(view, '.logos-error')).toBeNull();
	});

	test('the conversation menu is kept as the one shown only: the whole menu comes with the index', () => {
		const options = Array.from({ length: 150 }, (_, i) => ({ id: `c${i}`, name: `conversation ${i}`, ts: i }));
		expect(keptOptions(options, null)).toEqual([]);
		expect(keptOptions(options, 'c120')).toEqual([options[120]]);
	});

	test('what is kept is bounded: the newest handoffs, one per scope and conversation', async () => {
		app = makeApp(vaultFiles());
		plugin = await loadPlugin(app);
		const one = (scope: string): KeptHandoff => ({ v: 1, root: 'sessions', scope, conversation: null, stamps: [], latest: { record: {} as never, intent: '', intentFrom: null }, notes: 0, options: [], scopes: [scope], records: [], lines: [], notesPaths: [], change: null });
		for (let i = 0; i < KEPT_MAX + 3; i++) keepHandoff(app, one(`s${i}`), one(`s${i}`));
		keepHandoff(app, one('s5'), one('s5'));
		const kept = (app.loadLocalStorage(KEPT_HANDOFFS_KEY) as KeptHandoff[]).map((k) => k.scope);
		expect(kept).toHaveLength(KEPT_MAX);
		expect(kept[0]).toBe('s5');
		expect(new Set(kept).size).toBe(KEPT_MAX);
	});
});
