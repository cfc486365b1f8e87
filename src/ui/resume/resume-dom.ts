/**
 * Building blocks of the resume pane: sections that collapse, linked lines, folded lists,
 * times and tooltips. Agent-written text only ever goes in as text (createEl's `text`),
 * never as HTML.
 */
import { differenceInHours, format, formatDistance, formatDistanceStrict, isSameYear } from 'date-fns';
import { setIcon } from 'obsidian';
import { parseRoute } from '../../core';
import type { RulingRow } from '../../core';
import type { CheckpointRecord } from '../../core';
import { NEWS } from '../shared/labels';

/** A place in the vault a line came from; `line` is 0-based, -1 when unknown. */
export interface LinkTarget {
	path: string;
	line: number;
}

/** What the renderer asks of the vault model to link a line to its file and line. */
export interface ResumeSources {
	/** The canonical file of a checkpoint id, null when the vault has none. */
	recordOf(id: string): CheckpointRecord | null;
	/** 0-based line of the k-th bullet under `heading` (the heading's line when k is out of range), -1 when unknown. */
	bulletLine(path: string, heading: string, k: number): number;
	/** 0-based line of a frontmatter key, -1 when absent. */
	keyLine(path: string, key: string): number;
	/** The scope's `uncommitted.md`, null when it has none. */
	notesPath(scope: string): string | null;
}

export interface RenderEnv {
	sources: ResumeSources;
	/** Makes `el` open `target` on click (new tab with Ctrl/Cmd) and preview it on hover. */
	link(el: HTMLElement, target: LinkTarget): void;
	/** Runs `fn` when `el` is clicked. */
	action(el: HTMLElement, fn: () => void): void;
	/** Renders agent-written markdown into `el` through the allow-list (docs/rendering.md). */
	markdown(el: HTMLElement, text: string, sourcePath: string): void;
	/** Gives a ruling's line its menu (retire, reconfirm); absent where verdicts cannot be given. */
	rulingActions?(el: HTMLElement, row: RulingRow): void;
	/** Hears that the person opened a section other than by its title (to remember it). */
	opened?(section: HTMLElement): void;
	/** Fills the handoff block's room for later lines (`.logos-handoff-extra`), when given. */
	handoffExtras?(el: HTMLElement): void;
	/** Opens "Why was this file touched?" for a path the checkpoint lists, when the feature is there. */
	why?(path: string): void;
	/** Locale of dates and times; the person's own (the runtime's default) when absent. */
	locale?: string;
	/** What this device first saw since the person last looked at the scope, to be marked; nothing is marked without it. */
	news?: PaneMarks;
}

/** Which items are new since the person last looked (docs/decisions.md, "Since I last looked"). */
export interface PaneMarks {
	checkpoint(path: string): boolean;
	note(ts: number, text: string): boolean;
	/** By reviewKey. */
	ruling(key: string): boolean;
	conversation(id: string): boolean;
}

/** The "new" mark on an item, its meaning in the tooltip; colours from the theme (styles.css). */
export function newBadge(parent: HTMLElement): HTMLElement {
	const el = parent.createSpan({ cls: 'logos-new-badge', text: NEWS.badge });
	tooltip(el, NEWS.badgeTip);
	return el;
}

/** "2 new" beside a section's count, so news inside a closed section is seen from its title. */
export function sectionNews(body: HTMLElement, n: number): void {
	if (n === 0) return;
	const head = body.parentElement?.querySelector<HTMLElement>(':scope > .logos-section-title');
	if (!head) return;
	const el = head.createSpan({ cls: ['logos-new-badge', 'logos-section-new'], text: NEWS.sectionBadge(n) });
	tooltip(el, NEWS.badgeTip);
}

/** Items shown before a list folds behind "show all". */
export const FOLD_LIMIT = 8;
/** State longer than this many lines or characters starts folded. */
export const STATE_FOLD_LINES = 12;
export const STATE_FOLD_CHARS = 800;
/** A folded block's preview stops here even when its first lines are longer: the rest is clipped anyway. */
export const STATE_FOLD_PREVIEW_CHARS = 2000;

