/**
 * What changed between two checkpoints (docs/decisions.md "Comparing checkpoints"). A
 * checkpoint records its own step and does not restate earlier decisions or rulings, so two
 * questions are kept apart: what the newer one records against what the older one recorded
 * (`recorded`, `fields`), and what was in effect after each — the decisions and live rulings
 * the resume would hand over at that point, with the promotion window and the verdicts of
 * `reviewed.md` as they stood then (`inEffect`). Words claim only what the files show: a
 * bullet not repeated is "not restated", a blocker gone is "no longer listed", a ruling is
 * "retired" only on a retire line and "replaced" only when that line and a new ruling on the
 * same subject fall in the same step. Pure: the model comes in, nothing is read.
 */
import { chainPlace } from '../model/chain-place';
import { HEADING } from '../format/checkpoint-body';
import { history } from '../model/history';
import { DECISION_WINDOW, decisionKeys, INTENT_DEPTH, intentFor, isPlaceholder, rulingKeys } from './receipts';
import { covering, lastVerdictByKey } from '../format/reviews';
import { scopeInfo, type VaultModel } from '../model/vault-model';
import { Memo } from '../memo';
import { runThrough, type Steps } from '../steps';
import { collapseSpace, foldKey } from '../strings';
import type { CheckpointRecord, Verdict } from '../types';

/** The four bullet lists a checkpoint records of its own step. */
export type ItemKind = 'decision' | 'deadEnd' | 'verified' | 'blocker';

/**
 * An item against the other checkpoint's own record. `new`: the newer records it, the older
 * did not and it was not in effect before; `restated`: the newer records what an earlier
 * checkpoint already had in effect; `kept`: both record it; `notRestated`: only the older
 * records it (never "dropped": a checkpoint need not repeat it); `noLongerListed`: a blocker
 * only the older lists (never "cleared": nothing says it was fixed).
 */
export type ItemStatus = 'new' | 'restated' | 'kept' | 'notRestated' | 'noLongerListed';

export interface DiffItem {
	kind: ItemKind;
	status: ItemStatus;
	text: string;
	key: string;
	/** The file the item is read from: the newer's, or the older's for an item only it records. */
	path: string;
	/** 0-based line of the bullet, -1 when unknown. */
	line: number;
}

export type FieldName = 'task' | 'intent' | 'next' | 'handoff' | 'agent' | 'branch' | 'commit' | 'uncommitted';
/** A single value against the other's: `given` (only the newer has one), `noLongerGiven` (only the older). */
export type FieldStatus = 'kept' | 'changed' | 'given' | 'noLongerGiven';

export interface FieldChange {
	field: FieldName;
	status: FieldStatus;
	before: string;
	after: string;
	/** Where the value is read: the newer's file, or the older's when the newer gives none. -1 when that file does not state it (an inherited intent). */
	path: string;
	line: number;
}

/**
 * A change in what the hand-over carries. `nowInEffect` / `noLongerInEffect` name the
 * plain fact with its reason; `retired`, `reconfirmed`, `liveAgain` and `replaced` are
 * each shown by a line of `reviewed.md` or a newer copy of the ruling.
 */
export type EffectStatus = 'nowInEffect' | 'noLongerInEffect' | 'retired' | 'reconfirmed' | 'liveAgain' | 'replaced';
/**
 * Why: `recorded` by the newer checkpoint; `window`: the decision's holders all fell out of
 * the newest 200 checkpoints; `history`: the other checkpoint's history holds it and this
 * one's does not (another scope, or checkpoints compared out of order); `verdict`: a line of
 * reviewed.md; `copy`: a newer copy of the ruling, recorded after its verdict.
 */
export type EffectReason = 'recorded' | 'window' | 'history' | 'verdict' | 'copy';

