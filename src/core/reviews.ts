/**
 * `reviewed.md`: verdicts a person gave on rulings, in the line format the plugin
 * adopted (plugin-decisions §2). Append-only; the last line about a ruling wins.
 */
import { appendWithHeader, collapseSpace, foldKey, trimSpace } from './strings';
import type { Verdict, VerdictKind } from './types';

/**
 * Lenient reading: `-`/`*`/`+` bullet, any spacing and case, retire(d) /
 * reconfirm(ed) / re-confirm(ed), optional `at <commit>`, a colon, the ruling, an
 * optional trailing `<!-- ts=N -->`. The ruling is a lazy capture so the last
 * comment on the line is the verdict's time.
 */
const VERDICT_LINE =
	/^[-*+]\s*(retired?|re-?confirm(?:ed)?)\s*(?:at\s+([0-9a-f]{4,40})\s*)?:\s*([^\n]*?)\s*(?:<!--\s*ts\s*=\s*([0-9]+)\s*-->)?$/i;

const COMMIT = /^[0-9a-f]{4,40}$/i;

/** The text written above the verdicts when the plugin creates the file, blank line included. */
export function reviewedHeader(scope: string): string {
	return (
		`# reviewed — ${scope}\n\n` +
		"Verdicts on rulings recorded in this scope's checkpoints.\n" +
		'Append-only: the last line about a ruling wins.\n\n'
	);
}

/** What matches a verdict to a ruling: lower-case, whitespace runs folded, trimmed. */
export function reviewKey(s: string): string {
	return foldKey(s);
}

/** Every verdict line, in file order. Lines that match nothing are ignored. Never throws. */
export function parseReviewed(text: string): Verdict[] {
	const out: Verdict[] = [];
	if (typeof text !== 'string') return out;
	const lines = text.split('\n');
	for (let i = 0; i < lines.length; i++) {
		const m = VERDICT_LINE.exec(trimSpace(lines[i]));
		if (!m) continue;
		const ruling = collapseSpace(m[3]);
		if (ruling === '') continue;
		let ts: number | null = null;
		if (m[4] !== undefined) {
			ts = Number(m[4]);
			// An unreadable time must not widen the verdict to every copy.
			if (!Number.isSafeInteger(ts)) continue;
		}
		const kind: VerdictKind = m[1].toLowerCase().startsWith('retire') ? 'retired' : 'reconfirmed';
		// Only a reconfirmation moves the drift base; a commit on a retirement means nothing.
		const commit = kind === 'reconfirmed' && m[2] !== undefined ? m[2].toLowerCase() : '';
		out.push({ kind, text: ruling, commit, ts, line: i });
	}
	return out;
}

/**
 * One verdict line, no trailing LF. Throws when the line could not be read back
 * (blank ruling, malformed commit or time), because appending it would lose it.
 */
export function renderVerdict(v: Verdict): string {
	const text = collapseSpace(v.text);
	if (text === '') throw new RangeError('a verdict needs the ruling text');
	if (v.commit !== '' && !COMMIT.test(v.commit)) throw new RangeError(`not a commit: ${v.commit}`);
	if (v.ts !== null && (!Number.isSafeInteger(v.ts) || v.ts < 0)) throw new RangeError(`not a verdict time: ${v.ts}`);
	const head = v.kind === 'retired' ? 'retired' : v.commit === '' ? 'reconfirmed' : `reconfirmed at ${v.commit}`;
	const time = v.ts === null ? '' : ` <!-- ts=${v.ts} -->`;
	return `- ${head}: ${text}${time}`;
}

/** The last verdict line about `ruling` (text or key), or null when there is none. */
export function lastVerdict(verdicts: readonly Verdict[], ruling: string): Verdict | null {
	const key = reviewKey(ruling);
	for (let i = verdicts.length - 1; i >= 0; i--) {
		if (reviewKey(verdicts[i].text) === key) return verdicts[i];
	}
	return null;
}

/**
 * plugin-decisions §2: the verdict covering one copy of a ruling recorded at
 * `copyTs`. The last line about it applies when it has no time or was given at or
 * after the copy; a copy newer than that line is a new, live finding (null).
 */
export function effectiveVerdict(verdicts: readonly Verdict[], ruling: string, copyTs: number): Verdict | null {
	const last = lastVerdict(verdicts, ruling);
	if (last === null) return null;
	return last.ts === null || last.ts >= copyTs ? last : null;
}

/**
 * plugin-decisions §2 undo: the line to append so the ruling reads as it did before
 * `undone`. The effective verdict of every copy depends only on the last line about
 * the ruling, so restating the line before `undone` (its time included) restores
 * every copy at once. With no earlier line the ruling gets `reconfirmed` without a
 * commit at `now`, which reads as live.
 *
 * `verdicts` are the file's parsed lines; `undone` is one of them (compared by
 * line), or a verdict not yet in the file (line < 0), in which case all of
 * `verdicts` came before it.
 */
export function undoVerdict(verdicts: readonly Verdict[], undone: Verdict, now: number): string {
	const key = reviewKey(undone.text);
	let before: Verdict | null = null;
	for (const v of verdicts) {
		if (undone.line >= 0 && v.line >= undone.line) continue;
		if (reviewKey(v.text) === key) before = v;
	}
	if (before !== null) return renderVerdict(before);
	return renderVerdict({ kind: 'reconfirmed', text: undone.text, commit: '', ts: now, line: -1 });
}

/** The new full text of `reviewed.md` after appending one verdict line. */
export function appendLine(existing: string | null, line: string, scope: string): string {
	return appendWithHeader(existing, line, reviewedHeader(scope));
}
