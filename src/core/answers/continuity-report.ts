/**
 * Per-scope continuity figures (the CLI's `continuity`): how recently each scope was
 * checkpointed, what is waiting uncommitted, which sessions went silent.
 */
import { abandonedSessions, isQuiet } from './continuity';
import { history } from '../model/history';
import type { VaultModel } from '../model/vault-model';

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

export function continuityOf(model: VaultModel, now: number): ContinuityRow[] {
	return model.scopes.map((scope) => {
		const h = history(model.scan, scope);
		const newest = h.entries[0] ?? null;
		const notes = model.notes.get(scope) ?? [];
		const lastTs = newest ? newest.checkpoint.ts : null;
		return {
			scope,
			checkpoints: h.entries.length,
			lastCheckpoint: lastTs,
			latest: newest?.id ?? null,
			lastAgent: newest ? newest.checkpoint.agent || null : null,
			uncommitted: notes.length,
			abandoned: abandonedSessions(notes, now).length,
			quiet: isQuiet(lastTs, now),
		};
	});
}
