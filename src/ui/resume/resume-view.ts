/**
 * The resume pane: where the agents stopped in one scope, in logos's resume order.
 * Follows the active file's scope unless pinned; re-renders only when it is shown and
 * the model's revision or the selection changed.
 */
import { Component, Menu, setIcon, TFile, type HoverParent, type HoverPopover, type ViewStateResult, type WorkspaceLeaf } from 'obsidian';
import { projectConversations, recordAt } from '../../core';
import { conversations, type Conversation } from '../../core';
import { buildResume, buildVaultModel, fileRole, resumesStayHome, type ResumeModel } from '../../core';
import { projectOf, type VaultModel } from '../../core';
import type { ScopeRecency } from '../../store/activity';
import type { LoadedModel, ModelSource, ScopeOverview } from '../../vault/obsidian-source';
import { renderAgentMarkdown } from '../shared/agent-markdown';
import { copyResume, nowSeconds } from './copy-resume';
import { ACTIONS, EMPTY, RESUME_VIEW_TYPE, untitledConversation } from '../shared/labels';
import { LineLinks, openTarget, type MenuAt } from '../shared/line-links';
import { age, type RenderEnv, type ResumeSources } from './resume-dom';
import { conversationName, quietLabel, shortLabel } from '../shared/names';
import { openPluginSettings, SETTINGS_TEXT } from '../shared/open-settings';
import { renderHandoffFirst, renderHandoffOnly } from './resume-render';
import { folderStamp, keepHandoff, keptHandoff, keptOptions, keptSources, projectsOf, RecordingSources, type KeptOption } from './kept-handoff';
import { readProjectSnapshot, sessionsRoot } from '../../vault/obsidian-snapshot';
import { changeAgainstPreviousInSteps } from './change-line';
import { pausesAfterLongSteps } from '../../vault/next-task';
import { renderPlanBlock } from './plan-block';
import { loadPlans } from '../../vault/obsidian-plans';
import { SectionMemory } from './resume-sections';
import { rulingMenuItems, type RulingReviewer } from '../review/review-buttons';
import { sourcesFrom } from './resume-sources';
import type { LogosSettings } from '../settings';
import { RefreshableView } from '../shared/model-view';
import { marksOf, renderNewsLine, type PaneNews } from './news-line';

export interface ResumeHost {
	readonly source: ModelSource;
	readonly settings: LogosSettings;
	/** Gives verdicts from the pane's ruling buttons; without it the pane shows none. */
	readonly reviews?: RulingReviewer;
	/**
	 * What the index adds: under the resume, the person's notes a checkpoint left out; in
	 * the scope picker, which scopes are quiet (null until the index is open).
	 */
	/** The plugin's id, for the button that opens its settings when the sessions folder is wrong. */
	readonly manifest?: { readonly id: string };
	/** "Why was this file touched?", offered beside the files a checkpoint lists. */
	readonly why?: { show(path: string): Promise<void> };
	readonly index?: {
		renderExtras(el: HTMLElement, scope: string, action: (el: HTMLElement, fn: () => void) => void): void;
		activity?(now: number, scopes: readonly string[]): ScopeRecency[] | null;
	};
	/** "Since I last looked": when the person last looked at each scope and what is new since. */
	readonly since?: { readonly pane: PaneNews };
}

export interface ResumeViewState {
	scope: string | null;
	conversation: string | null;
	pinned: boolean;
}

/**
 * The most markdown files a project may hold for its handoff to be read from its files before
 * the index answers: a few hundred files read and parsed take less than the index's opening.
 */
export const EARLY_FILES_MAX = 250;

/** A frame at 60 Hz: a handoff drawn within it is shown with the rest, in one task. */
const FRAME_MS = 16;

/** What a draw works out before it touches the page (ResumeView.prepare). */
interface Prepared {
	/** The scope the draw began with: a scope chosen meanwhile is drawn by the refresh that choice queued. */
	scope: string | null;
	quiet: Map<string, string>;
	conversations: KeptOption[];
	/** Null when there is no scope to show. */
	resume: ResumeModel | null;
}

/** The scope's conversations, most recently active first, as the conversation menu lists them. */
function scopeConversations(model: VaultModel, scope: string): Conversation[] {
	return conversations(model.scan, projectOf(scope)).filter((c) => c.scope === scope);
}

