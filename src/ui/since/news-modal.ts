/**
 * "Show scopes with news": every scope with something new since the person last looked, with
 * what; choosing one opens the resume pane on it.
 */
import { type App, SuggestModal } from 'obsidian';
import { newsTotal, type ScopeNews } from '../../store/news';
import { NEWS } from '../shared/labels';

export class NewsModal extends SuggestModal<ScopeNews> {
	constructor(
		app: App,
		private readonly news: readonly ScopeNews[],
		private readonly choose: (scope: string) => void,
	) {
		super(app);
		this.setPlaceholder(NEWS.modalPlaceholder);
	}

	getSuggestions(query: string): ScopeNews[] {
		const q = query.trim().toLowerCase();
		return this.news.filter((n) => n.scope.toLowerCase().includes(q));
	}

	renderSuggestion(n: ScopeNews, el: HTMLElement): void {
		el.addClass('logos-news-suggestion');
		el.createDiv({ cls: 'logos-news-scope', text: `${n.scope} · ${newsTotal(n)} new` });
		el.createDiv({ cls: 'logos-meta', text: NEWS.parts(n).join(', ') });
	}

	onChooseSuggestion(n: ScopeNews): void {
		this.choose(n.scope);
	}
}
