/**
 * The conversation timeline of a scope (docs/decisions.md "Conversation timeline"): time
 * along the axis, one lane per conversation, each checkpoint a mark coloured by agent,
 * handoffs and cross-conversation follows drawn between marks, problems flagged, silent
 * working-note sessions where they went quiet. Plain SVG built with createSvg, colours from
 * theme variables (styles.css). Click or Enter opens a mark's note; the arrow keys move
 * between marks. It draws exactly what `buildTimeline` gives the CLI's `timeline`.
 */
import { Keymap, Notice, TFile, type ViewStateResult, type WorkspaceLeaf } from 'obsidian';
import { buildTimeline, type Timeline, type TimelineFlag, type TimelineLink, type TimelineMark } from '../../core';
import { scopeOfPath, type VaultModel } from '../../core';
import type { ChainHost } from '../chain/chain-nav';
import { nowSeconds } from '../resume/copy-resume';
import { EMPTY, NEWS } from '../shared/labels';
import { plural } from '../resume/resume-dom';
import { mostRecentScope } from '../../core';
import { ModelView } from '../shared/model-view';
import type { LoadedModel } from '../../vault/obsidian-source';
import { agentColours, layoutTimeline, MARK_R, neighbour, type TimelineLayout, type Zoom } from './timeline-layout';
import { nextTask } from '../../vault/next-task';

export const TIMELINE_VIEW_TYPE = 'logos-timeline';

/** What the timeline asks of the plugin besides the model. */
export interface TimelineHost extends ChainHost {
	/** The checkpoints of a scope new since the person last looked at it (docs/decisions.md, "Since I last looked"). */
	readonly since?: { lastLooked(scope: string): number | null; newPaths(scope: string, since: number): ReadonlySet<string> };
}
/** Colours in styles.css: --logos-agent-0 … --logos-agent-5. */
export const AGENT_PALETTE = 6;
/** Marks drawn before the main thread is given back. */
const CHUNK = 250;


const ZOOMS: { zoom: Zoom; label: string }[] = [
	{ zoom: 'day', label: 'Day' },
	{ zoom: 'week', label: 'Week' },
	{ zoom: 'all', label: 'Everything' },
];

const KIND_WORDS: Record<TimelineMark['kind'], string> = { normal: '', auto: ' · auto record', autoClosed: ' · closed automatically' };

// One formatter each, made once: toLocaleString builds a new one per call, too slow for 2,000 marks.
const WHEN = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const TICK_HOUR = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const TICK_DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

function when(ts: number): string {
	return WHEN.format(ts * 1000);
}

function tickLabel(t: number, step: number): string {
	return (step < 86400 ? TICK_HOUR : TICK_DAY).format(t * 1000);
}

export interface TimelineViewState {
	scope: string | null;
	zoom: Zoom;
	/** Where a zoomed window ends; null: at the latest time drawn. */
	end: number | null;
}

export class TimelineView extends ModelView {
	private sel: TimelineViewState = { scope: null, zoom: 'all', end: null };
	/** The window drawn now, for paging. */
	private drawnLayout: TimelineLayout | null = null;
	private pageEls: { earlier: HTMLButtonElement; later: HTMLButtonElement } | null = null;
	/** What is drawn now, for clicks and keys. */
	private shown: Timeline | null = null;
	private byLane: number[][] = [];
	private markEls: SVGElement[] = [];
	private focusIndex = -1;
	/** Bumped by each render, so an older render still drawing stops. */
	private generation = 0;
	private scopeSelect!: HTMLSelectElement;
	private zoomEls = new Map<Zoom, HTMLButtonElement>();
	private legendEl!: HTMLElement;
	private bodyEl!: HTMLElement;
	private scrollEl: HTMLElement | null = null;
	/** The checkpoints marked new in the drawing now. */
	private fresh: ReadonlySet<string> = new Set();

