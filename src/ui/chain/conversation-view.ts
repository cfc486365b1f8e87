/**
 * The conversations of a project (its worktrees' included, marked), most recently active
 * first: name, agents, checkpoints, age, flags and problems. Choosing one points the
 * resume pane at it. Under each, its checkpoints fold open, each with a menu to open or
 * compare it (checkpoint-menu.ts). Follows the active file's project; re-renders only when
 * shown and something changed.
 */
import { Keymap, setIcon, type HoverParent, type HoverPopover, type TFile, type WorkspaceLeaf } from 'obsidian';
import { conversationProblems, projectConversations, recordAt } from '../../core';
import type { CheckpointRecord } from '../../core';
import type { Conversation } from '../../core';
import { projectOf, scopeOfPath, type VaultModel } from '../../core';
import type { LoadedModel } from '../../vault/obsidian-source';
import type { ChainHost } from './chain-nav';
import { problemLine } from './chain-bar';
import { nowSeconds } from '../resume/copy-resume';
import { conversationFacts, showInResumePane } from './conversation-facts';
import { conversationTitle, switchTo } from './conversation-picker';
import { checkpointName, checkpointTooltip, shortLabel } from '../shared/names';
import { LineLinks } from '../shared/line-links';
import { CHECKPOINT_TEXT, checkpointMenu, showMenuAt, type ComparePick } from './checkpoint-menu';

/** A row of the list has room for two lines of its name; the rest is in the tooltip. */
const CONVERSATION_ROW_LABEL = 120;
import { EMPTY } from '../shared/labels';
import { age, plural } from '../resume/resume-dom';
import { mostRecentScope } from '../../core';
import { planLabel } from '../resume/plan-block';
import { checkpointsOfPlans, type Plan } from '../../core';
import { loadPlans } from '../../vault/obsidian-plans';
import { ModelView } from '../shared/model-view';