/** The conversation menu's options, named at `now`. */
function conversationOptions(convs: readonly Conversation[], now: number): KeptOption[] {
	return convs.map((c) => ({ id: c.id, name: conversationName(c, now), ts: c.latest.checkpoint.ts }));
}

/** The conversation, in `scope`'s list, of the checkpoint at `path`; null for any other file. */
export function conversationAt(model: VaultModel, path: string, scope: string): string | null {
	const r = recordAt(model.scan, path);
	if (!r) return null;
	const c = projectConversations(model.scan, projectOf(scope)).find((x) => x.id === r.conversation);
	return c && c.scope === scope ? c.id : null;
}

export class ResumeView extends RefreshableView<ScopeOverview> implements HoverParent {
	/** Page preview keeps its popover here while a line of the pane is hovered. */
	hoverPopover: HoverPopover | null = null;
	private sel: ResumeViewState = { scope: null, conversation: null, pinned: false };
	/** Targets of the current render's lines and "show all" buttons. */
	private lines!: LineLinks;
	/** Owns what MarkdownRenderer attaches to the current render; replaced on each render. */
	private renderChild: Component | null = null;
	private sourceEl!: HTMLElement;
	private scopeSelect!: HTMLSelectElement;
	private convSelect!: HTMLSelectElement;
	private pinEl!: HTMLElement;
	private bodyEl!: HTMLElement;
	private navButtons!: HTMLElement;
	/** Open and closed sections, remembered on this device. */
	private sections!: SectionMemory;
	/** The model of the last render (its scope's project at least) and every scope's name, for the switch menu. */
	private model: VaultModel | null = null;
	/** The scope on screen now ("since I last looked" counts from when it stops being), null when hidden. */
	private looking: string | null = null;
	private scopes: readonly string[] = [];
	/** Files created, changed, removed or renamed in the vault so far: a draw they overtook keeps nothing. */
	private vaultEvents = 0;
	/** Whether the handoff kept from the last start was looked for or is past use (once, before the index's first answer). */
	private keptTried = false;
	/** Whether the index has answered: a handoff read from the files comes too late once it has. */
	private answered = false;

	constructor(
		leaf: WorkspaceLeaf,
		private readonly host: ResumeHost,
	) {
		super(leaf);
	}

	getViewType(): string {
		return RESUME_VIEW_TYPE;
	}

	/** Constant: Obsidian reads it for the tab header once, and a scope in it would go stale. */
	getDisplayText(): string {
		return 'Resume';
	}

	getIcon(): string {
		return 'history';
	}

	/** The scope and conversation on screen, for "Copy resume for an agent". */
	selection(): ResumeViewState {
		return { ...this.sel };
	}

