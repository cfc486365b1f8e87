/**
 * What a checkpoint's reader should doubt, by logos's own heuristics (docs/format.md §7.1–§7.5),
 * plus decision keys and promotion (docs/format.md §5, docs/decisions.md §9). Receipts never refuse a
 * record; they say the doubt out loud.
 */
import type { PromotedDecision, Receipt } from './resume-types';
import { collapseSpace, foldKey, trimSpace } from '../strings';
import type { Checkpoint } from '../types';
import { Memo } from '../memo';

/** docs/format.md §7: how far back an inherited intent is looked for. */
export const INTENT_DEPTH = 50;
/** docs/format.md §7: how many of the newest checkpoints decision promotion reads. */
export const DECISION_WINDOW = 200;

const PLACEHOLDER_EDGES = '.!-–— ';
const PLACEHOLDER_SUFFIXES = [' this session', ' so far', ' yet', ' today'];
const PLACEHOLDERS = new Set(['', 'none', 'nothing', 'n/a', 'na', 'nil', 'no', 'nothing ruled out', 'no failures', 'no dead ends']);

function trimChars(s: string, chars: string): string {
	let start = 0;
	let end = s.length;
	while (start < end && chars.includes(s[start])) start++;
	while (end > start && chars.includes(s[end - 1])) end--;
	return s.slice(start, end);
}

/** The longest text that can still read as a placeholder: the longest one with every suffix after it. */
const LONGEST_PLACEHOLDER = [...PLACEHOLDERS].reduce((n, p) => Math.max(n, p.length), 0) + PLACEHOLDER_SUFFIXES.join('').length;
// eslint-disable-next-line no-control-regex -- any character outside ASCII
const NOT_ASCII = /[^\u0000-\u007f]/;

/** docs/format.md §7.2: a `Didn't work` bullet that says nothing was ruled out. */
export function isPlaceholder(s: string): boolean {
	const edged = trimChars(trimSpace(s), PLACEHOLDER_EDGES);
	// ASCII keeps its length when lower-cased: a text longer than any placeholder with every
	// suffix is none, and is not lower-cased for nothing (every ruling of a resume asks).
	if (edged.length > LONGEST_PLACEHOLDER && !NOT_ASCII.test(edged)) return false;
	let t = edged.toLowerCase();
	// Each suffix once, in this order, as logos strips them.
	for (const suffix of PLACEHOLDER_SUFFIXES) {
		if (t.endsWith(suffix)) t = t.slice(0, t.length - suffix.length);
	}
	return PLACEHOLDERS.has(t);
}

/**
 * Keys of bullet lists, a table per scope. A list's keys are taken once (a parsed checkpoint
 * never changes; a scope's history built again after a change finds its unchanged records' keys
 * here), but no table holds more than one scope's lists: V8 copies a table whole each time it
 * grows, and one of the vault's every list (100,000 checkpoints) paused whichever question added
 * to it for 26 ms, in a scope of any size (docs/decisions.md, "Per-object caches").
 */
class ScopeTables<V> {
	private readonly tables = new Map<string, Memo<readonly string[], V>>();

	get(scope: string | undefined, list: readonly string[], work: (list: readonly string[]) => V): Readonly<V> {
		if (scope === undefined) return work(list);
		let table = this.tables.get(scope);
		if (!table) this.tables.set(scope, (table = new Memo()));
		return table.get(list, work);
	}
}

const rulingKeyLists = new ScopeTables<(string | null)[]>();
const decisionKeyLists = new ScopeTables<string[]>();

/**
 * Each `Didn't work` bullet's key (reviewKey's rule, docs/decisions.md §2), null for a placeholder,
 * which rules nothing out (docs/decisions.md §3). Kept in the table of `scope` (the list's
 * checkpoint's) when given, for lists asked for again (every resume of the scope reads its whole
 * history's); without it, worked out now (a list read from a stored row is new each time).
 */
export function rulingKeys(failed: readonly string[], scope?: string): readonly (string | null)[] {
	return rulingKeyLists.get(scope, failed, (list) => list.map((t) => (isPlaceholder(t) ? null : foldKey(t))));
}

/** decisionKey of each bullet (see rulingKeys). */
export function decisionKeys(decisions: readonly string[], scope?: string): readonly string[] {
	return decisionKeyLists.get(scope, decisions, (list) => list.map(decisionKey));
}

