/**
 * Building blocks of the resume pane: sections, linked lines, folded lists and ages.
 * Agent-written text only ever goes in as text (createEl's `text`), never as HTML.
 */
import { format, formatDistance } from 'date-fns';
import type { RulingRow } from '../core/resume-types';
import type { CheckpointRecord } from '../core/types';

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
	/** Adds retire / reconfirm buttons to a ruling's line; absent where verdicts cannot be given. */
	rulingActions?(el: HTMLElement, row: RulingRow): void;
}

/** Items shown before a list folds behind "show all". */
export const FOLD_LIMIT = 8;
/** State longer than this many lines or characters starts folded. */
export const STATE_FOLD_LINES = 12;
export const STATE_FOLD_CHARS = 800;
/** A folded block's preview stops here even when its first lines are longer: the rest is clipped anyway. */
export const STATE_FOLD_PREVIEW_CHARS = 2000;

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

/** A titled block of the pane; returns its body. `key` names it for styles and tests. */
export function section(parent: HTMLElement, key: string, title: string): HTMLElement {
	const el = parent.createDiv({ cls: ['logos-section', `logos-section-${key}`] });
	el.dataset.section = key;
	el.createDiv({ cls: 'logos-section-title', text: title });
	return el.createDiv({ cls: 'logos-section-body' });
}

/** One line of text that opens where it came from. */
export function linked(parent: HTMLElement, tag: 'div' | 'li' | 'span', text: string, target: LinkTarget | null, env: RenderEnv, cls?: string): HTMLElement {
	const el = parent.createEl(tag, { cls: cls ? ['logos-line', cls] : 'logos-line', text });
	if (target) env.link(el, target);
	return el;
}

/** Small grey text after a line: who, when, verdict. */
export function meta(parent: HTMLElement, text: string): HTMLElement {
	return parent.createSpan({ cls: 'logos-meta', text });
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
