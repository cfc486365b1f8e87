/**
 * A scope's history as logos reads it (docs/format.md §1.3): newest first by file name only,
 * torn and unreadable files skipped so they never hide older work, copies counted once.
 */
import { compareBytes, recordsOf, type VaultScan } from './scan';
import { sortedByKey } from '../format/names';
import type { CheckpointRecord, Problem } from '../types';
import { Memo } from '../memo';

export interface History {
	/** Non-empty canonical checkpoints, newest first. Shared between calls. */
	entries: readonly CheckpointRecord[];
	/** Paths of empty/unreadable files whose names sort after the returned latest. */
	skippedAhead: readonly string[];
	/** Reading problems of this scope's checkpoint files (copies, torn files, mismatches…). */
	problems: Problem[];
}

/** Newest first by name; the path breaks a tie so the order never depends on input order. */
export function newestFirst(a: CheckpointRecord, b: CheckpointRecord): number {
	return compareBytes(b.name, a.name) || compareBytes(b.path, a.path);
}

/**
 * Each scope's records in history order, sorted once per list of records: a scan never
 * changes after it is built, and an index hands later scans the same list for a scope
 * none of whose files changed.
 */
const sortedScopes = new Memo<readonly CheckpointRecord[], CheckpointRecord[]>();

function newestFirstOf(scan: VaultScan, scope: string): readonly CheckpointRecord[] {
	return sortedScopes.get(recordsOf(scan, scope), newestFirstSorted);
}

/** (name, path) as one key, the name ended by NUL, which sorts before any character (a name holding one has no key). */
const historyKey = (r: CheckpointRecord): string | null => (r.name.includes('\u0000') ? null : `${r.name}\u0000${r.path}`);

/** The records in newestFirst's order, sorted by the engine's own string sort (sortedByKey): the keys in the order turned round. */
export function newestFirstSorted(records: readonly CheckpointRecord[]): CheckpointRecord[] {
	return sortedByKey(records, historyKey, newestFirst, true);
}

/**
 * Every checkpoint of exactly this scope (a project's worktrees are separate histories),
 * never capped unless `limit` is given.
 */
/** A whole history per sorted list, so its entries are one array for as long as the list is. */
const whole = new Memo<readonly CheckpointRecord[], { entries: readonly CheckpointRecord[]; skippedAhead: readonly string[]; paths: ReadonlySet<string> }>();

export function history(scan: VaultScan, scope: string, limit?: number): History {
	const h = whole.get(newestFirstOf(scan, scope), (all) => ({ ...walk(all), paths: new Set(all.map((r) => r.path)) }));
	const paths = h.paths;
	return {
		// Files passed over are those ahead of the newest entry, so a limit leaves them as they are.
		entries: limit === undefined ? h.entries : h.entries.slice(0, limit),
		skippedAhead: h.skippedAhead,
		problems: scan.problems.filter((p) => p.path !== null && paths.has(p.path)),
	};
}

function walk(all: readonly CheckpointRecord[]): { entries: CheckpointRecord[]; skippedAhead: string[] } {
	const entries: CheckpointRecord[] = [];
	const skippedAhead: string[] = [];
	for (const r of all) {
		if (r.copyOf !== null) continue;
		if (r.empty) {
			if (entries.length === 0) skippedAhead.push(r.path);
			continue;
		}
		entries.push(r);
	}
	return { entries, skippedAhead };
}

/** History[0]: the newest non-empty checkpoint of the scope, or null. */
export function latest(scan: VaultScan, scope: string): CheckpointRecord | null {
	return history(scan, scope, 1).entries[0] ?? null;
}