/** Below this age a time reads as relative ("3 hours ago"); from it on, as a date. */
export const RECENT_HOURS = 24;

/** Formatters by locale and style: building one costs more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

const STYLES: Record<'full' | 'short' | 'year', Intl.DateTimeFormatOptions> = {
	full: { dateStyle: 'full', timeStyle: 'short' },
	short: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
	year: { dateStyle: 'medium' },
};

function formatIn(locale: string | undefined, style: keyof typeof STYLES, ms: number): string {
	const key = `${locale ?? ''}\u0000${style}`;
	let f = formatters.get(key);
	if (!f) {
		f = new Intl.DateTimeFormat(locale, STYLES[style]);
		formatters.set(key, f);
	}
	return f.format(ms);
}

/** The exact local time, long form, in the person's locale: what a time's tooltip says. */
export function exactTime(ts: number, locale?: string): string {
	if (!(ts > 0)) return 'Time unknown';
	return formatIn(locale, 'full', ts * 1000);
}

/**
 * A time as a person reads it (docs/decisions.md §7, local zone): relative when recent, else the
 * date and time in the person's locale ("Nov 25, 10:02 AM"), with the year when it is not
 * this year's. `exact` is for the tooltip.
 */
export function when(ts: number, now: number, locale?: string): { text: string; exact: string } {
	if (!(ts > 0)) return { text: 'at an unknown time', exact: 'Time unknown' };
	const at = ts * 1000;
	const hours = differenceInHours(now * 1000, at);
	let text: string;
	if (ts <= now && hours < RECENT_HOURS) text = formatDistanceStrict(at, now * 1000, { addSuffix: true, roundingMethod: 'floor' });
	else text = formatIn(locale, isSameYear(at, now * 1000) ? 'short' : 'year', at);
	return { text, exact: exactTime(ts, locale) };
}

/**
 * A tooltip as Obsidian shows one (its tooltips are the `aria-label` of the hovered
 * element; setTooltip sets the same attribute).
 */
export function tooltip(el: HTMLElement, text: string): void {
	el.setAttr('aria-label', text);
	el.setAttr('data-tooltip-position', 'top');
}

/** A time on screen with its exact form on hover. */
export function timeSpan(parent: HTMLElement, ts: number, now: number, env: Pick<RenderEnv, 'locale'>): HTMLElement {
	const w = when(ts, now, env.locale);
	const el = parent.createSpan({ cls: 'logos-time', text: w.text });
	tooltip(el, w.exact);
	return el;
}

/** The agent of a checkpoint id, the id kept in the tooltip; null when the vault has no such checkpoint. */
export function agentSpan(parent: HTMLElement, id: string, env: RenderEnv): HTMLElement {
	const rec = env.sources.recordOf(id);
	const name = rec ? rec.checkpoint.agent.trim() || agentFromId(id) : agentFromId(id);
	const el = parent.createSpan({ cls: 'logos-agent', text: name });
	tooltip(el, `Checkpoint ${id}`);
	return el;
}

/** The agent part of a checkpoint id `YYYYMMDD-HHMMSS-agent` (docs/format.md §1.3); the id itself otherwise. */
export function agentFromId(id: string): string {
	return /^\d{8}-\d{6}-./.test(id) ? id.slice(16) : id;
}

/** "about 3 hours ago"; times are unix seconds, 0 meaning unknown. */
export function age(ts: number, now: number): string {
	if (!(ts > 0)) return 'at an unknown time';
	return formatDistance(ts * 1000, now * 1000, { addSuffix: true });
}

/** Local wall-clock time, the zone the person reads in (docs/decisions.md §7). */
export function clock(ts: number): string {
	return ts > 0 ? format(ts * 1000, 'yyyy-MM-dd HH:mm') : '';
}

/** Local date, '' when unknown. */
export function day(ts: number): string {
	return ts > 0 ? format(ts * 1000, 'yyyy-MM-dd') : '';
}

export function plural(n: number, one: string, many = `${one}s`): string {
	return `${n} ${n === 1 ? one : many}`;
}

