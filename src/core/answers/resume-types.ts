/**
 * The resume model: everything the resume pane shows for a scope (or one conversation of it),
 * assembled by one pure function so the pane, the CLI and the agent hand-over agree.
 */
import type { CheckpointRecord, Problem, WorkingNote } from '../types';

export type RulingVerdict = 'retired' | 'reconfirmed' | 'none';

/** One copy of a ruling: the ruling as it stands in one checkpoint (or one working note). */
export interface RulingRow {
	text: string;
	key: string;
	/** Checkpoint id holding this copy; null for a dead-end working note. */
	session: string | null;
	/** Vault-relative file holding it. */
	path: string;
	/** 0-based line of the bullet or note in that file, -1 when unknown. */
	line: number;
	verdict: RulingVerdict;
	/** The verdict's commit when covered, else the checkpoint's own commit; null when none. */
	commit: string | null;
	/** The verdict's time when covered, else the copy's time; null when unknown. */
	at: number | null;
	/** Time of the copy itself (checkpoint ts or note ts). */
	copyTs: number;
	/** True when the copy is in the latest checkpoint shown. */
	inLatest: boolean;
}

export interface PromotedDecision {
	text: string;
	key: string;
	/** How many checkpoints (of the newest 200) hold it. */
	count: number;
	/** Newest holder. */
	session: string;
	inLatest: boolean;
}

export type ReceiptKind = 'doneUnverified' | 'nextMultiStep' | 'decisionsWithoutReason' | 'intentDropped' | 'placeholders';

export interface Receipt {
	kind: ReceiptKind;
	session: string;
	detail: string;
}

export interface AbandonedSession {
	scope: string;
	agent: string;
	/** Newest note of the pair. */
	lastTs: number;
	notes: number;
}

/** A session logos closed: its auto-closed record. */
export interface ClosedSession {
	record: CheckpointRecord;
	agent: string;
	/** When it was closed (the record's `checkpointed`). */
	closedTs: number;
}

export interface ConversationSummary {
	id: string;
	scope: string;
	name: string;
	/** Session id of its latest checkpoint. */
	latest: string;
	latestPath: string;
	latestTs: number;
	/** Session ids, newest first. */
	chain: string[];
	flat: boolean;
	agents: string[];
	auto: boolean;
	handoffTo: string;
	next: string;
}

export interface ResumeLatest {
	record: CheckpointRecord;
	/** Effective intent: own or inherited. */
	intent: string;
	/** Checkpoint id the intent comes from; null when there is none. */
	intentFrom: string | null;
}

export interface ResumeModel {
	scope: string;
	/** Conversation the model is narrowed to, null for the whole scope. */
	conversation: string | null;
	now: number;
	latest: ResumeLatest | null;
	/** Every ruling copy of the scope's history, newest first (retired ones included, marked). */
	rulings: readonly RulingRow[];
	decisions: PromotedDecision[];
	receipts: Receipt[];
	uncommitted: WorkingNote[];
	abandoned: AbandonedSession[];
	/** Sessions logos has closed into an auto-closed record lately (docs/decisions.md, "Abandoned sessions"). */
	closed?: ClosedSession[];
	/** The scope's other open conversations (docs/decisions.md §9 "other open work"). */
	conversations: ConversationSummary[];
	problems: Problem[];
	notices: string[];
	skippedAhead: string[];
}
