/**
 * The conversations of a project (its worktrees' included, marked), most recently active
 * first: name, agents, checkpoints, age, flags and problems. Choosing one points the
 * resume pane at it. Follows the active file's project; re-renders only when shown and
 * something changed.
 */
import { ItemView, Keymap, setIcon, TFile, type TAbstractFile, type WorkspaceLeaf } from 'obsidian';
import { conversationProblems, projectConversations } from '../../core/model/chain-place';
import type { Conversation } from '../../core/model/conversations';
import { projectOf, scopeOfPath, type VaultModel } from '../../core/model/vault-model';
import type { LoadedModel } from '../../vault/obsidian-source';
import type { ChainHost } from './chain-nav';
import { problemLine } from './chain-bar';
import { nowSeconds } from '../resume/copy-resume';
import { conversationFacts, showInResumePane } from './conversation-facts';
import { conversationTitle, switchTo } from './conversation-picker';
import { checkpointName, shortLabel } from '../shared/names';

/** A row of the list has room for two lines of its name; the rest is in the tooltip. */
const CONVERSATION_ROW_LABEL = 120;
import { EMPTY } from '../shared/labels';
import { age, plural } from '../resume/resume-dom';
import { mostRecentScope } from '../../core/model/vault-model';
import { planLabel } from '../resume/plan-block';
import { checkpointsOfPlans, type Plan } from '../../core/format/plans';
import { loadPlans } from '../../vault/obsidian-plans';

/** A plan's first heading or line, short enough for a row. */
function planTitle(plan: Plan): string {
	const first = plan.text.split('\n').find((l) => l.trim() !== '') ?? plan.name;
	return shortLabel(first.replace(/^#+\s*/, ''), 60);
}

export const CONVERSATIONS_VIEW_TYPE = 'logos-conversations';

export class ConversationsView extends ItemView {
	private project: string | null = null;
	private lastKey = '';
	private shown: Conversation[] = [];
	private queue: Promise<void> = Promise.resolve();
	private projectSelect!: HTMLSelectElement;
	private listEl!: HTMLElement;
	private plansToken: object = {};

	constructor(
		leaf: WorkspaceLeaf,
		private readonly host: ChainHost,
	) {
		super(leaf);
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
		this.listEl = root.createDiv({ cls: 'logos-body' });
		this.listEl.createDiv({ cls: 'logos-empty', text: EMPTY.loading });
		this.registerDomEvent(this.projectSelect, 'change', () => {
			this.project = this.projectSelect.value;
			void this.refresh();
		});
		this.registerDomEvent(this.listEl, 'click', (evt) => this.onClick(evt));
		this.registerDomEvent(this.listEl, 'keydown', (evt) => {
			const row = evt.target instanceof HTMLElement && evt.target.dataset.conversation !== undefined ? this.shown[Number(evt.target.dataset.conversation)] : undefined;
			if (evt.key !== 'Enter' || !row) return;
			evt.preventDefault();
			void showInResumePane(this.app, row, true);
		});
		this.registerEvent(this.app.workspace.on('file-open', (file) => this.followFile(file)));
		await this.refresh();
	}

	onResize(): void {
		void this.refresh();
	}

	/** Renders if shown and the model, the project or the active note changed; `force` always. */
	refresh(force = false): Promise<void> {
		this.queue = this.queue.then(() => this.update(force)).catch((e: unknown) => {
			this.lastKey = '';
			this.listEl.empty();
			this.listEl.createDiv({ cls: ['logos-empty', 'logos-error'], text: `The conversations could not be listed: ${e instanceof Error ? e.message : String(e)}` });
		});
		return this.queue;
	}

	private followFile(file: TAbstractFile | null): void {
		if (!(file instanceof TFile) || !this.app.workspace.layoutReady) return;
		void this.host.source.load().then((loaded) => {
			const scope = scopeOfPath(loaded.model, file.path);
			if (scope !== null) this.project = projectOf(scope);
			return this.refresh();
		});
	}

	private async update(force: boolean): Promise<void> {
		if (!this.app.workspace.layoutReady) return;
		if (!force && !this.contentEl.isShown()) return;
		const loaded = await this.host.source.load();
		this.chooseProject(loaded.model);
		const active = this.app.workspace.getActiveFile()?.path ?? '';
		const key = [loaded.revision, loaded.root, this.project, active].join('\u0000');
		if (!force && key === this.lastKey) return;
		this.lastKey = key;
		this.render(loaded, active);
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
		this.shown = [];
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
		const rows = this.shown.map((c, k) => this.row(list, c, k, model, now, active));
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

	private onClick(evt: MouseEvent): void {
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