/**
 * A titled block of the pane that collapses, with Obsidian's collapse indicator; returns its
 * body. `key` names it for styles, tests and the remembered open/closed state (the view
 * applies that, resume-sections.ts); `count`, when given, follows the title. Starts closed:
 * the first screen is the handoff block.
 */
export function section(parent: HTMLElement, key: string, title: string, count?: number, open = false): HTMLElement {
	const el = parent.createDiv({ cls: ['logos-section', `logos-section-${key}`] });
	el.dataset.section = key;
	const head = el.createDiv({ cls: ['logos-section-title', 'is-clickable'], attr: { role: 'button', tabindex: '0' } });
	const icon = head.createSpan({ cls: ['logos-section-icon', 'collapse-icon'] });
	setIcon(icon, 'right-triangle');
	head.createSpan({ cls: 'logos-section-name', text: title });
	if (count !== undefined) head.createSpan({ cls: 'logos-section-count', text: String(count) });
	const body = el.createDiv({ cls: 'logos-section-body' });
	setSectionOpen(el, open);
	return body;
}

/** Opens or closes a section made by `section`. */
export function setSectionOpen(el: HTMLElement, open: boolean): void {
	el.toggleClass('is-collapsed', !open);
	const head = el.querySelector<HTMLElement>(':scope > .logos-section-title');
	head?.setAttr('aria-expanded', String(open));
	head?.querySelector('.collapse-icon')?.toggleClass('is-collapsed', !open);
}

export function isSectionOpen(el: HTMLElement): boolean {
	return !el.hasClass('is-collapsed');
}

/** Names of a typed working note's fields (docs/format.md §7.6), as a person reads them. */
const FIELD_NAMES: Record<string, string> = {
	route: 'Route',
	observation: 'Observation',
	layer: 'Layer',
	scope: 'Scope',
	degree: 'Degree',
	action: 'Action',
	alternative: 'Alternative',
};

/**
 * A typed working note's fields as written (`route: … | observation: … | layer: …`), or
 * null for a plain note. Values are shown as the agent wrote them, even outside logos's
 * lists of layers and scopes.
 */
export function noteFields(text: string): { name: string; value: string }[] | null {
	const rec = parseRoute(text);
	if (rec === null) return null;
	const out: { name: string; value: string }[] = [];
	for (const part of rec.raw.split(' | ')) {
		const colon = part.indexOf(': ');
		const key = colon < 0 ? '' : part.slice(0, colon).trim().toLowerCase();
		const value = colon < 0 ? part.trim() : part.slice(colon + 2).trim();
		if (value === '') continue;
		const name = FIELD_NAMES[key] ?? (key === '' ? '' : key.charAt(0).toUpperCase() + key.slice(1));
		out.push({ name, value });
	}
	return out;
}

/** A note's text: a typed note as labelled fields, one per line (Route, Observation, then the rest on one line). */
export function noteText(el: HTMLElement, text: string): void {
	const fields = noteFields(text);
	if (fields === null) {
		el.appendText(text);
		return;
	}
	el.addClass('logos-typed-note');
	const rest: { name: string; value: string }[] = [];
	for (const f of fields) {
		if (f.name === 'Route' || f.name === 'Observation' || f.name === 'Alternative' || f.name === '') {
			const row = el.createDiv({ cls: 'logos-field' });
			if (f.name) row.createSpan({ cls: 'logos-field-name', text: `${f.name}: ` });
			row.appendText(f.value);
		} else rest.push(f);
	}
	if (rest.length > 0) {
		const row = el.createDiv({ cls: ['logos-field', 'logos-field-tags'] });
		rest.forEach((f, k) => {
			if (k > 0) row.appendText(' · ');
			row.createSpan({ cls: 'logos-field-name', text: `${f.name}: ` });
			row.appendText(f.value);
		});
	}
}

/**
 * The element a line is drawn in. A list item that opens something keeps its place in the
 * list and holds the focusable line: a role of link on the item itself would hide it from a
 * screen reader's count of the list (docs/decisions.md, accessibility).
 */