	constructor(
		leaf: WorkspaceLeaf,
		private readonly host: TimelineHost,
	) {
		super(leaf, host.source);
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
		if (typeof s.end === 'number' || s.end === null) this.sel.end = s.end;
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
		const pages = controls.createDiv({ cls: 'logos-timeline-zoom', attr: { role: 'group', 'aria-label': 'Move in time' } });
		this.pageEls = {
			earlier: pages.createEl('button', { text: 'Earlier', attr: { 'data-page': 'earlier' } }),
			later: pages.createEl('button', { text: 'Later', attr: { 'data-page': 'later' } }),
		};
		this.registerDomEvent(this.pageEls.earlier, 'click', () => void this.page(-1));
		this.registerDomEvent(this.pageEls.later, 'click', () => void this.page(1));
		this.legendEl = header.createDiv({ cls: 'logos-timeline-legend' });
		this.bodyEl = root.createDiv({ cls: 'logos-body' });
		this.bodyEl.createDiv({ cls: 'logos-empty', text: EMPTY.loading });
		this.registerDomEvent(this.scopeSelect, 'change', () => {
			this.sel.scope = this.scopeSelect.value;
			this.sel.end = null;
			void this.refresh();
		});
		this.registerDomEvent(this.bodyEl, 'click', (evt) => this.onClick(evt));
		this.registerDomEvent(this.bodyEl, 'keydown', (evt) => this.onKey(evt));
		this.registerDomEvent(this.bodyEl, 'mouseover', (evt) => this.onHover(evt));
		this.followActiveFile((loaded, file) => {
			const scope = scopeOfPath(loaded.model, file.path);
			if (scope === null || scope === this.sel.scope) return false;
			this.sel.scope = scope;
			return true;
		});
		await this.refresh();
	}

	async setZoom(zoom: Zoom): Promise<void> {
		this.sel.zoom = zoom;
		this.sel.end = null;
		await this.refresh();
	}

	/** Zoomed in: the window one span earlier (-1) or later (1). */
	async page(step: -1 | 1): Promise<void> {
		const l = this.drawnLayout;
		if (!l || this.sel.zoom === 'all') return;
		this.sel.end = l.window.to + step * (l.window.to - l.window.from);
		await this.refresh();
	}

	async showScope(scope: string): Promise<void> {
		if (scope !== this.sel.scope) this.sel.end = null;
		this.sel.scope = scope;
		await this.refresh();
	}

	private width(): number {
		return this.bodyEl.clientWidth || this.contentEl.clientWidth || 800;
	}

	/** The scope, zoom, window and width: a change of any redraws. */
	protected drawKey(loaded: LoadedModel): string {
		const model = loaded.model;
		if (this.sel.scope === null || !model.scopes.includes(this.sel.scope)) {
			const active = this.app.workspace.getActiveFile();
			this.sel.scope = (active ? scopeOfPath(model, active.path) : null) ?? mostRecentScope(model);
		}
		// The last look alone: which checkpoints are new is asked only when a draw is due.
		const since = this.sel.scope === null ? null : this.host.since?.lastLooked(this.sel.scope) ?? null;
		return [this.sel.scope, this.sel.zoom, this.sel.end, this.width(), since].join('\u0000');
	}

	protected async draw(loaded: LoadedModel): Promise<void> {
		const model = loaded.model;
		this.renderControls(model);
		this.bodyEl.empty();
		this.shown = null;
		this.generation++;
		if (!loaded.found) {
			this.bodyEl.createDiv({ cls: 'logos-empty', text: EMPTY.noFolder(loaded.root) });
			return;
		}
		if (this.sel.scope === null) {
			this.bodyEl.createDiv({ cls: 'logos-empty', text: EMPTY.noScopes(loaded.root) });
			return;
		}
		const since = this.host.since?.lastLooked(this.sel.scope) ?? null;
		this.fresh = since === null ? new Set() : this.host.since?.newPaths(this.sel.scope, since) ?? new Set();
		await this.render(buildTimeline(model, this.sel.scope, nowSeconds()), this.width());
	}

