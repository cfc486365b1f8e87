/**
 * Which sections of the resume pane are open, remembered per section on this device
 * (docs/decisions.md §1: `app.saveLocalStorage`, never data.json nor the vault). The view hands
 * clicks and keys on section titles here and applies the remembered state after each render.
 */
import type { App } from 'obsidian';
import { isSectionOpen, setSectionOpen } from './resume-dom';

export const SECTIONS_STORAGE_KEY = 'logos-continuity-pane-sections';

/**
 * The app's device-local storage. Older Obsidian versions than the plugin's newest
 * supported API lack it: there the sections simply start closed each time.
 */
interface DeviceStorage {
	loadLocalStorage?(key: string): unknown;
	saveLocalStorage?(key: string, data: unknown): void;
}

function titleOf(evt: Event, root: HTMLElement): HTMLElement | null {
	const target = evt.target instanceof Element ? evt.target : null;
	const head = target?.closest<HTMLElement>('.logos-section-title') ?? null;
	return head && root.contains(head) ? head : null;
}

export class SectionMemory {
	private open: Record<string, boolean> = {};

	private readonly store: DeviceStorage;

	constructor(app: App) {
		this.store = app;
		const saved: unknown = this.store.loadLocalStorage?.(SECTIONS_STORAGE_KEY) ?? null;
		if (saved !== null && typeof saved === 'object') {
			for (const [k, v] of Object.entries(saved)) if (typeof v === 'boolean') this.open[k] = v;
		}
	}

	/** Opens and closes the sections under `root` as the person left them. */
	apply(root: HTMLElement): void {
		for (const el of root.querySelectorAll<HTMLElement>('.logos-section[data-section]')) {
			const key = el.dataset.section ?? '';
			if (key in this.open) setSectionOpen(el, this.open[key]);
		}
	}

	/** Keeps what `el` shows now (after the person opened or closed it). */
	remember(el: HTMLElement): void {
		const key = el.dataset.section;
		if (!key) return;
		this.open[key] = isSectionOpen(el);
		this.store.saveLocalStorage?.(SECTIONS_STORAGE_KEY, { ...this.open });
	}

	private toggle(head: HTMLElement, open?: boolean): void {
		const el = head.parentElement;
		if (!el) return;
		const next = open ?? !isSectionOpen(el);
		if (next === isSectionOpen(el)) return;
		setSectionOpen(el, next);
		this.remember(el);
	}

	/** A click on a section title: true when it was one (the click is handled). */
	onClick(evt: MouseEvent, root: HTMLElement): boolean {
		const head = titleOf(evt, root);
		if (!head) return false;
		this.toggle(head);
		return true;
	}

	/** Enter or Space toggles a focused title; Right opens it, Left closes it (as in a tree). */
	onKey(evt: KeyboardEvent, root: HTMLElement): boolean {
		const head = titleOf(evt, root);
		if (!head || evt.target !== head) return false;
		if (evt.key === 'Enter' || evt.key === ' ') this.toggle(head);
		else if (evt.key === 'ArrowRight') this.toggle(head, true);
		else if (evt.key === 'ArrowLeft') this.toggle(head, false);
		else if (evt.key === 'ArrowDown' || evt.key === 'ArrowUp') {
			// Section titles are a list of their own: Up and Down move between the visible ones.
			const titles = [...root.querySelectorAll<HTMLElement>('.logos-section-title')].filter((t) => !t.parentElement?.parentElement?.closest('.logos-section.is-collapsed'));
			const at = titles.indexOf(head);
			titles[at + (evt.key === 'ArrowDown' ? 1 : -1)]?.focus();
		} else return false;
		evt.preventDefault();
		return true;
	}
}
