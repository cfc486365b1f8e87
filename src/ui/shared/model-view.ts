/**
 * What every view over the vault shares: it redraws when the vault's revision, or what it
 * shows, changed — and only while it is on screen (a hidden sidebar tab catches up when shown
 * again, through onResize). Draws run one after another, so a slow one is never overtaken by
 * an older one; a failed draw says so in the view and the next refresh tries again. Dataview's
 * refreshable renderer is the same idea: a view keyed on the index's revision.
 *
 * `T` is what a view reads to decide whether to draw: the whole model (ModelView), or, for the
 * resume pane, the scopes' overview, the one scope's model read only once a draw is due
 * (docs/decisions.md, "The pane at the speed of the scope").
 */
import { ItemView, TFile, type App, type TAbstractFile, type WorkspaceLeaf } from 'obsidian';
import type { LoadedModel, ModelSource } from '../../vault/obsidian-source';

/** What a refresh reads first: its revision and sessions folder are part of every view's key. */
export interface Revisioned {
	readonly revision: number;
	readonly root: string;
}

export abstract class RefreshableView<T extends Revisioned> extends ItemView {
	private queue: Promise<void> = Promise.resolve();
	/** What is drawn now; a refresh that would draw the same is free. */
	private drawnKey = '';

	/** What a refresh reads to decide, and the draw is given. */
	protected abstract read(): Promise<T>;

	/**
	 * What the drawing depends on besides the revision and the sessions folder (the
	 * selection, the width…). It may settle the selection first, e.g. pick a scope.
	 */
	protected abstract drawKey(got: T): string;

	/** Draws the view; the next refresh waits for a drawing that takes its time. */
	protected abstract draw(got: T): void | Promise<void>;

	/** Where a failed draw is reported, and the words before the error ("The timeline could not be drawn"). */
	protected abstract failure(): { el: HTMLElement; text: string };

	/** Told at each refresh whether the view is on screen, drawn or not (a view may keep track of what was seen). */
	protected onShown(_shown: boolean): void {}

	/**
	 * Draws what needs no answer from the index, before the view reads (the resume pane's kept
	 * handoff), and when a note is opened: the note may settle what to draw before the answer comes.
	 */
	protected beforeRead(): void {}

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
	protected followActiveFile(follow: (got: T, file: TFile) => boolean | Promise<boolean>): void {
		this.registerEvent(
			this.app.workspace.on('file-open', (file: TAbstractFile | null) => {
				if (!(file instanceof TFile) || !this.app.workspace.layoutReady) return;
				if (this.contentEl.isShown()) this.beforeRead();
				void this.read()
					.then((got) => follow(got, file))
					.then((changed) => (changed ? this.refresh() : undefined));
			}),
		);
	}

	private async update(force: boolean): Promise<void> {
		// A view restored with the workspace waits: the plugin refreshes every view once the layout is ready.
		if (!this.app.workspace.layoutReady) return;
		const shown = this.contentEl.isShown();
		this.onShown(shown);
		if (!force && !shown) return;
		this.beforeRead();
		const got = await this.read();
		const key = [got.revision, got.root, this.drawKey(got)].join('\u0000');
		if (!force && key === this.drawnKey) return;
		this.drawnKey = key;
		await this.draw(got);
	}

	private showError(e: unknown): void {
		this.drawnKey = '';
		const { el, text } = this.failure();
		el.empty();
		el.createDiv({ cls: ['logos-empty', 'logos-error'], text: `${text}: ${e instanceof Error ? e.message : String(e)}` });
	}
}

/** A view drawn from the whole vault's model. */
export abstract class ModelView extends RefreshableView<LoadedModel> {
	constructor(
		leaf: WorkspaceLeaf,
		protected readonly modelSource: ModelSource,
	) {
		super(leaf);
	}

	protected read(): Promise<LoadedModel> {
		return this.modelSource.load();
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
