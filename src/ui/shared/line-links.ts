/**
 * Lines of the pane that open where they came from, act, or offer a menu. One click, one
 * mouseover, one keydown and one contextmenu listener on the pane serve every line of every
 * render (event delegation), so re-rendering never adds listeners; each render just starts
 * a fresh table of targets. Every such line is focusable with a role (link or button):
 * Enter and Space act, the arrow keys move within its list, and the Menu key or Shift+F10
 * opens a line's menu.
 */
import { Keymap, Notice, TFile, type App, type HoverParent } from 'obsidian';
import { RESUME_VIEW_TYPE } from './labels';
import type { LinkTarget } from '../resume/resume-dom';

/** Click: the current tab; Ctrl/Cmd-click: a new tab (Obsidian's own modifier rules). */
export async function openTarget(app: App, target: LinkTarget, evt: MouseEvent | KeyboardEvent | null): Promise<void> {
	const file = app.vault.getAbstractFileByPath(target.path);
	if (!(file instanceof TFile)) {
		new Notice(`${target.path} is no longer in the vault.`);
		return;
	}
	const leaf = app.workspace.getLeaf(Keymap.isModEvent(evt));
	await leaf.openFile(file, target.line >= 0 ? { active: true, eState: { line: target.line } } : { active: true });
}

/** Obsidian's page preview for a line (the view type is registered as a hover-link source). */
export function previewTarget(app: App, parent: HoverParent, targetEl: HTMLElement, target: LinkTarget, evt: MouseEvent): void {
	app.workspace.trigger('hover-link', {
		event: evt,
		source: RESUME_VIEW_TYPE,
		hoverParent: parent,
		targetEl,
		linktext: target.path,
		sourcePath: '',
		state: target.line >= 0 ? { scroll: target.line } : undefined,
	});
}

/** Where a menu opens: at the mouse, or under the focused element when asked from the keyboard. */
export type MenuAt = MouseEvent | HTMLElement;

/** Elements that take focus and keys themselves: no role or tabindex is added to them. */
function isNativeControl(el: HTMLElement): boolean {
	return el.tagName === 'BUTTON' || el.tagName === 'A' || el.tagName === 'SELECT' || el.tagName === 'INPUT';
}

function focusable(el: HTMLElement, role: 'link' | 'button'): void {
	if (isNativeControl(el)) return;
	el.setAttr('role', role);
	el.setAttr('tabindex', '0');
}

/** The lines Up and Down move between: the focusable lines of the list (or block) holding `el`. */
function siblingsOf(el: HTMLElement, root: HTMLElement): HTMLElement[] {
	const list = el.closest<HTMLElement>('ul, .logos-handoff');
	if (list && root.contains(list)) {
		return [...list.querySelectorAll<HTMLElement>('[tabindex="0"], button')].filter((x) => x.closest('ul, .logos-handoff') === list);
	}
	return [];
}

export class LineLinks {
	private links: LinkTarget[] = [];
	private actions: (() => void)[] = [];
	private menus: ((at: MenuAt) => void)[] = [];

	constructor(
		private readonly app: App,
		private readonly parent: HoverParent,
		private readonly root: HTMLElement,
	) {}

	/** Forgets the previous render's lines. */
	reset(): void {
		this.links = [];
		this.actions = [];
		this.menus = [];
	}

	link(el: HTMLElement, target: LinkTarget): void {
		el.addClass('logos-link');
		el.dataset.logosLink = String(this.links.push(target) - 1);
		focusable(el, 'link');
	}

	action(el: HTMLElement, fn: () => void): void {
		el.dataset.logosAction = String(this.actions.push(fn) - 1);
		focusable(el, 'button');
	}

	/**
	 * Gives `el` (and everything inside it) a menu: on right-click, from the keyboard, and from
	 * `button` when given. Enter or Space on a focused line that has a menu opens the menu,
	 * whose first item opens the line.
	 */
	menu(el: HTMLElement, show: (at: MenuAt) => void, button?: HTMLElement): void {
		const index = String(this.menus.push(show) - 1);
		el.dataset.logosMenu = index;
		if (button) {
			button.dataset.logosMenuButton = index;
			button.setAttr('aria-haspopup', 'menu');
		}
	}

	onClick(evt: MouseEvent): void {
		const button = this.hit(evt, 'logosMenuButton');
		if (button) {
			evt.preventDefault();
			// A click from the keyboard (Enter on the button) has no pointer position: open under the button.
			this.menus[button.index]?.(evt.detail === 0 ? button.el : evt);
			return;
		}
		const act = this.hit(evt, 'logosAction');
		if (act) {
			this.actions[act.index]?.();
			return;
		}
		const link = this.hit(evt, 'logosLink');
		const target = link ? this.links[link.index] : undefined;
		if (!target) return;
		evt.preventDefault();
		void openTarget(this.app, target, evt);
	}

	onContextMenu(evt: MouseEvent): void {
		const menu = this.hit(evt, 'logosMenu');
		if (!menu) return;
		evt.preventDefault();
		this.menus[menu.index]?.(evt);
	}

	onKey(evt: KeyboardEvent): void {
		const el = evt.target instanceof HTMLElement ? evt.target : null;
		if (!el || !this.root.contains(el)) return;
		if (evt.key === 'ArrowDown' || evt.key === 'ArrowUp') {
			const list = siblingsOf(el, this.root);
			const at = list.indexOf(el);
			if (at < 0) return;
			const next = list[at + (evt.key === 'ArrowDown' ? 1 : -1)];
			evt.preventDefault();
			next?.focus();
			return;
		}
		const menuKey = evt.key === 'ContextMenu' || (evt.key === 'F10' && evt.shiftKey);
		const activate = evt.key === 'Enter' || evt.key === ' ';
		if (!menuKey && !activate) return;
		if (isNativeControl(el)) return;
		const menu = this.hit(evt, 'logosMenu');
		if (menu && (menuKey || el.dataset.logosLink !== undefined)) {
			evt.preventDefault();
			this.menus[menu.index]?.(el);
			return;
		}
		if (!activate) return;
		if (el.dataset.logosAction !== undefined) {
			evt.preventDefault();
			this.actions[Number(el.dataset.logosAction)]?.();
			return;
		}
		const target = el.dataset.logosLink !== undefined ? this.links[Number(el.dataset.logosLink)] : undefined;
		if (!target) return;
		evt.preventDefault();
		void openTarget(this.app, target, evt);
	}

	onHover(evt: MouseEvent): void {
		const link = this.hit(evt, 'logosLink');
		const target = link ? this.links[link.index] : undefined;
		if (!link || !target) return;
		// Moving between children of one line is not a new hover.
		if (evt.relatedTarget instanceof Node && link.el.contains(evt.relatedTarget)) return;
		previewTarget(this.app, this.parent, link.el, target, evt);
	}

	private hit(evt: Event, attr: 'logosLink' | 'logosAction' | 'logosMenu' | 'logosMenuButton'): { el: HTMLElement; index: number } | null {
		let node = evt.target instanceof Node ? evt.target : null;
		while (node && node !== this.root) {
			if (node.instanceOf(HTMLElement) && node.dataset[attr] !== undefined) return { el: node, index: Number(node.dataset[attr]) };
			node = node.parentNode;
		}
		return null;
	}
}