	async onOpen(): Promise<void> {
		const root = this.contentEl;
		root.empty();
		root.addClass('logos-pane');
		this.sections = new SectionMemory(this.app);
		const header = root.createDiv({ cls: 'logos-header' });
		const nav = header.createDiv({ cls: ['nav-header', 'logos-nav'] });
		this.sourceEl = nav.createDiv({ cls: 'logos-source' });
		this.navButtons = nav.createDiv({ cls: ['nav-buttons-container', 'logos-actions'] });
		this.headerAction('clipboard-copy', ACTIONS.copy, 'logos-copy', () => {
			if (this.sel.scope) void copyResume(this.host.source, this.sel.scope, this.sel.conversation);
		});
		this.headerAction('refresh-cw', ACTIONS.refresh, 'logos-refresh', () => void this.refresh(true));
		this.headerAction('messages-square', ACTIONS.switch, 'logos-switch', (evt) => this.showSwitchMenu(evt));
		this.pinEl = this.navButtons.createEl('button', { cls: ['clickable-icon', 'nav-action-button', 'logos-pin'] });
		const controls = header.createDiv({ cls: 'logos-controls' });
		this.scopeSelect = controls.createEl('select', { cls: ['dropdown', 'logos-scope-select'], attr: { 'aria-label': 'Scope' } });
		this.convSelect = controls.createEl('select', { cls: ['dropdown', 'logos-conversation-select'], attr: { 'aria-label': 'Conversation' } });
		this.bodyEl = root.createDiv({ cls: 'logos-body' });
		this.lines = new LineLinks(this.app, this, this.bodyEl);
		this.bodyEl.createDiv({ cls: 'logos-empty', text: EMPTY.loading });
		this.showPin();

		this.registerDomEvent(this.scopeSelect, 'change', () => {
			// Choosing a scope by hand pins it: the person asked for this one.
			this.select({ scope: this.scopeSelect.value, conversation: null, pinned: true });
		});
		this.registerDomEvent(this.convSelect, 'change', () => {
			this.select({ ...this.sel, conversation: this.convSelect.value === '' ? null : this.convSelect.value });
		});
		this.registerDomEvent(this.pinEl, 'click', () => {
			this.select({ ...this.sel, pinned: !this.sel.pinned });
			const file = this.app.workspace.getActiveFile();
			if (!this.sel.pinned && file) {
				void this.read()
					.then((over) => this.follow(over, file))
					.then((changed) => (changed ? this.refresh() : undefined));
			}
		});
		// One listener each for every link, menu and "show all" of every render: nothing to leak per line.
		this.registerDomEvent(this.bodyEl, 'click', (evt) => {
			if (!this.sections.onClick(evt, this.bodyEl)) this.lines.onClick(evt);
		});
		this.registerDomEvent(this.bodyEl, 'keydown', (evt) => {
			if (!this.sections.onKey(evt, this.bodyEl)) this.lines.onKey(evt);
		});
		this.registerDomEvent(this.bodyEl, 'contextmenu', (evt) => this.lines.onContextMenu(evt));
		this.registerDomEvent(this.bodyEl, 'mouseover', (evt) => this.lines.onHover(evt));
		this.followActiveFile((over, file) => this.follow(over, file));
		this.registerEvent(this.app.workspace.on('layout-change', () => void this.refresh()));
		const changed = (): void => void this.vaultEvents++;
		this.registerEvent(this.app.vault.on('create', changed));
		this.registerEvent(this.app.vault.on('modify', changed));
		this.registerEvent(this.app.vault.on('delete', changed));
		this.registerEvent(this.app.vault.on('rename', changed));
		this.registerEvent(this.app.workspace.on('active-leaf-change', () => void this.refresh()));
		await this.refresh();
	}

	async onClose(): Promise<void> {
		this.look(null);
		this.renderChild = null;
		this.lines.reset();
		await super.onClose();
	}

	getState(): Record<string, unknown> {
		return { ...super.getState(), scope: this.sel.scope, conversation: this.sel.conversation, pinned: this.sel.pinned };
	}

	async setState(state: unknown, result: ViewStateResult): Promise<void> {
		const s = state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
		this.sel = {
			scope: typeof s.scope === 'string' ? s.scope : this.sel.scope,
			conversation: typeof s.conversation === 'string' ? s.conversation : null,
			pinned: typeof s.pinned === 'boolean' ? s.pinned : this.sel.pinned,
		};
		await super.setState(state, result);
		await this.refresh();
	}

	/** Shows a scope (from the status bar or a command), leaving the pin as it is. */
	async showScope(scope: string): Promise<void> {
		this.sel = { ...this.sel, scope, conversation: null };
		this.app.workspace.requestSaveLayout();
		await this.refresh();
	}

