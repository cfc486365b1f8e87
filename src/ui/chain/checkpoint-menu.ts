/**
 * The checkpoints of a conversation in the conversations view, and each one's menu: open it,
 * compare it with its previous one, or pick it and then another to compare the two. Any two
 * can be compared, across conversations and projects; the older goes left whatever the order
 * of the picks (docs/decisions.md, "Comparing from the conversations view").
 */
import { Menu, type App } from 'obsidian';
import { previousCheckpoint } from '../../core';
import type { CheckpointRecord } from '../../core';
import type { VaultModel } from '../../core';
import { openCompare, ordered } from '../compare/compare-view';
import { openTarget, type MenuAt } from '../shared/line-links';

export const CHECKPOINT_TEXT = {
	list: (n: number) => `Checkpoints (${n})`,
	menu: (name: string) => `Actions for ${name}`,
	open: 'Open checkpoint',
	previous: 'Compare with previous',
	noPrevious: 'Compare with previous: none before it',
	pick: 'Compare from here…',
	withPicked: (name: string) => `Compare with ${name}`,
	cancel: 'Cancel compare',
	flag: 'compare from',
	pending: (name: string) => `Comparing from ${name}: open another checkpoint’s menu and choose “Compare with ${name}”. Escape cancels.`,
} as const;

/** Where the second pick waits: which checkpoint was picked first, and what to do with a pick. */
export interface ComparePick {
	/** The checkpoint picked first; null when none waits. */
	readonly from: CheckpointRecord | null;
	pick(r: CheckpointRecord | null): void;
}

/** Shows a menu at the mouse, or under the element when asked from the keyboard. */
export function showMenuAt(menu: Menu, at: MenuAt): void {
	if (at instanceof MouseEvent) menu.showAtMouseEvent(at);
	else {
		const box = at.getBoundingClientRect();
		menu.showAtPosition({ x: box.left, y: box.bottom });
	}
}

/**
 * A checkpoint's menu: open; compare with previous (disabled when it starts its line of work);
 * then the two-pick compare — pick this one, compare with the one picked, or cancel on the
 * one picked. `name` says a checkpoint as the list shows it.
 */
export function checkpointMenu(app: App, model: VaultModel, r: CheckpointRecord, picks: ComparePick, name: (r: CheckpointRecord) => string): Menu {
	const menu = new Menu();
	menu.addItem((item) => item.setTitle(CHECKPOINT_TEXT.open).setIcon('file-text').onClick(() => void openTarget(app, { path: r.path, line: -1 }, null)));
	const prev = previousCheckpoint(model, r);
	menu.addItem((item) =>
		item
			.setTitle(prev ? CHECKPOINT_TEXT.previous : CHECKPOINT_TEXT.noPrevious)
			.setIcon('git-compare')
			.setDisabled(prev === null)
			.onClick(() => {
				if (prev) void openCompare(app, prev.record, r);
			}),
	);
	const from = picks.from;
	if (from === null) {
		menu.addItem((item) => item.setTitle(CHECKPOINT_TEXT.pick).setIcon('git-compare').onClick(() => picks.pick(r)));
	} else if (from === r) {
		menu.addItem((item) => item.setTitle(CHECKPOINT_TEXT.cancel).setIcon('x').onClick(() => picks.pick(null)));
	} else {
		menu.addItem((item) =>
			item
				.setTitle(CHECKPOINT_TEXT.withPicked(name(from)))
				.setIcon('git-compare')
				.onClick(() => {
					const [older, newer] = ordered(from, r);
					picks.pick(null);
					void openCompare(app, older, newer);
				}),
		);
		menu.addItem((item) => item.setTitle(CHECKPOINT_TEXT.cancel).setIcon('x').onClick(() => picks.pick(null)));
	}
	return menu;
}
