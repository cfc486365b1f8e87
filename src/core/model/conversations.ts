/**
 * Conversations of a project (docs/format.md §1.4, docs/decisions.md §4): the checkpoints one host
 * conversation left, grouped by folder / `host_session`, across the project's worktrees.
 */
import { history, newestFirst, newestFirstSorted } from './history';
import { INTENT_DEPTH, intentFor } from '../answers/receipts';
import { compareBytes, safeName, type VaultScan } from './scan';
import type { CheckpointRecord } from '../types';
import { Memo } from '../memo';

export interface Conversation {
	/** Folder name (sanitized host session id), or the stem of a lone checkpoint. */
	id: string;
	/** Scope of its latest checkpoint. */
	scope: string;
	/** The latest checkpoint's effective intent; '' when there is none. */
	name: string;
	latest: CheckpointRecord;
	/** Newest first by file name; empty, unreadable and copied files left out. */
	chain: CheckpointRecord[];
	/** At least one of its checkpoints still sits in the older flat layout. */
	flat: boolean;
	/** Agents that wrote it, newest first, each once. */
	agents: string[];
}

export interface ConversationMatch {
	match: Conversation | null;
	candidates: Conversation[];
	error?: string;
}

/** One history read per scope, however many conversations ask. */
/** A scope's history and each record's place in it: one lookup per conversation, not a search of the history. */
type HistoryCache = Map<string, { entries: readonly CheckpointRecord[]; at: Map<CheckpointRecord, number> }>;

function nameOf(scan: VaultScan, latest: CheckpointRecord, cache: HistoryCache): string {
	let kept = cache.get(latest.scope);
	if (!kept) {
		const list = history(scan, latest.scope).entries;
		const at = new Map<CheckpointRecord, number>();
		list.forEach((r, i) => {
			if (!at.has(r)) at.set(r, i);
		});
		kept = { entries: list, at };
		cache.set(latest.scope, kept);
	}
	const { entries } = kept;
	const at = kept.at.get(latest) ?? -1;
	// intentFor looks no further back than INTENT_DEPTH: copying the rest costs for nothing.
	const earlier = at < 0 ? [] : entries.slice(at + 1, at + 1 + INTENT_DEPTH).map((r) => r.checkpoint);
	return intentFor(latest.checkpoint, earlier).intent.trim();
}

/** The agent of a checkpoint: frontmatter, else the part of the stem after the stamp. */
function agentOf(r: CheckpointRecord): string {
	return r.checkpoint.agent.trim() || r.stem.slice(16);
}

/**
 * A project's conversations with its worktree scopes', most recently active first.
 * A conversation that moved into a worktree mid-way is one conversation.
 */
export function conversations(scan: VaultScan, project: string): Conversation[] {
	// Once per project's records (a scan never changes after it is built); a copy of the list
	// goes out, so a caller that sorts it does not reorder the next caller's.
	// A later scan whose project scopes hold the same record lists (an index builds again only
	// the scopes a change touched) gets the same conversations.
	const lists: CheckpointRecord[][] = [];
	for (const [scope, records] of scan.byScope) if (scope === project || scope.startsWith(project + '/')) lists.push(records);
	if (lists.length === 0) return [];
	const sameLists = (kept: { lists: readonly (readonly CheckpointRecord[])[] }): boolean =>
		kept.lists.length === lists.length && kept.lists.every((l, i) => l === lists[i]);
	return built.get(lists[0], () => ({ lists, list: buildConversations(scan, lists) }), sameLists).list.slice();
}

/** Keyed by the first of the project's record lists, and good while all of them are the same. */
const built = new Memo<readonly CheckpointRecord[], { lists: readonly (readonly CheckpointRecord[])[]; list: readonly Conversation[] }>();

function buildConversations(scan: VaultScan, lists: readonly CheckpointRecord[][]): Conversation[] {
	// The records newest first (newestFirst), so each chain is grouped in its order, with no
	// sort of its own: a one-scope project's history is that order already (docs/decisions.md
	// "What a CLI command reads"). Copies and empty files are left out, as history leaves them.
	const ordered = lists.length === 1 && lists[0].length > 0 ? history(scan, lists[0][0].scope).entries : newestFirstSorted(lists.flat().filter((r) => r.copyOf === null && !r.empty));
	const groups = new Map<string, CheckpointRecord[]>();
	for (const r of ordered) {
		const list = groups.get(r.conversation);
		if (list) list.push(r);
		else groups.set(r.conversation, [r]);
	}
	const out: Conversation[] = [];
	const cache: HistoryCache = new Map();
	for (const [id, chain] of groups) {
		const latest = chain[0];
		const agents: string[] = [];
		for (const r of chain) {
			const a = agentOf(r);
			if (a !== '' && !agents.includes(a)) agents.push(a);
		}
		out.push({
			id,
			scope: latest.scope,
			name: nameOf(scan, latest, cache),
			latest,
			chain,
			flat: chain.some((r) => r.flat),
			agents,
		});
	}
	return out.sort((a, b) => newestFirst(a.latest, b.latest) || compareBytes(a.id, b.id));
}

function pick(found: Conversation[], what: string, query: string): ConversationMatch | null {
	if (found.length === 1) return { match: found[0], candidates: found };
	if (found.length === 0) return null;
	return {
		match: null,
		candidates: found,
		error: `"${query}" matches ${found.length} conversations by ${what}; use one of their ids`,
	};
}

/**
 * Finds a conversation, in a fixed order: exact id, id as logos would sanitize it,
 * a checkpoint stem of its chain, then a case-insensitive part of its name. Several
 * matches at one step are an ambiguity, never a guess.
 */
export function findConversation(convs: Conversation[], query: string): ConversationMatch {
	const q = query.trim();
	if (q === '') return { match: null, candidates: [], error: 'no conversation given' };
	const safe = safeName(q);
	const stem = q.endsWith('.md') ? q.slice(0, -3) : q;
	const lower = q.toLowerCase();
	return (
		pick(convs.filter((c) => c.id === q), 'id', q) ??
		pick(convs.filter((c) => safe !== '' && c.id === safe), 'id', q) ??
		pick(convs.filter((c) => c.chain.some((r) => r.stem === stem)), 'checkpoint', q) ??
		pick(convs.filter((c) => c.name.toLowerCase().includes(lower)), 'name', q) ?? {
			match: null,
			candidates: [],
			error: `no conversation matches "${q}"`,
		}
	);
}
