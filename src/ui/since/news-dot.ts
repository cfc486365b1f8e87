/**
 * The status bar dot: shown while any scope has something new since the person last looked;
 * its tooltip names them and says what a click does (list them). A button for the keyboard too.
 */
import { setTooltip } from 'obsidian';
import type { ScopeNews } from '../../store/news';
import { NEWS } from '../shared/labels';

export class NewsDot {
	constructor(private readonly el: HTMLElement) {
		el.addClass('logos-news-status', 'mod-clickable');
		el.setAttr('role', 'button');
		el.setAttr('tabindex', '0');
		el.createSpan({ cls: 'logos-news-dot' });
		el.addClass('logos-is-hidden');
	}

	/** Runs `open` on a click, and on Enter or Space while the dot has the focus. */
	onActivate(register: (type: 'click' | 'keydown', fn: (evt: MouseEvent | KeyboardEvent) => void) => void, open: () => void): void {
		register('click', () => open());
		register('keydown', (evt) => {
			if (!(evt instanceof KeyboardEvent) || (evt.key !== 'Enter' && evt.key !== ' ')) return;
			evt.preventDefault();
			open();
		});
	}

	show(news: readonly ScopeNews[], enabled: boolean): void {
		const scopes = news.map((n) => n.scope);
		this.el.toggleClass('logos-is-hidden', !enabled || scopes.length === 0);
		if (scopes.length > 0) setTooltip(this.el, `${NEWS.dotTip(scopes)}\n${NEWS.dotHint}`, { placement: 'top' });
	}
}
