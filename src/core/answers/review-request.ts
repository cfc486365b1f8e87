/**
 * What a person asks when they review a ruling, checked before anything is written
 * (docs/decisions.md §2, §3): the commit they typed, the ruling they named, the undo of a
 * verdict they just gave, and the queue of a scope's rulings. The CLI and the plugin
 * both go through here, so they accept and refuse the same things.
 */
import { WriteRefused } from '../format/path-guard';
import { findRuling, rulingsOf } from './resume';
import type { RulingRow } from './resume-types';
import { lastVerdict, reviewKey, verdictBefore } from '../format/reviews';
import { collapseSpace } from '../strings';
import type { Verdict, VerdictKind } from '../types';
import type { VaultModel } from '../model/vault-model';

/** A verdict about to be appended: no line in the file yet. */
export type NewVerdict = Omit<Verdict, 'line'>;

export const COMMIT_RULE = '4 to 40 hexadecimal characters (0-9, a-f), or nothing when no commit is known';

/** The commit a person typed, lower-cased ('' for none), or null when it is not one. */
export function readCommit(raw: string): string | null {
	const t = raw.trim();
	if (t === '') return '';
	return /^[0-9a-f]{4,40}$/i.test(t) ? t.toLowerCase() : null;
}

export interface VerdictRequest {
	kind: VerdictKind;
	/** The ruling as the person named it; matched by reviewKey. */
	text: string;
	commit: string;
	ts: number;
}

/**
 * The verdict to append for a request, with the ruling it is about. The ruling text is
 * taken from the checkpoint or note that holds it, so the line reads back the same.
 * Throws WriteRefused for an unknown scope, a bad commit, or a text nothing records.
 */
export function verdictFor(model: VaultModel, scope: string, req: VerdictRequest): { verdict: NewVerdict; ruling: RulingRow } {
	if (!model.scopes.includes(scope)) throw new WriteRefused(`no scope "${scope}" in this vault`);
	const commit = readCommit(req.commit);
	if (commit === null) throw new WriteRefused(`"${req.commit.trim()}" is not a commit: use ${COMMIT_RULE}`);
	// A retirement carries no commit (docs/decisions.md §2): only a reconfirmation moves the drift base.
	if (req.kind === 'retired' && commit !== '') throw new WriteRefused('a retirement takes no commit');
	const ruling = findRuling(model, scope, req.text);
	if (!ruling) throw new WriteRefused(`no checkpoint or working note of ${scope} records the ruling "${collapseSpace(req.text)}"`);
	return { verdict: { kind: req.kind, text: ruling.text, commit, ts: req.ts }, ruling };
}

function sameVerdict(a: NewVerdict, b: NewVerdict): boolean {
	return a.kind === b.kind && a.commit === b.commit && a.ts === b.ts && !a.undo === !b.undo && reviewKey(a.text) === reviewKey(b.text);
}

/**
 * The line that undoes `given` (docs/decisions.md §2), from the file's verdicts as they are now.
 * Refused when `given` is no longer the last line about its ruling: someone gave a later
 * verdict, and restating the earlier one would silently overrule theirs.
 */
export function undoFor(verdicts: readonly Verdict[], given: NewVerdict, now: number): NewVerdict {
	const last = lastVerdict(verdicts, given.text);
	if (last === null || !sameVerdict(last, given)) {
		const why = last === null ? 'the verdict is no longer in reviewed.md' : 'reviewed.md holds a later verdict on this ruling';
		throw new WriteRefused(`${why}; nothing was undone`);
	}
	return verdictBefore(verdicts, last, now);
}

/** One ruling of the review queue: its newest copy, and what a person decides from. */
export interface QueueEntry {
	row: RulingRow;
	/** How many copies (checkpoints and notes) record it. */
	copies: number;
	/** The commit recorded with the newest copy's checkpoint; '' for a working note or none. */
	recordedCommit: string;
}

/** A scope's rulings for review: one per reviewKey, its newest copy, newest first. */
export function reviewQueue(model: VaultModel, scope: string): QueueEntry[] {
	const commits = new Map<string, string>();
	for (const r of model.scan.records) if (r.copyOf === null) commits.set(r.path, r.checkpoint.git.commit);
	const byKey = new Map<string, QueueEntry>();
	for (const row of rulingsOf(model, scope)) {
		const seen = byKey.get(row.key);
		if (seen) {
			seen.copies++;
			if (row.copyTs > seen.row.copyTs) Object.assign(seen, { row, recordedCommit: recorded(row, commits) });
			continue;
		}
		byKey.set(row.key, { row, copies: 1, recordedCommit: recorded(row, commits) });
	}
	return [...byKey.values()].sort((a, b) => b.row.copyTs - a.row.copyTs);
}

function recorded(row: RulingRow, commits: ReadonlyMap<string, string>): string {
	return row.session === null ? '' : commits.get(row.path) ?? '';
}

/** The commit a reconfirmation of this copy starts from: its own checkpoint's commit. */
export function ownCommit(model: VaultModel, path: string): string {
	return model.scan.records.find((r) => r.path === path && r.copyOf === null)?.checkpoint.git.commit ?? '';
}
