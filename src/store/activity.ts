/**
 * How recently each scope was checkpointed, from the index alone: the figures core's
 * continuity report takes from a full scan (history's count, newest by file name, quiet
 * as isQuiet says), so the CLI and the pane answer without reading the vault.
 */
import { isQuiet } from '../core';
import { type Conn, num, str } from './conn';

export interface ScopeActivity {
	scope: string;
	/** Checkpoints in the scope's history: copies and empty (torn) files left out. */
	checkpoints: number;
	/** Unix seconds of the newest checkpoint (by file name, as history orders), null when none. */
	lastCheckpoint: number | null;
	/** Record id of the newest checkpoint. */
	latest: string | null;
	lastAgent: string | null;
	/** docs/decisions.md §9: no checkpoint, or the newest more than 14 days before `now`. */
	quiet: boolean;
}

interface Newest {
	checkpoints: number;
	ts: number;
	id: string;
	agent: string;
}

// One pass over the history rows, in the scope index's order (no sort): the count per scope
// and its newest row as history orders them (name, then path, both descending). With one
// max() as the only min/max aggregate, SQLite takes the bare columns from the row holding
// the maximum; char(1) sorts below any character of a file name, so a name that is a
// prefix of another still sorts first, as in history. A window function ranking every row
// did the same in four times as long: the pane asks on every refresh.
const NEWEST_PER_SCOPE = `SELECT scope, count(*) AS n, max(name || char(1) || path) AS newest, ts, id, agent
	FROM checkpoints WHERE copy_of IS NULL AND empty = 0 GROUP BY scope`;

function newestPerScope(c: Conn): Map<string, Newest> {
	const out = new Map<string, Newest>();
	for (const [scope, n, , ts, id, agent] of c.values(NEWEST_PER_SCOPE)) {
		out.set(str(scope), { checkpoints: num(n), ts: num(ts), id: str(id), agent: str(agent) });
	}
	return out;
}

/**
 * One row per scope of `scopes`, in that order. A scope the index holds no checkpoint
 * of (notes only, an empty folder, copies or torn files only) has none and is quiet.
 */
export function scopeActivity(c: Conn, scopes: readonly string[], now: number): ScopeActivity[] {
	const newest = newestPerScope(c);
	return scopes.map((scope) => {
		const n = newest.get(scope);
		const last = n ? n.ts : null;
		return {
			scope,
			checkpoints: n?.checkpoints ?? 0,
			lastCheckpoint: last,
			latest: n ? n.id : null,
			lastAgent: n ? n.agent || null : null,
			quiet: isQuiet(last, now),
		};
	});
}
