/**
 * Retire / reconfirm buttons beside each ruling of the resume pane. The pane's renderer
 * asks for them through its RenderEnv; clicks go through the pane's one click listener.
 */
import type { RulingRow } from '../core/resume-types';
import type { VerdictKind } from '../core/types';

/** What the buttons call: the plugin's reviews (review-setup.ts). */
export interface RulingReviewer {
	review(scope: string, row: RulingRow, kind: VerdictKind): Promise<void>;
}

/**
 * Adds the buttons to a ruling's line. Retiring a ruling that is already retired would
 * change nothing, so a retired copy offers only reconfirm.
 */
export function rulingButtons(el: HTMLElement, scope: string, row: RulingRow, reviewer: RulingReviewer, action: (el: HTMLElement, fn: () => void) => void): void {
	const box = el.createSpan({ cls: 'logos-ruling-actions' });
	const add = (kind: VerdictKind, text: string, label: string): void => {
		const b = box.createEl('button', { cls: ['logos-ruling-action', `logos-ruling-${kind === 'retired' ? 'retire' : 'reconfirm'}`], text, attr: { 'aria-label': label } });
		action(b, () => void reviewer.review(scope, row, kind));
	};
	if (row.verdict !== 'retired') add('retired', 'Retire', 'Retire this ruling: it no longer holds');
	add('reconfirmed', 'Reconfirm', 'Reconfirm this ruling: it still holds');
}
