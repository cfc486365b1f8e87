/**
 * "Since I last looked" (docs/decisions.md, "Since I last looked"), wired onto the plugin: when
 * the person last looked at each scope and the verdict lines this device wrote (both on this
 * device only), what the pane and the timeline mark, the status bar dot and the command "Show
 * scopes with news". Counts come from the index (first-seen times), never from the vault.
 * main.ts calls registerSince once in onload, `start` from layout-ready and `refresh` whenever
 * the model changed.
 */
import { Notice, Platform, type Plugin } from 'obsidian';
import { newsTotal, type NewItems, type ScopeNews } from '../../store/news';
import type { IndexStore } from '../../store/store';
import type { PaneNews } from '../resume/news-line';
import { NEWS } from '../shared/labels';
import { openResumePane } from '../shared/pane';
import { LastLooked, OwnVerdicts } from './device-memory';
import { NewsDot } from './news-dot';
import { NewsModal } from './news-modal';

export interface SinceHost extends Plugin {
	readonly settings: { showStatusBar: boolean };
}

export interface SinceDeps {
	/** The index once it is open, else null (no news then: nothing to count from). */
	store(): IndexStore | null;
	/** A last look moved: views that mark news catch up (the pane redraws itself). */
	seen(): void;
	/** Milliseconds now; Date.now by default (tests pass a fake). */
	clock?: () => number;
}

export interface SinceFeatures {
	/** What the resume pane asks. */
	readonly pane: PaneNews;
	/** When the person last looked at a scope on this device; null when never. */
	lastLooked(scope: string): number | null;
	/** The checkpoints of a scope first seen after `since` (a last look), for the timeline to ring. */
	newPaths(scope: string, since: number): ReadonlySet<string>;
	/** Every scope with news, most first. */
	scopesWithNews(): ScopeNews[];
	/** A verdict line this device appended (never news to it). */
	wroteVerdict(line: string): void;
	/** From onLayoutReady: adds the status bar dot. */
	start(): void;
	/** Brings the dot up to date. */
	refresh(): void;
}

export function registerSince(plugin: SinceHost, deps: SinceDeps): SinceFeatures {
	const looked = new LastLooked(plugin.app, deps.clock);
	const own = new OwnVerdicts(plugin.app);
	let dot: NewsDot | null = null;

	const items = (scope: string, since: number): NewItems | null => deps.store()?.newItemsOfScope(scope, since, own.all()) ?? null;
	const scopesWithNews = (): ScopeNews[] => {
		const store = deps.store();
		if (!store) return [];
		const known = new Set(store.scopes());
		const out: ScopeNews[] = [];
		for (const [scope, since] of looked.entries()) {
			if (!known.has(scope)) continue;
			const n = store.newsOfScope(scope, since, own.all());
			if (newsTotal(n) > 0) out.push(n);
		}
		return out.sort((a, b) => newsTotal(b) - newsTotal(a) || (a.scope < b.scope ? -1 : 1));
	};
	const refresh = (): void => {
		dot?.show(scopesWithNews(), plugin.settings.showStatusBar);
	};
	const moved = (): void => {
		refresh();
		deps.seen();
	};
	const showList = (): void => {
		if (!deps.store()) {
			new Notice(NEWS.loading);
			return;
		}
		const news = scopesWithNews();
		if (news.length === 0) {
			new Notice(NEWS.none);
			return;
		}
		new NewsModal(plugin.app, news, (scope) => void openResumePane(plugin.app, scope)).open();
	};

	const pane: PaneNews = {
		begin(scope) {
			if (looked.get(scope) !== null) return;
			looked.touch(scope);
			moved();
		},
		end(scope) {
			looked.touch(scope);
			moved();
		},
		since: (scope) => looked.get(scope),
		items,
		markSeen(scope) {
			looked.touch(scope);
			moved();
		},
	};

	plugin.addCommand({ id: 'show-scopes-with-news', name: NEWS.command, callback: showList });

	return {
		pane,
		lastLooked: (scope) => looked.get(scope),
		newPaths: (scope, since) => new Set(deps.store()?.newPathsOfScope(scope, since) ?? []),
		scopesWithNews,
		wroteVerdict: (line) => own.add(line),
		start() {
			// The status bar does not exist on mobile; there the pane's line and the command say the same.
			if (Platform.isMobile) return;
			const el = plugin.addStatusBarItem();
			const shown = new NewsDot(el);
			dot = shown;
			shown.onActivate((type, fn) => plugin.registerDomEvent(el, type, fn), showList);
			refresh();
		},
		refresh,
	};
}
