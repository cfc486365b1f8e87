/**
 * How recently each scope was checkpointed, from the index alone: the figures core's
 * continuity report takes from a full scan (history's count, newest by file name, quiet
 * as isQuiet says), so the CLI and the pane answer without reading the vault.
 */
import { compareBytes, isQuiet } from '../core';
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

/** A scope's newest live checkpoint, as history orders them. */
export interface Newest {
	name: string;
	ts: number;
	id: string;
	agent: string;
}

/** Each scope's newest checkpoint, null when it has none; the store keeps the answers until it changes. */
export type NewestOf = (scope: string) => Newest | null;

const LIVE = 'copy_of IS NULL AND empty = 0';
// The newest live row as history orders them (name, then path, both descending), in one query:
// the `(scope, name)` index is walked back from its end to the first live row, and only the rows
// of that name are sorted by path. Per scope, so a refresh costs the scopes asked, not the rows.
const NEWEST = `SELECT name, ts, id, agent FROM checkpoints WHERE scope = ? AND ${LIVE} ORDER BY name DESC, path DESC LIMIT 1`;
// Counts from indexes alone: every row, less copies and torn files (a partial index, schema.ts step 8).
const ROWS_PER_SCOPE = 'SELECT scope, count(*) FROM checkpoints GROUP BY scope';
const DEAD_PER_SCOPE = `SELECT scope, count(*) FROM checkpoints WHERE NOT (${LIVE}) GROUP BY scope`;

export function newestOf(c: Conn, scope: string): Newest | null {
	const row = c.values(NEWEST, [scope])[0];
	return row ? { name: str(row[0]), ts: num(row[1]), id: str(row[2]), agent: str(row[3]) } : null;
}

/**
 * The scope of the newest live checkpoint by file name, the one with the first path among
 * equal names (what mostRecentScope finds in a whole model); null when none. From each
 * scope's newest name: work per scope, not per row.
 */
export function newestScope(c: Conn, scopes: readonly string[], newestOfScope: NewestOf): string | null {
	let newest: string | null = null;
	let tied: string[] = [];
	for (const scope of scopes) {
		const name = newestOfScope(scope)?.name;
		if (name === undefined) continue;
		const order = newest === null ? 1 : compareBytes(name, newest);
		if (order > 0) {
			newest = name;
			tied = [scope];
		} else if (order === 0) tied.push(scope);
	}
	if (tied.length < 2) return tied[0] ?? null;
	// The same newest name in several scopes (rare): the first path among them, as history orders.
	let best: { path: string; scope: string } | null = null;
	for (const scope of tied) {
		const path = str(c.values(`SELECT min(path) FROM checkpoints WHERE scope = ? AND name = ? AND ${LIVE}`, [scope, newest])[0]?.[0]);
		if (!best || compareBytes(path, best.path) < 0) best = { path, scope };
	}
	return best?.scope ?? null;
}

function liveCounts(c: Conn): Map<string, number> {
	const out = new Map<string, number>();
	for (const [scope, n] of c.values(ROWS_PER_SCOPE)) out.set(str(scope), num(n));
	for (const [scope, n] of c.values(DEAD_PER_SCOPE)) out.set(str(scope), (out.get(str(scope)) ?? 0) - num(n));
	return out;
}

/** When a scope was last checkpointed and whether it is quiet: what the pane's scope menu marks. */
export type ScopeRecency = Pick<ScopeActivity, 'scope' | 'lastCheckpoint' | 'quiet'>;

/**
 * scopeActivity without the counts: each scope's newest checkpoint only, a seek per scope, so
 * a pane's draw never counts every row of the index.
 */
export function scopeRecency(scopes: readonly string[], now: number, newestOfScope: NewestOf): ScopeRecency[] {
	return scopes.map((scope) => {
		const last = newestOfScope(scope)?.ts ?? null;
		return { scope, lastCheckpoint: last, quiet: isQuiet(last, now) };
	});
}

/**
 * One row per scope of `scopes`, in that order. A scope the index holds no checkpoint
 * of (notes only, an empty folder, copies or torn files only) has none and is quiet.
 */
export function scopeActivity(c: Conn, scopes: readonly string[], now: number, newestOfScope: NewestOf): ScopeActivity[] {
	const counts = liveCounts(c);
	return scopes.map((scope) => {
		const n = newestOfScope(scope);
		const last = n ? n.ts : null;
		return {
			scope,
			checkpoints: counts.get(scope) ?? 0,
			lastCheckpoint: last,
			latest: n ? n.id : null,
			lastAgent: n ? n.agent || null : null,
			quiet: isQuiet(last, now),
		};
	});
}
