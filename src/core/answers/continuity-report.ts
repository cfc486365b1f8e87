/**
 * Per-scope continuity figures (the CLI's `continuity`): how recently each scope was
 * checkpointed, what is waiting uncommitted, which sessions went silent.
 */
import { isAbandoned, isQuiet } from './continuity';
import { tallyNotes, type NoteTally } from '../format/notes';
import { history } from '../model/history';
import type { VaultModel } from '../model/vault-model';
import type { CheckpointRecord } from '../types';

export interface ContinuityRow {
	scope: string;
	checkpoints: number;
	/** Unix seconds of the newest checkpoint, null when there is none. */
	lastCheckpoint: number | null;
	/** Session id of the newest checkpoint. */
	latest: string | null;
	lastAgent: string | null;
	uncommitted: number;
	/** Number of (scope, agent) pairs silent past the abandonment window. */
	abandoned: number;
	quiet: boolean;
}

/** What a row is made from: a scope's count of checkpoints, its newest one and the tally of its working notes. */
export interface ScopeFacts {
	scope: string;
	checkpoints: number;
	latest: CheckpointRecord | null;
	notes: NoteTally;
}

/** abandonedSessions(notes, now).length for one scope's notes, from their tally: its agents silent past the window. */
function abandonedAgents(notes: NoteTally, now: number): number {
	let n = 0;
	notes.lastByAgent.forEach((lastTs) => {
		if (isAbandoned(lastTs, now)) n++;
	});
	return n;
}

export function continuityRows(facts: readonly ScopeFacts[], now: number): ContinuityRow[] {
	return facts.map(({ scope, checkpoints, latest, notes }) => {
		const lastTs = latest ? latest.checkpoint.ts : null;
		return {
			scope,
			checkpoints,
			lastCheckpoint: lastTs,
			latest: latest?.id ?? null,
			lastAgent: latest ? latest.checkpoint.agent || null : null,
			uncommitted: notes.count,
			abandoned: abandonedAgents(notes, now),
			quiet: isQuiet(lastTs, now),
		};
	});
}

/** The report from a whole model: every checkpoint read, so the count is its history's. */
export function continuityOf(model: VaultModel, now: number): ContinuityRow[] {
	return continuityRows(model.scopes.map((scope) => {
		const h = history(model.scan, scope);
		return { scope, checkpoints: h.entries.length, latest: h.entries[0] ?? null, notes: tallyNotes(model.notes.get(scope) ?? []) };
	}), now);
}
