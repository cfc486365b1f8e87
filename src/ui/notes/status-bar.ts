/**
 * The status bar item: working notes not yet folded into a checkpoint, for the active
 * file's scope (every scope when the active file is outside the sessions folder). It names
 * the scope it counts, says in its tooltip what a click does, and is a button the keyboard
 * reaches (Tab, then Enter or Space).
 */
import { setTooltip } from 'obsidian';
import type { WorkingNote } from '../../core';
import { actionableItem, onActivate } from '../shared/status-item';

export interface UncommittedSummary {
	/** The scope counted, null for the whole vault. */
	scope: string | null;
	count: number;
	text: string;
	tooltip: string;
}

function noun(n: number): string {
	return n === 1 ? '1 uncommitted note' : `${n} uncommitted notes`;
}

export function summarizeUncommitted(notes: ReadonlyMap<string, readonly WorkingNote[]>, scope: string | null): UncommittedSummary {
	const counted = scope === null ? [...notes.values()].flat() : [...(notes.get(scope) ?? [])];
	const byAgent = new Map<string, number>();
	for (const n of counted) byAgent.set(n.agent, (byAgent.get(n.agent) ?? 0) + 1);
	return summarizeByAgent(byAgent, scope);
}

/** summarizeUncommitted from the counts per agent of the notes it would count. */
export function summarizeByAgent(byAgent: ReadonlyMap<string, number>, scope: string | null): UncommittedSummary {
	let total = 0;
	for (const n of byAgent.values()) total += n;
	const agents = [...byAgent].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
	const where = scope === null ? 'across all scopes' : `in ${scope}`;
	const lines = [`Working notes not yet checkpointed ${where}:`, ...agents.map(([a, n]) => `${a}: ${n}`)];
	return {
		scope,
		count: total,
		text: `${scope ?? 'All scopes'}: ${noun(total)}`,
		tooltip: total === 0 ? `No working notes waiting ${where}.` : lines.join('\n'),
	};
}

/** The tooltip's last line: what a click on the item does. */
export function clickHint(scope: string | null): string {
	return scope === null ? 'Click to open the resume pane.' : `Click to open the resume pane on ${scope}.`;
}

export class UncommittedStatus {
	private current: UncommittedSummary | null = null;

	constructor(private readonly el: HTMLElement) {
		el.addClass('logos-status');
		actionableItem(el);
	}

	/** Runs `open` on a click, and on Enter or Space while the item has the focus. */
	onActivate(register: (type: 'click' | 'keydown', fn: (evt: MouseEvent | KeyboardEvent) => void) => void, open: () => void): void {
		onActivate(register, open);
	}

	/** The scope the item counts now, so a click can open the pane on it. */
	get scope(): string | null {
		return this.current?.scope ?? null;
	}

	show(summary: UncommittedSummary, enabled: boolean): void {
		this.current = summary;
		this.el.setText(summary.text);
		setTooltip(this.el, `${summary.tooltip}\n${clickHint(summary.scope)}`, { placement: 'top' });
		// Nothing waiting is not news: the item steps aside rather than sit at zero.
		this.el.toggleClass('logos-is-hidden', !enabled || summary.count === 0);
	}
}