export interface EffectChange {
	kind: 'decision' | 'ruling';
	status: EffectStatus;
	reason: EffectReason;
	text: string;
	key: string;
	/** The checkpoint holding the copy shown; null for a verdict's own line. */
	session: string | null;
	path: string;
	line: number;
	/** The verdict line that shows the change (retired, reconfirmed, replaced), when there is one. */
	verdict: { kind: Verdict['kind']; commit: string; ts: number | null; path: string; line: number } | null;
	/** For `replaced`: the retired ruling the new one stands in for. */
	replaces: { text: string; key: string; session: string | null; path: string; line: number } | null;
}

export interface DiffSide {
	id: string;
	path: string;
	scope: string;
	conversation: string;
	agent: string;
	ts: number;
	/** Distinct decisions and live rulings the hand-over would carry after this checkpoint. */
	decisionsInEffect: number;
	rulingsInEffect: number;
}

export interface CheckpointDiff {
	older: DiffSide;
	newer: DiffSide;
	/** Every bullet of the newer's four lists (placeholders dropped), then the older's not matched. */
	recorded: DiffItem[];
	/** Each single value either side gives. */
	fields: FieldChange[];
	/** Changes in what was in effect; what stayed the same is counted in the sides, not listed. */
	inEffect: EffectChange[];
}

// ---------------------------------------------------------------------------------------
// What was in effect after one checkpoint

/** A bullet of the history; its line is looked up only if it is shown (a file's line map costs a read). */
interface Copy {
	text: string;
	key: string;
	rec: CheckpointRecord;
	k: number;
}

interface RulingCopy extends Copy {
	ts: number;
}

interface RulingState {
	copy: RulingCopy;
	/** The verdict covering the newest copy as of then, null when none covers it. */
	verdict: Verdict | null;
}

interface Effect {
	/** Promoted decisions by key, with their newest holder. */
	decisions: Map<string, Copy>;
	/** Every ruling key of the history, its newest copy and the verdict on it as of then. */
	rulings: Map<string, RulingState>;
	/** Whether a decision key is anywhere in the history (window or not). */
	hasDecision(key: string): boolean;
	reviewedPath: string;
}

/**
 * Where each key lies in one scope's history (newest first), found once per history: what was
 * in effect after any of its checkpoints is then read in the size of its keys, not of its
 * history (the pane's change line asks after every change, in a scope of 20,000 checkpoints).
 */
interface HistoryKeys {
	/** Each record's place. */
	place: Map<CheckpointRecord, number>;
	/** Each decision key's oldest place: the key is in the history from place i on while i is at most this. */
	decisionOldest: Map<string, number>;
	/** Each ruling key's bullets, newest first: the record's place and the bullet's. */
	rulings: Map<string, { i: number; k: number }[]>;
}

/** Records a step of historyKeySteps reads. */
const HISTORY_STEP = 500;

const historyKeysMade = new Memo<readonly CheckpointRecord[], HistoryKeys>();

function* keysOfHistory(entries: readonly CheckpointRecord[]): Steps<HistoryKeys> {
	const made: HistoryKeys = { place: new Map(), decisionOldest: new Map(), rulings: new Map() };
	for (let i = 0; i < entries.length; i++) {
		const r = entries[i];
		made.place.set(r, i);
		for (const key of decisionKeys(r.checkpoint.decisions, r.scope)) if (key !== '') made.decisionOldest.set(key, i);
		const keys = rulingKeys(r.checkpoint.failed, r.scope);
		for (let k = 0; k < keys.length; k++) {
			const key = keys[k];
			if (key === null) continue;
			let bullets = made.rulings.get(key);
			if (!bullets) made.rulings.set(key, (bullets = []));
			bullets.push({ i, k });
		}
		if ((i + 1) % HISTORY_STEP === 0) yield;
	}
	return made;
}

function historyKeys(entries: readonly CheckpointRecord[]): Readonly<HistoryKeys> {
	return historyKeysMade.get(entries, () => runThrough(keysOfHistory(entries)));
}

/**
 * What a comparison of `scope`'s checkpoints reads of its history, worked out HISTORY_STEP
 * records a step: a caller that gives the thread back between steps (the pane) runs them
 * before diffCheckpoints, which then finds them made.
 */
