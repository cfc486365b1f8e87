/**
 * Menus and view actions, which the mocks record without showing.
 *
 * SHIM (Menu, https://docs.obsidian.md/Reference/TypeScript+API/Menu): Obsidian shows a
 * `.menu` of `.menu-item`s (icon, title; a check for `setChecked(true)`; separators between
 * groups) at the mouse (`showAtMouseEvent`) or at a point (`showAtPosition`), the first item
 * selected when opened from the keyboard. Up and Down move the selection, Enter chooses,
 * Escape or a click elsewhere closes it; choosing calls the item's `onClick` and closes the
 * menu. One menu at a time; focus goes back where it was when the menu closes.
 *
 * SHIM (ItemView.addAction, https://docs.obsidian.md/Reference/TypeScript+API/ItemView/addAction):
 * the mocks return a detached div. Obsidian adds a `.clickable-icon.view-action` with the icon,
 * the title as its tooltip (`aria-label`), calling back on click, to the view header's actions.
 */
import { ItemView, Menu, MenuItem } from 'obsidian-test-mocks/obsidian';
import { setIcon } from './obsidian';

interface MockItem {
	title__: DocumentFragment | string;
	icon__: string | null;
	checked__: boolean | null;
	disabled__: boolean;
	warning__: boolean;
	onClick__: ((evt: KeyboardEvent | MouseEvent) => unknown) | null;
}

interface MockMenu {
	items__: unknown[];
	onHideCallback: (() => unknown) | null;
	shown__?: HTMLElement | null;
}

let open: { menu: MockMenu; el: HTMLElement; close(): void } | null = null;

function show(menu: MockMenu, x: number, y: number, fromKeyboard: boolean): void {
	open?.close();
	const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
	const el = document.body.createDiv({ cls: 'menu', attr: { role: 'menu' } });
	const items: { el: HTMLElement; item: MockItem }[] = [];
	for (const raw of menu.items__) {
		if (!(raw instanceof MenuItem)) {
			el.createDiv({ cls: 'menu-separator', attr: { role: 'separator' } });
			continue;
		}
		const item = raw as unknown as MockItem;
		const row = el.createDiv({ cls: 'menu-item', attr: { role: 'menuitem', tabindex: '-1' } });
		if (item.disabled__) row.addClass('is-disabled');
		if (item.warning__) row.addClass('is-warning');
		const icon = row.createDiv({ cls: 'menu-item-icon' });
		if (item.icon__) setIcon(icon, item.icon__);
		row.createDiv({ cls: 'menu-item-title', text: typeof item.title__ === 'string' ? item.title__ : item.title__.textContent ?? '' });
		if (item.checked__) {
			row.addClass('mod-checked');
			setIcon(row.createDiv({ cls: 'menu-item-icon mod-checked' }), 'check');
		}
		items.push({ el: row, item });
	}
	let selected = -1;
	const select = (k: number): void => {
		if (items.length === 0) return;
		selected = (k + items.length) % items.length;
		items.forEach((x, i) => x.el.toggleClass('selected', i === selected));
		items[selected].el.focus();
	};
	const choose = (k: number, evt: KeyboardEvent | MouseEvent): void => {
		const chosen = items[k]?.item;
		close();
		if (chosen && !chosen.disabled__) chosen.onClick__?.(evt);
	};
	const onKey = (evt: KeyboardEvent): void => {
		if (evt.key === 'ArrowDown') select(selected + 1);
		else if (evt.key === 'ArrowUp') select(selected - 1);
		else if (evt.key === 'Enter' || evt.key === ' ') {
			if (selected >= 0) choose(selected, evt);
		} else if (evt.key === 'Escape') close();
		else return;
		evt.preventDefault();
		evt.stopPropagation();
	};
	const onDown = (evt: MouseEvent): void => {
		if (!(evt.target instanceof Node) || !el.contains(evt.target)) close();
	};
	items.forEach((x, k) => {
		x.el.addEventListener('mouseenter', () => select(k));
		x.el.addEventListener('click', (evt) => choose(k, evt));
	});
	function close(): void {
		if (open?.el !== el) return;
		open = null;
		el.remove();
		document.removeEventListener('keydown', onKey, true);
		document.removeEventListener('mousedown', onDown, true);
		menu.onHideCallback?.();
		returnTo?.focus();
	}
	document.addEventListener('keydown', onKey, true);
	document.addEventListener('mousedown', onDown, true);
	// Kept inside the window, as Obsidian places it.
	const box = el.getBoundingClientRect();
	el.style.left = `${Math.max(0, Math.min(x, window.innerWidth - box.width - 4))}px`;
	el.style.top = `${Math.max(0, Math.min(y, window.innerHeight - box.height - 4))}px`;
	open = { menu, el, close };
	if (fromKeyboard) select(0);
	else el.focus();
}

export function installMenus(): void {
	const proto = Menu.prototype as unknown as {
		showAtMouseEvent(evt: MouseEvent): unknown;
		showAtPosition(pos: { x: number; y: number }): unknown;
		hide(): unknown;
		close(): void;
	};
	proto.showAtMouseEvent = function (this: MockMenu, evt: MouseEvent) {
		// A click from the keyboard has no pointer position (detail 0): the first item is selected.
		show(this, evt.clientX, evt.clientY, evt.detail === 0);
		return this;
	};
	proto.showAtPosition = function (this: MockMenu, pos: { x: number; y: number }) {
		show(this, pos.x, pos.y, true);
		return this;
	};
	proto.hide = function (this: MockMenu) {
		if (open?.menu === this) open.close();
		return this;
	};
	proto.close = function (this: MockMenu) {
		if (open?.menu === this) open.close();
	};

	const view = ItemView.prototype as unknown as {
		addAction(icon: string, title: string, cb: (evt: MouseEvent) => unknown): HTMLElement;
		containerEl: HTMLElement;
		contentEl: HTMLElement;
	};
	view.addAction = function (icon, title, cb) {
		let header = this.containerEl.querySelector<HTMLElement>(':scope > .view-header');
		if (!header) {
			header = createDiv({ cls: 'view-header' });
			header.createDiv({ cls: 'view-actions' });
			this.containerEl.insertBefore(header, this.contentEl);
		}
		const actions = header.querySelector<HTMLElement>('.view-actions') ?? header;
		const el = createEl('a', { cls: ['clickable-icon', 'view-action'], attr: { 'aria-label': title } });
		setIcon(el, icon);
		el.addEventListener('click', (evt) => cb(evt));
		actions.prepend(el);
		return el;
	};
}
