/**
 * "Since I last looked" in the resume pane (docs/decisions.md, "Since I last looked"): one
 * line in the handoff block's spare room — what is new and "Mark as seen" — and the marks on
 * the new items, from what the index first saw after the person last had this scope on screen.
 */
import type { NewItems } from '../../store/news';
import { noteKey, newsTotal } from '../../store/news';
import { NEWS } from '../shared/labels';
import { tooltip, type PaneMarks } from './resume-dom';
import { handoffRow } from './resume-render';

/** What the pane asks of the plugin about news; absent until the feature is wired (tests, older hosts). */
export interface PaneNews {
	/** The pane began showing `scope` on screen (a first look at a scope starts its clock). */
	begin(scope: string): void;
	/** The pane stopped showing `scope`: what it showed counts as seen. */
	end(scope: string): void;
	/** When the person last looked at `scope` (milliseconds), null when never. */
	since(scope: string): number | null;
	/** What is new since `since`; null while the index is not open. */
	items(scope: string, since: number): NewItems | null;
	/** "Mark as seen": the scope's last look is now. */
	markSeen(scope: string): void;
}

export function marksOf(items: NewItems): PaneMarks {
	const paths = new Set(items.paths);
	const notes = new Set(items.noteKeys);
	const rulings = new Set(items.rulingKeys);
	const conversations = new Set(items.conversationIds);
	return {
		checkpoint: (path) => paths.has(path),
		note: (ts, text) => notes.has(noteKey(ts, text)),
		ruling: (key) => rulings.has(key),
		conversation: (id) => conversations.has(id),
	};
}

/**
 * The line: "New: 2 checkpoints, 1 working note" with the details in its tooltip, and the
 * "Mark as seen" button. Nothing when nothing is new. Returns the row's value cell, or null.
 */
export function renderNewsLine(room: HTMLElement, items: NewItems, markSeen: (el: HTMLElement) => void): HTMLElement | null {
	const total = newsTotal(items);
	if (total === 0) return null;
	const cell = handoffRow(room, 'news', NEWS.label);
	cell.parentElement?.addClass('logos-news');
	const text = cell.createSpan({ cls: 'logos-news-count', text: NEWS.parts(items).join(', ') });
	tooltip(text, `${total} new ${NEWS.since}: ${NEWS.details(items)}`);
	const button = cell.createEl('button', { cls: 'logos-news-seen', text: NEWS.markSeen });
	tooltip(button, NEWS.markSeenTip);
	markSeen(button);
	return cell;
}