export function* historyKeySteps(model: VaultModel, scope: string): Steps<void> {
	const entries = history(model.scan, scope).entries;
	if (historyKeysMade.has(entries)) return;
	const made = yield* keysOfHistory(entries);
	historyKeysMade.get(entries, () => made);
}

/**
 * reviewed.md as it stood at `ts`: it is append-only, so the lines before the first one
 * timed after `ts` are the ones written by then. An untimed line counts once it is above
 * that cut (nothing shows it came later).
 */
export function verdictsAsOf(verdicts: readonly Verdict[], ts: number): Verdict[] {
	const cut = verdicts.findIndex((v) => v.ts !== null && v.ts > ts);
	return cut < 0 ? verdicts.slice() : verdicts.slice(0, cut);
}

function effectAfter(model: VaultModel, rec: CheckpointRecord): Effect {
	const entries = history(model.scan, rec.scope).entries;
	const keys = historyKeys(entries);
	const at = keys.place.get(rec) ?? -1;
	const reviewedPath = scopeInfo(model, rec.scope)?.reviewed ?? '';
	if (at < 0) return { decisions: new Map(), rulings: new Map(), hasDecision: () => false, reviewedPath };
	const decisions = new Map<string, Copy>();
	// promoteDecisions's rule (newest 200, one per decisionKey, the newest holder's wording), kept with the holder's file.
	for (const r of entries.slice(at, at + DECISION_WINDOW)) {
		const list = decisionKeys(r.checkpoint.decisions, r.scope);
		for (let k = 0; k < list.length; k++) {
			const key = list[k];
			if (key === '' || decisions.has(key)) continue;
			decisions.set(key, { text: r.checkpoint.decisions[k], key, rec: r, k });
		}
	}
	// Each ruling key's newest bullet from `at` on, newest first (the first copy of a key is the one the hand-over shows).
	const newest: { key: string; i: number; k: number }[] = [];
	for (const [key, bullets] of keys.rulings) {
		let j = 0;
		while (j < bullets.length && bullets[j].i < at) j++;
		if (j < bullets.length) newest.push({ key, i: bullets[j].i, k: bullets[j].k });
	}
	newest.sort((a, b) => a.i - b.i || a.k - b.k);
	const lastByKey = lastVerdictByKey(verdictsAsOf(model.verdicts.get(rec.scope) ?? [], rec.checkpoint.ts));
	const rulings = new Map<string, RulingState>();
	for (const { key, i, k } of newest) {
		const r = entries[i];
		const copy: RulingCopy = { text: r.checkpoint.failed[k], key, rec: r, k, ts: r.checkpoint.ts };
		rulings.set(key, { copy, verdict: covering(lastByKey.get(key), copy.ts) });
	}
	return { decisions, rulings, hasDecision: (key) => (keys.decisionOldest.get(key) ?? -1) >= at, reviewedPath };
}

function isLive(s: RulingState | undefined): boolean {
	return s !== undefined && s.verdict?.kind !== 'retired';
}

/** The part of a ruling before its reason (` — `, ` – `, ` - `): what it is about. */
export function subjectKey(text: string): string {
	const t = collapseSpace(text);
	let end = t.length;
	for (const mark of [' — ', ' – ', ' - ']) {
		const at = t.indexOf(mark);
		if (at > 0 && at < end) end = at;
	}
	return foldKey(t.slice(0, end));
}

// ---------------------------------------------------------------------------------------
// The diff

function side(rec: CheckpointRecord, e: Effect): DiffSide {
	const c = rec.checkpoint;
	let live = 0;
	for (const s of e.rulings.values()) if (isLive(s)) live++;
	return {
		id: rec.id,
		path: rec.path,
		scope: rec.scope,
		conversation: rec.conversation,
		agent: c.agent.trim() || rec.stem.slice(16),
		ts: c.ts,
		decisionsInEffect: e.decisions.size,
		rulingsInEffect: live,
	};
}

