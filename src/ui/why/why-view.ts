/**
 * "Why was this file touched?": the checkpoints whose Files or git touched list refer to a
 * path, newest first, across every scope — what was being done, ruled out, decided and
 * left open — each line opening its note at that line. What was written down, not an
 * explanation of the code (docs/decisions.md, "Why was this file touched").
 */
import { ItemView, type HoverParent, type HoverPopover, type ViewStateResult, type WorkspaceLeaf } from 'obsidian';
import { VERDICT_WORD } from '../../core';
import { touching, type Mention } from '../../core';
import type { ModelSource } from '../../vault/obsidian-source';
import { nowSeconds } from '../resume/copy-resume';
import { LineLinks } from '../shared/line-links';
import { age, day, plural } from '../resume/resume-dom';

export const WHY_VIEW_TYPE = 'logos-why';

export const WHY_NOTE = 'This is what was written down while the file was touched, not an explanation of the code. A decision nobody recorded is not here.';

export class WhyView extends ItemView implements HoverParent {
	hoverPopover: HoverPopover | null = null;
	private path: string | null = null;
	private lines!: LineLinks;
	private bodyEl!: HTMLElement;
	private lastKey = '';

	constructor(
		leaf: WorkspaceLeaf,
		private readonly source: ModelSource,
	) {
		super(leaf);
	}

	getViewType(): string {
		return WHY_VIEW_TYPE;
	}

	getDisplayText(): string {
		return 'Why was this file touched';
	}

	getIcon(): string {
		return 'file-question';
	}

	async onOpen(): Promise<void> {
		this.contentEl.empty();
		this.contentEl.addClass('logos-pane', 'logos-why');
		this.bodyEl = this.contentEl.createDiv({ cls: 'logos-body' });
		this.lines = new LineLinks(this.app, this, this.bodyEl);
		this.registerDomEvent(this.bodyEl, 'click', (evt) => this.lines.onClick(evt));
		this.registerDomEvent(this.bodyEl, 'mouseover', (evt) => this.lines.onHover(evt));
		await this.refresh();
	}

	getState(): Record<string, unknown> {
		return { ...super.getState(), path: this.path };
	}

	async setState(state: unknown, result: ViewStateResult): Promise<void> {
		const s = state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
		if (typeof s.path === 'string') this.path = s.path;
		await super.setState(state, result);
		await this.refresh(true);
	}

	async show(path: string): Promise<void> {
		this.path = path;
		await this.refresh(true);
	}

	async refresh(force = false): Promise<void> {
		if (!this.bodyEl) return;
		const loaded = await this.source.load();
		const key = `${loaded.revision}\u0000${this.path ?? ''}`;
		if (!force && key === this.lastKey) return;
		this.lastKey = key;
		this.lines.reset();
		this.bodyEl.empty();
		if (this.path === null) {
			this.bodyEl.createDiv({ cls: 'logos-empty', text: 'Choose a file with the command "Why was this file touched?".' });
			return;
		}
		renderWhy(this.bodyEl, this.path, touching(loaded.model, this.path), nowSeconds(), this.lines);
	}
}

function lineEl(parent: HTMLElement, text: string, path: string, line: number, links: LineLinks, cls?: string): HTMLElement {
	const el = parent.createDiv({ cls: ['logos-line', ...(cls ? [cls] : [])], text });
	links.link(el, { path, line });
	return el;
}

function group(parent: HTMLElement, label: string, items: readonly { text: string; line: number; suffix?: string }[], path: string, links: LineLinks): void {
	if (items.length === 0) return;
	const g = parent.createDiv({ cls: 'logos-why-group' });
	g.createDiv({ cls: 'logos-subtitle', text: label });
	for (const x of items) {
		const el = lineEl(g, x.text, path, x.line, links);
		if (x.suffix) el.createSpan({ cls: 'logos-meta', text: x.suffix });
	}
}

function renderMention(parent: HTMLElement, m: Mention, now: number, links: LineLinks): void {
	const r = m.record;
	const box = parent.createDiv({ cls: 'logos-why-mention' });
	const head = lineEl(box, `${r.checkpoint.agent || 'an agent'} · ${r.scope}`, r.path, 0, links, 'logos-why-head');
	head.createSpan({ cls: 'logos-meta', text: ` · ${age(r.checkpoint.ts, now)}` });
	const rec = lineEl(box, m.asAsked ? `listed as ${m.matched}` : `recorded as ${m.matched}`, r.path, m.line, links, 'logos-why-matched');
	rec.createSpan({ cls: 'logos-meta', text: m.from === 'touched' ? ' · git touched' : ' · files' });
	if (m.task.text !== '') lineEl(box, `While: ${m.task.text}`, r.path, m.task.line, links, 'logos-task');
	group(box, 'Ruled out', m.rulings.map((x) => ({ text: x.text, line: x.line, suffix: x.verdict === 'none' ? undefined : ` · ${VERDICT_WORD[x.verdict]}${x.at ? ` ${day(x.at)}` : ''}` })), r.path, links);
	group(box, 'Decided', m.decisions, r.path, links);
	group(box, 'Still open', m.questions, r.path, links);
	box.createDiv({ cls: 'logos-meta', text: r.path });
}

export function renderWhy(el: HTMLElement, path: string, mentions: readonly Mention[], now: number, links: LineLinks): void {
	el.createDiv({ cls: 'logos-why-title', text: path });
	if (mentions.length === 0) {
		el.createDiv({ cls: 'logos-empty', text: `No checkpoint mentions ${path}. Either nothing was written down while working on it, or it was recorded under a different path.` });
		return;
	}
	el.createDiv({ cls: 'logos-meta', text: plural(mentions.length, 'checkpoint') });
	for (const m of mentions) renderMention(el, m, now, links);
	el.createDiv({ cls: ['logos-meta', 'logos-why-note'], text: WHY_NOTE });
}

