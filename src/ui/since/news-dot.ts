/**
 * The status bar dot: shown while any scope has something new since the person last looked;
 * its tooltip names them and says what a click does (list them). A button for the keyboard too.
 */
import { setTooltip } from 'obsidian';
import type { ScopeNews } from '../../store/news';
import { NEWS } from '../shared/labels';
import { actionableItem, onActivate } from '../shared/status-item';

export class NewsDot {
	constructor(private readonly el: HTMLElement) {
		el.addClass('logos-news-status');
		actionableItem(el);
		el.createSpan({ cls: 'logos-news-dot' });
		el.addClass('logos-is-hidden');
	}

	/** Runs `open` on a click, and on Enter or Space while the dot has the focus. */
	onActivate(register: (type: 'click' | 'keydown', fn: (evt: MouseEvent | KeyboardEvent) => void) => void, open: () => void): void {
		onActivate(register, open);
	}

	show(news: readonly ScopeNews[], enabled: boolean): void {
		const scopes = news.map((n) => n.scope);
		this.el.toggleClass('logos-is-hidden', !enabled || scopes.length === 0);
		if (scopes.length > 0) setTooltip(this.el, `${NEWS.dotTip(scopes)}\n${NEWS.dotHint}`, { placement: 'top' });
	}
}
