/**
 * The menu of a ruling in the resume pane (Obsidian's Menu): open it in its note, retire it,
 * reconfirm it. The pane offers it on a small "…" button, on right-click and from the
 * keyboard, instead of two text buttons under every ruling.
 */
import type { Menu } from 'obsidian';
import type { RulingRow } from '../../core';
import type { VerdictKind } from '../../core';
import { ACTIONS } from '../shared/labels';

/** What the menu calls: the plugin's reviews (review-setup.ts). */
export interface RulingReviewer {
	review(scope: string, row: RulingRow, kind: VerdictKind): Promise<void>;
}

/**
 * Fills a ruling's menu. Retiring a ruling that is already retired would change nothing,
 * so a retired copy offers only reconfirm.
 */
export function rulingMenuItems(menu: Menu, scope: string, row: RulingRow, reviewer: RulingReviewer, open: () => void): void {
	menu.addItem((item) => item.setTitle(ACTIONS.open).setIcon('file-text').onClick(open));
	menu.addSeparator();
	if (row.verdict !== 'retired') {
		menu.addItem((item) => item.setTitle(ACTIONS.retire).setIcon('archive').onClick(() => void reviewer.review(scope, row, 'retired')));
	}
	menu.addItem((item) => item.setTitle(ACTIONS.reconfirm).setIcon('check').onClick(() => void reviewer.review(scope, row, 'reconfirmed')));
}