interface ListSpec {
	kind: ItemKind;
	heading: string;
	items: (r: CheckpointRecord) => readonly string[];
	keys: (items: readonly string[]) => readonly (string | null)[];
}

const blockerKeys = (items: readonly string[]): (string | null)[] => items.map((t) => (isPlaceholder(t) ? null : foldKey(t) || null));

const LISTS: ListSpec[] = [
	{ kind: 'decision', heading: HEADING.decisions, items: (r) => r.checkpoint.decisions, keys: (xs) => decisionKeys(xs).map((k) => k || null) },
	{ kind: 'deadEnd', heading: HEADING.failed, items: (r) => r.checkpoint.failed, keys: rulingKeys },
	{ kind: 'verified', heading: HEADING.verified, items: (r) => r.checkpoint.verified, keys: (xs) => xs.map((t) => foldKey(t) || null) },
	// A blocker of "none" or "n/a" blocks nothing, as a `Didn't work` placeholder rules nothing out.
	{ kind: 'blocker', heading: HEADING.blockers, items: (r) => r.checkpoint.blockers, keys: blockerKeys },
];

function listItems(model: VaultModel, older: CheckpointRecord, newer: CheckpointRecord, spec: ListSpec, before: Effect): DiffItem[] {
	const oldItems = spec.items(older);
	const oldKeys = spec.keys(oldItems);
	const oldSet = new Set(oldKeys.filter((k): k is string => k !== null));
	const newItems = spec.items(newer);
	const newKeys = spec.keys(newItems);
	const out: DiffItem[] = [];
	const seen = new Set<string>();
	for (let k = 0; k < newItems.length; k++) {
		const key = newKeys[k];
		if (key === null || seen.has(key)) continue;
		seen.add(key);
		let status: ItemStatus = 'new';
		if (oldSet.has(key)) status = 'kept';
		else if ((spec.kind === 'decision' && before.hasDecision(key)) || (spec.kind === 'deadEnd' && before.rulings.has(key))) status = 'restated';
		out.push({ kind: spec.kind, status, text: newItems[k], key, path: newer.path, line: model.lines.bullet(newer.path, spec.heading, k) });
	}
	const gone = new Set<string>();
	for (let k = 0; k < oldItems.length; k++) {
		const key = oldKeys[k];
		if (key === null || seen.has(key) || gone.has(key)) continue;
		gone.add(key);
		out.push({ kind: spec.kind, status: spec.kind === 'blocker' ? 'noLongerListed' : 'notRestated', text: oldItems[k], key, path: older.path, line: model.lines.bullet(older.path, spec.heading, k) });
	}
	return out;
}

interface FieldSpec {
	field: FieldName;
	value: (r: CheckpointRecord, model: VaultModel) => string;
	line: (model: VaultModel, path: string) => number;
}

/** The effective intent (docs/decisions.md §9): own, or inherited along the scope's history as the resume says it. */
function effectiveIntent(r: CheckpointRecord, model: VaultModel): string {
	const entries = history(model.scan, r.scope).entries;
	const at = entries.indexOf(r);
	const earlier = at < 0 ? [] : entries.slice(at + 1, at + 1 + INTENT_DEPTH).map((e) => e.checkpoint);
	return intentFor(r.checkpoint, earlier).intent;
}

const bodyLine = (heading: string) => (model: VaultModel, path: string): number => model.lines.bullet(path, heading, -1);
const keyLine = (key: string) => (model: VaultModel, path: string): number => model.lines.key(path, key);

const FIELDS: FieldSpec[] = [
	{ field: 'task', value: (r) => r.checkpoint.task, line: bodyLine(HEADING.task) },
	{ field: 'intent', value: effectiveIntent, line: bodyLine(HEADING.intent) },
	{ field: 'next', value: (r) => r.checkpoint.next, line: bodyLine(HEADING.next) },
	{ field: 'handoff', value: (r) => r.checkpoint.handoffTo, line: keyLine('handoff_to') },
	{ field: 'agent', value: (r) => r.checkpoint.agent, line: keyLine('agent') },
	{ field: 'branch', value: (r) => r.checkpoint.git.branch, line: keyLine('branch') },
	{ field: 'commit', value: (r) => r.checkpoint.git.commit, line: keyLine('commit') },
	{
		field: 'uncommitted',
		value: (r) => (r.checkpoint.git.uncommittedUnreadable ? 'unknown' : r.checkpoint.git.uncommitted > 0 ? String(r.checkpoint.git.uncommitted) : ''),
		line: keyLine('uncommitted'),
	},
];

