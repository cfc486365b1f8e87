/**
 * Time rules of continuity (docs/format.md §7, docs/decisions.md §7 and §9). Every rule takes `now`
 * in unix seconds, so the same vault answers the same way in a test, the CLI and
 * the pane.
 */
import type { AbandonedSession } from './resume-types';
import type { WorkingNote } from '../types';

/** An open session silent longer than this counts as abandoned. */
export const ABANDON_AFTER = 6 * 60 * 60;
/** Another agent silent longer than this has its notes folded into a checkpoint. */
export const PARALLEL_GRACE = 30 * 60;
/** A scope with no checkpoint newer than this has gone quiet. */
export const QUIET_AFTER = 14 * 24 * 60 * 60;

/**
 * docs/decisions.md §9: each (scope, agent) pair whose newest note is more than 6 h before
 * `now` — silence, not age: a pair that wrote a minute ago is live however old its
 * first note. Longest silent first, then by scope and agent.
 */
export function abandonedSessions(notes: readonly WorkingNote[], now: number): AbandonedSession[] {
	const pairs = new Map<string, AbandonedSession>();
	for (const n of notes) {
		const key = `${n.scope}\u0000${n.agent}`;
		const pair = pairs.get(key);
		if (pair) {
			pair.notes++;
			pair.lastTs = Math.max(pair.lastTs, n.ts);
		} else {
			pairs.set(key, { scope: n.scope, agent: n.agent, lastTs: n.ts, notes: 1 });
		}
	}
	return [...pairs.values()]
		.filter((p) => isAbandoned(p.lastTs, now))
		.sort((a, b) => a.lastTs - b.lastTs || compare(a.scope, b.scope) || compare(a.agent, b.agent));
}

/** docs/decisions.md §9: a (scope, agent) pair whose newest note is more than 6 h before `now`. */
export function isAbandoned(lastTs: number, now: number): boolean {
	return now - lastTs > ABANDON_AFTER;
}

function compare(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** docs/decisions.md §9: no checkpoint at all, or the newest is more than 14 days before `now`. */
export function isQuiet(latestTs: number | null, now: number): boolean {
	return latestTs === null || now - latestTs > QUIET_AFTER;
}

/**
 * docs/format.md §4.6: an agent whose last note is at most 30 min old is still working, so a
 * checkpoint by someone else leaves its notes alone.
 */
export function withinParallelGrace(lastNoteTs: number, now: number): boolean {
	return now - lastNoteTs <= PARALLEL_GRACE;
}
