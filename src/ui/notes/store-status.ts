/**
 * The status bar's counts from the index: working notes not yet checkpointed in the active
 * file's scope (all scopes outside the sessions folder), sessions gone silent, and the
 * person's notes not yet written to uncommitted.md.
 */
import { isAbandoned } from '../../core';
import type { IndexStore } from '../../store/store';
import { summarizeByAgent, type UncommittedSummary } from './status-bar';

export interface IndexCounts {
	/** Notes not yet checkpointed, per agent, in the scope (in every scope without one). */
	byAgent: Map<string, number>;
	abandoned: number;
	unflushed: number;
}

/** What the counts are worked out from: per scope and agent, the notes shown and the newest one's time. */
export interface CountedPairs {
	pairs: readonly { agent: string; notes: number; lastTs: number }[];
	unflushed: number;
}

/** Counted in SQL, by scope and agent: no note is decoded (a start counts 20,000 notes in a blink). */
export function pairsFrom(store: IndexStore, scope: string | null): CountedPairs {
	return {
		pairs: store.notePairs(scope ?? undefined),
		unflushed: store.pendingOwnNotes().filter((n) => scope === null || n.scope === scope).length,
	};
}

/** The counts at `now`: sessions gone silent are judged at that time. */
export function countsOf(counted: CountedPairs, now: number): IndexCounts {
	const byAgent = new Map<string, number>();
	let abandoned = 0;
	for (const p of counted.pairs) {
		byAgent.set(p.agent, (byAgent.get(p.agent) ?? 0) + p.notes);
		// abandonedSessions's pairs: one per scope and agent, by its newest note.
		if (isAbandoned(p.lastTs, now)) abandoned++;
	}
	return { byAgent, abandoned, unflushed: counted.unflushed };
}

export function countsFrom(store: IndexStore, scope: string | null, now: number): IndexCounts {
	return countsOf(pairsFrom(store, scope), now);
}

/** "N uncommitted notes · K abandoned · U unflushed", the last two only when not zero. */
export function summarizeIndex(counts: IndexCounts, scope: string | null): UncommittedSummary {
	const base = summarizeByAgent(counts.byAgent, scope);
	const extra: string[] = [];
	const tips: string[] = [];
	if (counts.abandoned > 0) {
		extra.push(`${counts.abandoned} abandoned`);
		tips.push(`${counts.abandoned} ${counts.abandoned === 1 ? 'session' : 'sessions'} silent for more than 6 hours`);
	}
	if (counts.unflushed > 0) {
		extra.push(`${counts.unflushed} unflushed`);
		tips.push(`${counts.unflushed} of your notes not yet written to uncommitted.md (retried)`);
	}
	return {
		...base,
		text: [base.text, ...extra].join(' · '),
		tooltip: [base.tooltip, ...tips].join('\n'),
	};
}
