/** @jest-environment jsdom */
/**
 * The first pane from a project's own files: on a start with no handoff kept on this device
 * (or a stale one), a small project's handoff is read from its files while the index is still
 * opening, and the index's draw then shows the same; a big project, a walk that leaves the
 * project, or an index that answers first leave the pane to the index.
 */
import 'obsidian-test-mocks/jest-setup';
import { TFile, type App as AppOriginal, type Vault } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { KEPT_HANDOFFS_KEY } from '../../../src/ui/resume/kept-handoff';
import { EARLY_FILES_MAX, type ResumeView } from '../../../src/ui/resume/resume-view';
import { loadPlugin, makeApp, movingClock, openResumeView, settle, startWithPassHeld, untilDone } from '../../helpers/harness';
import { HERON, NOTES, NOW, vaultFiles } from '../../helpers/vault-texts';

let app: AppOriginal;
let plugin: LogosContinuityPlugin | null = null;
movingClock(NOW);

afterEach(() => {
	plugin?.unload();
	plugin = null;
	jest.restoreAllMocks();
});

function q(view: ResumeView, selector: string): HTMLElement | null {
	return view.contentEl.querySelector<HTMLElement>(selector);
}

const kept = (view: ResumeView): string | undefined => q(view, '.logos-body')?.dataset.kept;
const scopeShown = (view: ResumeView): string => (q(view, 'select.logos-scope-select') as HTMLSelectElement).value;

function file(path: string): TFile {
	const f = app.vault.getAbstractFileByPath(path);
	if (!(f instanceof TFile)) throw new Error(`no file ${path}`);
	return f;
}

/** `n` checkpoints of a project `osprey`, a minute apart, the newest saying which it is. */
function ospreyCheckpoints(n: number): Record<string, string> {
	const out: Record<string, string> = {};
	for (let i = 0; i < n; i++) {
		const stem = `20261101-${String(Math.floor(i / 60)).padStart(4, '0')}${String(i % 60).padStart(2, '0')}-claude`;
		out[`sessions/osprey/${stem}.md`] = `---\ntype: checkpoint\nproject: osprey\nagent: claude\nsession: ${stem}\n---\n\n## Task\n\nosprey step ${i}\n\n## Next\n\nafter step ${i}\n`;
	}
	return out;
}

async function startOn(files: Record<string, string>, state: Record<string, unknown>, beforeReady?: () => Promise<void>) {
	app = makeApp(files);
	const started = await startWithPassHeld(app, state, beforeReady);
	plugin = started.plugin;
	return started;
}

describe('the first pane from a project\'s own files', () => {
	test('a first start on this device with a note of the scope open: its handoff is read from the files before the index answers, and the index draws the same', async () => {
		const { view, release } = await startOn(vaultFiles(), {}, async () => {
			await app.workspace.getLeaf(false).openFile(file(NOTES));
		});
		expect(app.loadLocalStorage(KEPT_HANDOFFS_KEY)).toBeNull();
		expect(kept(view)).toBe('files');
		expect(scopeShown(view)).toBe('kestrel');
		expect(q(view, '.logos-who')?.textContent).toMatch(/^claude · /);
		expect(q(view, '.logos-notes-count')?.textContent).toBe('2 working notes not yet checkpointed');
		// The handoff alone: the sections come with the index.
		expect(q(view, '.logos-section')).toBeNull();
		const early = q(view, '.logos-handoff')?.outerHTML;
		await release();
		expect(kept(view)).toBeUndefined();
		expect(scopeShown(view)).toBe('kestrel');
		expect(q(view, '.logos-handoff')?.outerHTML).toBe(early);
		expect(q(view, '.logos-section')).not.toBeNull();
	});

	test('a first start with no scope settled by the active note: nothing is read early, the index chooses', async () => {
		const { view, release } = await startOn(vaultFiles(), {});
		expect(q(view, '.logos-handoff')).toBeNull();
		await release();
		expect(kept(view)).toBeUndefined();
		expect(q(view, '.logos-who')).not.toBeNull();
	});

	test.each([
		[EARLY_FILES_MAX, 'its handoff read from its files', 'files'],
		[EARLY_FILES_MAX + 1, 'left to the index', undefined],
	])('a project of %i checkpoint files: %s', async (n, _, early) => {
		const { view, release } = await startOn({ ...vaultFiles(), ...ospreyCheckpoints(n) }, { scope: 'osprey' });
		expect(kept(view)).toBe(early);
		if (early === undefined) expect(q(view, '.logos-handoff')).toBeNull();
		else expect(q(view, '.logos-next')?.textContent).toBe(`after step ${n - 1}`);
		await release();
		expect(kept(view)).toBeUndefined();
		expect(q(view, '.logos-next')?.textContent).toBe(`after step ${n - 1}`);
	});

	test("a note of another scope opened while the files are read: the first note's handoff is not drawn over it, the index shows the note's scope", async () => {
		let open = (): void => undefined;
		const gate = new Promise<void>((ok) => (open = ok));
		// Only the reads asked before the index is let go wait: the index's own come after.
		let holding = true;
		const { view, release } = await startOn(vaultFiles(), {}, async () => {
			await app.workspace.getLeaf(false).openFile(file(NOTES));
			const read = app.vault.cachedRead.bind(app.vault);
			jest.spyOn(app.vault as Vault, 'cachedRead').mockImplementation(async (f) => {
				if (holding) await gate;
				return read(f);
			});
		});
		// kestrel's files are being read; the person opens a heron note meanwhile.
		await app.workspace.getLeaf(false).openFile(file(HERON));
		// The mocks do not announce an opened file; Obsidian triggers file-open.
		app.workspace.trigger('file-open', file(HERON));
		await settle();
		open();
		await settle(50);
		expect(q(view, '.logos-handoff')).toBeNull();
		holding = false;
		await release();
		expect(scopeShown(view)).toBe('heron');
		expect(q(view, '.logos-next')?.textContent).toBe('move the three swallowing callers onto the queue');
	});

	test('the index answering before the files are read: what is read later draws nothing over it', async () => {
		// A device that drew the pane once, its kept handoff lost: the next start reads no file for the index.
		app = makeApp(vaultFiles());
		plugin = await loadPlugin(app);
		const first = await openResumeView(app, plugin, { scope: 'kestrel' });
		await untilDone(first.refresh());
		plugin.unload();
		await settle(50);
		app.saveLocalStorage(KEPT_HANDOFFS_KEY, null);
		let open = (): void => undefined;
		const gate = new Promise<void>((ok) => (open = ok));
		// Only the reads asked before the index is let go wait: the index's own come after.
		let holding = true;
		const read = app.vault.cachedRead.bind(app.vault);
		jest.spyOn(app.vault as Vault, 'cachedRead').mockImplementation(async (f) => {
			if (holding) await gate;
			return read(f);
		});
		const started = await startWithPassHeld(app, { scope: 'kestrel' });
		plugin = started.plugin;
		const view = started.view;
		expect(q(view, '.logos-handoff')).toBeNull();
		holding = false;
		await started.release();
		expect(kept(view)).toBeUndefined();
		const live = q(view, '.logos-body')?.innerHTML;
		expect(q(view, '.logos-section')).not.toBeNull();
		open();
		await settle(50);
		expect(kept(view)).toBeUndefined();
		expect(q(view, '.logos-body')?.innerHTML).toBe(live);
	});
});
