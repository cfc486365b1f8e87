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
	// The sort fixes the order.
	return notePairs(notes)
		.filter((p) => isAbandoned(p.lastTs, now))
		.sort((a, b) => a.lastTs - b.lastTs || compare(a.scope, b.scope) || compare(a.agent, b.agent));
}

/** Each (scope, agent) pair of the notes, with its count and newest note, in the order first met. */
export function notePairs(notes: readonly WorkingNote[]): AbandonedSession[] {
	// Pairs by scope, then by agent: no joined key made for each of thousands of notes
	// (`continuity` asks this of every note of the vault).
	const byScope = new Map<string, Map<string, AbandonedSession>>();
	const pairs: AbandonedSession[] = [];
	for (let i = 0; i < notes.length; i++) {
		const n = notes[i];
		let agents = byScope.get(n.scope);
		if (!agents) byScope.set(n.scope, (agents = new Map<string, AbandonedSession>()));
		const pair = agents.get(n.agent);
		if (pair) {
			pair.notes++;
			pair.lastTs = Math.max(pair.lastTs, n.ts);
		} else {
			const made = { scope: n.scope, agent: n.agent, lastTs: n.ts, notes: 1 };
			agents.set(n.agent, made);
			pairs.push(made);
		}
	}
	return pairs;
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