function fieldChanges(model: VaultModel, older: CheckpointRecord, newer: CheckpointRecord): FieldChange[] {
	const out: FieldChange[] = [];
	for (const f of FIELDS) {
		const before = collapseSpace(f.value(older, model));
		const after = collapseSpace(f.value(newer, model));
		if (before === '' && after === '') continue;
		// Case and spacing aside, the same words are the same value (logos's foldKey).
		const status: FieldStatus = before === '' ? 'given' : after === '' ? 'noLongerGiven' : foldKey(before) === foldKey(after) ? 'kept' : 'changed';
		const at = status === 'noLongerGiven' ? older.path : newer.path;
		out.push({ field: f.field, status, before, after, path: at, line: f.line(model, at) });
	}
	return out;
}

function verdictRef(v: Verdict, path: string): EffectChange['verdict'] {
	return { kind: v.kind, commit: v.commit, ts: v.ts, path, line: v.line };
}

function decisionChanges(model: VaultModel, before: Effect, after: Effect, newer: CheckpointRecord): EffectChange[] {
	const at = (d: Copy): Pick<EffectChange, 'session' | 'path' | 'line'> => ({ session: d.rec.id, path: d.rec.path, line: model.lines.bullet(d.rec.path, HEADING.decisions, d.k) });
	const out: EffectChange[] = [];
	const newerKeys = new Set(decisionKeys(newer.checkpoint.decisions));
	for (const [key, d] of after.decisions) {
		if (before.decisions.has(key)) continue;
		const reason: EffectReason = newerKeys.has(key) ? 'recorded' : 'history';
		out.push({ kind: 'decision', status: 'nowInEffect', reason, text: d.text, key, ...at(d), verdict: null, replaces: null });
	}
	for (const [key, d] of before.decisions) {
		if (after.decisions.has(key)) continue;
		// Still in the history, only past the newest 200: promotion's window moved on.
		const reason: EffectReason = after.hasDecision(key) ? 'window' : 'history';
		out.push({ kind: 'decision', status: 'noLongerInEffect', reason, text: d.text, key, ...at(d), verdict: null, replaces: null });
	}
	return out;
}

function rulingChanges(model: VaultModel, before: Effect, after: Effect, newer: CheckpointRecord): EffectChange[] {
	const out: EffectChange[] = [];
	const newerKeys = new Set(rulingKeys(newer.checkpoint.failed).filter((k): k is string => k !== null));
	const change = (status: EffectStatus, reason: EffectReason, s: RulingState, verdict: Verdict | null, reviewed: string): EffectChange => ({
		kind: 'ruling', status, reason, text: s.copy.text, key: s.copy.key, session: s.copy.rec.id, path: s.copy.rec.path, line: model.lines.bullet(s.copy.rec.path, HEADING.failed, s.copy.k),
		verdict: verdict ? verdictRef(verdict, reviewed) : null, replaces: null,
	});
	for (const [key, now] of after.rulings) {
		const then = before.rulings.get(key);
		if (isLive(now)) {
			if (!then) out.push(change('nowInEffect', newerKeys.has(key) ? 'recorded' : 'history', now, null, after.reviewedPath));
			else if (!isLive(then)) {
				// Live again: a copy newer than the retirement, or a later line that is not a retirement.
				const byCopy = now.copy.ts > then.copy.ts || now.copy.rec !== then.copy.rec;
				out.push(change('liveAgain', byCopy ? 'copy' : 'verdict', now, byCopy ? null : now.verdict, after.reviewedPath));
			} else if (now.verdict?.kind === 'reconfirmed' && (then.verdict?.kind !== 'reconfirmed' || then.verdict.line !== now.verdict.line)) {
				out.push(change('reconfirmed', 'verdict', now, now.verdict, after.reviewedPath));
			}
		} else if (isLive(then) && then) {
			out.push(change('retired', 'verdict', now, now.verdict, after.reviewedPath));
		}
	}
	for (const [key, then] of before.rulings) {
		if (after.rulings.has(key) || !isLive(then)) continue;
		out.push(change('noLongerInEffect', 'history', then, null, before.reviewedPath));
	}
	return pairReplacements(out);
}

