/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import type { App as AppOriginal, TFile, WorkspaceLeaf } from 'obsidian';
import { ModelView } from '../../../src/ui/shared/model-view';
import { ModelSource, type LoadedModel } from '../../../src/vault/obsidian-source';
import { layoutReady, makeApp, settle } from '../../helpers/harness';

/** A view that records what it draws; what it shows besides the model is `selection`. */
class RecordingView extends ModelView {
	selection = 'a';
	drawn: string[] = [];
	failWith: Error | null = null;
	/** When set, a draw waits for it: a drawing that takes its time. */
	hold: Promise<void> | null = null;
	followed: string[] = [];
	readonly errorEl = document.body.createDiv();

	constructor(leaf: WorkspaceLeaf, source: ModelSource) {
		super(leaf, source);
	}

	getViewType(): string {
		return 'recording';
	}

	getDisplayText(): string {
		return 'Recording';
	}

	protected drawKey(): string {
		return this.selection;
	}

	protected async draw(loaded: LoadedModel): Promise<void> {
		if (this.failWith) throw this.failWith;
		const label = `${loaded.revision}:${this.selection}`;
		if (this.hold) await this.hold;
		this.drawn.push(label);
	}

	protected failure(): { el: HTMLElement; text: string } {
		return { el: this.errorEl, text: 'The recording could not be drawn' };
	}

	followNotes(): void {
		this.followActiveFile((_loaded, file: TFile) => {
			this.followed.push(file.path);
			if (file.path === this.selection) return false;
			this.selection = file.path;
			return true;
		});
	}
}

let app: AppOriginal;
let source: ModelSource;
let view: RecordingView;
let shown = true;

beforeEach(() => {
	app = makeApp({ 'sessions/notes.md': 'x', 'sessions/other.md': 'y' });
	source = new ModelSource(app.vault, () => 'sessions');
	const leaf = app.workspace.getRightLeaf(false);
	if (!leaf) throw new Error('no leaf');
	view = new RecordingView(leaf, source);
	// SHIM: jsdom lays nothing out; see showView in the harness.
	view.contentEl.isShown = () => shown;
	shown = true;
	view.load();
});

afterEach(() => {
	view.unload();
	document.body.empty();
});

describe('a view over the vault model', () => {
	test('draws nothing before the layout is ready: a restored view waits for the plugin to start', async () => {
		await view.refresh();
		expect(view.drawn).toEqual([]);
		layoutReady(app);
		await view.refresh();
		expect(view.drawn).toEqual(['0:a']);
	});

	test('draws again only when the model or what it shows changed', async () => {
		layoutReady(app);
		await view.refresh();
		await view.refresh();
		expect(view.drawn).toEqual(['0:a']);
		source.bump();
		await view.refresh();
		view.selection = 'b';
		await view.refresh();
		await view.refresh();
		expect(view.drawn).toEqual(['0:a', '1:a', '1:b']);
	});

	test('a hidden view does not draw; shown again, it catches up; force draws anyway', async () => {
		layoutReady(app);
		shown = false;
		await view.refresh();
		expect(view.drawn).toEqual([]);
		shown = true;
		view.onResize();
		await settle();
		expect(view.drawn).toEqual(['0:a']);
		shown = false;
		await view.refresh(true);
		expect(view.drawn).toEqual(['0:a', '0:a']);
	});

	test('a failed draw says so in the view, and the next refresh tries again', async () => {
		layoutReady(app);
		view.failWith = new Error('disk on fire');
		await view.refresh();
		expect(view.errorEl.textContent).toBe('The recording could not be drawn: disk on fire');
		view.failWith = null;
		await view.refresh();
		expect(view.drawn).toEqual(['0:a']);
	});

	test('draws run one after another: a slow one is never overtaken by a later one', async () => {
		layoutReady(app);
		let release!: () => void;
		view.hold = new Promise((r) => (release = r));
		const first = view.refresh();
		await settle();
		view.hold = null;
		view.selection = 'b';
		const second = view.refresh();
		await settle();
		expect(view.drawn).toEqual([]);
		release();
		await Promise.all([first, second]);
		expect(view.drawn).toEqual(['0:a', '0:b']);
	});

	test('opening a note lets the view follow it, and it redraws only when it chose to', async () => {
		layoutReady(app);
		view.followNotes();
		await view.refresh();
		const note = app.vault.getFileByPath('sessions/notes.md');
		if (!note) throw new Error('no note');
		app.workspace.trigger('file-open', note);
		await settle();
		expect(view.followed).toEqual(['sessions/notes.md']);
		expect(view.drawn).toEqual(['0:a', '0:sessions/notes.md']);
		app.workspace.trigger('file-open', note);
		await settle();
		expect(view.drawn).toEqual(['0:a', '0:sessions/notes.md']);
	});
});
