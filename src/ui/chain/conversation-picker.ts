/**
 * "Switch conversation": a fuzzy picker over every conversation of the vault, most
 * recently active first until something is typed. Choosing one opens its latest
 * checkpoint and points an open resume pane at it.
 */
import { prepareFuzzySearch, SuggestModal, type SearchMatches } from 'obsidian';
import { allConversations, conversationProblems } from '../../core';
import type { Conversation } from '../../core';
import type { ChainHost } from './chain-nav';
import { nowSeconds } from '../resume/copy-resume';
import { conversationFacts, showInResumePane } from './conversation-facts';
import { openTarget } from '../shared/line-links';
import { conversationName, shortLabel } from '../shared/names';
import { age, plural } from '../resume/resume-dom';

export interface ConversationItem {
	conv: Conversation;
	/** Matched ranges in the searched text; those inside the title are highlighted. */
	matches: SearchMatches | null;
}

/** What a conversation is called on screen: its intent, else its task, else its agent and start time. */
export function conversationTitle(c: Conversation, now = nowSeconds()): string {
	return conversationName(c, now);
}

/** The picker is wider than a dropdown: its titles are cut later. */
const PICKER_LABEL = 80;

/** What may precede the start of a word in an intent, id or scope. */
const WORD_START = /[\s/_.-]/;

function searchText(c: Conversation): string {
	return `${conversationTitle(c)} ${c.id} ${c.scope} ${c.agents.join(' ')}`;
}

/**
 * All of them by recency for an empty query. Otherwise: the query as written at the start
 * of a word, then anywhere, then as scattered letters (Obsidian's fuzzy match); recency
 * orders each group, so the picker stays predictable as the person types.
 */
export function rankConversations(convs: readonly Conversation[], query: string): ConversationItem[] {
	const q = query.trim().toLowerCase();
	if (q === '') return convs.map((conv) => ({ conv, matches: null }));
	const fuzzy = prepareFuzzySearch(q);
	const hits: { item: ConversationItem; group: number; order: number }[] = [];
	convs.forEach((conv, order) => {
		const text = searchText(conv);
		const at = text.toLowerCase().indexOf(q);
		if (at >= 0) {
			const group = at === 0 || WORD_START.test(text[at - 1]) ? 0 : 1;
			hits.push({ item: { conv, matches: [[at, at + q.length]] }, group, order });
			return;
		}
		const res = fuzzy(text);
		if (res) hits.push({ item: { conv, matches: res.matches }, group: 2, order });
	});
	hits.sort((a, b) => a.group - b.group || a.order - b.order);
	return hits.map((h) => h.item);
}

/** Text with the matched ranges wrapped as Obsidian highlights them. */
export function highlighted(el: HTMLElement, text: string, matches: SearchMatches | null): void {
	let at = 0;
	for (const [start, end] of matches ?? []) {
		if (start >= text.length) break;
		if (start > at) el.appendText(text.slice(at, start));
		el.createSpan({ cls: 'suggestion-highlight', text: text.slice(start, Math.min(end, text.length)) });
		at = Math.min(end, text.length);
	}
	if (at < text.length) el.appendText(text.slice(at));
}

/** Opens the conversation's latest checkpoint; an open resume pane follows to the conversation. */
export async function switchTo(host: ChainHost, conv: Conversation, evt: MouseEvent | KeyboardEvent | null): Promise<void> {
	await showInResumePane(host.app, conv, false);
	await openTarget(host.app, { path: conv.latest.path, line: -1 }, evt);
}

export class ConversationPicker extends SuggestModal<ConversationItem> {
	constructor(
		private readonly host: ChainHost,
		private readonly convs: readonly Conversation[],
		private readonly problems: (c: Conversation) => number,
		private readonly now: number,
	) {
		super(host.app);
		this.setPlaceholder('Switch to a conversation: intent, scope or agent');
		this.emptyStateText = convs.length === 0 ? 'No conversations in this vault yet.' : 'No conversation matches.';
		this.setInstructions([{ command: '↵', purpose: 'open its latest checkpoint' }]);
	}

	getSuggestions(query: string): ConversationItem[] {
		return rankConversations(this.convs, query);
	}

	renderSuggestion(item: ConversationItem, el: HTMLElement): void {
		const c = item.conv;
		el.addClass('logos-conversation-choice');
		const title = conversationTitle(c, this.now);
		// Cut on a word, the whole name in the tooltip; whole when what was typed matched past the cut.
		const cut = shortLabel(title, PICKER_LABEL);
		const short = (item.matches ?? []).some(([, end]) => end > cut.length - 1) ? title : cut;
		const titleEl = el.createDiv({ cls: 'logos-conversation-title', attr: { title: title === c.id ? title : `${title}\n${c.id}` } });
		highlighted(titleEl, short.endsWith('…') ? short.slice(0, -1) : short, item.matches);
		if (short.endsWith('…')) titleEl.appendText('…');
		const facts = conversationFacts(c, this.problems(c));
		const bits = [c.scope, c.agents.join(', '), plural(c.chain.length, 'checkpoint'), age(c.latest.checkpoint.ts, this.now), ...facts];
		el.createDiv({ cls: 'logos-conversation-meta', text: bits.filter((b) => b !== '').join(' · ') });
	}

	onChooseSuggestion(item: ConversationItem, evt: MouseEvent | KeyboardEvent): void {
		void switchTo(this.host, item.conv, evt);
	}
}

export async function pickConversation(host: ChainHost): Promise<ConversationPicker> {
	const { model } = await host.source.load();
	const problems = (c: Conversation): number => conversationProblems(model.scan, c).length;
	const picker = new ConversationPicker(host, allConversations(model.scan), problems, nowSeconds());
	picker.open();
	return picker;
}
