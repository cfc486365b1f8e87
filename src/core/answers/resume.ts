/**
 * Assembles the resume model for a scope, optionally narrowed to one conversation
 * (docs/decisions.md §9, §10). Pure: the clock comes in as `now`.
 */
import { conversations, findConversation, type Conversation } from '../model/conversations';
import { history } from '../model/history';
import { isDeadEnd } from '../format/notes';
import { DECISION_WINDOW, decisionKeys, INTENT_DEPTH, intentFor, promoteDecisions, receiptsFor, rulingKeys } from './receipts';
import { covering, lastVerdictByKey, reviewKey } from '../format/reviews';
import { closedSessions } from './abandoned';
import { abandonedSessions, QUIET_AFTER } from './continuity';
import type { LineSource } from '../format/lines';
import { back } from '../model/chains';
import { projectOf, scopeInfo, type VaultModel } from '../model/vault-model';
import type { CheckpointRecord, Problem, Verdict, WorkingNote } from '../types';
import type { ConversationSummary, PromotedDecision, ResumeLatest, ResumeModel, RulingRow } from './resume-types';
import { pushAll } from '../arrays';
import { Memo } from '../memo';

export class UnknownScope extends Error {}

export interface ResumeOptions {
	conversation?: string | null;
	now: number;
}

export function summarize(c: Conversation): ConversationSummary {
	const cp = c.latest.checkpoint;
	return {
		id: c.id,
		scope: c.scope,
		name: c.name,
		latest: c.latest.id,
		latestPath: c.latest.path,
		latestTs: cp.ts,
		chain: c.chain.map((r) => r.id),
		flat: c.flat,
		agents: c.agents,
		auto: cp.auto,
		handoffTo: cp.handoffTo,
		next: cp.next,
	};
}

function rulingRow(
	text: string,
	key: string,
	session: string | null,
	path: string,
	line: number,
	copyTs: number,
	ownCommit: string,
	lastByKey: ReadonlyMap<string, Verdict>,
	inLatest: boolean,
): RulingRow {
	// effectiveVerdict's rule, with the last line per key looked up once per scope.
	const last = lastByKey.get(key);
	const v = covering(last, copyTs);
	if (v) return { text, key, session, path, line, verdict: v.kind, commit: v.commit || null, at: v.ts, copyTs, inLatest };
	return { text, key, session, path, line, verdict: 'none', commit: ownCommit || null, at: copyTs, copyTs, inLatest };
}

/** A `Didn't work` bullet of a checkpoint, apart from its verdict. */
interface RulingCopy {
	text: string;
	key: string;
	session: string;
	path: string;
	line: number;
	ts: number;
	commit: string;
}

/**
 * The bullets of a history, worked out once per list of entries and line source: an index
 * hands later models the same list for a scope none of whose files changed, and a file's
 * lines change only with the file.
 */
const copiesMade = new Memo<readonly CheckpointRecord[], Memo<LineSource, RulingCopy[]>>();

function checkpointCopies(entries: readonly CheckpointRecord[], lines: LineSource): readonly RulingCopy[] {
	return copiesMade.get(entries, () => new Memo()).get(lines, () => copiesOf(entries, lines));
}

function copiesOf(entries: readonly CheckpointRecord[], lines: LineSource): RulingCopy[] {
	const copies: RulingCopy[] = [];
	for (const r of entries) {
		const cp = r.checkpoint;
		if (cp.failed.length === 0) continue;
		const keys = rulingKeys(cp.failed, r.scope);
		for (let k = 0; k < keys.length; k++) {
			const key = keys[k];
			if (key === null) continue;
			copies.push({ text: cp.failed[k], key, session: r.id, path: r.path, line: lines.bullet(r.path, "Didn't work", k), ts: cp.ts, commit: cp.git.commit });
		}
	}
	return copies;
}

/** Dead-end notes of a list of working notes, kept while the list is the same. */
const deadEndsOf = new Memo<readonly WorkingNote[], WorkingNote[]>();

function deadEnds(notes: readonly WorkingNote[]): readonly WorkingNote[] {
	return deadEndsOf.get(notes, () => notes.filter((n) => isDeadEnd(n.text)));
}

const NO_NOTES: readonly WorkingNote[] = [];
const NO_VERDICTS: readonly Verdict[] = [];

/**
 * A scope's ruling rows per ruling copies, verdicts and working notes (each list the same for
 * as long as its file is unchanged), then by the notes file and the latest checkpoint: a
 * change elsewhere, or a second look, makes no row again (20,000 of them at 100,000 checkpoints
 * for the biggest scope). The rows are shared: they go out readonly.
 */
const rowsMade = new Memo<readonly RulingCopy[], Memo<readonly Verdict[], Memo<readonly WorkingNote[], Map<string, readonly RulingRow[]>>>>();

/** Every ruling copy of a scope, newest first: checkpoint bullets, then dead-end notes on top. */
export function rulingsOf(model: VaultModel, scope: string, entries?: readonly CheckpointRecord[], latestId?: string): readonly RulingRow[] {
	const verdictList = model.verdicts.get(scope) ?? NO_VERDICTS;
	const notes = deadEnds(model.notes.get(scope) ?? NO_NOTES);
	const notesPath = scopeInfo(model, scope)?.uncommitted ?? '';
	const copies = checkpointCopies(entries ?? history(model.scan, scope).entries, model.lines);
	const byRest = rowsMade.get(copies, () => new Memo()).get(verdictList, () => new Memo()).get(notes, () => new Map());
	const key = `${notesPath}\u0000${latestId ?? ''}`;
	let rows = byRest.get(key);
	if (!rows) byRest.set(key, (rows = rulingRows(copies, verdictList, notes, notesPath, latestId)));
	return rows;
}