/**
 * A ruling retired and a new one the newer checkpoint records on the same subject, in one
 * step: one `replaced` change instead of the two. Each retired ruling pairs at most once.
 */
function pairReplacements(changes: EffectChange[]): EffectChange[] {
	const retired = changes.filter((c) => c.status === 'retired');
	if (retired.length === 0) return changes;
	const used = new Set<EffectChange>();
	const out: EffectChange[] = [];
	for (const c of changes) {
		if (c.status === 'nowInEffect' && c.reason === 'recorded') {
			const subject = subjectKey(c.text);
			const old = retired.find((r) => !used.has(r) && subjectKey(r.text) === subject);
			if (old) {
				used.add(old);
				out.push({ ...c, status: 'replaced', reason: 'verdict', verdict: old.verdict, replaces: { text: old.text, key: old.key, session: old.session, path: old.path, line: old.line } });
				continue;
			}
		}
		out.push(c);
	}
	return out.filter((c) => !used.has(c));
}

/**
 * `older` against `newer`, both records of `model`. Any two checkpoints may be compared;
 * "older" and "newer" only say which side is read as the step.
 */
export function diffCheckpoints(model: VaultModel, older: CheckpointRecord, newer: CheckpointRecord): CheckpointDiff {
	const before = effectAfter(model, older);
	const after = effectAfter(model, newer);
	const recorded: DiffItem[] = [];
	for (const spec of LISTS) for (const item of listItems(model, older, newer, spec, before)) recorded.push(item);
	const inEffect = [...decisionChanges(model, before, after, newer), ...rulingChanges(model, before, after, newer)];
	return { older: side(older, before), newer: side(newer, after), recorded, fields: fieldChanges(model, older, newer), inEffect };
}

/** Items and values that changed: what the one-line summary counts. Zero for a checkpoint against itself. */
export function changeCount(d: CheckpointDiff): number {
	let n = d.inEffect.length;
	for (const i of d.recorded) if (i.status !== 'kept') n++;
	for (const f of d.fields) if (f.status !== 'kept') n++;
	return n;
}

export type PreviousVia = 'conversation' | 'follows';

/** The checkpoint a record is compared with by default: the one before it in its conversation, else the one it follows. */
export function previousCheckpoint(model: VaultModel, rec: CheckpointRecord): { record: CheckpointRecord; via: PreviousVia } | null {
	const place = chainPlace(model.scan, rec.path);
	if (!place) return null;
	if (place.previous) return { record: place.previous, via: 'conversation' };
	if (place.follows && place.follows !== rec) return { record: place.follows, via: 'follows' };
	return null;
}

// ---------------------------------------------------------------------------------------
// Words

function count(n: number, one: string, many: string): string {
	return `${n} ${n === 1 ? one : many}`;
}

const FIELD_WORD: Record<FieldName, string> = {
	task: 'task',
	intent: 'intent',
	next: 'next step',
	handoff: 'handoff',
	agent: 'agent',
	branch: 'branch',
	commit: 'commit',
	uncommitted: 'uncommitted files',
};

export function fieldWord(f: FieldName): string {
	return FIELD_WORD[f];
}

