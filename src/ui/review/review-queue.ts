/**
 * "Review rulings": a scope's rulings one at a time, newest first, each with where it was
 * recorded, how long ago, at which commit and its verdict now. Keys: r retire, c reconfirm,
 * s skip, u undo the last verdict given here, Esc close; the same as buttons for touch.
 */
import { Modal, type App } from 'obsidian';
import type { QueueEntry } from '../../core';
import type { RulingRow } from '../../core';
import type { VerdictKind } from '../../core';
import { nowSeconds } from '../resume/copy-resume';
import type { GivenVerdict, RulingReviews } from './review-actions';
import { askCommit } from './review-commit-modal';
import { age } from '../resume/resume-dom';
import { verdictDay } from './verdict-marks';
import { verdictTitle } from '../../core';

/** How the queue reads a copy's verdict now. */
export function queueVerdict(row: RulingRow): string {
	return verdictTitle({ verdict: row.verdict, commit: row.commit, day: row.verdict === 'none' ? '' : verdictDay(row.at) });
}

interface Step {
	index: number;
	given: GivenVerdict;
	/** The entry's row before the verdict, restored on undo. */
	before: RulingRow;
}

export type AskCommit = (app: App, ruling: string, prefill: string) => Promise<string | null>;

/** What became of each ruling the queue passed: a verdict, or skipped. */
type Outcome = VerdictKind | 'skipped';

/** "2 retired, 1 reconfirmed, 3 skipped": what a finished queue decided. */
export function outcomeSummary(outcomes: readonly (Outcome | undefined)[]): string {
	const n = { retired: 0, reconfirmed: 0, skipped: 0 };
	for (const o of outcomes) if (o !== undefined) n[o]++;
	return `${n.retired} retired, ${n.reconfirmed} reconfirmed, ${n.skipped} skipped`;
}

export class ReviewQueueModal extends Modal {
	private index = 0;
	private busy = false;
	private readonly steps: Step[] = [];
	/** Per entry, what was decided the last time the queue passed it. */
	private readonly outcomes: (Outcome | undefined)[] = [];
	private bodyEl!: HTMLElement;

	constructor(
		app: App,
		private readonly reviews: RulingReviews,
		/** The logos scope whose rulings are reviewed (not the modal's key scope). */
		readonly logosScope: string,
		readonly entries: QueueEntry[],
		private readonly ask: AskCommit = askCommit,
	) {
		super(app);
	}

	/** Which ruling is shown (entries.length when every one has been seen). */
	get position(): number {
		return this.index;
	}

	onOpen(): void {
		this.modalEl.addClass('logos-queue-modal');
		this.titleEl.setText(`Review rulings — ${this.logosScope}`);
		this.bodyEl = this.contentEl.createDiv({ cls: 'logos-queue' });
		const keys: [string, () => Promise<void> | void][] = [
			['r', () => this.decide('retired')],
			['c', () => this.decide('reconfirmed')],
			['s', () => this.skip()],
			['u', () => this.undo()],
			['Escape', () => this.close()],
		];
		for (const [key, fn] of keys) {
			this.scope.register([], key, () => {
				void fn();
				return false;
			});
		}
		this.render();
	}

	onClose(): void {
		this.contentEl.empty();
	}

	private get current(): QueueEntry | undefined {
		return this.entries[this.index];
	}

	async decide(kind: VerdictKind): Promise<void> {
		const entry = this.current;
		if (!entry || this.busy) return;
		this.busy = true;
		try {
			let commit = '';
			if (kind === 'reconfirmed') {
				const asked = await this.ask(this.app, entry.row.text, entry.recordedCommit);
				if (asked === null) return;
				commit = asked;
			}
			const given = await this.reviews.give(this.logosScope, kind, entry.row.text, commit);
			if (!given) return;
			this.steps.push({ index: this.index, given, before: entry.row });
			entry.row = { ...entry.row, verdict: kind, commit: given.verdict.commit || null, at: given.verdict.ts };
			this.outcomes[this.index] = kind;
			this.index++;
		} finally {
			this.busy = false;
			this.render();
		}
	}

