/**
 * The conversation timeline of a scope (docs/decisions.md "Conversation timeline"): time
 * along the axis, one lane per conversation, each checkpoint a mark coloured by agent,
 * handoffs and cross-conversation follows drawn between marks, problems flagged, silent
 * working-note sessions where they went quiet. Plain SVG built with createSvg, colours from
 * theme variables (styles.css). Click or Enter opens a mark's note; the arrow keys move
 * between marks. It draws exactly what `buildTimeline` gives the CLI's `timeline`.
 */
import { ItemView, TFile, type TAbstractFile, type ViewStateResult, type WorkspaceLeaf } from 'obsidian';
import { buildTimeline, type Timeline, type TimelineMark } from '../core/timeline';
import { scopeOfPath, type VaultModel } from '../core/vault-model';
import type { ChainHost } from './chain-nav';
import { nowSeconds } from './copy-resume';
import { EMPTY } from './labels';
import { openTarget } from './line-links';
import { plural } from './resume-dom';
import { mostRecentScope } from './resume-view';
import { agentColours, layoutTimeline, MARK_R, neighbour, type TimelineLayout, type Zoom } from './timeline-layout';

export const TIMELINE_VIEW_TYPE = 'logos-timeline';
/** Colours in styles.css: --logos-agent-0 … --logos-agent-5. */
export const AGENT_PALETTE = 6;

const ZOOMS: { zoom: Zoom; label: string }[] = [
	{ zoom: 'day', label: 'Day' },
	{ zoom: 'week', label: 'Week' },
	{ zoom: 'all', label: 'Everything' },
];

const KIND_WORDS: Record<TimelineMark['kind'], string> = { normal: '', auto: ' · auto record', autoClosed: ' · closed automatically' };

