/**
 * Two checkpoints side by side, per field: task, intent, next step, handoff, the four
 * bullet lists, git; then what changed in the hand-over after each. Changes are marked
 * (added / removed / replaced) and worded as compare-model.ts words them; every value opens
 * its line. Narrow panes (a phone, a sidebar) stack the two sides (styles.css, container query).
 */
import { ItemView, type App, type HoverParent, type HoverPopover, type ViewStateResult, type WorkspaceLeaf } from 'obsidian';
import { recordAt } from '../../core';
import { newestFirst } from '../../core';
import type { CheckpointRecord } from '../../core';
import type { ModelSource } from '../../vault/obsidian-source';
import { compareModel, type CompareCell, type CompareModel } from './compare-model';
import { LineLinks } from '../shared/line-links';
import { revealLeaf } from '../shared/model-view';
import { clock } from '../resume/resume-dom';

export const COMPARE_VIEW_TYPE = 'logos-compare';

export interface CompareHost {
	readonly source: ModelSource;
}

export interface CompareState {
	older: string | null;
	newer: string | null;
}

const MARK_WORD: Record<CompareCell['mark'], string> = {
	added: 'added',
	removed: 'removed',
	replaced: 'replaced',
	restated: 'restated',
	kept: '',
};

/** The two in history order: the one whose name sorts first is the older. */
export function ordered(a: CheckpointRecord, b: CheckpointRecord): [CheckpointRecord, CheckpointRecord] {
	return newestFirst(a, b) > 0 ? [a, b] : [b, a];
}

/** Opens (or reuses) a compare tab on the two checkpoints. */
export async function openCompare(app: App, older: CheckpointRecord, newer: CheckpointRecord): Promise<void> {
	const leaf = app.workspace.getLeavesOfType(COMPARE_VIEW_TYPE)[0] ?? app.workspace.getLeaf('tab');
	await leaf.setViewState({ type: COMPARE_VIEW_TYPE, active: true, state: { older: older.path, newer: newer.path } });
	revealLeaf(app, leaf);
}

export class CompareView extends ItemView implements HoverParent {
	hoverPopover: HoverPopover | null = null;
	private state: CompareState = { older: null, newer: null };
	private links!: LineLinks;
	private bodyEl!: HTMLElement;
	private lastKey = '';

	constructor(
		leaf: WorkspaceLeaf,
		private readonly host: CompareHost,
	) {
		super(leaf);
	}

	getViewType(): string {
		return COMPARE_VIEW_TYPE;
	}

	getDisplayText(): string {
		return 'Compare checkpoints';
	}

	getIcon(): string {
		return 'git-compare';
	}

	async onOpen(): Promise<void> {
		const root = this.contentEl;
		root.empty();
		root.addClass('logos-pane');
		root.addClass('logos-compare');
		this.bodyEl = root.createDiv({ cls: 'logos-body' });
		this.links = new LineLinks(this.app, this, this.bodyEl);
		this.registerDomEvent(this.bodyEl, 'click', (evt) => this.links.onClick(evt));
		this.registerDomEvent(this.bodyEl, 'mouseover', (evt) => this.links.onHover(evt));
		await this.refresh(true);
	}

	getState(): Record<string, unknown> {
		return { ...super.getState(), older: this.state.older, newer: this.state.newer };
	}

	async setState(state: unknown, result: ViewStateResult): Promise<void> {
		const s = state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
		this.state = { older: typeof s.older === 'string' ? s.older : null, newer: typeof s.newer === 'string' ? s.newer : null };
		await super.setState(state, result);
		await this.refresh(true);
	}

	/** Draws again when the model changed (or always with `force`). */
	async refresh(force = false): Promise<void> {
		if (!this.bodyEl) return;
		const loaded = await this.host.source.load();
		const key = `${loaded.revision}\n${this.state.older ?? ''}\n${this.state.newer ?? ''}`;
		if (!force && key === this.lastKey) return;
		this.lastKey = key;
		this.links.reset();
		this.bodyEl.empty();
		const older = this.state.older ? recordAt(loaded.model.scan, this.state.older) : null;
		const newer = this.state.newer ? recordAt(loaded.model.scan, this.state.newer) : null;
		if (!older || !newer) {
			const gone = [this.state.older, this.state.newer].filter((p) => p !== null && recordAt(loaded.model.scan, p) === null);
			this.bodyEl.createDiv({ cls: 'logos-empty', text: gone.length > 0 ? `No longer in the vault: ${gone.join(', ')}` : 'Choose two checkpoints to compare: "Compare with previous checkpoint" on a checkpoint note, or a checkpoint’s menu in the conversations view.' });
			return;
		}
		this.draw(compareModel(loaded.model, older, newer));
	}

	private draw(m: CompareModel): void {
		const d = m.diff;
		const el = this.bodyEl;
		const head = el.createDiv({ cls: 'logos-compare-head' });
		head.createDiv({ cls: 'logos-compare-summary', text: m.summary });
		const sides = head.createDiv({ cls: 'logos-compare-row logos-compare-sides' });
		sides.createDiv({ cls: 'logos-compare-title' });
		for (const [side, label] of [[d.older, 'Older'], [d.newer, 'Newer']] as const) {
			const cell = sides.createDiv({ cls: 'logos-compare-side' });
			const name = cell.createDiv({ cls: 'logos-line logos-compare-id', text: `${label}: ${side.id}` });
			this.links.link(name, { path: side.path, line: 0 });
			cell.createDiv({ cls: 'logos-meta', text: [side.agent, clock(side.ts), side.scope].filter((s) => s !== '').join(' · ') });
		}
		const table = el.createDiv({ cls: 'logos-compare-table' });
		for (const row of m.rows) {
			const r = table.createDiv({ cls: 'logos-compare-row' });
			r.dataset.field = row.key;
			r.createDiv({ cls: 'logos-compare-title', text: row.title });
			for (const [cells, side] of [[row.older, 'older'], [row.newer, 'newer']] as const) {
				const col = r.createDiv({ cls: ['logos-compare-side', `logos-compare-${side}`] });
				col.createDiv({ cls: 'logos-compare-side-label', text: side === 'older' ? 'Older' : 'Newer' });
				if (cells.length === 0) col.createDiv({ cls: 'logos-compare-none', text: '—' });
				for (const c of cells) this.cell(col, c);
			}
		}
		const effect = el.createDiv({ cls: 'logos-compare-effect' });
		effect.createDiv({ cls: 'logos-section-title', text: 'In effect after each' });
		effect.createDiv({
			cls: 'logos-meta',
			text: `Decisions ${d.older.decisionsInEffect} → ${d.newer.decisionsInEffect} · live rulings ${d.older.rulingsInEffect} → ${d.newer.rulingsInEffect}`,
		});
		if (m.effect.length === 0) effect.createDiv({ cls: 'logos-compare-none', text: 'No change in what the hand-over carries.' });
		for (const c of m.effect) this.cell(effect, c);
	}

	private cell(parent: HTMLElement, c: CompareCell): void {
		const el = parent.createDiv({ cls: ['logos-compare-cell', `logos-compare-${c.mark}`] });
		if (MARK_WORD[c.mark] !== '') el.createSpan({ cls: 'logos-compare-mark', text: MARK_WORD[c.mark] });
		const text = el.createSpan({ cls: 'logos-line logos-compare-text', text: c.text });
		if (c.target) this.links.link(text, c.target);
		if (c.note !== '') el.createSpan({ cls: 'logos-meta logos-compare-note', text: ` · ${c.note}` });
	}
}