	protected failure(): { el: HTMLElement; text: string } {
		return { el: this.bodyEl, text: 'The timeline could not be drawn' };
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

	/**
	 * Draws one timeline; public so a bench can time it with the model in hand. The frame,
	 * labels and axis go in at once; the marks, links and flags follow lane by lane, newest
	 * lanes first, in pieces of about CHUNK marks with the main thread given back between
	 * pieces, so a scope of thousands of checkpoints never holds it for long. Resolves once all
	 * is drawn; a newer render stops an older one where it is.
	 */
	async render(t: Timeline, width: number): Promise<void> {
		const generation = ++this.generation;
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
		const fresh = t.marks.filter((m) => this.fresh.has(m.path)).length;
		if (fresh > 0) {
			const item = this.legendEl.createSpan({ cls: ['logos-timeline-legend-item', 'logos-timeline-legend-new'] });
			item.createSpan({ cls: ['logos-timeline-swatch', 'is-new'] });
			item.appendText(NEWS.timelineLegend(fresh));
		}

		const layout = layoutTimeline(t, width, this.sel.zoom, this.sel.end);
		this.drawnLayout = layout;
		if (this.pageEls) {
			this.pageEls.earlier.toggleClass('logos-is-hidden', this.sel.zoom === 'all');
			this.pageEls.later.toggleClass('logos-is-hidden', this.sel.zoom === 'all');
			this.pageEls.earlier.disabled = !layout.earlier;
			this.pageEls.later.disabled = !layout.later;
		}
		// Zoomed in, only the window's marks are drawn (a mark's width of slack at each edge).
		const slack = 2 * MARK_R / layout.pxPerSecond;
		const inWindow = (m: TimelineMark): boolean => m.at >= layout.window.from - slack && m.at <= layout.window.to + slack;
		const frame = this.bodyEl.createDiv({ cls: 'logos-timeline-frame' });
		frame.toggleClass('is-narrow', layout.narrow);
		this.labels(frame, t, layout);
		const scroll = frame.createDiv({ cls: 'logos-timeline-scroll' });
		this.scrollEl = scroll;
		const svg = createSvg('svg', {
			cls: 'logos-timeline-svg',
			attr: { width: layout.width, height: layout.height, viewBox: `0 0 ${layout.width} ${layout.height}`, role: 'group', 'aria-label': `Timeline of ${t.scope}` },
		});
		this.axis(svg, layout);
		const laneIndex = new Map(t.lanes.map((l, k) => [l.id, k] as const));
		const markIndex = new Map<string, number>();
		t.marks.forEach((m, i) => {
			markIndex.set(m.path, i);
			if (inWindow(m)) this.byLane[laneIndex.get(m.lane) ?? 0].push(i);
		});
		const pos = (i: number): { x: number; y: number } => {
			const m = t.marks[i];
			return { x: layout.x(m.at), y: layout.lanes[laneIndex.get(m.lane) ?? 0].y };
		};
		this.laneLines(svg, layout, pos);
		// Links under marks, flags over them: the groups are made now, filled piece by piece.
		const links = svg.createSvg('g', { cls: 'logos-timeline-links' });
		const marks = svg.createSvg('g', { cls: 'logos-timeline-marks' });
		const flags = svg.createSvg('g', { cls: 'logos-timeline-flags' });
		this.silent(svg, t, layout);
		scroll.appendChild(svg);
		this.problemList(t);

		// A link goes with its later end, or its earlier one when only that is in the window.
		const linksTo = new Map<number, TimelineLink[]>();
		for (const l of t.links) {
			const a = markIndex.get(l.fromPath);
			let b = markIndex.get(l.toPath);
			if (a === undefined || b === undefined) continue;
			if (!inWindow(t.marks[b])) {
				if (!inWindow(t.marks[a])) continue;
				b = a;
			}
			const list = linksTo.get(b);
			if (list) list.push(l);
			else linksTo.set(b, [l]);
		}
		const flagsAt = new Map<number, TimelineFlag[]>();
		for (const p of t.problems) {
			const k = p.lane === null ? undefined : laneIndex.get(p.lane);
			if (k === undefined) continue;
			const list = flagsAt.get(k);
			if (list) list.push(p);
			else flagsAt.set(k, [p]);
		}
		let lane = 0;
		while (lane < t.lanes.length) {
			const piece = { links: createSvg('g'), marks: createSvg('g'), flags: createSvg('g') };
			let drawn = 0;
			for (; lane < t.lanes.length && drawn < CHUNK; lane++) {
				for (const i of this.byLane[lane]) {
					this.mark(piece.marks, t.marks[i], i, pos(i), colours);
					for (const l of linksTo.get(i) ?? []) this.link(piece.links, t, l, markIndex, pos, colours);
					drawn++;
				}
				for (const p of flagsAt.get(lane) ?? []) {
					const i = p.mark === null ? undefined : markIndex.get(p.mark);
					if (i === undefined || inWindow(t.marks[i])) this.flag(piece.flags, p, lane, layout, markIndex, pos);
				}
			}
			links.appendChild(piece.links);
			marks.appendChild(piece.marks);
			flags.appendChild(piece.flags);
			// The newest lane's newest mark is the one in the tab order from the first piece on.
			if (this.focusIndex < 0) {
				const first = this.byLane.find((own) => own.length > 0);
				if (first) this.moveFocus(first[first.length - 1], false);
			}
			if (lane < t.lanes.length) await nextTask();
			if (generation !== this.generation) return;
		}
	}

	private link(g: SVGElement, t: Timeline, l: TimelineLink, markIndex: Map<string, number>, pos: (i: number) => { x: number; y: number }, colours: Map<string, number>): void {
		const a = markIndex.get(l.fromPath) as number;
		const b = markIndex.get(l.toPath) as number;
		const p = pos(a);
		const q = pos(b);
		const mid = (p.x + q.x) / 2;
		const d = p.y === q.y ? `M${p.x} ${p.y - MARK_R}Q${mid} ${p.y - 3 * MARK_R} ${q.x} ${q.y - MARK_R}` : `M${p.x} ${p.y}C${mid} ${p.y} ${mid} ${q.y} ${q.x} ${q.y}`;
		const cls = l.kind === 'handoff' ? ['logos-timeline-link', 'is-handoff', `logos-agent-${colours.get(t.marks[b].agent) ?? 0}`] : ['logos-timeline-link', 'is-follows'];
		const path = g.createSvg('path', { cls, attr: { d, 'data-from': l.from, 'data-to': l.to, 'data-kind': l.kind } });
		path.createSvg('title').textContent = l.kind === 'handoff' ? `handoff ${t.marks[a].agent} → ${t.marks[b].agent}` : `${l.to} follows ${l.from} across conversations`;
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
		// Every tick line is one path: a drawing zoomed to a day has hundreds of them.
		g.createSvg('path', { attr: { d: layout.ticks.map((tick) => `M${tick.x} 16V${layout.height}`).join('') } });
		for (const tick of layout.ticks) g.createSvg('text', { attr: { x: tick.x + 3, y: 12 } }).textContent = tickLabel(tick.t, tick.step);
	}

	private laneLines(svg: SVGSVGElement, layout: TimelineLayout, pos: (i: number) => { x: number; y: number }): void {
		// Guides and lane lines as two paths, whatever the number of lanes.
		const guides: string[] = [];
		const spans: string[] = [];
		this.byLane.forEach((own, k) => {
			const y = layout.lanes[k].y;
			guides.push(`M0 ${y}H${layout.width}`);
			if (own.length > 1) spans.push(`M${pos(own[0]).x} ${y}H${pos(own[own.length - 1]).x}`);
		});
		const g = svg.createSvg('g', { cls: 'logos-timeline-lanes' });
		g.createSvg('path', { cls: 'logos-timeline-guide', attr: { d: guides.join('') } });
		g.createSvg('path', { cls: 'logos-timeline-lane', attr: { d: spans.join('') } });
	}

	private mark(g: SVGElement, m: TimelineMark, i: number, at: { x: number; y: number }, colours: Map<string, number>): void {
		const cls = ['logos-timeline-mark', `logos-agent-${colours.get(m.agent) ?? 0}`];
		if (m.kind !== 'normal') cls.push('is-hollow');
		if (m.undated) cls.push('is-undated');
		const fresh = this.fresh.has(m.path);
		if (fresh) cls.push('is-new');
		const task = m.task === '' ? 'no task given' : m.task;
		const label = `${m.agent} · ${task} · ${m.undated ? 'undated' : when(m.ts)}${KIND_WORDS[m.kind]}${m.handoffTo ? ` · hands off to ${m.handoffTo}` : ''}${fresh ? ` · ${NEWS.timelineMark}` : ''}`;
		// The hover text is added on first hover (onHover): 2,000 title elements cost more than the marks.
		this.markEls[i] = g.createSvg('circle', { cls, attr: { cx: at.x, cy: at.y, r: MARK_R, 'data-index': i, 'data-session': m.session, 'data-kind': m.kind, role: 'link', 'aria-label': label } });
	}

	/** A problem on its mark, or for a file that is no mark (an empty one) after its lane's last mark. */
	private flag(g: SVGElement, p: TimelineFlag, lane: number, layout: TimelineLayout, markIndex: Map<string, number>, pos: (i: number) => { x: number; y: number }): void {
		const i = p.mark === null ? undefined : markIndex.get(p.mark);
		let x: number;
		let y: number;
		if (i !== undefined) ({ x, y } = pos(i));
		else {
			const own = this.byLane[lane];
			x = own.length > 0 ? pos(own[own.length - 1]).x + 3 * MARK_R : layout.x(layout.from);
			y = layout.lanes[lane].y;
		}
		const top = y - MARK_R - 3;
		const flag = g.createSvg('path', {
			cls: ['logos-timeline-flag', `is-${p.kind}`],
			attr: { d: `M${x + MARK_R - 2} ${top}l4 -7l4 7z`, 'data-kind': p.kind, 'data-path': p.path ?? '' },
		});
		flag.createSvg('title').textContent = `${p.kind}: ${p.detail}`;
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

	/**
	 * Opens a note beside the timeline, never in its place: in the most recent note's tab, or
	 * a new tab (always one with Ctrl/Cmd, as elsewhere in Obsidian).
	 */
	private async openNote(path: string, evt: MouseEvent | KeyboardEvent): Promise<void> {
		const file = this.app.vault.getAbstractFileByPath(path);
		if (!(file instanceof TFile)) {
			new Notice(`${path} is no longer in the vault.`);
			return;
		}
		const ws = this.app.workspace;
		const note = ws.getLeavesOfType('markdown')[0];
		const leaf = Keymap.isModEvent(evt) || !note ? ws.getLeaf('tab') : note;
		await leaf.openFile(file, { active: true });
	}

	/** A mark's hover text (its aria-label), made the first time the pointer reaches it. */
	private onHover(evt: MouseEvent): void {
		const mark = evt.target instanceof Element ? evt.target.closest('.logos-timeline-mark') : null;
		if (!mark || mark.querySelector('title')) return;
		mark.createSvg('title').textContent = mark.getAttribute('aria-label');
	}

	private onClick(evt: MouseEvent): void {
		const target = evt.target instanceof Element ? evt.target : null;
		const mark = target?.closest('[data-index]');
		if (mark && this.shown) {
			const i = Number(mark.getAttribute('data-index'));
			this.moveFocus(i, false);
			void this.openNote(this.shown.marks[i].path, evt);
			return;
		}
		const open = target?.closest<HTMLElement>('[data-open]');
		if (open?.dataset.open) void this.openNote(open.dataset.open, evt);
	}

	private onKey(evt: KeyboardEvent): void {
		const t = this.shown;
		if (!t) return;
		const target = evt.target instanceof Element ? evt.target : null;
		const open = target?.closest<HTMLElement>('[data-open]');
		if (evt.key === 'Enter' && open?.dataset.open) {
			evt.preventDefault();
			void this.openNote(open.dataset.open, evt);
			return;
		}
		if (!target?.closest('[data-index]') || this.focusIndex < 0) return;
		if (evt.key === 'Enter') {
			evt.preventDefault();
			void this.openNote(t.marks[this.focusIndex].path, evt);
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
		if (focus) {
			el.addClass('is-focused');
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
