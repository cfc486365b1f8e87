/**
 * The pane's part about the person's own notes (docs/decisions.md §6): those a newer checkpoint
 * left out, each with "add again" and "dismiss"; and on mobile, where there is no status
 * bar, the same counts the status bar shows.
 */
import type { Orphan } from '../../vault/own-notes';
import { age, meta, section } from '../resume/resume-dom';

export interface OwnNotesActions {
	addAgain(o: Orphan): void;
	dismiss(o: Orphan): void;
	/** Registers a click handler that the view owns (so nothing leaks per render). */
	action(el: HTMLElement, fn: () => void): void;
}

export function renderOwnNotes(parent: HTMLElement, orphans: readonly Orphan[], now: number, act: OwnNotesActions): void {
	if (orphans.length === 0) return;
	const body = section(parent, 'own-notes', 'Your notes not folded into a checkpoint');
	const ul = body.createEl('ul');
	for (const o of orphans) {
		const li = ul.createEl('li', { cls: 'logos-own-note' });
		li.createSpan({ cls: 'logos-line', text: o.note.text });
		meta(li, ` · ${age(o.note.ts, now)} · not folded into checkpoint ${o.checkpoint.id}`);
		const buttons = li.createDiv({ cls: 'logos-own-note-actions' });
		const again = buttons.createEl('button', { cls: 'logos-own-note-again', text: 'Add again' });
		const dismiss = buttons.createEl('button', { cls: 'logos-own-note-dismiss', text: 'Dismiss' });
		act.action(again, () => act.addAgain(o));
		act.action(dismiss, () => act.dismiss(o));
	}
}

/** Mobile has no status bar: the pane carries its line. */
export function renderCounts(parent: HTMLElement, text: string): void {
	parent.createDiv({ cls: 'logos-index-counts', text });
}