	/**
	 * An action of the view (Obsidian's addAction: its icon, tooltip and click), placed in the
	 * pane's own header row: in a sidebar Obsidian draws no view header, and its own sidebar
	 * views keep their buttons in such a row (nav-header).
	 */
	private headerAction(icon: string, title: string, cls: string, fn: (evt: MouseEvent) => void): HTMLElement {
		// An action turned off (nothing to act on) does nothing; Obsidian's actions are not buttons.
		const el = this.addAction(icon, title, (evt) => {
			if (el.getAttr('aria-disabled') !== 'true') fn(evt);
		});
		el.removeClass('view-action');
		el.addClass('nav-action-button', cls);
		// Reachable and usable from the keyboard like the pane's other controls.
		el.setAttr('role', 'button');
		el.setAttr('tabindex', '0');
		this.registerDomEvent(el, 'keydown', (evt) => {
			if (evt.key !== 'Enter' && evt.key !== ' ') return;
			evt.preventDefault();
			el.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 0 }));
		});
		this.navButtons.appendChild(el);
		return el;
	}

	/** The scopes and the conversations of the scope on screen, the current ones checked. */
	private showSwitchMenu(evt: MouseEvent): void {
		const model = this.model;
		if (!model) return;
		const menu = new Menu();
		for (const scope of this.scopes) {
			menu.addItem((item) =>
				item
					.setTitle(scope)
					.setSection('scope')
					.setChecked(scope === this.sel.scope)
					.onClick(() => this.select({ scope, conversation: null, pinned: true })),
			);
		}
		menu.addSeparator();
		const scope = this.sel.scope;
		menu.addItem((item) =>
			item
				.setTitle(ACTIONS.latest)
				.setSection('conversation')
				.setChecked(this.sel.conversation === null)
				.onClick(() => this.select({ ...this.sel, conversation: null })),
		);
		if (scope !== null) {
			for (const c of scopeConversations(model, scope)) {
				menu.addItem((item) =>
					item
						.setTitle(shortLabel(c.name || untitledConversation(c.agents)))
						.setSection('conversation')
						.setChecked(c.id === this.sel.conversation)
						.onClick(() => this.select({ ...this.sel, conversation: c.id })),
				);
			}
		}
		menu.showAtMouseEvent(evt);
	}

	private select(next: ResumeViewState): void {
		this.sel = next;
		this.showPin();
		// The choice is part of the saved workspace: the next start shows it (and its kept handoff).
		this.app.workspace.requestSaveLayout();
		void this.refresh();
	}

	private showPin(): void {
		const pinned = this.sel.pinned;
		this.pinEl.toggleClass('is-active', pinned);
		this.pinEl.setAttr('aria-label', pinned ? 'Pinned to this scope: click to follow the active file' : 'Following the active file: click to pin this scope');
		this.pinEl.setAttr('aria-pressed', String(pinned));
		setIcon(this.pinEl, pinned ? 'pin' : 'pin-off');
	}

	/** The active note's scope and conversation, unless pinned; true when that changes what is shown. */
	private async follow(over: ScopeOverview, file: TFile): Promise<boolean> {
		if (this.sel.pinned) return false;
		const scope = over.scopeOf(file.path);
		// Outside every scope the pane keeps what it shows: a person reading notes beside it loses nothing.
		if (scope === null) return false;
		// A checkpoint note brings its conversation; another note of the scope keeps the one shown.
		const conversation = this.host.settings.followConversation ? conversationAt((await this.host.source.loadScope(scope)).model, file.path, scope) : null;
		if (this.sel.pinned) return false;
		if (scope === this.sel.scope && (conversation === null || conversation === this.sel.conversation)) return false;
		this.sel = { ...this.sel, scope, conversation };
		this.app.workspace.requestSaveLayout();
		return true;
	}

	/** Every scope's name from the index; a model of the shown scope's project only once a draw is due (docs/decisions.md, "The pane at the speed of the scope"). */
	protected read(): Promise<ScopeOverview> {
		return this.host.source.overview();
	}

	protected onShown(shown: boolean): void {
		if (!shown) this.look(null);
	}

	protected drawKey(over: ScopeOverview): string {
		this.chooseScope(over);
		if (this.contentEl.isShown()) this.look(this.sel.scope);
		const since = this.sel.scope === null ? null : this.host.since?.pane.since(this.sel.scope) ?? null;
		return [this.sel.scope, this.sel.conversation, this.sel.pinned, this.host.settings.remoteImages, since].join('\u0000');
	}

	protected async draw(over: ScopeOverview): Promise<void> {
		const scope = this.sel.scope;
		// A handoff is kept for the next start only if no file changed while it was drawn.
		const events = this.vaultEvents;
		const loaded = scope !== null && over.found ? await this.host.source.loadScope(scope) : null;
		// Working out what to draw touches nothing on the page: its steps (quiet scopes, conversations,
		// the resume, the change line; a few tens of ms together for a big scope) go in tasks of their
		// own after half a slice. Drawing then: each step a task of its own when it took a frame or
		// more (docs/decisions.md, "A start in tasks").
		const plan = await this.prepare(over, loaded, scope, pausesAfterLongSteps());
		const pause = pausesAfterLongSteps(FRAME_MS);
		const rest = this.render(over, loaded, plan, events);
		// The first screen is the handoff: when drawing it took a frame or more, the browser
		// shows it before the sections are drawn (a big scope), in a task of its own.
		await pause();
		for (const step of rest) {
			step();
			await pause();
		}
	}

	/**
	 * What a draw works out before it touches the page: the quiet scopes' labels, the scope's
	 * conversations and its resume (a conversation no longer in the scope is let go first).
	 */
	private async prepare(over: ScopeOverview, loaded: LoadedModel | null, scope: string | null, step: () => Promise<void>): Promise<Prepared> {
		const now = nowSeconds();
		const quiet = this.quietScopes(over.scopes, now);
		await step();
		if (scope === null || loaded === null) return { scope, quiet, conversations: [], resume: null };
		const { model } = loaded;
		const convs = scopeConversations(model, scope);
		await step();
		// A conversation no longer in the scope is let go, but only while the scope is still the one
		// chosen: a note of another scope opened while this draw waited chose its own conversation,
		// which the next draw shows.
		const mine = this.sel.scope === scope;
		if (mine && this.sel.conversation !== null && !convs.some((c) => c.id === this.sel.conversation)) {
			this.sel = { ...this.sel, conversation: null };
		}
		const options = conversationOptions(convs, now);
		const resume = over.found ? buildResume(model, scope, { conversation: mine ? this.sel.conversation : null, now }) : null;
		await step();
		// The handoff's change line compares the latest with the checkpoint before it: worked out
		// here (kept per model), so drawing the handoff is DOM work only.
		if (resume?.latest) await changeAgainstPreviousInSteps(model, resume.latest.record, step);
		await step();
		return { scope, quiet, conversations: options, resume };
	}

	protected failure(): { el: HTMLElement; text: string } {
		return { el: this.bodyEl, text: 'The resume could not be shown' };
	}

	/**
	 * The scope on screen changed (another scope, the pane hidden or closed): the one left
	 * counts as looked at until now, the one shown starts its clock when it has none
	 * (docs/decisions.md, "Since I last looked").
	 */
	private look(scope: string | null): void {
		const news = this.host.since?.pane;
		if (!news || scope === this.looking) return;
		if (this.looking !== null) news.end(this.looking);
		if (scope !== null) news.begin(scope);
		this.looking = scope;
	}

	private chooseScope(over: ScopeOverview): void {
		if (this.sel.scope !== null && over.scopes.includes(this.sel.scope)) return;
		const active = this.app.workspace.getActiveFile();
		const fromActive = active ? over.scopeOf(active.path) : null;
		this.sel = { ...this.sel, scope: fromActive ?? over.newest(), conversation: null };
	}

	/**
	 * `loaded` is null when there is no scope to show (no folder, or no scope in it). Draws up to
	 * the handoff block; returns the steps that draw the rest, the last keeping the handoff for
	 * the next start.
	 */
	private render(over: ScopeOverview, loaded: LoadedModel | null, plan: Prepared, events: number): (() => void)[] {
		this.model = loaded?.model ?? null;
		this.scopes = over.scopes;
		// From the first answer of the index on, the pane shows only what the index answers.
		this.keptTried = true;
		this.answered = true;
		this.startDrawing(over.root);
		this.fillScopes(over.scopes, plan.quiet);
		this.fillConversations(plan.conversations);
		if (!over.found) {
			this.showSetupNeeded(EMPTY.noFolder(over.root));
			return [];
		}
		const { scope, resume: r } = plan;
		if (scope === null || loaded === null || r === null) {
			this.showSetupNeeded(EMPTY.noScopes(over.root));
			return [];
		}
		const { model } = loaded;
		const sources = new RecordingSources(sourcesFrom(model, scope));
		const env = this.env(sources, scope);
		const news = this.host.since?.pane;
		const since = news?.since(scope) ?? null;
		const items = news && since !== null ? news.items(scope, since) : null;
		if (news && items) {
			env.news = marksOf(items);
			env.handoffExtras = (room) => {
				renderNewsLine(room, items, (button) => this.lines.action(button, () => {
					news.markSeen(scope);
					void this.refresh();
				}));
			};
		}
		const sections = renderHandoffFirst(this.bodyEl, r, env);
		const taken = sources.taken();
		// Each section comes open or closed as the person left it, as soon as it is drawn.
		const shown = (draw: () => void) => (): void => {
			draw();
			this.sections.apply(this.bodyEl);
		};
		return [
			...sections.map(shown),
			shown(() => {
				renderPlanBlock(this.bodyEl, r, model.scan, env, () => loadPlans(this.app.vault, loaded.root, scope));
				this.host.index?.renderExtras(this.bodyEl, scope, (el, fn) => this.lines.action(el, fn));
			}),
			() => {
				// After the pane is on screen; a draw that file events overtook keeps nothing.
				const key = { root: over.root, scope, conversation: r.conversation };
				const latest = r.latest;
				if (!latest || events !== this.vaultEvents) keepHandoff(this.app, key, null);
				else {
					const stamps = projectsOf(scope, latest, taken).map((p): [string, string] => [p, folderStamp(this.app, over.root, p)]);
					keepHandoff(this.app, key, { v: 1, ...key, stamps, latest, notes: r.uncommitted.length, options: keptOptions(plan.conversations, r.conversation), scopes: over.scopes, ...taken });
				}
			},
		];
	}

	/** The header's source line and a cleared body, for a new drawing. */
	private startDrawing(root: string): void {
		this.lines.reset();
		if (this.renderChild) this.removeChild(this.renderChild);
		this.renderChild = this.addChild(new Component());
		const vaultName = this.app.vault.getName();
		this.sourceEl.setText(vaultName ? `${vaultName} · ${root}` : root);
		this.setControlsEnabled(true);
		this.bodyEl.empty();
		delete this.bodyEl.dataset.kept;
	}

	/**
	 * Before the pane's first answer from the index: the handoff kept from the last drawing of
	 * the scope on screen, when its files are as they were (kept-handoff.ts); else, for a small
	 * project, the handoff read from its own files (drawFromFiles). Once only: later draws
	 * follow the index.
	 */
	protected beforeRead(): void {
		if (this.keptTried) return;
		const root = sessionsRoot(this.host.settings.sessionsFolder);
		const scope = this.sel.scope ?? this.activeScope(root);
		if (scope === null) return;
		this.keptTried = true;
		try {
			const kept = keptHandoff(this.app, root, scope, this.sel.conversation);
			if (kept) {
				const now = nowSeconds();
				// A scope settled by the active note is the pane's from here, as after a read from the files.
				this.sel = { ...this.sel, scope };
				this.startDrawing(root);
				this.fillScopes(kept.scopes.includes(scope) ? kept.scopes : [scope], new Map());
				this.fillConversations(kept.options);
				this.bodyEl.dataset.kept = 'true';
				renderHandoffOnly(this.bodyEl, kept.latest, { now, notes: kept.notes }, this.env(keptSources(kept), scope));
				return;
			}
		} catch {
			// Storage this plugin did not write (another version, a hand edit): the pane waits for the index.
			this.startDrawing(root);
			this.bodyEl.createDiv({ cls: 'logos-empty', text: EMPTY.loading });
		}
		void this.drawFromFiles(root, scope).catch(() => {
			// Nothing drawn early: the index's answer draws the pane as on any start.
		});
	}

	/** The scope of the active file when its path alone settles it (a file logos places: a checkpoint, an uncommitted.md, a transcript). */
	private activeScope(root: string): string | null {
		const active = this.app.workspace.getActiveFile();
		return active ? fileRole(root, active.path)?.scope ?? null : null;
	}

	/**
	 * The handoff read from the scope's project folder, before the index has answered
	 * (docs/decisions.md, "The first pane from a project's own files"): on a device that never
	 * drew the scope, or whose files changed since, a small project's handoff costs reading its
	 * own files, whatever the size of the vault. Drawn only when the project's model answers as
	 * the whole vault's would (resumesStayHome) and the index has not answered meanwhile.
	 */
	private async drawFromFiles(root: string, scope: string): Promise<void> {
		const snap = await readProjectSnapshot(this.app.vault, root, projectOf(scope), EARLY_FILES_MAX);
		if (snap === null || this.answered) return;
		// Each step a task of its own when it took a frame or more: a project of a few hundred files
		// is read in a few tens of ms, on a start that has the index's opening to do too.
		const pause = pausesAfterLongSteps(FRAME_MS);
		const model = buildVaultModel(snap);
		await pause();
		if (!model.scopes.includes(scope) || !resumesStayHome(model, scope)) return;
		const now = nowSeconds();
		const convs = scopeConversations(model, scope);
		const conversation = convs.some((c) => c.id === this.sel.conversation) ? this.sel.conversation : null;
		const r = buildResume(model, scope, { conversation, now });
		await pause();
		// A scope chosen meanwhile, a note of another scope opened meanwhile (the pane follows it),
		// or the index's answer on screen: nothing of this read is shown.
		if (r.latest === null || this.answered || (this.sel.scope ?? this.activeScope(root)) !== scope) return;
		this.sel = { ...this.sel, scope, conversation };
		this.startDrawing(root);
		this.fillScopes([scope], new Map());
		this.fillConversations(conversationOptions(convs, now));
		this.bodyEl.dataset.kept = 'files';
		renderHandoffOnly(this.bodyEl, r.latest, { now, notes: r.uncommitted.length }, this.env(sourcesFrom(model, scope), scope));
	}

	/**
	 * Nothing to show from this folder: the controls would act on nothing, so they are off,
	 * and the one thing to do is offered — the setting that says where the folder is.
	 */
	private showSetupNeeded(text: string): void {
		this.setControlsEnabled(false);
		this.bodyEl.createDiv({ cls: 'logos-empty', text });
		const id = this.host.manifest?.id;
		if (id === undefined) return;
		const button = this.bodyEl.createEl('button', { cls: ['mod-cta', 'logos-open-settings'], text: SETTINGS_TEXT.button });
		this.lines.action(button, () => openPluginSettings(this.app, id));
	}

	private setControlsEnabled(enabled: boolean): void {
		for (const el of this.contentEl.querySelectorAll<HTMLButtonElement | HTMLSelectElement>('.logos-controls select, .logos-controls button')) {
			el.disabled = !enabled;
		}
		// Copy and switch act on a scope; refresh stays, to look again once the setting is fixed.
		for (const el of this.contentEl.querySelectorAll<HTMLElement>('.logos-actions .logos-copy, .logos-actions .logos-switch')) {
			el.setAttr('aria-disabled', enabled ? 'false' : 'true');
			el.toggleClass('is-disabled', !enabled);
		}
	}

	private fillScopes(scopes: readonly string[], quiet: ReadonlyMap<string, string>): void {
		this.scopeSelect.empty();
		for (const s of scopes) {
			const q = quiet.get(s);
			const option = this.scopeSelect.createEl('option', { text: q === undefined ? s : `${s} · ${q}`, value: s });
			if (q !== undefined) option.addClass('logos-scope-quiet');
		}
		this.scopeSelect.value = this.sel.scope ?? '';
		this.scopeSelect.disabled = scopes.length === 0;
	}

	/** Quiet scopes and their label, from the index once it is open (none before). */
	private quietScopes(scopes: readonly string[], now: number): Map<string, string> {
		const activity = this.host.index?.activity?.(now, scopes) ?? [];
		const out = new Map<string, string>();
		for (const a of activity) {
			if (a.quiet) out.set(a.scope, quietLabel(a.lastCheckpoint, now));
		}
		return out;
	}

	private fillConversations(convs: readonly KeptOption[]): void {
		const now = nowSeconds();
		this.convSelect.empty();
		this.convSelect.createEl('option', { text: 'Latest in this scope', value: '' });
		for (const c of convs) {
			this.convSelect.createEl('option', { text: `${shortLabel(c.name)} · ${age(c.ts, now)}`, value: c.id, attr: { title: `${c.name}\n${c.id}` } });
		}
		this.convSelect.value = this.sel.conversation ?? '';
		// The closed dropdown shows the short label; its tooltip holds the whole name.
		this.convSelect.title = this.convSelect.selectedOptions[0]?.title ?? '';
	}

	private env(sources: ResumeSources, scope: string): RenderEnv {
		const child = this.renderChild ?? this;
		const reviewer = this.host.reviews;
		return {
			rulingActions: reviewer
				? (el, row) => {
						const button = el.createEl('button', { cls: ['clickable-icon', 'logos-ruling-menu'], attr: { 'aria-label': ACTIONS.rulingMenu } });
						setIcon(button, 'more-horizontal');
						const show = (at: MenuAt): void => {
							const menu = new Menu();
							rulingMenuItems(menu, scope, row, reviewer, () => void openTarget(this.app, { path: row.path, line: row.line }, null));
							if (at instanceof MouseEvent) menu.showAtMouseEvent(at);
							else {
								const box = at.getBoundingClientRect();
								menu.showAtPosition({ x: box.left, y: box.bottom });
							}
						};
						this.lines.menu(el, show, button);
					}
				: undefined,
			sources,
			opened: (el) => this.sections.remember(el),
			link: (el, target) => {
				this.lines.link(el, target);
			},
			action: (el, fn) => {
				this.lines.action(el, fn);
			},
			markdown: (el, text, sourcePath) => {
				void renderAgentMarkdown(this.app, text, el, sourcePath, child, { remoteImages: this.host.settings.remoteImages });
			},
			why: this.host.why ? (p) => void this.host.why?.show(p) : undefined,
		};
	}

}