/** docs/format.md §7.2: the bullets that are not placeholders, and how many were. */
export function dropPlaceholders(list: readonly string[]): { kept: string[]; dropped: number } {
	const kept = list.filter((s) => !isPlaceholder(s));
	return { kept, dropped: list.length - kept.length };
}

const CONDITIONALS = ['if ', 'if,', 'otherwise', 'unless ', 'depending on', 'either way'];

/** docs/format.md §7.3: Next is a conditional, a second sentence, or more than one line. */
export function nextReadsAsMoreThanOneStep(next: string): boolean {
	const text = trimSpace(next);
	if (text === '') return false;
	const lower = text.toLowerCase();
	if (CONDITIONALS.some((w) => lower.startsWith(w) || lower.includes(' ' + w))) return true;
	const trimmed = text.replace(/[.!?]+$/, '');
	for (let i = 1; i < trimmed.length - 1; i++) {
		const ch = trimmed[i];
		if (ch !== '.' && ch !== '?' && ch !== '!' && ch !== ';') continue;
		if (trimmed[i + 1] !== ' ') continue;
		// An ellipsis or `./...` does not end a sentence.
		if (ch === '.' && (trimmed[i - 1] === '.' || trimmed[i - 1] === '/')) continue;
		return true;
	}
	return trimmed.includes('\n');
}

const CLAIMS = new Set(['done', 'complete', 'completed', 'finished', 'fixed', 'passing', 'passes', 'shipped', 'merged', 'resolved']);
const UNDOING = new Set(['not', 'no', 'nothing', 'never', 'half', 'almost', 'nearly', 'partly', 'partially', 'yet']);

function undoes(word: string | undefined): boolean {
	return word !== undefined && (UNDOING.has(word) || word.endsWith("n't"));
}