function lineIn(parent: HTMLElement, tag: 'div' | 'li' | 'span', target: LinkTarget | null, cls?: string): HTMLElement {
	const classes = cls ? ['logos-line', cls] : ['logos-line'];
	if (tag === 'li' && target) return parent.createEl('li').createDiv({ cls: classes });
	return parent.createEl(tag, { cls: classes });
}

/** One line of text that opens where it came from. */
export function linked(parent: HTMLElement, tag: 'div' | 'li' | 'span', text: string, target: LinkTarget | null, env: RenderEnv, cls?: string): HTMLElement {
	const el = lineIn(parent, tag, target, cls);
	el.setText(text);
	if (target) env.link(el, target);
	return el;
}

/** A working note's line: typed notes as labelled fields (noteText). */
export function linkedNote(parent: HTMLElement, tag: 'div' | 'li', text: string, target: LinkTarget | null, env: RenderEnv, cls?: string): HTMLElement {
	const el = lineIn(parent, tag, target, cls);
	noteText(el, text);
	if (target) env.link(el, target);
	return el;
}

/** Small grey text after a line: who, when, verdict. */
export function meta(parent: HTMLElement, text: string): HTMLElement {
	return parent.createSpan({ cls: 'logos-meta', text });
}

/**
 * A ruling's item: its text (a typed note as fields) opens where it stands; the item
 * itself carries the verdict mark and the menu (RenderEnv.rulingActions). Returns both.
 */
export function rulingItem(ul: HTMLElement, text: string, target: LinkTarget | null, env: RenderEnv): { li: HTMLElement; line: HTMLElement } {
	const li = ul.createEl('li', { cls: 'logos-ruling' });
	const line = linkedNote(li, 'div', text, target, env, 'logos-ruling-text');
	return { li, line };
}

/**
 * A list that shows its first `limit` items and folds the rest behind "show all";
 * the rest is built only when asked for, so a long history costs nothing until opened.
 */
export function foldedList<T>(parent: HTMLElement, items: readonly T[], env: RenderEnv, item: (ul: HTMLElement, x: T, k: number) => void, limit = FOLD_LIMIT): HTMLElement {
	const ul = parent.createEl('ul', { cls: 'logos-list' });
	const first = items.length > limit ? limit : items.length;
	for (let k = 0; k < first; k++) item(ul, items[k], k);
	if (items.length > first) {
		const more = parent.createEl('button', { cls: 'logos-show-all', text: `Show all ${items.length}` });
		env.action(more, () => {
			for (let k = first; k < items.length; k++) item(ul, items[k], k);
			more.remove();
		});
	}
	return ul;
}

/** What a folded block renders until "show all": its first lines, cut at a few screens' worth. */
export function foldPreview(text: string): string {
	// indexOf, not split: a 5 MB State is never scanned past its first lines.
	let end = -1;
	for (let k = 0; k < STATE_FOLD_LINES; k++) {
		end = text.indexOf('\n', end + 1);
		if (end < 0) return text.slice(0, STATE_FOLD_PREVIEW_CHARS);
	}
	return text.slice(0, Math.min(end, STATE_FOLD_PREVIEW_CHARS));
}

/**
 * A block that starts clipped when long, with "show all" to open it. `fill` renders text
 * into it; a folded block gets only its start until then, so a 5 MB State costs nothing
 * until the person asks for it.
 */
export function foldedBlock(parent: HTMLElement, text: string, env: RenderEnv, fill: (el: HTMLElement, text: string) => void): HTMLElement {
	const el = parent.createDiv({ cls: 'logos-block' });
	if (text.length <= STATE_FOLD_CHARS && text.split('\n').length <= STATE_FOLD_LINES) {
		fill(el, text);
		return el;
	}
	el.addClass('logos-folded');
	fill(el, foldPreview(text));
	const more = parent.createEl('button', { cls: 'logos-show-all', text: 'Show all' });
	env.action(more, () => {
		el.empty();
		el.removeClass('logos-folded');
		fill(el, text);
		more.remove();
	});
	return el;
}
