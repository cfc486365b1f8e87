/**
 * The host's workspace: leaves that live in the page (centre tabs and the two sidebars), views
 * built from the creators plugins register, and notes shown in a reading view or an editing
 * view (live preview or source mode, editor.ts). The mocks keep leaves in a list and never
 * build, open or show a view; each method below follows the Obsidian API doc it names.
 */
import type { Extension } from '@codemirror/state';
import type { App, Editor, OpenViewState, Side as SideOriginal, TFile as TFileOriginal, View, ViewCreator, ViewState, WorkspaceItem, WorkspaceLeaf as LeafOriginal, WorkspaceSidedock } from 'obsidian';
import { App as MockApp, MarkdownView as MockMarkdownView, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import { Component, FileView, ItemView, Keymap, MarkdownView } from './classes';
import { NoteEditor } from './editor';
import type { FileExplorer, Layout, Side } from './layout';
import { renderNote, type Section } from './markdown';
import { setIcon } from './obsidian';

interface Box {
	side: Side;
	/** The view type, as getViewState reports it: "empty" until something is opened. */
	type: string;
	el: HTMLElement;
	tab: HTMLElement;
	/** Sections of the note on show, with their source lines, to scroll to a line. */
	sections: Section[];
	/** Owns the post-processors' children of the note on show; replaced on each render. */
	render: InstanceType<typeof Component> | null;
	/** A note's view mode, as MarkdownView.getState names it: 'preview' (reading) or 'source' (editing). */
	mode: 'preview' | 'source';
	/** In the editing view: true for source mode, false for live preview (Obsidian's `source` state). */
	source: boolean;
	/** The note's editor while it is in the editing view. */
	editor: NoteEditor | null;
	/** The view's own editor (the mocks'), given back when the editing view closes. */
	plainEditor: Editor | null;
}

/** How a note is shown: Obsidian's view state for a MarkdownView ({mode, source}). */
export interface NoteMode {
	mode: 'preview' | 'source';
	source: boolean;
}

type ProtectedView = { onOpen(): Promise<void>; onClose(): Promise<void> };

/** Where the host keeps the saved layout (Obsidian's `.obsidian/workspace.json`). */
export const LAYOUT_KEY = 'host:workspace';

export class HostWorkspace {
	private readonly boxes = new Map<LeafOriginal, Box>();
	private readonly selected: Record<Side, LeafOriginal | null> = { left: null, root: null, right: null };
	private lastRoot: LeafOriginal | null = null;
	explorer: FileExplorer | null = null;

	constructor(
		private readonly app: App,
		private readonly layout: Layout,
		private readonly creatorOf: (type: string) => ViewCreator | undefined,
		/** The extensions the plugins registered for Markdown editors, as they are now. */
		private readonly editorExtensions: () => Extension[],
	) {}

	leaves(side?: Side): LeafOriginal[] {
		return [...this.boxes].filter(([, b]) => side === undefined || b.side === side).map(([l]) => l);
	}

	sideOf(leaf: LeafOriginal): Side | null {
		return this.boxes.get(leaf)?.side ?? null;
	}

	/**
	 * SHIM (Workspace.requestSaveLayout, https://docs.obsidian.md/Reference/TypeScript+API/Workspace/requestSaveLayout,
	 * and the workspace restored on start): Obsidian keeps the layout in `.obsidian/workspace.json`,
	 * saved as it changes and on quit, and lays the saved sidebars out again on the next start,
	 * each view handed its saved state before the layout is ready. The host keeps the sidebars'
	 * leaves (type and view state) in the page's localStorage under LAYOUT_KEY: a reload, or a new
	 * page given the old one's storage, starts with them. The centre's tabs are not restored.
	 */
	saveLayout(): void {
		// As Obsidian, nothing is saved before the saved layout is laid out again.
		if (!this.app.workspace.layoutReady) return;
		const leaves = this.leaves()
			.filter((l) => this.sideOf(l) !== 'root' && this.boxes.get(l)?.type !== 'empty')
			.map((l) => ({ side: this.sideOf(l), type: this.boxes.get(l)?.type, state: l.view?.getState() ?? {} }));
		window.localStorage.setItem(LAYOUT_KEY, JSON.stringify(leaves));
	}

	/** The sidebars' leaves saved by the last page over this vault, built again with their state. */
	async restoreLayout(): Promise<void> {
		let saved: unknown;
		try {
			saved = JSON.parse(window.localStorage.getItem(LAYOUT_KEY) ?? '[]');
		} catch {
			saved = [];
		}
		if (!Array.isArray(saved)) return;
		for (const x of saved as { side?: unknown; type?: unknown; state?: unknown }[]) {
			if ((x.side !== 'left' && x.side !== 'right') || typeof x.type !== 'string' || !this.creatorOf(x.type)) continue;
			await this.createLeaf(x.side).setViewState({ type: x.type, state: (x.state ?? {}) as Record<string, unknown> });
		}
	}

	install(): void {
		const ws = this.app.workspace;
		let saving = 0;
		// Obsidian's is a debouncer too: many changes in a moment are one write.
		const save = (() => {
			window.clearTimeout(saving);
			saving = window.setTimeout(() => {
				saving = 0;
				this.saveLayout();
			}, 100);
			return save;
		}) as typeof ws.requestSaveLayout;
		save.cancel = () => {
			window.clearTimeout(saving);
			saving = 0;
			return save;
		};
		save.run = () => {
			if (saving !== 0) save.cancel();
			this.saveLayout();
			return undefined;
		};
		ws.requestSaveLayout = save;
		ws.on('layout-change', () => ws.requestSaveLayout());
		ws.on('active-leaf-change', () => ws.requestSaveLayout());
		window.addEventListener('pagehide', () => this.saveLayout());
		// Workspace.getLeaf (https://docs.obsidian.md/Reference/TypeScript+API/Workspace/getLeaf): false
		// reuses the current tab of the main area, true/'tab'/'split'/'window' makes a new one.
		ws.getLeaf = (newLeaf?: unknown): LeafOriginal => {
			if (newLeaf === true || newLeaf === 'tab' || newLeaf === 'split' || newLeaf === 'window') return this.createLeaf('root');
			const active = ws.activeLeaf;
			if (active && this.sideOf(active) === 'root') return active;
			if (this.lastRoot && this.boxes.has(this.lastRoot)) return this.lastRoot;
			return this.leaves('root')[0] ?? this.createLeaf('root');
		};
		// Workspace.getRightLeaf / getLeftLeaf: a new leaf in that sidebar.
		ws.getRightLeaf = () => this.createLeaf('right');
		ws.getLeftLeaf = () => this.createLeaf('left');
		// Workspace.ensureSideLeaf (https://docs.obsidian.md/Reference/TypeScript+API/Workspace/ensureSideLeaf):
		// the existing leaf of that type in that sidebar, or a new one, revealed unless told not to.
		ws.ensureSideLeaf = async (type: string, side: SideOriginal, options?: { active?: boolean; split?: boolean; reveal?: boolean; state?: unknown }) => {
			let leaf = ws.getLeavesOfType(type).find((l) => this.sideOf(l) === side);
			if (!leaf) {
				leaf = this.createLeaf(side);
				await leaf.setViewState({ type, state: options?.state as Record<string, unknown> | undefined, active: options?.active });
			}
			if (options?.reveal ?? true) await ws.revealLeaf(leaf);
			if (options?.active) ws.setActiveLeaf(leaf, { focus: true });
			return leaf;
		};
		ws.getLeavesOfType = (type: string) => this.leaves().filter((l) => this.boxes.get(l)?.type === type);
		ws.getLeafById = (id: string) => this.leaves().find((l) => WorkspaceLeaf.fromOriginalType3__(l).id__ === id) ?? null;
		ws.iterateAllLeaves = (cb) => this.leaves().forEach((l) => cb(l));
		ws.iterateRootLeaves = (cb) => this.leaves('root').forEach((l) => cb(l));
		ws.getMostRecentLeaf = () => (this.lastRoot && this.boxes.has(this.lastRoot) ? this.lastRoot : null);
		ws.detachLeavesOfType = (type: string) => ws.getLeavesOfType(type).forEach((l) => l.detach());
		// Workspace.getActiveFile (https://docs.obsidian.md/Reference/TypeScript+API/Workspace/getActiveFile):
		// "the file for the current view if it's a FileView. Otherwise, … the most recently active file."
		ws.getActiveFile = () => {
			const view = ws.activeLeaf?.view;
			if (view instanceof FileView) return view.file;
			const recent = this.lastRoot?.view;
			return recent instanceof FileView ? recent.file : null;
		};
		// Workspace.getActiveViewOfType: the active view, only if it is of that type.
		ws.getActiveViewOfType = <T extends View>(type: abstract new (...args: never[]) => T): T | null => {
			const view = ws.activeLeaf?.view;
			return view instanceof type ? (view as T) : null;
		};
		// Workspace.revealLeaf (https://docs.obsidian.md/Reference/TypeScript+API/Workspace/revealLeaf):
		// "Bring a given leaf to the foreground. If the leaf is in a sidebar, the sidebar will be uncollapsed."
		ws.revealLeaf = async (leaf: LeafOriginal) => {
			const side = this.sideOf(leaf);
			if (side === 'left') ws.leftSplit.expand();
			if (side === 'right') ws.rightSplit.expand();
			this.select(leaf);
			await Promise.resolve();
		};
		// Workspace.setActiveLeaf: the leaf gets focus; 'active-leaf-change' fires, and 'file-open'
		// when the active file changed with it.
		ws.setActiveLeaf = (leaf: LeafOriginal) => {
			const before = ws.getActiveFile();
			this.select(leaf);
			ws.activeLeaf = leaf;
			this.syncActiveEditor();
			if (this.sideOf(leaf) === 'root') this.lastRoot = leaf;
			for (const [l, b] of this.boxes) b.el.toggleClass('mod-active', l === leaf);
			ws.trigger('active-leaf-change', leaf);
			const after = ws.getActiveFile();
			if (after !== before) ws.trigger('file-open', after);
		};
		// Workspace.openLinkText (https://docs.obsidian.md/Reference/TypeScript+API/Workspace/openLinkText).
		ws.openLinkText = async (linktext: string, sourcePath: string, newLeaf?: unknown, openViewState?: OpenViewState) => {
			const [path, sub] = linktext.split('#');
			const file = this.app.metadataCache.getFirstLinkpathDest(path, sourcePath);
			if (!file) {
				console.info(`[host] ${linktext} does not resolve to a note`);
				return;
			}
			const line = sub !== undefined ? headingLine(this.app, file, sub) : null;
			const state: OpenViewState = { ...openViewState, eState: line !== null ? { line } : openViewState?.eState };
			await ws.getLeaf(newLeaf as boolean).openFile(file, state);
		};
		// WorkspaceSidedock.collapse/expand/toggle: the sidebar closes and opens on the page; a view
		// that becomes visible is told so through onResize, as Obsidian does.
		for (const [side, split] of [['left', ws.leftSplit], ['right', ws.rightSplit]] as const) {
			this.shimSidedock(side, split);
		}
		this.layout.leftToggle.addEventListener('click', () => ws.leftSplit.toggle());
		this.layout.rightToggle.addEventListener('click', () => ws.rightSplit.toggle());

		// SHIM (Workspace.updateOptions, https://docs.obsidian.md/Reference/TypeScript+API/Workspace/updateOptions):
		// "update/reconfigure the options of all Markdown views": every open editor takes the
		// plugins' editor extensions as they are now. The mocks' does nothing.
		ws.updateOptions = () => {
			for (const b of this.boxes.values()) b.editor?.reconfigure(this.editorExtensions());
		};

		const vault = this.app.vault;
		// A note on show follows its file: re-rendered (reading view) or brought up to date
		// (editing view) when it changes, retitled when it moves.
		vault.on('modify', (f) => {
			for (const l of this.leaves()) if (l.view instanceof MarkdownView && l.view.file === f) void this.showNote(l, false);
		});
		vault.on('rename', () => this.retitleAll());
		vault.on('delete', (f) => {
			for (const l of this.leaves()) if (l.view instanceof FileView && l.view.file === f) void l.setViewState({ type: 'empty' });
		});
		// View titles change as views render (the resume pane names its scope).
		window.setInterval(() => this.retitleAll(), 500);
	}

	private shimSidedock(side: Side, split: WorkspaceSidedock): void {
		const el = this.layout.splits[side].split;
		const apply = (): void => {
			el.toggleClass('is-collapsed', split.collapsed);
			if (!split.collapsed) this.selected[side]?.onResize();
		};
		split.collapse = () => {
			split.collapsed = true;
			apply();
		};
		split.expand = () => {
			split.collapsed = false;
			apply();
		};
		split.toggle = () => {
			split.collapsed = !split.collapsed;
			apply();
		};
	}

	/** A new, empty leaf on one side, shown as that side's current tab. */
	createLeaf(side: Side): LeafOriginal {
		const ws = this.app.workspace;
		const leaf = WorkspaceLeaf.create2__(MockApp.fromOriginalType__(this.app)).asOriginalType3__();
		const split = this.layout.splits[side];
		const el = split.tabBodies.createDiv({ cls: 'workspace-leaf' });
		const tab = split.tabHeaders.createDiv({ cls: 'workspace-tab-header', attr: { 'data-leaf-id': WorkspaceLeaf.fromOriginalType3__(leaf).id__ } });
		tab.createDiv({ cls: 'workspace-tab-header-inner-icon' });
		tab.createDiv({ cls: 'workspace-tab-header-inner-title' });
		const close = tab.createDiv({ cls: 'workspace-tab-header-inner-close-button', attr: { 'aria-label': 'Close' } });
		setIcon(close, 'x');
		tab.addEventListener('click', (evt) => {
			if (close.contains(evt.target as Node)) leaf.detach();
			else ws.setActiveLeaf(leaf, { focus: true });
		});
		const box: Box = { side, type: 'empty', el, tab, sections: [], render: null, mode: 'preview', source: false, editor: null, plainEditor: null };
		this.boxes.set(leaf, box);
		this.showEmpty(leaf);
		// A click into a note makes its tab the active leaf, as in Obsidian (so the palette offers
		// that note's editor commands). Only the centre's tabs: the sidebars' views keep the focus
		// rules they have always had here.
		if (side === 'root') {
			el.addEventListener('mousedown', () => {
				if (ws.activeLeaf !== leaf && this.boxes.has(leaf)) ws.setActiveLeaf(leaf, { focus: true });
			}, true);
		}

		// WorkspaceLeaf.setViewState (https://docs.obsidian.md/Reference/TypeScript+API/WorkspaceLeaf/setViewState):
		// builds the registered view, opens it, then hands it the state; 'markdown' with a file opens the note.
		leaf.setViewState = async (vs: ViewState, eState?: unknown) => {
			const file = typeof vs.state?.file === 'string' ? this.app.vault.getFileByPath(vs.state.file) : null;
			if (vs.type === 'markdown' && file) {
				// The state may name the mode: {mode: 'source', source: false} is live preview.
				await leaf.openFile(file, { active: vs.active, state: vs.state, eState: eState as Record<string, unknown> | undefined });
				return;
			}
			await this.closeView(leaf);
			box.type = vs.type;
			const creator = this.creatorOf(vs.type);
			if (creator) {
				const view = creator(leaf);
				await this.mount(leaf, view);
				await view.setState(vs.state ?? {}, { history: false });
				if (eState) view.setEphemeralState(eState);
			} else {
				if (vs.type !== 'empty') console.warn(`[host] no view registered for type "${vs.type}"`);
				box.type = 'empty';
				this.showEmpty(leaf);
			}
			this.retitle(leaf);
			if (vs.active) ws.setActiveLeaf(leaf, { focus: true });
			ws.trigger('layout-change');
		};
		// WorkspaceLeaf.open: shows an already built view in this leaf.
		leaf.open = async (view: View) => {
			await this.closeView(leaf);
			box.type = view.getViewType();
			await this.mount(leaf, view);
			this.retitle(leaf);
			return view;
		};
		// WorkspaceLeaf.openFile (https://docs.obsidian.md/Reference/TypeScript+API/WorkspaceLeaf/openFile):
		// the note in this leaf, made active, and 'file-open' fires. The view state may name the
		// mode ({mode, source}); otherwise a note opened in a tab showing a note keeps that tab's
		// mode, as in Obsidian, and a new one opens in reading view (the host's default).
		leaf.openFile = async (file: TFileOriginal, openState?: OpenViewState) => {
			const shownBefore = ws.getActiveFile();
			const wasNote = leaf.view instanceof MarkdownView;
			if (!wasNote) {
				await this.closeView(leaf);
				const fresh = MockMarkdownView.create2__(WorkspaceLeaf.fromOriginalType3__(leaf)).asOriginalType7__();
				await this.mount(leaf, fresh);
				this.shimMarkdownView(leaf, fresh);
			}
			box.type = 'markdown';
			const view = leaf.view as InstanceType<typeof MarkdownView>;
			view.file = file;
			const asked = modeOf(openState?.state);
			box.mode = asked.mode ?? (wasNote ? box.mode : 'preview');
			box.source = asked.source ?? (wasNote ? box.source : false);
			await this.showNote(leaf, true);
			this.retitle(leaf);
			this.explorer?.setActive(file.path);
			if (openState?.active !== false || ws.activeLeaf === leaf) {
				const wasActive = ws.activeLeaf === leaf;
				// With a sidebar view active, the active file is this tab's already (the most recent
				// one's): setActiveLeaf sees no change, yet the file shown did change.
				const seenAsActive = ws.getActiveFile() === file && shownBefore !== file;
				ws.setActiveLeaf(leaf, { focus: true });
				// Opening a note in the tab that was already active changes the active file too.
				if (wasActive || seenAsActive) ws.trigger('file-open', file);
			}
			const line = (openState?.eState as { line?: unknown } | undefined)?.line;
			if (typeof line === 'number') this.scrollToLine(leaf, line);
			ws.trigger('layout-change');
		};
		// WorkspaceLeaf.setEphemeralState: passed to the view; for a note, {line} scrolls to that line.
		leaf.setEphemeralState = (state: unknown) => {
			leaf.view?.setEphemeralState(state);
			const line = (state as { line?: unknown } | null)?.line;
			if (leaf.view instanceof MarkdownView && typeof line === 'number') this.scrollToLine(leaf, line);
		};
		leaf.getViewState = (): ViewState => ({ type: box.type, state: (leaf.view?.getState() ?? {}) as Record<string, unknown>, active: ws.activeLeaf === leaf });
		// WorkspaceItem.getRoot: the split the leaf lives in, so sidebar checks (root === rightSplit) hold.
		leaf.getRoot = (): WorkspaceItem => (side === 'left' ? ws.leftSplit : side === 'right' ? ws.rightSplit : ws.rootSplit);
		leaf.getContainer = () => ws.rootSplit;
		// WorkspaceLeaf.detach: the view closes and the tab goes.
		leaf.detach = () => {
			void this.closeView(leaf).then(() => {
				el.remove();
				tab.remove();
				this.boxes.delete(leaf);
				if (this.selected[side] === leaf) {
					this.selected[side] = null;
					const next = this.leaves(side).at(-1);
					if (next) this.select(next);
				}
				if (this.lastRoot === leaf) this.lastRoot = this.leaves('root').at(-1) ?? null;
				if (ws.activeLeaf === leaf) {
					ws.activeLeaf = null;
					if (this.lastRoot) ws.setActiveLeaf(this.lastRoot, { focus: true });
				}
				ws.trigger('layout-change');
			});
		};

		if (!this.selected[side]) this.select(leaf);
		return leaf;
	}

	/** Makes `leaf` the visible tab of its side; a view that becomes visible hears onResize. */
	select(leaf: LeafOriginal): void {
		const box = this.boxes.get(leaf);
		if (!box) return;
		const was = this.selected[box.side];
		this.selected[box.side] = leaf;
		for (const [l, b] of this.boxes) {
			if (b.side !== box.side) continue;
			b.el.toggleClass('host-shown', l === leaf);
			b.tab.toggleClass('is-active', l === leaf);
		}
		if (was !== leaf) leaf.onResize();
	}

	private async mount(leaf: LeafOriginal, view: View): Promise<void> {
		const box = this.boxes.get(leaf);
		if (!box) return;
		leaf.view = view;
		box.el.empty();
		const c = view.containerEl;
		c.addClass('workspace-leaf-content');
		c.setAttr('data-type', view.getViewType());
		if (view instanceof ItemView) view.contentEl.addClass('view-content');
		box.el.appendChild(c);
		view.load();
		await (view as unknown as ProtectedView).onOpen();
	}

	private async closeView(leaf: LeafOriginal): Promise<void> {
		const box = this.boxes.get(leaf);
		const view = leaf.view as View | null;
		if (!box || !view) return;
		await this.closeEditor(leaf);
		if (box.render) {
			box.render.unload();
			box.render = null;
		}
		await (view as unknown as ProtectedView).onClose();
		view.unload();
		view.containerEl.detach();
		(leaf as { view: View | null }).view = null;
		box.sections = [];
	}

	private showEmpty(leaf: LeafOriginal): void {
		const box = this.boxes.get(leaf);
		if (!box) return;
		box.el.empty();
		if (box.side !== 'root') return;
		const empty = box.el.createDiv({ cls: 'workspace-leaf-content empty-state', attr: { 'data-type': 'empty' } });
		empty.createDiv({ cls: 'empty-state-title', text: 'No file is open' });
		empty.createDiv({ cls: 'empty-state-action', text: 'Open a note from the list on the left' });
		empty.createDiv({ cls: 'empty-state-action', text: 'Ctrl/Cmd-P: command palette' });
	}

	/**
	 * What Obsidian's MarkdownView does and the mocks' does not, on each note view the host
	 * builds: getState/setState speak of the mode, getViewData is the editor's text while
	 * editing, rerender draws the reading view again.
	 */
	private shimMarkdownView(leaf: LeafOriginal, view: InstanceType<typeof MarkdownView>): void {
		const box = this.boxes.get(leaf);
		if (!box) return;
		box.plainEditor = view.editor;
		// MarkdownView.getState names the file and the mode, as Obsidian's does; the mocks' returns {}.
		view.getState = () => ({ file: view.file?.path ?? null, mode: box.mode, source: box.source });
		// MarkdownView.setState: a file and a mode, as setViewState hands them over.
		view.setState = async (state: unknown) => {
			const path = (state as { file?: unknown } | null)?.file;
			const file = typeof path === 'string' ? this.app.vault.getFileByPath(path) : view.file;
			const asked = modeOf(state);
			if (file && file !== view.file) await leaf.openFile(file, { state: state as Record<string, unknown>, active: false });
			else await this.setMode(leaf, { mode: asked.mode ?? box.mode, source: asked.source ?? box.source });
		};
		// TextFileView.requestSave / save (https://docs.obsidian.md/Reference/TypeScript+API/TextFileView/requestSave):
		// in the editing view, the editor's debounced and immediate saves; the mocks' do nothing.
		view.requestSave = () => box.editor?.requestSave();
		view.save = async () => {
			await box.editor?.save();
		};
		// TextFileView.getViewData: in the editing view, what the editor holds (saved or not).
		const data = view.getViewData.bind(view);
		view.getViewData = () => box.editor?.text ?? data();
		// SHIM (MarkdownPreviewView.rerender, https://docs.obsidian.md/Reference/TypeScript+API/MarkdownPreviewView/rerender):
		// the reading view renders again, post-processors and all, keeping its scroll; the mocks' does
		// nothing. In the editing view there is no reading view to draw.
		view.previewMode.rerender = () => {
			if (box.mode === 'preview') void this.showNote(leaf, false);
		};
	}

	/**
	 * Switches a note between reading view, live preview and source mode (Obsidian's "Toggle
	 * reading view", Mod-E, and "Toggle Live Preview/Source mode"), keeping what was typed: the
	 * editor saves before it closes.
	 */
	async setMode(leaf: LeafOriginal, to: NoteMode): Promise<void> {
		const box = this.boxes.get(leaf);
		if (!box || !(leaf.view instanceof MarkdownView) || !leaf.view.file) return;
		if (box.mode === to.mode && (to.mode === 'preview' || box.source === to.source)) return;
		box.mode = to.mode;
		box.source = to.source;
		await this.showNote(leaf, false);
		this.app.workspace.trigger('layout-change');
	}

	/** Ctrl/Cmd-E on the active note: reading view ↔ editing view (live preview unless it was in source mode). */
	async toggleReading(): Promise<void> {
		const leaf = this.app.workspace.activeLeaf;
		const box = leaf ? this.boxes.get(leaf) : undefined;
		if (!leaf || !box || !(leaf.view instanceof MarkdownView)) return;
		await this.setMode(leaf, { mode: box.mode === 'source' ? 'preview' : 'source', source: box.source });
		if (box.mode === 'source') box.editor?.editor.focus();
	}

	/**
	 * SHIM (Workspace.activeEditor, https://docs.obsidian.md/Reference/TypeScript+API/Workspace/activeEditor):
	 * "a component managing the current editor. This can be null if the active view has no
	 * editor". Here: the active note while it is in the editing view, else null (the host's
	 * reading view has no editor behind it). The mocks' stays null.
	 */
	private syncActiveEditor(): void {
		const ws = this.app.workspace;
		const leaf = ws.activeLeaf;
		const view = leaf?.view;
		ws.activeEditor = leaf && view instanceof MarkdownView && this.boxes.get(leaf)?.editor ? view : null;
	}

	private async closeEditor(leaf: LeafOriginal): Promise<void> {
		const box = this.boxes.get(leaf);
		const editor = box?.editor;
		if (!box || !editor) return;
		box.editor = null;
		await editor.destroy();
		const view = leaf.view;
		if (view instanceof MarkdownView) {
			if (box.plainEditor) view.editor = box.plainEditor;
			view.currentMode = view.previewMode;
		}
		this.syncActiveEditor();
	}

	/** The leaf's note in its editing view; an open editor on the same note and mode is brought up to date unless `fresh`. */
	private async showEditor(leaf: LeafOriginal, fresh: boolean): Promise<void> {
		const box = this.boxes.get(leaf);
		const view = leaf.view;
		if (!box || !(view instanceof MarkdownView) || !view.file) return;
		const file = view.file;
		const same = box.editor !== null && box.editor.file === file;
		if (same && !fresh && box.editor?.livePreview === !box.source) {
			box.editor?.fileChanged(await this.app.vault.cachedRead(file));
			return;
		}
		// Unsaved text of the same note survives a switch between live preview and source mode.
		const kept = same ? (box.editor?.text ?? null) : null;
		await this.closeEditor(leaf);
		if (box.render) {
			view.removeChild(box.render);
			box.render = null;
		}
		box.sections = [];
		const text = kept ?? (await this.app.vault.cachedRead(file));
		// Another note, mode or editor may have taken the leaf while the file was read.
		if (leaf.view !== view || view.file !== file || box.mode !== 'source') return;
		if (box.editor) await this.closeEditor(leaf);
		const content = view.contentEl;
		content.empty();
		view.containerEl.setAttr('data-mode', 'source');
		(view as unknown as { mode: string }).mode = 'source';
		const editor = new NoteEditor(this.app, view, file, content, text, !box.source, this.editorExtensions());
		box.editor = editor;
		view.editor = editor.editor;
		view.currentMode = editor.subView();
		this.syncActiveEditor();
	}

	/** Shows the leaf's note in its mode: the reading view, or the editing view (editor.ts). */
	private async showNote(leaf: LeafOriginal, fresh: boolean): Promise<void> {
		const box = this.boxes.get(leaf);
		if (box?.mode === 'source') return this.showEditor(leaf, fresh);
		await this.closeEditor(leaf);
		return this.showReading(leaf, fresh);
	}

	/** Renders the leaf's note in reading view; `fresh` starts at the top, otherwise the scroll stays. */
	private async showReading(leaf: LeafOriginal, fresh: boolean): Promise<void> {
		const box = this.boxes.get(leaf);
		const view = leaf.view;
		if (!box || !(view instanceof MarkdownView) || !view.file) return;
		const file = view.file;
		view.containerEl.setAttr('data-mode', 'preview');
		(view as unknown as { mode: string }).mode = 'preview';
		const text = await this.app.vault.cachedRead(file);
		view.setViewData(text, true);
		const content = view.contentEl;
		const scroller = content.querySelector('.markdown-preview-view');
		const top = fresh ? 0 : (scroller?.scrollTop ?? 0);
		if (box.render) view.removeChild(box.render);
		box.render = view.addChild(new Component());
		content.empty();
		const reading = content.createDiv({ cls: 'markdown-reading-view' });
		const preview = reading.createDiv({ cls: 'markdown-preview-view markdown-rendered' });
		const sizer = preview.createDiv({ cls: 'markdown-preview-sizer markdown-preview-section' });
		sizer.createDiv({ cls: 'inline-title', text: file.basename });
		sizer.addEventListener('click', (evt) => {
			const a = (evt.target as HTMLElement).closest('a.internal-link');
			if (!a) return;
			evt.preventDefault();
			void this.app.workspace.openLinkText(a.getAttribute('data-href') ?? '', file.path, Keymap.isModEvent(evt));
		});
		box.sections = await renderNote(text, sizer, file.path, box.render);
		preview.scrollTop = top;
	}

	/**
	 * Scrolls the note to the section holding `line` (0-based) and flashes it, as Obsidian does;
	 * in the editing view the cursor goes to the start of that line, scrolled to the middle.
	 */
	private scrollToLine(leaf: LeafOriginal, line: number): void {
		const box = this.boxes.get(leaf);
		if (!box) return;
		if (box.editor) {
			box.editor.goToLine(line);
			return;
		}
		const s = box.sections.find((x) => line >= x.lineStart && line <= x.lineEnd) ?? box.sections.find((x) => x.lineStart >= line) ?? box.sections.at(-1);
		if (!s) return;
		for (const x of box.sections) x.el.removeClass('is-flashing');
		s.el.addClass('is-flashing');
		s.el.scrollIntoView({ block: 'center' });
		window.setTimeout(() => s.el.removeClass('is-flashing'), 1500);
	}

	private retitle(leaf: LeafOriginal): void {
		const box = this.boxes.get(leaf);
		if (!box) return;
		const title = box.type === 'empty' ? 'New tab' : leaf.getDisplayText();
		const titleEl = box.tab.querySelector('.workspace-tab-header-inner-title');
		if (titleEl && titleEl.textContent !== title) titleEl.textContent = title;
		box.tab.setAttr('aria-label', title);
		const iconEl = box.tab.querySelector<HTMLElement>('.workspace-tab-header-inner-icon');
		const icon = box.type === 'empty' ? '' : box.type === 'markdown' ? 'file-text' : leaf.getIcon();
		if (iconEl && iconEl.dataset.icon !== icon) {
			iconEl.dataset.icon = icon;
			iconEl.empty();
			if (icon) setIcon(iconEl, icon);
		}
	}

	private retitleAll(): void {
		for (const l of this.leaves()) this.retitle(l);
	}
}

/** The 0-based line of a heading in a note, for links like [[note#Heading]]. */
function headingLine(app: App, file: TFileOriginal, heading: string): number | null {
	const h = app.metadataCache.getFileCache(file)?.headings?.find((x) => x.heading === heading);
	return h ? h.position.start.line : null;
}

/** The mode a view state asks for ({mode: 'source' | 'preview', source: boolean}), where it says. */
function modeOf(state: unknown): Partial<NoteMode> {
	const s = (state ?? {}) as { mode?: unknown; source?: unknown };
	return {
		mode: s.mode === 'source' || s.mode === 'preview' ? s.mode : undefined,
		source: typeof s.source === 'boolean' ? s.source : undefined,
	};
}