/** docs/format.md §7.4: State claims the work is done and nothing in Verified shows it. */
export function claimsDoneUnverified(c: Pick<Checkpoint, 'state' | 'verified'>): boolean {
	if (c.verified.length > 0) return false;
	const words = c.state.toLowerCase().match(/[a-z0-9']+/g) ?? [];
	return words.some((w, i) => CLAIMS.has(w) && !undoes(words[i - 1]) && !undoes(words[i - 2]));
}

const REASON_MARKS = [' — ', ' – ', ' - ', ': ', '; ', ' (', '. '];
const REASON_WORDS = new Set([
	'because', 'since', 'so', 'given', 'per', 'why', 'otherwise', 'unless', 'until', 'though', 'matching',
	'stops', 'avoids', 'prevents', 'keeps', 'keeping', 'as', 'means', 'saves', 'lest',
]);
const REASON_PHRASES = [
	'to avoid', 'to keep', 'to stop', 'to prevent', 'to ensure', 'to match', 'to save', 'to let',
	'in order', 'rather than', 'instead of', 'due to',
];

/** docs/format.md §7.5: does this decision carry any sign of why. */
export function decisionHasReason(decision: string): boolean {
	const text = trimSpace(decision).replace(/[.!?]+$/, '');
	if (REASON_MARKS.some((m) => text.includes(m))) return true;
	const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
	if (words.some((w) => REASON_WORDS.has(w))) return true;
	const sequence = ` ${words.join(' ')} `;
	return REASON_PHRASES.some((p) => sequence.includes(` ${p} `));
}

/** docs/format.md §7.5: how many non-blank decisions give no reason. */
export function decisionsWithoutReason(decisions: readonly string[]): number {
	return decisions.filter((d) => trimSpace(d) !== '' && !decisionHasReason(d)).length;
}

/** docs/format.md §5: two decisions are the same when they differ only in case, spacing, a closing full stop or a leading `Decision:`. */
export function decisionKey(s: string): string {
	let t = collapseSpace(s);
	if (t.toLowerCase().startsWith('decision:')) t = trimSpace(t.slice('decision:'.length));
	t = t.toLowerCase();
	if (t.endsWith('.')) t = trimSpace(t.slice(0, -1));
	return t;
}

export interface IntentResult {
	/** The effective intent: own, inherited, or ''. */
	intent: string;
	/** The checkpoint that states it: `c` itself when own, null when there is none. */
	from: Checkpoint | null;
	/** True when the intent came from an earlier checkpoint. */
	inherited: boolean;
}

function intentSearch(c: Checkpoint, earlier: readonly Checkpoint[]): { intent: string; from: Checkpoint | null } {
	if (trimSpace(c.intent) !== '') return { intent: c.intent, from: c };
	const key = foldKey(c.task);
	if (key !== '') {
		const same = earlier.find((e) => foldKey(e.task) === key && trimSpace(e.intent) !== '');
		if (same) return { intent: same.intent, from: same };
	}
	// An auto record's task is the person's first prompt, never the agent's wording;
	// it carries on the work of the agent's checkpoint before it.
	if (c.auto) {
		const i = earlier.findIndex((e) => !e.auto);
		if (i >= 0) return intentSearch(earlier[i], earlier.slice(i + 1));
	}
	return { intent: '', from: null };
}

/** docs/format.md §7.1: why c's task matters. `earlierNewestFirst` is the scope's history before c. */
export function intentFor(c: Checkpoint, earlierNewestFirst: readonly Checkpoint[]): IntentResult {
	const r = intentSearch(c, earlierNewestFirst.slice(0, INTENT_DEPTH));
	return { ...r, inherited: r.from !== null && r.from !== c };
}

/** docs/format.md §7.1: c reaches the next agent without a reason although the work before it had one. */
export function intentDropped(c: Checkpoint, earlierNewestFirst: readonly Checkpoint[]): boolean {
	if (c.auto) return false;
	const earlier = earlierNewestFirst.slice(0, INTENT_DEPTH);
	if (intentSearch(c, earlier).intent !== '') return false;
	const i = earlier.findIndex((e) => !e.auto);
	return i >= 0 && intentSearch(earlier[i], earlier.slice(i + 1)).intent !== '';
}

/**
 * docs/decisions.md §9: the decisions of the newest 200 checkpoints, one per decisionKey,
 * newest first, each with how many checkpoints hold it and its newest holder. `scope`, the
 * checkpoints' own, keeps their keys for the next time (rulingKeys).
 */
export function promoteDecisions(newestFirst: readonly Checkpoint[], scope?: string): PromotedDecision[] {
	const byKey = new Map<string, PromotedDecision>();
	newestFirst.slice(0, DECISION_WINDOW).forEach((c, index) => {
		const counted = new Set<string>();
		const keys = decisionKeys(c.decisions, scope);
		for (let i = 0; i < c.decisions.length; i++) {
			const d = c.decisions[i];
			const key = keys[i];
			if (key === '' || counted.has(key)) continue;
			counted.add(key);
			const held = byKey.get(key);
			if (held) held.count++;
			else byKey.set(key, { text: d, key, count: 1, session: c.session, inLatest: index === 0 });
		}
	});
	return [...byKey.values()];
}

function plural(n: number, one: string, many: string): string {
	return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

function quoteList(items: readonly string[]): string {
	return items.map((s) => `“${collapseSpace(s)}”`).join(', ');
}

/** docs/decisions.md §9: every receipt for one checkpoint, in the order a reader should act on them. */
export function receiptsFor(c: Checkpoint, earlierNewestFirst: readonly Checkpoint[]): Receipt[] {
	const out: Receipt[] = [];
	const add = (kind: Receipt['kind'], detail: string): void => {
		out.push({ kind, session: c.session, detail });
	};
	const placeholders = c.failed.filter(isPlaceholder);
	if (placeholders.length > 0) {
		add('placeholders', `“Didn't work” holds ${plural(placeholders.length, 'placeholder', 'placeholders')} (${quoteList(placeholders)}); not counted as ruled out.`);
	}
	if (claimsDoneUnverified(c)) {
		add('doneUnverified', 'State says the work is done, but nothing is listed under “Verified”: the next agent takes it on trust.');
	}
	if (nextReadsAsMoreThanOneStep(c.next)) {
		add('nextMultiStep', '“Next” reads as more than one step; the conditional or later parts belong under “Open questions”.');
	}
	const unreasoned = c.decisions.filter((d) => trimSpace(d) !== '' && !decisionHasReason(d));
	if (unreasoned.length > 0) {
		add('decisionsWithoutReason', `${plural(unreasoned.length, 'decision gives', 'decisions give')} no reason: ${quoteList(unreasoned)}.`);
	}
	if (intentDropped(c, earlierNewestFirst)) {
		add('intentDropped', 'No intent carried: the task is worded differently from the earlier checkpoint that gave its reason, so why it matters is lost.');
	}
	return out;
}
