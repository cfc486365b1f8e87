/**
 * What every view over the vault model shares: it redraws when the model's revision, or
 * what it shows, changed — and only while it is on screen (a hidden sidebar tab catches up
 * when shown again, through onResize). Draws run one after another, so a slow one is never
 * overtaken by an older one; a failed draw says so in the view and the next refresh tries
 * again. Dataview's refreshable renderer is the same idea: a view keyed on the index's
 * revision.
 */
import { ItemView, TFile, type App, type TAbstractFile, type WorkspaceLeaf } from 'obsidian';
import type { LoadedModel, ModelSource } from '../../vault/obsidian-source';

export abstract class ModelView extends ItemView {
	private queue: Promise<void> = Promise.resolve();
	/** What is drawn now; a refresh that would draw the same is free. */
	private drawnKey = '';

	constructor(
		leaf: WorkspaceLeaf,
		protected readonly modelSource: ModelSource,
	) {
		super(leaf);
	}

	/**
	 * What the drawing depends on besides the revision and the sessions folder (the
	 * selection, the width…). It may settle the selection first, e.g. pick a scope.
	 */
	protected abstract drawKey(loaded: LoadedModel): string;

	/** Draws the view from `loaded`; the next refresh waits for a drawing that takes its time. */
	protected abstract draw(loaded: LoadedModel): void | Promise<void>;

	/** Where a failed draw is reported, and the words before the error ("The timeline could not be drawn"). */
	protected abstract failure(): { el: HTMLElement; text: string };

	/** Told at each refresh whether the view is on screen, drawn or not (a view may keep track of what was seen). */
	protected onShown(_shown: boolean): void {}

	/** Redraws if shown and something changed; `force` draws even when hidden or unchanged. */
	refresh(force = false): Promise<void> {
		this.queue = this.queue.then(() => this.update(force)).catch((e: unknown) => this.showError(e));
		return this.queue;
	}

	onResize(): void {
		// Called when a hidden tab is shown again, or resized: catch up if something changed meanwhile.
		void this.refresh();
	}

	/**
	 * Calls `follow` with the model whenever a note is opened, once the layout is ready; it
	 * returns true when the view should show something else, and the view redraws.
	 */
	protected followActiveFile(follow: (loaded: LoadedModel, file: TFile) => boolean): void {
		this.registerEvent(
			this.app.workspace.on('file-open', (file: TAbstractFile | null) => {
				if (!(file instanceof TFile) || !this.app.workspace.layoutReady) return;
				void this.modelSource.load().then((loaded) => (follow(loaded, file) ? this.refresh() : undefined));
			}),
		);
	}

	private async update(force: boolean): Promise<void> {
		// A view restored with the workspace waits: the plugin refreshes every view once the layout is ready.
		if (!this.app.workspace.layoutReady) return;
		const shown = this.contentEl.isShown();
		this.onShown(shown);
		if (!force && !shown) return;
		const loaded = await this.modelSource.load();
		const key = [loaded.revision, loaded.root, this.drawKey(loaded)].join('\u0000');
		if (!force && key === this.drawnKey) return;
		this.drawnKey = key;
		await this.draw(loaded);
	}

	private showError(e: unknown): void {
		this.drawnKey = '';
		const { el, text } = this.failure();
		el.empty();
		el.createDiv({ cls: ['logos-empty', 'logos-error'], text: `${text}: ${e instanceof Error ? e.message : String(e)}` });
	}
}

/**
 * Shows a leaf: expands its sidebar if collapsed and makes it active. `revealLeaf` does the
 * same but its typings date it to 1.7.2, later than this plugin's minAppVersion.
 */
export function revealLeaf(app: App, leaf: WorkspaceLeaf): void {
	const ws = app.workspace;
	const root = leaf.getRoot();
	for (const side of [ws.leftSplit, ws.rightSplit]) {
		if (root === side && side.collapsed) side.expand();
	}
	ws.setActiveLeaf(leaf, { focus: true });
}

/**
 * The open view of `type`, else a new one in the right sidebar (`where` 'right') or a new
 * tab ('tab'), shown and active. `isView` tells an already built view from a placeholder
 * (a deferred leaf), which gets `state` set.
 */
export async function openView(app: App, type: string, where: 'right' | 'tab', isView: (leaf: WorkspaceLeaf) => boolean, state?: Record<string, unknown>): Promise<WorkspaceLeaf | null> {
	const ws = app.workspace;
	const leaf = ws.getLeavesOfType(type)[0] ?? (where === 'right' ? ws.getRightLeaf(false) : ws.getLeaf('tab'));
	if (!leaf) return null;
	if (!isView(leaf)) await leaf.setViewState({ type, active: true, state: state ?? {} });
	revealLeaf(app, leaf);
	return leaf;
}