/** A plan's first heading or line, short enough for a row. */
function planTitle(plan: Plan): string {
	const first = plan.text.split('\n').find((l) => l.trim() !== '') ?? plan.name;
	return shortLabel(first.replace(/^#+\s*/, ''), 60);
}

export const CONVERSATIONS_VIEW_TYPE = 'logos-conversations';

export class ConversationsView extends ModelView implements HoverParent, ComparePick {
	hoverPopover: HoverPopover | null = null;
	private project: string | null = null;
	private shown: Conversation[] = [];
	private projectSelect!: HTMLSelectElement;
	private listEl!: HTMLElement;
	private plansToken: object = {};
	private lines!: LineLinks;
	private pendingEl!: HTMLElement;
	private loaded: LoadedModel | null = null;
	/** Conversations whose checkpoints are folded open, by id: kept across redraws. */
	private readonly unfolded = new Set<string>();
	/** The checkpoint picked first to compare, by path: kept across redraws and projects. */
	private fromPath: string | null = null;

	constructor(
		leaf: WorkspaceLeaf,
		private readonly host: ChainHost,
	) {
		super(leaf, host.source);
	}

	getViewType(): string {
		return CONVERSATIONS_VIEW_TYPE;
	}

	getDisplayText(): string {
		return 'Conversations';
	}

	getIcon(): string {
		return 'messages-square';
	}

	async onOpen(): Promise<void> {
		const root = this.contentEl;
		root.empty();
		root.addClass('logos-pane');
		root.addClass('logos-conversations');
		const header = root.createDiv({ cls: 'logos-header' });
		this.projectSelect = header.createEl('select', { cls: ['dropdown', 'logos-project-select'], attr: { 'aria-label': 'Project' } });
		// Outside the header, so it stays in sight (sticky) while the list scrolls to the second pick.
		this.pendingEl = root.createDiv({ cls: 'logos-compare-pending', attr: { role: 'status' } });
		this.listEl = root.createDiv({ cls: 'logos-body' });
		this.listEl.createDiv({ cls: 'logos-empty', text: EMPTY.loading });
		this.lines = new LineLinks(this.app, this, this.listEl);
		this.showPending();
		this.registerDomEvent(this.projectSelect, 'change', () => {
			this.project = this.projectSelect.value;
			void this.refresh();
		});
		this.registerDomEvent(this.listEl, 'click', (evt) => this.onClick(evt));
		this.registerDomEvent(this.listEl, 'contextmenu', (evt) => this.lines.onContextMenu(evt));
		this.registerDomEvent(this.listEl, 'mouseover', (evt) => this.lines.onHover(evt));
		// Escape anywhere in the view drops a first pick, as it closes a menu.
		this.registerDomEvent(root, 'keydown', (evt) => {
			if (evt.key !== 'Escape' || this.fromPath === null) return;
			evt.preventDefault();
			evt.stopPropagation();
			this.pick(null);
		});
		this.registerDomEvent(this.listEl, 'keydown', (evt) => {
			if (inCheckpoints(evt.target)) {
				this.lines.onKey(evt);
				return;
			}
			const row = evt.target instanceof HTMLElement && evt.target.dataset.conversation !== undefined ? this.shown[Number(evt.target.dataset.conversation)] : undefined;
			if (evt.key !== 'Enter' || !row) return;
			evt.preventDefault();
			void showInResumePane(this.app, row, true);
		});
		// The active note's project; the active row is marked, so any opened note redraws.
		this.followActiveFile((loaded, file: TFile) => {
			const scope = scopeOfPath(loaded.model, file.path);
			if (scope !== null) this.project = projectOf(scope);
			return true;
		});
		await this.refresh();
	}

	/** The project and the active note: the list and its marked row. */
	protected drawKey(loaded: LoadedModel): string {
		this.chooseProject(loaded.model);
		return [this.project, this.app.workspace.getActiveFile()?.path ?? ''].join('\u0000');
	}

	protected draw(loaded: LoadedModel): void {
		this.render(loaded, this.app.workspace.getActiveFile()?.path ?? '');
	}

	protected failure(): { el: HTMLElement; text: string } {
		return { el: this.listEl, text: 'The conversations could not be listed' };
	}

	private chooseProject(model: VaultModel): void {
		if (this.project !== null && model.scan.projects.includes(this.project)) return;
		const active = this.app.workspace.getActiveFile();
		const scope = (active ? scopeOfPath(model, active.path) : null) ?? mostRecentScope(model);
		this.project = scope === null ? null : projectOf(scope);
	}

	private render(loaded: LoadedModel, active: string): void {
		const { model } = loaded;
		this.projectSelect.empty();
		for (const p of model.scan.projects) this.projectSelect.createEl('option', { text: p, value: p });
		this.projectSelect.value = this.project ?? '';
		this.projectSelect.disabled = model.scan.projects.length === 0;
		this.listEl.empty();
		this.lines.reset();
		this.shown = [];
		this.loaded = loaded;
		if (this.fromPath !== null && recordAt(model.scan, this.fromPath) === null) this.fromPath = null;
		this.showPending();
		if (!loaded.found) {
			this.listEl.createDiv({ cls: 'logos-empty', text: EMPTY.noFolder(loaded.root) });
			return;
		}
		if (this.project === null) {
			this.listEl.createDiv({ cls: 'logos-empty', text: EMPTY.noScopes(loaded.root) });
			return;
		}
		this.shown = projectConversations(model.scan, this.project);
		if (this.shown.length === 0) {
			this.listEl.createDiv({ cls: 'logos-empty', text: `No conversations in ${this.project} yet — agents start them with \`logos checkpoint\`.` });
			return;
		}
		const now = nowSeconds();
		const list = this.listEl.createDiv({ cls: 'logos-conversation-list' });
		const rows = this.shown.map((c, k) => {
			const row = this.row(list, c, k, model, now, active);
			this.checkpoints(list, c, now);
			return row;
		});
		void this.showPlans(loaded, rows);
	}

	/**
	 * The plans saved before a conversation's checkpoints, under its row (matched by time, as
	 * in the pane: docs/decisions.md, plans). Read after the list is drawn; a newer drawing wins.
	 */
	private async showPlans(loaded: LoadedModel, rows: HTMLElement[]): Promise<void> {
		const token = (this.plansToken = {});
		const shown = this.shown;
		const scopes = [...new Set(shown.map((c) => c.scope))];
		const byCheckpoint = new Map<string, { plan: Plan; before: number }>();
		for (const scope of scopes) {
			const plans = await loadPlans(this.app.vault, loaded.root, scope);
			if (this.plansToken !== token) return;
			if (plans.length === 0) continue;
			const byPath = new Map(plans.map((p) => [p.path, p]));
			for (const [path, recs] of checkpointsOfPlans(loaded.model.scan, plans, scope)) {
				const plan = byPath.get(path);
				if (plan?.planned == null) continue;
				for (const rec of recs) byCheckpoint.set(rec.path, { plan, before: rec.checkpoint.ts - plan.planned });
			}
		}
		shown.forEach((c, k) => {
			const found = c.chain.map((r) => byCheckpoint.get(r.path)).filter((m): m is { plan: Plan; before: number } => m !== undefined);
			if (found.length === 0) return;
			const box = rows[k].createDiv({ cls: 'logos-conversation-plans' });
			for (const m of found) {
				// The accessible name starts with what is shown; the rest says how it was matched.
				const text = `Plan: ${planTitle(m.plan)}`;
				const link = box.createEl('a', { cls: 'logos-conversation-plan', text, attr: { href: m.plan.path, 'aria-label': `${text} — ${planLabel(m.before)} · matched by time\n${m.plan.path}` } });
				link.addEventListener('click', (evt) => {
					// The row shows the conversation in the pane; the plan opens its own file.
					evt.preventDefault();
					evt.stopPropagation();
					void this.app.workspace.openLinkText(m.plan.path, '', Keymap.isModEvent(evt));
				});
			}
		});
	}

	private row(list: HTMLElement, c: Conversation, k: number, model: VaultModel, now: number, active: string): HTMLElement {
		const problems = conversationProblems(model.scan, c);
		const row = list.createDiv({ cls: 'logos-conversation', attr: { 'data-conversation': String(k), tabindex: '0' } });
		row.toggleClass('is-active', c.chain.some((r) => r.path === active));
		const head = row.createDiv({ cls: 'logos-conversation-head' });
		const title = conversationTitle(c, now);
		head.createSpan({ cls: 'logos-conversation-title', text: shortLabel(title, CONVERSATION_ROW_LABEL), attr: { title: title === c.id ? title : `${title}\n${c.id}` } });
		if (c.scope !== this.project) head.createSpan({ cls: 'logos-chain-flag', text: c.scope });
		const open = head.createEl('button', {
			cls: ['clickable-icon', 'logos-conversation-open'],
			attr: { 'aria-label': `Open its latest checkpoint, ${checkpointName(c.latest, now)}\n${c.latest.id}`, 'data-open': String(k) },
		});
		setIcon(open, 'file-text');
		const bits = [c.agents.join(', '), plural(c.chain.length, 'checkpoint'), age(c.latest.checkpoint.ts, now)];
		row.createDiv({ cls: 'logos-conversation-meta', text: bits.filter((b) => b !== '').join(' · ') });
		const facts = conversationFacts(c, problems.length);
		if (facts.length > 0) {
			const flags = row.createDiv({ cls: 'logos-conversation-flags' });
			for (const f of facts) flags.createSpan({ cls: 'logos-chain-flag', text: f });
			if (problems.length > 0) flags.setAttr('aria-label', problems.map(problemLine).join('\n'));
		}
		return row;
	}

	/** The checkpoint picked first, while it is still in the vault. */
	get from(): CheckpointRecord | null {
		return this.fromPath !== null && this.loaded ? recordAt(this.loaded.model.scan, this.fromPath) : null;
	}

	/** Picks the checkpoint to compare from (null drops the pick) and shows it at once. */
	pick(r: CheckpointRecord | null): void {
		this.fromPath = r?.path ?? null;
		this.showPending();
		for (const li of Array.from(this.listEl.querySelectorAll<HTMLElement>('[data-checkpoint]'))) markPicked(li, li.dataset.checkpoint === this.fromPath);
	}

	/** The line under the header while a first pick waits for the second, with a way out. */
	private showPending(): void {
		const el = this.pendingEl;
		el.empty();
		const from = this.from;
		el.toggleClass('logos-is-hidden', from === null);
		if (!from) return;
		el.createSpan({ text: CHECKPOINT_TEXT.pending(checkpointName(from, nowSeconds())) });
		const cancel = el.createEl('button', { cls: 'logos-compare-cancel', text: CHECKPOINT_TEXT.cancel });
		cancel.addEventListener('click', () => this.pick(null));
	}

	/** A conversation's checkpoints, newest first, folded under its row until opened. */
	private checkpoints(list: HTMLElement, c: Conversation, now: number): void {
		const box = list.createEl('details', { cls: 'logos-conversation-checkpoints' });
		box.open = this.unfolded.has(c.id) || c.chain.some((r) => r.path === this.fromPath);
		box.addEventListener('toggle', () => {
			if (box.open) this.unfolded.add(c.id);
			else this.unfolded.delete(c.id);
		});
		box.createEl('summary', { text: CHECKPOINT_TEXT.list(c.chain.length) });
		const ul = box.createEl('ul', { cls: 'logos-conversation-checkpoint-list' });
		for (const r of c.chain) {
			const li = ul.createEl('li', { cls: 'logos-conversation-checkpoint', attr: { 'data-checkpoint': r.path } });
			const name = checkpointName(r, now);
			const text = li.createSpan({ cls: 'logos-conversation-checkpoint-text', attr: { title: checkpointTooltip(r, now) } });
			text.createSpan({ cls: 'logos-conversation-checkpoint-name', text: name });
			const task = r.checkpoint.task.trim().split('\n')[0];
			if (task !== '') text.createSpan({ cls: 'logos-conversation-checkpoint-task', text: ` · ${shortLabel(task, CONVERSATION_ROW_LABEL)}` });
			this.lines.link(text, { path: r.path, line: -1 });
			markPicked(li, r.path === this.fromPath);
			const button = li.createEl('button', { cls: ['clickable-icon', 'logos-checkpoint-menu'], attr: { 'aria-label': CHECKPOINT_TEXT.menu(name) } });
			setIcon(button, 'more-horizontal');
			this.lines.menu(li, (at) => this.showMenu(r, at), button);
		}
	}

	private showMenu(r: CheckpointRecord, at: MouseEvent | HTMLElement): void {
		if (!this.loaded) return;
		const now = nowSeconds();
		showMenuAt(checkpointMenu(this.app, this.loaded.model, r, this, (x) => checkpointName(x, now)), at);
	}

	private onClick(evt: MouseEvent): void {
		if (inCheckpoints(evt.target)) {
			this.lines.onClick(evt);
			return;
		}
		const target = evt.target instanceof Element ? evt.target : null;
		const open = target?.closest<HTMLElement>('[data-open]');
		if (open) {
			const c = this.shown[Number(open.dataset.open)];
			if (c) void switchTo(this.host, c, evt);
			return;
		}
		const row = target?.closest<HTMLElement>('[data-conversation]');
		const c = row ? this.shown[Number(row.dataset.conversation)] : undefined;
		if (!c) return;
		// Ctrl/Cmd-click goes to the note itself, as elsewhere in Obsidian.
		if (Keymap.isModEvent(evt)) void switchTo(this.host, c, evt);
		else void showInResumePane(this.app, c, true);
	}
}

/** Whether an event happened in a conversation's list of checkpoints (the menu's lines). */
function inCheckpoints(target: EventTarget | null): boolean {
	return target instanceof Element && target.closest('.logos-conversation-checkpoints') !== null;
}

/** A checkpoint's line marked as the one picked to compare from (a bar and words), or not. */
function markPicked(li: HTMLElement, picked: boolean): void {
	li.toggleClass('is-compare-from', picked);
	li.querySelector('.logos-compare-from-flag')?.remove();
	if (picked) li.querySelector('.logos-conversation-checkpoint-text')?.after(createSpan({ cls: ['logos-chain-flag', 'logos-compare-from-flag'], text: CHECKPOINT_TEXT.flag }));
}