function when(ts: number): string {
	return new Date(ts * 1000).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

function tickLabel(t: number, step: number): string {
	const d = new Date(t * 1000);
	if (step < 86400) return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
	return d.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export interface TimelineViewState {
	scope: string | null;
	zoom: Zoom;
}

export class TimelineView extends ItemView {
	private sel: TimelineViewState = { scope: null, zoom: 'all' };
	private lastKey = '';
	private queue: Promise<void> = Promise.resolve();
	/** What is drawn now, for clicks and keys. */
	private shown: Timeline | null = null;
	private byLane: number[][] = [];
	private markEls: SVGElement[] = [];
	private focusIndex = -1;
	private scopeSelect!: HTMLSelectElement;
	private zoomEls = new Map<Zoom, HTMLButtonElement>();
	private legendEl!: HTMLElement;
	private bodyEl!: HTMLElement;
	private scrollEl: HTMLElement | null = null;

	constructor(
		leaf: WorkspaceLeaf,
		private readonly host: ChainHost,
	) {
		super(leaf);
	}

	getViewType(): string {
		return TIMELINE_VIEW_TYPE;
	}

	getDisplayText(): string {
		return this.sel.scope ? `Timeline: ${this.sel.scope}` : 'Conversation timeline';
	}

	getIcon(): string {
		return 'git-commit-horizontal';
	}

	getState(): Record<string, unknown> {
		return { ...this.sel };
	}

	async setState(state: unknown, result: ViewStateResult): Promise<void> {
		const s = (state ?? {}) as Partial<TimelineViewState>;
		if (typeof s.scope === 'string') this.sel.scope = s.scope;
		if (s.zoom === 'day' || s.zoom === 'week' || s.zoom === 'all') this.sel.zoom = s.zoom;
		await super.setState(state, result);
		await this.refresh();
	}

	/** The scope and zoom shown. */
	selection(): TimelineViewState {
		return { ...this.sel };
	}

	async onOpen(): Promise<void> {
		const root = this.contentEl;
		root.empty();
		root.addClass('logos-pane');
		root.addClass('logos-timeline');
		const header = root.createDiv({ cls: 'logos-header' });
		const controls = header.createDiv({ cls: 'logos-controls' });
		this.scopeSelect = controls.createEl('select', { cls: ['dropdown', 'logos-scope-select'], attr: { 'aria-label': 'Scope' } });
		const zooms = controls.createDiv({ cls: 'logos-timeline-zoom', attr: { role: 'group', 'aria-label': 'Zoom' } });
		for (const z of ZOOMS) {
			const b = zooms.createEl('button', { text: z.label, attr: { 'data-zoom': z.zoom, 'aria-pressed': 'false' } });
			this.zoomEls.set(z.zoom, b);
			this.registerDomEvent(b, 'click', () => void this.setZoom(z.zoom));
		}
		this.legendEl = header.createDiv({ cls: 'logos-timeline-legend' });
		this.bodyEl = root.createDiv({ cls: 'logos-body' });
		this.bodyEl.createDiv({ cls: 'logos-empty', text: EMPTY.loading });
		this.registerDomEvent(this.scopeSelect, 'change', () => {
			this.sel.scope = this.scopeSelect.value;
			void this.refresh();
		});
		this.registerDomEvent(this.bodyEl, 'click', (evt) => this.onClick(evt));
		this.registerDomEvent(this.bodyEl, 'keydown', (evt) => this.onKey(evt));
		this.registerEvent(this.app.workspace.on('file-open', (file) => this.followFile(file)));
		await this.refresh();
	}

	onResize(): void {
		void this.refresh();
	}

	async setZoom(zoom: Zoom): Promise<void> {
		this.sel.zoom = zoom;
		await this.refresh();
	}

	async showScope(scope: string): Promise<void> {
		this.sel.scope = scope;
		await this.refresh();
	}

	/** Redraws when shown and the model, scope, zoom or width changed; `force` always. */
	refresh(force = false): Promise<void> {
		this.queue = this.queue.then(() => this.update(force)).catch((e: unknown) => {
			this.lastKey = '';
			this.bodyEl.empty();
			this.bodyEl.createDiv({ cls: ['logos-empty', 'logos-error'], text: `The timeline could not be drawn: ${e instanceof Error ? e.message : String(e)}` });
		});
		return this.queue;
	}

	private followFile(file: TAbstractFile | null): void {
		if (!(file instanceof TFile) || !this.app.workspace.layoutReady) return;
		void this.host.source.load().then((loaded) => {
			const scope = scopeOfPath(loaded.model, file.path);
			if (scope === null || scope === this.sel.scope) return;
			this.sel.scope = scope;
			return this.refresh();
		});
	}

	private width(): number {
		return this.bodyEl.clientWidth || this.contentEl.clientWidth || 800;
	}

	private async update(force: boolean): Promise<void> {
		if (!this.app.workspace.layoutReady) return;
		if (!force && !this.contentEl.isShown()) return;
		const loaded = await this.host.source.load();
		const model = loaded.model;
		if (this.sel.scope === null || !model.scopes.includes(this.sel.scope)) {
			const active = this.app.workspace.getActiveFile();
			this.sel.scope = (active ? scopeOfPath(model, active.path) : null) ?? mostRecentScope(model);
		}
		const width = this.width();
		const key = [loaded.revision, loaded.root, this.sel.scope, this.sel.zoom, width].join('\u0000');
		if (!force && key === this.lastKey) return;
		this.lastKey = key;
		this.renderControls(model);
		this.bodyEl.empty();
		this.shown = null;
		if (!loaded.found) {
			this.bodyEl.createDiv({ cls: 'logos-empty', text: EMPTY.noFolder(loaded.root) });
			return;
		}
		if (this.sel.scope === null) {
			this.bodyEl.createDiv({ cls: 'logos-empty', text: EMPTY.noScopes(loaded.root) });
			return;
		}
		this.render(buildTimeline(model, this.sel.scope, nowSeconds()), width);
	}

	private renderControls(model: VaultModel): void {
		this.scopeSelect.empty();
		for (const s of model.scopes) this.scopeSelect.createEl('option', { text: s, value: s });
		this.scopeSelect.value = this.sel.scope ?? '';
		for (const [zoom, el] of this.zoomEls) {
			el.toggleClass('is-active', zoom === this.sel.zoom);
			el.setAttr('aria-pressed', String(zoom === this.sel.zoom));
		}
	}

	/** Draws one timeline; public so a bench can time it with the model in hand. */
	render(t: Timeline, width: number): void {
		this.shown = t;
		this.markEls = [];
		this.byLane = t.lanes.map(() => []);
		this.focusIndex = -1;
		this.legendEl.empty();
		if (t.lanes.length === 0) {
			this.bodyEl.createDiv({ cls: 'logos-empty', text: `No conversations in ${t.scope} yet — agents start them with \`logos checkpoint\`.` });
			return;
		}
		const colours = agentColours(t, AGENT_PALETTE);
		for (const [agent, c] of colours) {
			const item = this.legendEl.createSpan({ cls: 'logos-timeline-legend-item' });
			item.createSpan({ cls: ['logos-timeline-swatch', `logos-agent-${c}`] });
			item.appendText(agent);
		}
		this.legendEl.createSpan({ cls: 'logos-timeline-legend-item', text: `${plural(t.lanes.length, 'conversation')} · ${plural(t.marks.length, 'checkpoint')}` });

		const layout = layoutTimeline(t, width, this.sel.zoom);
		const frame = this.bodyEl.createDiv({ cls: 'logos-timeline-frame' });
		frame.toggleClass('is-narrow', layout.narrow);
		this.labels(frame, t, layout);
		const scroll = frame.createDiv({ cls: 'logos-timeline-scroll' });
		this.scrollEl = scroll;
		const svg = scroll.createSvg('svg', {
			cls: 'logos-timeline-svg',
			attr: { width: layout.width, height: layout.height, viewBox: `0 0 ${layout.width} ${layout.height}`, role: 'group', 'aria-label': `Timeline of ${t.scope}` },
		});
		this.axis(svg, layout);
		const laneIndex = new Map(t.lanes.map((l, k) => [l.id, k] as const));
		const markIndex = new Map<string, number>();
		t.marks.forEach((m, i) => {
			markIndex.set(m.path, i);
			this.byLane[laneIndex.get(m.lane) ?? 0].push(i);
		});
		const pos = (i: number): { x: number; y: number } => {
			const m = t.marks[i];
			return { x: layout.x(m.at), y: layout.lanes[laneIndex.get(m.lane) ?? 0].y };
		};
		this.laneLines(svg, layout, pos);
		const links = svg.createSvg('g', { cls: 'logos-timeline-links' });
		for (const l of t.links) {
			const a = markIndex.get(l.fromPath);
			const b = markIndex.get(l.toPath);
			if (a === undefined || b === undefined) continue;
			const p = pos(a);
			const q = pos(b);
			const mid = (p.x + q.x) / 2;
			const d = p.y === q.y ? `M${p.x} ${p.y - MARK_R}Q${mid} ${p.y - 3 * MARK_R} ${q.x} ${q.y - MARK_R}` : `M${p.x} ${p.y}C${mid} ${p.y} ${mid} ${q.y} ${q.x} ${q.y}`;
			const cls = l.kind === 'handoff' ? ['logos-timeline-link', 'is-handoff', `logos-agent-${colours.get(t.marks[b].agent) ?? 0}`] : ['logos-timeline-link', 'is-follows'];
			const path = links.createSvg('path', { cls, attr: { d, 'data-from': l.from, 'data-to': l.to, 'data-kind': l.kind } });
			path.createSvg('title').textContent = l.kind === 'handoff' ? `handoff ${t.marks[a].agent} → ${t.marks[b].agent}` : `${l.to} follows ${l.from} across conversations`;
		}
		this.marks(svg, t, pos, colours);
		this.flags(svg, t, layout, markIndex, pos, laneIndex);
		this.silent(svg, t, layout);
		this.problemList(t);
		this.focusIndex = this.byLane[0]?.[this.byLane[0].length - 1] ?? -1;
		if (this.focusIndex >= 0) this.markEls[this.focusIndex].setAttr('tabindex', '0');
		// The newest work is where a person looks first: zoomed in, the view starts at the end.
		scroll.scrollLeft = layout.width;
	}

	private labels(frame: HTMLElement, t: Timeline, layout: TimelineLayout): void {
		const col = frame.createDiv({ cls: 'logos-timeline-labels' });
		col.setCssStyles({ height: `${layout.height}px`, width: layout.narrow ? '' : `${layout.labelWidth}px` });
		t.lanes.forEach((lane, k) => {
			const place = layout.lanes[k];
			const label = col.createDiv({ cls: 'logos-timeline-label', attr: { 'data-lane': lane.id } });
			label.setCssStyles({ top: `${layout.narrow ? place.top : place.y - 10}px` });
			label.createSpan({ cls: 'logos-timeline-label-name', text: lane.name || lane.id });
			if (lane.worktree) label.createSpan({ cls: 'logos-chain-flag', text: lane.scope });
			label.setAttr('title', `${lane.name || lane.id}\n${lane.id} · ${lane.agents.join(', ')} · ${plural(lane.marks.length, 'checkpoint')}`);
		});
		if (layout.notesRow) {
			const label = col.createDiv({ cls: ['logos-timeline-label', 'is-notes'], text: 'Working notes' });
			label.setCssStyles({ top: `${layout.narrow ? layout.notesRow.top : layout.notesRow.y - 10}px` });
		}
	}

	private axis(svg: SVGSVGElement, layout: TimelineLayout): void {
		const g = svg.createSvg('g', { cls: 'logos-timeline-axis' });
		for (const tick of layout.ticks) {
			g.createSvg('line', { attr: { x1: tick.x, x2: tick.x, y1: 16, y2: layout.height } });
			g.createSvg('text', { attr: { x: tick.x + 3, y: 12 } }).textContent = tickLabel(tick.t, tick.step);
		}
	}

	private laneLines(svg: SVGSVGElement, layout: TimelineLayout, pos: (i: number) => { x: number; y: number }): void {
		const g = svg.createSvg('g', { cls: 'logos-timeline-lanes' });
		this.byLane.forEach((own, k) => {
			const y = layout.lanes[k].y;
			g.createSvg('line', { cls: 'logos-timeline-guide', attr: { x1: 0, x2: layout.width, y1: y, y2: y } });
			if (own.length > 1) g.createSvg('line', { cls: 'logos-timeline-lane', attr: { x1: pos(own[0]).x, x2: pos(own[own.length - 1]).x, y1: y, y2: y } });
		});
	}

	private marks(svg: SVGSVGElement, t: Timeline, pos: (i: number) => { x: number; y: number }, colours: Map<string, number>): void {
		const g = svg.createSvg('g', { cls: 'logos-timeline-marks' });
		t.marks.forEach((m, i) => {
			const { x, y } = pos(i);
			const cls = ['logos-timeline-mark', `logos-agent-${colours.get(m.agent) ?? 0}`];
			if (m.kind !== 'normal') cls.push('is-hollow');
			if (m.undated) cls.push('is-undated');
			const task = m.task === '' ? 'no task given' : m.task;
			const label = `${m.agent} · ${task} · ${m.undated ? 'undated' : when(m.ts)}${KIND_WORDS[m.kind]}${m.handoffTo ? ` · hands off to ${m.handoffTo}` : ''}`;
			const el = g.createSvg('circle', { cls, attr: { cx: x, cy: y, r: MARK_R, 'data-index': i, 'data-session': m.session, 'data-kind': m.kind, role: 'link', 'aria-label': label } });
			el.createSvg('title').textContent = label;
			this.markEls.push(el);
		});
	}

	private flags(svg: SVGSVGElement, t: Timeline, layout: TimelineLayout, markIndex: Map<string, number>, pos: (i: number) => { x: number; y: number }, laneIndex: Map<string, number>): void {
		const g = svg.createSvg('g', { cls: 'logos-timeline-flags' });
		for (const p of t.problems) {
			const i = p.mark === null ? undefined : markIndex.get(p.mark);
			let x: number;
			let y: number;
			if (i !== undefined) ({ x, y } = pos(i));
			else if (p.lane !== null && laneIndex.has(p.lane)) {
				const own = this.byLane[laneIndex.get(p.lane) ?? 0];
				x = own.length > 0 ? pos(own[own.length - 1]).x + 3 * MARK_R : layout.x(layout.from);
				y = layout.lanes[laneIndex.get(p.lane) ?? 0].y;
			} else continue;
			const top = y - MARK_R - 3;
			const flag = g.createSvg('path', {
				cls: ['logos-timeline-flag', `is-${p.kind}`],
				attr: { d: `M${x + MARK_R - 2} ${top}l4 -7l4 7z`, 'data-kind': p.kind, 'data-path': p.path ?? '' },
			});
			flag.createSvg('title').textContent = `${p.kind}: ${p.detail}`;
		}
	}

	private silent(svg: SVGSVGElement, t: Timeline, layout: TimelineLayout): void {
		const row = layout.notesRow;
		if (!row) return;
		const g = svg.createSvg('g', { cls: 'logos-timeline-silent' });
		for (const a of t.abandoned) {
			const x = layout.x(a.lastTs);
			const el = g.createSvg('rect', { cls: 'logos-timeline-abandoned', attr: { x: x - 5, y: row.y - 5, width: 10, height: 10, 'data-agent': a.agent } });
			el.createSvg('title').textContent = `${a.agent} in ${a.scope}: silent since ${when(a.lastTs)} (${plural(a.notes, 'working note')}) — abandoned`;
		}
	}

	private problemList(t: Timeline): void {
		if (t.problems.length === 0) return;
		const box = this.bodyEl.createDiv({ cls: 'logos-timeline-problems' });
		box.createDiv({ cls: 'logos-subtitle', text: plural(t.problems.length, 'problem') });
		const ul = box.createEl('ul', { cls: 'logos-list' });
		for (const p of t.problems) {
			const li = ul.createEl('li', { cls: 'logos-problem' });
			li.createSpan({ cls: 'logos-link', text: `${p.kind}: ${p.detail}`, attr: { 'data-open': p.path ?? '', tabindex: '0', role: 'link' } });
		}
	}

	private onClick(evt: MouseEvent): void {
		const target = evt.target instanceof Element ? evt.target : null;
		const mark = target?.closest('[data-index]');
		if (mark && this.shown) {
			const i = Number(mark.getAttribute('data-index'));
			this.moveFocus(i, false);
			void openTarget(this.app, { path: this.shown.marks[i].path, line: -1 }, evt);
			return;
		}
		const open = target?.closest<HTMLElement>('[data-open]');
		if (open?.dataset.open) void openTarget(this.app, { path: open.dataset.open, line: -1 }, evt);
	}

	private onKey(evt: KeyboardEvent): void {
		const t = this.shown;
		if (!t) return;
		const target = evt.target instanceof Element ? evt.target : null;
		const open = target?.closest<HTMLElement>('[data-open]');
		if (evt.key === 'Enter' && open?.dataset.open) {
			evt.preventDefault();
			void openTarget(this.app, { path: open.dataset.open, line: -1 }, evt);
			return;
		}
		if (!target?.closest('[data-index]') || this.focusIndex < 0) return;
		if (evt.key === 'Enter') {
			evt.preventDefault();
			void openTarget(this.app, { path: t.marks[this.focusIndex].path, line: -1 }, evt);
			return;
		}
		const next = neighbour(t, this.byLane, this.focusIndex, evt.key);
		if (next === null) return;
		evt.preventDefault();
		this.moveFocus(next, true);
	}

	/** One mark at a time is in the tab order (a roving tabindex). */
	private moveFocus(i: number, focus: boolean): void {
		const before = this.markEls[this.focusIndex];
		before?.removeAttribute('tabindex');
		before?.removeClass('is-focused');
		this.focusIndex = i;
		const el = this.markEls[i];
		if (!el) return;
		el.setAttr('tabindex', '0');
		el.addClass('is-focused');
		if (focus) {
			el.focus();
			this.reveal(el);
		}
	}

	/** Scrolls a zoomed-in drawing sideways so the focused mark is on screen. */
	private reveal(el: SVGElement): void {
		const scroll = this.scrollEl;
		if (!scroll) return;
		const x = Number(el.getAttribute('cx'));
		if (x < scroll.scrollLeft || x > scroll.scrollLeft + scroll.clientWidth) scroll.scrollLeft = x - scroll.clientWidth / 2;
	}
}
