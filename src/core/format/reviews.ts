/**
 * `reviewed.md`: verdicts a person gave on rulings, in the line format the plugin
 * adopted (docs/decisions.md §2). Append-only; the last line about a ruling wins.
 */
import { verdictTail } from './line-tail';
import { headerName } from './names';
import { appendWithHeader, collapseSpace, foldKey, trimSpace } from '../strings';
import type { Verdict, VerdictKind } from '../types';
import { Memo } from '../memo';

/**
 * Lenient reading: `-`/`*`/`+` bullet, any spacing and case, retire(d) /
 * reconfirm(ed) / re-confirm(ed), optional `at <commit>`, a colon, the ruling, an
 * optional trailing `<!-- ts=N -->`; the last comment on the line is the verdict's time.
 * This regex reads the head up to the ruling. Spacing is Go's unicode.IsSpace, the class collapseSpace trims:
 * JavaScript's `\s` also takes U+FEFF, so a ruling that starts with one would read back
 * without it and no longer match its own verdict. The optional time comment at the end is
 * read from the right (line-tail.ts), in linear time.
 */
const VERDICT_HEAD = verdictHead();

function verdictHead(): RegExp {
	const s = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
	return new RegExp(`^[-*+]${s}*(retired?|re-?confirm(?:ed)?)${s}*(?:at${s}+([0-9a-f]{4,40})${s}*)?:${s}*`, 'i');
}

/** [keyword, commit, ruling, time digits, undo] of a verdict line, or null. */
function verdictLine(line: string): [string, string | undefined, string, string | undefined, boolean] | null {
	const head = VERDICT_HEAD.exec(line);
	if (!head) return null;
	const tail = verdictTail(line);
	const ruling = tail.textEnd > head[0].length ? line.slice(head[0].length, tail.textEnd) : '';
	return [head[1], head[2], ruling, tail.ts ?? undefined, tail.words.some((w) => w.toLowerCase() === 'undo')];
}

const COMMIT = /^[0-9a-f]{4,40}$/i;

/** The text written above the verdicts when the plugin creates the file, blank line included. */
export function reviewedHeader(folder: string): string {
	return (
		`# reviewed — ${headerName(folder)}\n\n` +
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
		const m = verdictLine(trimSpace(lines[i]));
		if (!m) continue;
		const ruling = collapseSpace(m[2]);
		if (ruling === '') continue;
		let ts: number | null = null;
		if (m[3] !== undefined) {
			ts = Number(m[3]);
			// An unreadable time must not widen the verdict to every copy.
			if (!Number.isSafeInteger(ts)) continue;
		}
		const kind: VerdictKind = m[0].toLowerCase().startsWith('retire') ? 'retired' : 'reconfirmed';
		// Only a reconfirmation moves the drift base; a commit on a retirement means nothing.
		const commit = kind === 'reconfirmed' && m[1] !== undefined ? m[1].toLowerCase() : '';
		// Only a line restoring "no verdict" carries `undo`; on a retirement the word means nothing.
		if (m[4] && kind === 'reconfirmed' && commit === '') out.push({ kind, text: ruling, commit, ts, line: i, undo: true });
		else out.push({ kind, text: ruling, commit, ts, line: i });
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
	if (v.undo && (v.kind !== 'reconfirmed' || v.commit !== '' || v.ts === null)) throw new RangeError('only a timed reconfirmation without a commit restores no verdict');
	const time = v.ts === null ? '' : ` <!-- ts=${v.ts}${v.undo ? ' undo' : ''} -->`;
	return `- ${head}: ${text}${time}`;
}

/**
 * The last verdict line per reviewKey (docs/decisions.md §2: the last line about a ruling counts).
 * Worked out once per list of verdicts: a list is read from its file and replaced, never
 * changed, when the file changes; callers look rulings up in it instead of scanning the
 * list once per ruling.
 */
const lastByKeyOf = new Memo<readonly Verdict[], { length: number; byKey: ReadonlyMap<string, Verdict> }>();

export function lastVerdictByKey(verdicts: readonly Verdict[]): ReadonlyMap<string, Verdict> {
	return lastByKeyOf.get(verdicts, () => {
		const byKey = new Map<string, Verdict>();
		for (const v of verdicts) byKey.set(reviewKey(v.text), v);
		return { length: verdicts.length, byKey };
	}, (kept) => kept.length === verdicts.length).byKey;
}

/** The last verdict line about `ruling` (text or key), or null when there is none. */
export function lastVerdict(verdicts: readonly Verdict[], ruling: string): Verdict | null {
	return lastVerdictByKey(verdicts).get(reviewKey(ruling)) ?? null;
}

/**
 * docs/decisions.md §2: the verdict covering one copy of a ruling recorded at
 * `copyTs`. The last line about it applies when it has no time or was given at or
 * after the copy; a copy newer than that line is a new, live finding (null). An undo
 * line that restored "no verdict" covers nothing: the ruling is live again.
 */
export function effectiveVerdict(verdicts: readonly Verdict[], ruling: string, copyTs: number): Verdict | null {
	return covering(lastVerdict(verdicts, ruling), copyTs);
}

/** effectiveVerdict's rule for the last line about a ruling, already found. */
export function covering(last: Verdict | null | undefined, copyTs: number): Verdict | null {
	if (!last || last.undo) return null;
	return last.ts === null || last.ts >= copyTs ? last : null;
}

/**
 * docs/decisions.md §2 undo: the line to append so the ruling reads as it did before
 * `undone`. The effective verdict of every copy depends only on the last line about
 * the ruling, so restating the line before `undone` (its time included) restores
 * every copy at once. With no earlier line the ruling gets `reconfirmed` without a
 * commit at `now`, marked `undo`, which reads as live.
 *
 * `verdicts` are the file's parsed lines; `undone` is one of them (compared by
 * line), or a verdict not yet in the file (line < 0), in which case all of
 * `verdicts` came before it.
 */
export function undoVerdict(verdicts: readonly Verdict[], undone: Verdict, now: number): string {
	return renderVerdict({ ...verdictBefore(verdicts, undone, now), line: -1 });
}

/** undoVerdict's answer as a verdict, for the writer to append. */
export function verdictBefore(verdicts: readonly Verdict[], undone: Verdict, now: number): Omit<Verdict, 'line'> {
	const key = reviewKey(undone.text);
	let before: Verdict | null = null;
	for (const v of verdicts) {
		if (undone.line >= 0 && v.line >= undone.line) continue;
		if (reviewKey(v.text) === key) before = v;
	}
	if (before !== null) return { kind: before.kind, text: before.text, commit: before.commit, ts: before.ts, ...(before.undo ? { undo: true as const } : {}) };
	return { kind: 'reconfirmed', text: undone.text, commit: '', ts: now, undo: true };
}

/** The new full text of `reviewed.md` after appending one verdict line. */
export function appendLine(existing: string | null, line: string, scope: string): string {
	return appendWithHeader(existing, line, reviewedHeader(scope));
}