	skip(): void {
		if (this.busy || this.index >= this.entries.length) return;
		this.outcomes[this.index] = 'skipped';
		this.index++;
		this.render();
	}

	/** Undoes the last verdict given in this queue and goes back to its ruling. */
	async undo(): Promise<void> {
		const step = this.steps[this.steps.length - 1];
		if (!step || this.busy) return;
		this.busy = true;
		try {
			if (!(await this.reviews.undo(step.given))) return;
			this.steps.pop();
			this.entries[step.index].row = step.before;
			this.outcomes[step.index] = undefined;
			this.index = step.index;
		} finally {
			this.busy = false;
			this.render();
		}
	}

	private render(): void {
		const el = this.bodyEl;
		el.empty();
		const total = this.entries.length;
		const reviewed = this.steps.length;
		el.createDiv({
			cls: 'logos-queue-progress',
			text: total === 0 ? 'No rulings in this scope' : `${Math.min(this.index + 1, total)} of ${total} · ${reviewed} ${reviewed === 1 ? 'verdict' : 'verdicts'} given`,
		});
		const entry = this.current;
		if (entry) this.renderEntry(el, entry);
		const buttons = el.createDiv({ cls: 'logos-queue-buttons' });
		if (!entry) {
			this.renderDone(el, buttons, total);
			return;
		}
		// No verdict is the default one, so none of the four is drawn as the call to action.
		const button = (text: string, key: string, fn: () => unknown, enabled: boolean): void => {
			const b = buttons.createEl('button', { text, attr: { 'aria-keyshortcuts': key } });
			b.createSpan({ cls: 'logos-key', text: key });
			b.disabled = !enabled || this.busy;
			b.addEventListener('click', () => void fn());
		};
		button('Retire', 'r', () => this.decide('retired'), true);
		button('Reconfirm', 'c', () => this.decide('reconfirmed'), true);
		button('Skip', 's', () => this.skip(), true);
		button('Undo', 'u', () => this.undo(), this.steps.length > 0);
		el.createDiv({ cls: 'logos-queue-hint', text: 'Esc closes; verdicts are appended to reviewed.md' });
	}

	/** The end of the queue: what was decided, and one way out. Undo stays on its key. */
	private renderDone(el: HTMLElement, buttons: HTMLElement, total: number): void {
		const done = createDiv({ cls: 'logos-queue-done', attr: { 'aria-live': 'polite' } });
		el.insertBefore(done, buttons);
		if (total === 0) {
			done.setText(`No rulings recorded in ${this.logosScope}: nothing to review.`);
		} else {
			done.createDiv({ text: `Every ruling of ${this.logosScope} seen: ${outcomeSummary(this.outcomes)}.` });
		}
		const ok = buttons.createEl('button', { cls: 'mod-cta', text: 'Done' });
		ok.addEventListener('click', () => this.close());
		ok.focus();
		if (this.steps.length > 0) el.createDiv({ cls: 'logos-queue-hint', text: 'u undoes the last verdict; Esc or Done closes' });
	}

	private renderEntry(el: HTMLElement, entry: QueueEntry): void {
		const row = entry.row;
		const card = el.createDiv({ cls: 'logos-queue-entry' });
		card.createDiv({ cls: 'logos-queue-text', text: row.text });
		const facts = card.createEl('ul', { cls: 'logos-queue-facts' });
		const source = row.session === null ? 'working note in uncommitted.md' : `checkpoint ${row.session}`;
		facts.createEl('li', { text: entry.copies > 1 ? `${source} (newest of ${entry.copies} copies)` : source });
		facts.createEl('li', { text: `recorded ${age(row.copyTs, nowSeconds())}` });
		facts.createEl('li', { text: entry.recordedCommit ? `at commit ${entry.recordedCommit}` : 'no commit recorded' });
		const verdict = card.createDiv({ cls: ['logos-queue-verdict', `logos-queue-verdict-${row.verdict}`], text: queueVerdict(row) });
		verdict.setAttr('aria-live', 'polite');
	}
}
