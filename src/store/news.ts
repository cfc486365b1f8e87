/**
 * "Since I last looked" (docs/decisions.md, "Since I last looked"): what this device's index
 * first saw after a moment, counted by SQL over the first-seen columns (step 7 of the schema),
 * never by reading the vault; new rulings from the scope's records, which hold them. A checkpoint's own time is its writer's clock and synced files
 * arrive late, so only the time of first sight says what is new here.
 */
import { compareBytes, foldKey, isPlaceholder } from '../core';
import { type Conn, num, str } from './conn';
import { recordListRows } from './record-codec';

/** What a scope gained after a moment, by kind. */
export interface ScopeNews {
	scope: string;
	/** Checkpoint files (copies and torn files aside). */
	checkpoints: number;
	/** Conversations whose every checkpoint is new. */
	conversations: number;
	/** Working notes in uncommitted.md now, not the person's own. */
	notes: number;
	/** Ruling keys of the new checkpoints that no earlier-seen checkpoint of the scope states. */
	rulings: number;
	/** Lines of reviewed.md this device did not write. */
	verdicts: number;
}

/** The items of ScopeNews, so a view can mark them. */
export interface NewItems extends ScopeNews {
	/** Paths of the new checkpoints. */
	paths: string[];
	/** The new conversations' ids. */
	conversationIds: string[];
	/** The new notes as noteKey gives them. */
	noteKeys: string[];
	/** The new ruling keys (reviewKey). */
	rulingKeys: string[];
}

/** What a person is told about: checkpoints, notes and verdicts (conversations and rulings come with checkpoints). */
export function newsTotal(n: ScopeNews): number {
	return n.checkpoints + n.notes + n.verdicts;
}

/** A working note as the news names it: its time and text. */
export function noteKey(ts: number, text: string): string {
	return `${ts}\u0000${text}`;
}

// `first_seen > 0` (never news: taken as seen) lets the query use the index of rows seen later (schema.ts, step 11).
const NEW_CHECKPOINTS = `FROM checkpoints k WHERE k.scope = ? AND k.first_seen > ? AND k.first_seen > 0 AND k.copy_of IS NULL AND k.empty = 0`;

// Each "not seen before" test is one NOT IN over the scope's earlier rows, which SQLite builds
// once (and only when something is new), not a search of them per new row.
const NEW_CONVERSATIONS = `SELECT DISTINCT k.conversation ${NEW_CHECKPOINTS}
	AND k.conversation NOT IN (SELECT o.conversation FROM checkpoints o WHERE o.scope = ? AND o.first_seen <= ?)
	ORDER BY k.conversation`;

/**
 * Ruling keys stated by a checkpoint first seen after `since` and by none seen at or before
 * it, in byte order. Rulings are read from the records (docs/decisions.md, "The index file's
 * size"): one pass over the scope's bullets, asked only when the scope has a new checkpoint.
 */
function newRulingKeys(c: Conn, scope: string, since: number): string[] {
	const before = new Set<string>();
	const after = new Set<string>();
	const failed = recordListRows('k.record', 'failed', 'j');
	const rows = c.values(`SELECT k.first_seen, j.value FROM checkpoints k, ${failed.from}
		WHERE k.scope = ? AND k.copy_of IS NULL AND k.empty = 0 AND ${failed.where}`, [scope]);
	for (const [seen, text] of rows) {
		// docs/decisions.md §3: a placeholder says nothing was ruled out (no key).
		const bullet = str(text);
		if (!isPlaceholder(bullet)) (num(seen) > since ? after : before).add(foldKey(bullet));
	}
	return [...after].filter((k) => !before.has(k)).sort(compareBytes);
}

// `first_seen > 0` lets the query use the index of notes seen later (schema.ts, step 12).
const NEW_NOTES = `FROM session_notes n JOIN sessions s ON s.id = n.session
	WHERE s.project = ? AND n.own = 0 AND n.present = 1 AND n.first_seen > ? AND n.first_seen > 0`;

const NEW_VERDICTS = `FROM verdict_lines WHERE scope = ? AND first_seen > ? AND line NOT IN (SELECT value FROM json_each(?))`;

/** The counts alone: what the status bar and the list of scopes need. */
export function newsOfScope(c: Conn, scope: string, since: number, ownLines: readonly string[]): ScopeNews {
	const count = (sql: string, params: (string | number)[]): number => num(c.values(sql, params)[0]?.[0]);
	const checkpoints = count(`SELECT count(*) ${NEW_CHECKPOINTS}`, [scope, since]);
	// No new checkpoint, no new conversation or ruling: the usual case asks nothing more.
	return {
		scope,
		checkpoints,
		conversations: checkpoints === 0 ? 0 : count(`SELECT count(*) FROM (${NEW_CONVERSATIONS})`, [scope, since, scope, since]),
		notes: count(`SELECT count(*) ${NEW_NOTES}`, [scope, since]),
		rulings: checkpoints === 0 ? 0 : newRulingKeys(c, scope, since).length,
		verdicts: count(`SELECT count(*) ${NEW_VERDICTS}`, [scope, since, JSON.stringify(ownLines)]),
	};
}

/** Paths of the checkpoints first seen after `since`, in history's order: what the timeline rings. */
export function newPathsOfScope(c: Conn, scope: string, since: number): string[] {
	return c.values(`SELECT k.path ${NEW_CHECKPOINTS} ORDER BY k.name, k.path`, [scope, since]).map((r) => str(r[0]));
}

/** The new items themselves, for the pane to mark. */
export function newItemsOfScope(c: Conn, scope: string, since: number, ownLines: readonly string[]): NewItems {
	const paths = newPathsOfScope(c, scope, since);
	const conversationIds = c.values(NEW_CONVERSATIONS, [scope, since, scope, since]).map((r) => str(r[0]));
	const noteKeys = c.values(`SELECT n.ts, n.text ${NEW_NOTES} ORDER BY n.ts, n.id`, [scope, since]).map((r) => noteKey(num(r[0]), str(r[1])));
	const rulings = paths.length === 0 ? [] : newRulingKeys(c, scope, since);
	const verdicts = num(c.values(`SELECT count(*) ${NEW_VERDICTS}`, [scope, since, JSON.stringify(ownLines)])[0]?.[0]);
	return {
		scope, checkpoints: paths.length, conversations: conversationIds.length, notes: noteKeys.length, rulings: rulings.length, verdicts,
		paths, conversationIds, noteKeys, rulingKeys: rulings,
	};
}

/** Records the verdict lines a reviewed.md holds; a line already known keeps its first sight. Returns how many were new. */
export function seeVerdictLines(c: Conn, scope: string, lines: readonly string[], seen: number): number {
	if (lines.length === 0) return 0;
	return c.run('INSERT OR IGNORE INTO verdict_lines (scope, line, first_seen) SELECT ?, value, ? FROM json_each(?)', [scope, seen, JSON.stringify(lines)]);
}

/** Which first reads are still to be taken as seen (see news_baseline in schema.ts). */
export function baselinePending(c: Conn): Set<string> {
	return new Set(c.values('SELECT what FROM news_baseline').map((r) => str(r[0])));
}

export function setBaseline(c: Conn, what: 'rows' | 'verdicts', pending: boolean): void {
	if (pending) c.run('INSERT OR IGNORE INTO news_baseline (what) VALUES (?)', [what]);
	else c.run('DELETE FROM news_baseline WHERE what = ?', [what]);
}
