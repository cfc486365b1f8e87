/**
 * Menus a view shows, captured instead of drawn (the mocks draw nothing): each menu's items —
 * title, checked and disabled state, a click — and whether it was shown at the mouse or at a
 * position (from the keyboard). Spies on Menu; jest.restoreAllMocks undoes it.
 */
import { Menu } from 'obsidian';
import { MenuItem } from 'obsidian-test-mocks/obsidian';

export interface CapturedItem {
	title: string;
	checked: boolean | null;
	disabled: boolean;
	click: () => void;
}

export interface CapturedMenu {
	at: 'mouse' | 'position';
	items: CapturedItem[];
}

/** The items of a menu as the mocks keep them. */
export function menuItems(menu: Menu): CapturedItem[] {
	return (menu as unknown as { items__: unknown[] }).items__
		.filter((x): x is MenuItem => x instanceof MenuItem)
		.map((x) => ({ title: String(x.title__), checked: x.checked__, disabled: x.disabled__, click: () => void x.onClick__?.(new MouseEvent('click')) }));
}

/** From now on, every menu shown is appended to the returned list. */
export function captureMenus(): CapturedMenu[] {
	const shown: CapturedMenu[] = [];
	jest.spyOn(Menu.prototype, 'showAtMouseEvent').mockImplementation(function (this: Menu) {
		shown.push({ items: menuItems(this), at: 'mouse' });
		return this;
	});
	jest.spyOn(Menu.prototype, 'showAtPosition').mockImplementation(function (this: Menu) {
		shown.push({ items: menuItems(this), at: 'position' });
		return this;
	});
	return shown;
}