/** What a field's status says, e.g. "next step changed", "handoff no longer given". */
export function fieldPhrase(f: FieldChange): string {
	const name = FIELD_WORD[f.field];
	switch (f.status) {
		case 'kept':
			return `${name} kept`;
		case 'changed':
			return `${name} changed`;
		case 'given':
			return f.field === 'handoff' ? `handed off to ${f.after}` : `${name} given`;
		case 'noLongerGiven':
			return `${name} no longer given`;
	}
}

const ITEM_WORD: Record<ItemKind, [string, string]> = {
	decision: ['decision', 'decisions'],
	deadEnd: ['dead end', 'dead ends'],
	verified: ['verified item', 'verified items'],
	blocker: ['blocker', 'blockers'],
};

/** What an item's status says beside it. */
export function itemPhrase(i: DiffItem): string {
	switch (i.status) {
		case 'new':
			return 'new';
		case 'restated':
			return 'restated from earlier';
		case 'kept':
			return 'also in the older';
		case 'notRestated':
			return 'not restated';
		case 'noLongerListed':
			return 'no longer listed';
	}
}

/** What an in-effect change says beside its text. */
export function effectPhrase(c: EffectChange): string {
	const what = c.kind === 'decision' ? 'decision' : 'ruling';
	switch (c.status) {
		case 'nowInEffect':
			return c.reason === 'recorded' ? `${what} now in effect` : `${what} in effect (held by ${c.session ?? 'a working note'})`;
		case 'noLongerInEffect':
			return c.reason === 'window'
				? `${what} no longer handed over: past the newest ${DECISION_WINDOW} checkpoints`
				: `${what} not in the newer one's history`;
		case 'retired':
			return 'ruling retired';
		case 'reconfirmed':
			return `ruling reconfirmed${c.verdict?.commit ? ` at ${c.verdict.commit}` : ''}`;
		case 'liveAgain':
			return c.reason === 'copy' ? 'ruling live again: recorded after its retirement' : 'ruling live again: its retirement was undone';
		case 'replaced':
			return 'ruling replaced';
	}
}

/**
 * One line for the pane: "2 new decisions, 1 new dead end, next step changed". Counts of
 * new items first, then what stopped being listed, the values that changed, and what the
 * hand-over gained or lost. "no changes" when there are none.
 */
export function diffSummary(d: CheckpointDiff): string {
	const parts: string[] = [];
	const n = (kind: ItemKind, status: ItemStatus): number => d.recorded.filter((i) => i.kind === kind && i.status === status).length;
	for (const kind of ['decision', 'deadEnd', 'verified', 'blocker'] as ItemKind[]) {
		const fresh = n(kind, 'new');
		if (fresh > 0) parts.push(count(fresh, `new ${ITEM_WORD[kind][0]}`, `new ${ITEM_WORD[kind][1]}`));
	}
	const gone = n('blocker', 'noLongerListed');
	if (gone > 0) parts.push(`${count(gone, 'blocker', 'blockers')} no longer listed`);
	for (const f of d.fields) {
		if (f.status === 'kept' || f.field === 'agent' || f.field === 'uncommitted') continue;
		parts.push(fieldPhrase(f));
	}
	const e = (status: EffectStatus): number => d.inEffect.filter((c) => c.status === status).length;
	if (e('retired') > 0) parts.push(`${count(e('retired'), 'ruling', 'rulings')} retired`);
	if (e('replaced') > 0) parts.push(`${count(e('replaced'), 'ruling', 'rulings')} replaced`);
	if (e('reconfirmed') > 0) parts.push(`${count(e('reconfirmed'), 'ruling', 'rulings')} reconfirmed`);
	if (e('liveAgain') > 0) parts.push(`${count(e('liveAgain'), 'ruling', 'rulings')} live again`);
	const left = d.inEffect.filter((c) => c.kind === 'decision' && c.status === 'noLongerInEffect').length;
	if (left > 0) parts.push(`${count(left, 'decision', 'decisions')} no longer handed over`);
	if (parts.length > 0) return parts.join(', ');
	// Only items the newer does not restate: nothing new, which is not "no changes".
	return changeCount(d) === 0 ? 'no changes' : 'nothing new recorded';
}
