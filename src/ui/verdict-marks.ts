/**
 * What a ruling's verdict looks like beside it, per copy (plugin-decisions §2, §9):
 * retired (struck, with the date), reconfirmed (with the commit), or live again when a
 * checkpoint restated it after a retirement. One answer for the decorations in reading
 * view and live preview and for the review queue.
 */
import { format } from 'date-fns';
import { parseBullets } from '../core/checkpoint-body';
import { sectionLines } from '../core/lines';
import { rulingsOf } from '../core/resume';
import type { RulingRow } from '../core/resume-types';
import { lastVerdict, reviewKey } from '../core/reviews';
import type { Verdict } from '../core/types';
import type { VaultModel } from '../core/vault-model';
import { FAILED_HEADING } from './review-cursor';

export type MarkKind = 'retired' | 'reconfirmed' | 'restated';

export interface VerdictMark {
	kind: MarkKind;
	text: string;
}

/** The person's local date of a verdict (decisions §7). */
export function verdictDay(ts: number | null): string {
	return ts !== null && ts > 0 ? format(ts * 1000, 'yyyy-MM-dd') : '';
}

/** The mark of one copy; null for a live ruling nobody gave a verdict on. */
export function markOf(row: RulingRow, verdicts: readonly Verdict[]): VerdictMark | null {
	if (row.verdict === 'retired') {
		const day = verdictDay(row.at);
		return { kind: 'retired', text: day ? `retired ${day}` : 'retired' };
	}
	if (row.verdict === 'reconfirmed') return { kind: 'reconfirmed', text: row.commit ? `reconfirmed at ${row.commit}` : 'reconfirmed' };
	// A verdict older than this copy does not cover it: say so, so "live" is not read as an oversight.
	const last = lastVerdict(verdicts, row.key);
	if (last?.kind === 'retired' && last.ts !== null) return { kind: 'restated', text: `live — restated after it was retired ${verdictDay(last.ts)}` };
	return null;
}

/** Marks by checkpoint path, then by reviewKey: every ruling copy of every scope. */
export function marksByPath(model: VaultModel): Map<string, Map<string, VerdictMark>> {
	const out = new Map<string, Map<string, VerdictMark>>();
	for (const scope of model.scopes) {
		const verdicts = model.verdicts.get(scope) ?? [];
		for (const row of rulingsOf(model, scope)) {
			if (row.session === null) continue;
			const mark = markOf(row, verdicts);
			if (!mark) continue;
			let forPath = out.get(row.path);
			if (!forPath) out.set(row.path, (forPath = new Map<string, VerdictMark>()));
			forPath.set(row.key, mark);
		}
	}
	return out;
}

/** A stable fingerprint of one file's marks, to tell whether its views need redrawing. */
export function marksSignature(marks: ReadonlyMap<string, VerdictMark> | undefined): string {
	if (!marks) return '';
	return [...marks].map(([key, m]) => `${key}\u0000${m.kind}\u0000${m.text}`).sort().join('\u0001');
}

export interface MarkedLine {
	/** 0-based line of the bullet in the text. */
	line: number;
	/** Offset, within the line, where the ruling's text starts (after the bullet marker). */
	textStart: number;
	mark: VerdictMark;
}

/** The `Didn't work` bullets of a checkpoint's text (as it is now) that carry a mark. */
export function markedLines(text: string, marks: ReadonlyMap<string, VerdictMark>): MarkedLine[] {
	const section = sectionLines(text, FAILED_HEADING);
	if (!section || marks.size === 0) return [];
	const lines = text.split('\n');
	const out: MarkedLine[] = [];
	for (const line of section.items) {
		const raw = lines[line] ?? '';
		const ruling = parseBullets(raw)[0];
		const mark = ruling === undefined ? undefined : marks.get(reviewKey(ruling));
		if (!mark) continue;
		const marker = /^\s*[-*+]\s+/.exec(raw);
		out.push({ line, textStart: marker ? marker[0].length : 0, mark });
	}
	return out;
}
