/**
 * "Was this tried?": takes the selection (or asks for an approach) and lists the rulings
 * across the vault that speak of it, with where they were recorded, how long ago and
 * what a person's review said. Choosing one opens it at its line.
 */
import { SuggestModal, type App } from 'obsidian';
import { matchTried, triedRulings, type TriedMatch, type TriedRuling } from '../../core';
import type { ModelSource } from '../../vault/obsidian-source';
import { nowSeconds } from '../resume/copy-resume';
import { openTarget } from '../shared/line-links';
import { age } from '../resume/resume-dom';
import { rowVerdict } from '../review/verdict-marks';
import { VERDICT_WORD } from '../../core';

/** Rulings listed before anything is typed. */
const RECENT = 20;
/** A pasted selection longer than this is cut: the words that matter come early. */
const MAX_QUERY = 400;

export const TRIED_TEXT = {
	placeholder: 'Describe an approach, e.g. "cache previews in localStorage"',
	nothing: 'No ruling matches: nothing recorded says this was tried and did not work.',
	none: 'No rulings in this vault yet: agents record them under "Didn\'t work".',
};

/** What a review says about a ruling, in a person's words. */
export function verdictText(r: TriedRuling): string {
	const row = r.row;
	if (row.verdict === 'retired') return `${rowVerdict(row)} — a person said it no longer holds`;
	if (row.verdict === 'reconfirmed') return `${rowVerdict(row)} — a person said it still holds`;
	return `${VERDICT_WORD.none} — recorded as not working, no verdict in effect`;
}

/** Where a ruling was recorded: scope, checkpoint (or working note), agent. */
export function sourceText(r: TriedRuling): string {
	const where = r.row.session ?? 'working note';
	const bits = [r.scope, where];
	if (r.agent !== '' && !where.endsWith(r.agent)) bits.push(r.agent);
	if (r.copies > 1) bits.push(`recorded ${r.copies} times`);
	return bits.join(' · ');
}

export class WasTriedModal extends SuggestModal<TriedMatch> {
	constructor(
		app: App,
		private readonly rulings: TriedRuling[],
		private readonly now: number,
	) {
		super(app);
		this.setPlaceholder(TRIED_TEXT.placeholder);
		this.emptyStateText = rulings.length === 0 ? TRIED_TEXT.none : TRIED_TEXT.nothing;
		this.limit = 50;
		this.setInstructions([{ command: '↵', purpose: 'open where it was recorded' }]);
	}

	/** Nothing typed: the newest rulings, to browse. */
	getSuggestions(query: string): TriedMatch[] {
		if (query.trim() === '') return this.rulings.slice(0, RECENT).map((ruling) => ({ ruling, score: 0 }));
		return matchTried(this.rulings, query.slice(0, MAX_QUERY));
	}

	renderSuggestion(m: TriedMatch, el: HTMLElement): void {
		const r = m.ruling;
		el.addClass('logos-tried');
		el.toggleClass('is-retired', r.row.verdict === 'retired');
		el.createDiv({ cls: 'logos-tried-text', text: r.row.text });
		const meta = el.createDiv({ cls: 'logos-tried-meta' });
		meta.createSpan({ cls: ['logos-tried-verdict', `mod-${r.row.verdict}`], text: verdictText(r) });
		meta.createSpan({ cls: 'logos-tried-source', text: sourceText(r) });
		meta.createSpan({ cls: 'logos-tried-age', text: age(r.row.copyTs, this.now) });
	}

	onChooseSuggestion(m: TriedMatch, evt: MouseEvent | KeyboardEvent): void {
		void openTarget(this.app, { path: m.ruling.row.path, line: m.ruling.row.line }, evt);
	}
}

/** The text to ask about: the editor's selection, else the page's (reading view, the pane). */
export function selectedText(app: App): string {
	const fromEditor = app.workspace.activeEditor?.editor?.getSelection() ?? '';
	const text = fromEditor !== '' ? fromEditor : activeWindow.getSelection()?.toString() ?? '';
	return text.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY);
}

export async function askWasTried(app: App, source: ModelSource, query: string): Promise<WasTriedModal> {
	const { model } = await source.load();
	const modal = new WasTriedModal(app, triedRulings(model), nowSeconds());
	modal.open();
	if (query !== '') {
		// Set after opening, as if typed, so the list follows the text.
		modal.inputEl.value = query;
		modal.inputEl.dispatchEvent(new Event('input'));
	}
	return modal;
}
