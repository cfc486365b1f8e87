/**
 * The status bar's counts from the index: working notes not yet checkpointed in the active
 * file's scope (all scopes outside the sessions folder), sessions gone silent, and the
 * person's notes not yet written to uncommitted.md.
 */
import { abandonedSessions } from '../../core/answers/continuity';
import type { WorkingNote } from '../../core/types';
import type { IndexStore } from '../../store/store';
import { summarizeUncommitted, type UncommittedSummary } from './status-bar';

export interface IndexCounts {
	notes: Map<string, WorkingNote[]>;
	abandoned: number;
	unflushed: number;
}

export function countsFrom(store: IndexStore, scope: string | null, now: number): IndexCounts {
	const notes = new Map<string, WorkingNote[]>();
	for (const s of scope === null ? store.scopes() : [scope]) {
		notes.set(s, store.notesOfScope(s).map((n) => ({ scope: n.scope, text: n.text, ts: n.ts, agent: n.agent, line: -1 })));
	}
	const abandoned = abandonedSessions([...notes.values()].flat(), now).length;
	const unflushed = store.pendingOwnNotes().filter((n) => scope === null || n.scope === scope).length;
	return { notes, abandoned, unflushed };
}

/** "N uncommitted notes · K abandoned · U unflushed", the last two only when not zero. */
export function summarizeIndex(counts: IndexCounts, scope: string | null): UncommittedSummary {
	const base = summarizeUncommitted(counts.notes, scope);
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
