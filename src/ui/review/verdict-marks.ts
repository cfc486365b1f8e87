/**
 * What a ruling's verdict looks like beside it, per copy (docs/decisions.md §2, §9):
 * retired (struck, with the date), reconfirmed (with the commit), or live again when a
 * checkpoint restated it after a retirement. One answer for the decorations in reading
 * view and live preview and for the review queue. Marks sit beside both kinds of ruling
 * (docs/decisions.md §3): `Didn't work` bullets of checkpoints and dead-end notes of `uncommitted.md`.
 */
import { format } from 'date-fns';
import { parseBullets } from '../../core';
import { NOTES_FILE } from '../../core';
import { noteTail } from '../../core';
import { sectionLines } from '../../core';
import { isDeadEnd, parseUncommitted } from '../../core';
import { rulingsOf } from '../../core';
import type { RulingRow } from '../../core';
import { lastVerdictByKey, reviewKey } from '../../core';
import type { Verdict } from '../../core';
import type { VaultModel } from '../../core';
import { VERDICT_WORD, verdictPhrase } from '../../core';
import { FAILED_HEADING } from './review-cursor';

export type MarkKind = 'retired' | 'reconfirmed' | 'restated';

export interface VerdictMark {
	kind: MarkKind;
	text: string;
}

/** The person's local date of a verdict (docs/decisions.md §7). */
export function verdictDay(ts: number | null): string {
	return ts !== null && ts > 0 ? format(ts * 1000, 'yyyy-MM-dd') : '';
}

/** A copy's verdict in the one vocabulary (core/verdict-words), with the person's local day. */
export function rowVerdict(row: Pick<RulingRow, 'verdict' | 'commit' | 'at'>): string {
	return verdictPhrase({ verdict: row.verdict, commit: row.commit, day: row.verdict === 'none' ? '' : verdictDay(row.at) });
}

/** The mark of one copy; null for a live ruling nobody gave a verdict on. `lastByKey` is lastVerdictByKey of the scope's verdicts. */
export function markOf(row: RulingRow, lastByKey: ReadonlyMap<string, Verdict>): VerdictMark | null {
	if (row.verdict !== 'none') return { kind: row.verdict, text: rowVerdict(row) };
	// A verdict older than this copy does not cover it: say so, so "live" is not read as an oversight.
	const last = lastByKey.get(row.key);
	if (last?.kind === 'retired' && last.ts !== null) return { kind: 'restated', text: `${VERDICT_WORD.none} — restated after it was retired ${verdictDay(last.ts)}` };
	return null;
}

/** Whether `path` is a scope's working notes, whose marks are found by note rather than by bullet. */
export function isNotesPath(path: string): boolean {
	return path === NOTES_FILE || path.endsWith(`/${NOTES_FILE}`);
}

/**
 * The key of a dead-end note's mark: its reviewKey and its time. One file may hold the same
 * ruling as two notes, one written before a retirement and one after; each row (and so each
 * mark) is its own copy (docs/decisions.md §2), as the pane shows them.
 */
export function noteMarkKey(key: string, ts: number): string {
	return `${key}\u0000${ts}`;
}

/**
 * Marks by path, then by key: every ruling copy of every scope. A checkpoint's marks are
 * keyed by reviewKey; the dead-end notes of `uncommitted.md` (rows with session null) by
 * `noteMarkKey`.
 */
export function marksByPath(model: VaultModel): Map<string, Map<string, VerdictMark>> {
	const out = new Map<string, Map<string, VerdictMark>>();
	for (const scope of model.scopes) for (const [path, marks] of marksOfScope(model, scope)) out.set(path, marks);
	return out;
}

/** marksByPath for one scope's files: a file's marks come from its scope's rulings alone. */
export function marksOfScope(model: VaultModel, scope: string): Map<string, Map<string, VerdictMark>> {
	const out = new Map<string, Map<string, VerdictMark>>();
	// Looked up by key, once per scope: a scan of reviewed.md per ruling grew with rulings × verdicts.
	const lastByKey = lastVerdictByKey(model.verdicts.get(scope) ?? []);
	for (const row of rulingsOf(model, scope)) {
		if (row.path === '') continue;
		const mark = markOf(row, lastByKey);
		if (!mark) continue;
		let forPath = out.get(row.path);
		if (!forPath) out.set(row.path, (forPath = new Map<string, VerdictMark>()));
		forPath.set(row.session === null ? noteMarkKey(row.key, row.copyTs) : row.key, mark);
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
	/** Offset, within the line, where the ruling's text ends: the line's end, or a note's trailing comment. */
	textEnd: number;
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
		out.push({ line, textStart: marker ? marker[0].length : 0, textEnd: raw.length, mark });
	}
	return out;
}

/**
 * The dead-end notes of an `uncommitted.md` text (as it is now) that carry a mark. Each line
 * is read as the cursor commands read it (review-cursor.ts): the core's note parser on the
 * one line, then `isDeadEnd`, so a mark is shown exactly where "Retire ruling under cursor"
 * would act, and on the same text.
 *
 * The ruling's text ends before the trailing `<!-- ts=… agent=… -->`: the badge goes there,
 * right after the words it is about, and only they are struck. Reading view does not show
 * the comment at all, so the badge sits in the same place in both views; at the line's end
 * in live preview it would follow a comment that says nothing about the verdict.
 */
export function markedNoteLines(text: string, marks: ReadonlyMap<string, VerdictMark>): MarkedLine[] {
	if (marks.size === 0) return [];
	const lines = text.split('\n');
	const out: MarkedLine[] = [];
	for (let line = 0; line < lines.length; line++) {
		const raw = lines[line];
		const note = parseUncommitted(raw, '')[0];
		if (!note || !isDeadEnd(note.text)) continue;
		const mark = marks.get(noteMarkKey(reviewKey(note.text), note.ts));
		if (!mark) continue;
		const marker = /^\s*-\s*/.exec(raw);
		const textStart = marker ? marker[0].length : 0;
		let textEnd = noteTail(raw)?.at ?? raw.length;
		while (textEnd > textStart && /\s/.test(raw[textEnd - 1])) textEnd--;
		out.push({ line, textStart, textEnd, mark });
	}
	return out;
}

/** The marked lines of `path`'s text: dead-end notes in `uncommitted.md`, `Didn't work` bullets elsewhere. */
export function marksInText(path: string, text: string, marks: ReadonlyMap<string, VerdictMark>): MarkedLine[] {
	return isNotesPath(path) ? markedNoteLines(text, marks) : markedLines(text, marks);
}
