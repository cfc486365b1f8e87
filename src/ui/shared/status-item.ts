/**
 * A status bar item a person can act on: Obsidian marks its own clickable items with
 * `mod-clickable`; a role and a tab stop make it a button for a screen reader and the keyboard.
 */
export function actionableItem(el: HTMLElement): void {
	el.addClass('mod-clickable');
	el.setAttr('role', 'button');
	el.setAttr('tabindex', '0');
}

/** Runs `open` on a click, and on Enter or Space while the item has the focus. */
export function onActivate(register: (type: 'click' | 'keydown', fn: (evt: MouseEvent | KeyboardEvent) => void) => void, open: () => void): void {
	register('click', () => open());
	register('keydown', (evt) => {
		if (!(evt instanceof KeyboardEvent) || (evt.key !== 'Enter' && evt.key !== ' ')) return;
		evt.preventDefault();
		open();
	});
}