function rulingRows(copies: readonly RulingCopy[], verdictList: readonly Verdict[], notes: readonly WorkingNote[], notesPath: string, latestId: string | undefined): RulingRow[] {
	// docs/decisions.md §2: the last line about a ruling is the one that counts.
	const verdicts = lastVerdictByKey(verdictList);
	const rows: RulingRow[] = [];
	for (let i = notes.length - 1; i >= 0; i--) {
		const n = notes[i];
		rows.push(rulingRow(n.text, reviewKey(n.text), null, notesPath, n.line, n.ts, '', verdicts, false));
	}
	for (const c of copies) {
		rows.push(rulingRow(c.text, c.key, c.session, c.path, c.line, c.ts, c.commit, verdicts, c.session === latestId));
	}
	return rows;
}

function latestWithIntent(latest: CheckpointRecord, earlier: readonly CheckpointRecord[]): ResumeLatest {
	const { intent, from } = intentFor(latest.checkpoint, earlier.map((r) => r.checkpoint));
	let intentFrom: string | null = null;
	if (intent !== '') {
		intentFrom = from === null || from === latest.checkpoint ? latest.id : earlier.find((r) => r.checkpoint === from)?.id ?? null;
	}
	return { record: latest, intent, intentFrom };
}

function noticesFor(latest: CheckpointRecord | null, skippedAhead: readonly string[], problems: Problem[]): string[] {
	const notices: string[] = [];
	if (skippedAhead.length > 0) {
		notices.push(`A newer checkpoint file was passed over (empty or unreadable): ${skippedAhead.join(', ')}`);
	}
	const copies = problems.filter((p) => p.kind === 'conflictCopy' || p.kind === 'duplicate');
	if (copies.length > 0) notices.push(`${copies.length} conflict or duplicate ${copies.length === 1 ? 'copy' : 'copies'} of checkpoints — compare and delete them`);
	if (latest?.checkpoint.auto) notices.push('auto — not written by an agent, unverified');
	if (latest?.checkpoint.autoClosed) notices.push('closed automatically — not a real handoff');
	return notices;
}

/** The conversation a query names within the scope's project; throws a readable error otherwise. */
export function resolveConversation(model: VaultModel, scope: string, query: string): Conversation {
	const convs = conversations(model.scan, projectOf(scope)).filter((c) => c.scope === scope);
	const found = findConversation(convs, query);
	if (found.match) return found.match;
	throw new UnknownScope(found.error ?? `no conversation matches "${query}" in ${scope}`);
}

export function buildResume(model: VaultModel, scope: string, opts: ResumeOptions): ResumeModel {
	if (!model.scopes.includes(scope)) throw new UnknownScope(`no scope "${scope}" in this vault`);
	const { now } = opts;
	const hist = history(model.scan, scope);
	const conv = opts.conversation ? resolveConversation(model, scope, opts.conversation) : null;
	const latestRecord = conv ? conv.latest : hist.entries[0] ?? null;
	const idx = latestRecord ? hist.entries.indexOf(latestRecord) : -1;
	// The intent and the receipts look no further back than INTENT_DEPTH checkpoints, the
	// decisions than DECISION_WINDOW: a scope of 20,000 is not walked whole for them.
	const earlier = hist.entries.slice(idx + 1, idx + 1 + INTENT_DEPTH);
	const latest = latestRecord ? latestWithIntent(latestRecord, earlier) : null;
	const notes: WorkingNote[] = model.notes.get(scope) ?? [];

	const problems: Problem[] = [...hist.problems];
	if (latestRecord) pushAll(problems, back(model.scan, latestRecord.id, scope).problems.filter((p) => p.kind !== 'fork'));
	const scopeNotes = scopeInfo(model, scope);
	pushAll(problems, model.problems.filter((p) => p.path !== null && (p.path === scopeNotes?.uncommitted || p.path === scopeNotes?.reviewed)));

	const latestKeys = new Set(latestRecord ? decisionKeys(latestRecord.checkpoint.decisions, scope) : []);
	const decisions: PromotedDecision[] = promoteDecisions(hist.entries.slice(0, DECISION_WINDOW).map((r) => r.checkpoint), scope)
		.map((d) => ({ ...d, inLatest: latestKeys.has(d.key) }));

	const others = conversations(model.scan, projectOf(scope))
		.filter((c) => c.scope === scope && c.id !== (conv?.id ?? latestRecord?.conversation))
		.filter((c) => c.latest.checkpoint.next.trim() !== '' && now - c.latest.checkpoint.ts <= QUIET_AFTER)
		.map(summarize);

	return {
		scope,
		conversation: conv?.id ?? null,
		now,
		latest,
		rulings: rulingsOf(model, scope, hist.entries, latestRecord?.id),
		decisions,
		receipts: latestRecord ? receiptsFor(latestRecord.checkpoint, earlier.map((r) => r.checkpoint)) : [],
		uncommitted: notes,
		abandoned: abandonedSessions(notes, now),
		closed: closedSessions(model.scan, scope, now),
		conversations: others,
		problems,
		notices: noticesFor(latestRecord, conv ? [] : hist.skippedAhead, hist.problems),
		skippedAhead: conv ? [] : hist.skippedAhead.slice(),
	};
}

/** The ruling a review names, matched by reviewKey among the scope's checkpoints and notes. */
export function findRuling(model: VaultModel, scope: string, text: string): RulingRow | null {
	const key = reviewKey(text);
	return rulingsOf(model, scope).find((r) => r.key === key) ?? null;
}
