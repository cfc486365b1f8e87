/**
 * Words the resume pane shows, in one place so the pane and its tests say the same thing.
 * The section titles come from core/answers/words.ts, beside the agent's words for the same
 * part (the copy for an agent keeps logos's headings and order, docs/decisions.md §10).
 */
import type { ProblemKind } from '../../core';
import { RESUME_TITLES as T } from '../../core';
import type { ReceiptKind } from '../../core';

export const RESUME_VIEW_TYPE = 'logos-resume';

/** logos's own AutoLabel (docs/format.md §2.5). */
export const AUTO_LABEL = 'auto — not written by an agent, unverified';
export const AUTO_CLOSED_LABEL = 'closed automatically — not a real handoff';

/** The handoff block at the top of the pane: one labelled row each (titles: core/answers/words.ts). */
export const HANDOFF = {
	block: T.handoff.person,
	who: T.who.person,
	changed: T.changed.person,
	branch: T.branch.person,
	task: T.task.person,
	intent: T.intent.person,
	next: T.next.person,
	blocked: T.blocked.person,
	verified: T.verified.person,
	notes: T.notesSince.person,
	notesCount: (n: number): string => `${n} working ${n === 1 ? 'note' : 'notes'} not yet checkpointed`,
} as const;

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * "Since I last looked" (docs/decisions.md, "Since I last looked"): the pane's line, its marks,
 * the status bar dot and the command that lists the scopes with news.
 */
export const NEWS = {
	label: 'New',
	since: 'since you last looked',
	markSeen: 'Mark as seen',
	markSeenTip: 'Mark as seen: what is shown now stops being marked new',
	badge: 'new',
	badgeTip: 'New on this device since you last looked at this scope',
	sectionBadge: (n: number): string => `${n} new`,
	/** What a scope gained, the kinds a person is told about first (checkpoints, notes, verdicts). */
	parts: (n: { checkpoints: number; notes: number; verdicts: number }): string[] => [
		n.checkpoints > 0 ? count(n.checkpoints, 'checkpoint', 'checkpoints') : '',
		n.notes > 0 ? count(n.notes, 'working note', 'working notes') : '',
		n.verdicts > 0 ? count(n.verdicts, 'verdict', 'verdicts') : '',
	].filter((x) => x !== ''),
	/** The details behind the count: conversations and rulings come with the checkpoints. */
	details: (n: { checkpoints: number; conversations: number; notes: number; rulings: number; verdicts: number }): string => [
		count(n.checkpoints, 'new checkpoint', 'new checkpoints'),
		count(n.conversations, 'new conversation', 'new conversations'),
		count(n.rulings, 'new ruling', 'new rulings'),
		count(n.notes, 'new working note', 'new working notes'),
		count(n.verdicts, 'verdict line from elsewhere', 'verdict lines from elsewhere'),
	].join(', '),
	command: 'Show scopes with news',
	none: 'No scope has anything new since you last looked.',
	loading: 'The logos index is still loading; try again in a moment.',
	dotTip: (scopes: readonly string[]): string => `New since you last looked, in ${scopes.length === 1 ? scopes[0] : `${scopes.length} scopes: ${scopes.join(', ')}`}.`,
	dotHint: 'Click to list the scopes with news.',
	modalPlaceholder: 'Choose a scope to open the resume pane on it',
	timelineMark: 'new since you last looked',
	timelineLegend: (n: number): string => `${n} new since you last looked`,
} as const;

/** The sections under the handoff block, in the order the pane shows them; each collapses. */
export const SECTION = {
	decided: T.decided.person,
	failed: T.failed.person,
	questions: T.questions.person,
	state: T.state.person,
	notes: T.notes.person,
	ruledOut: T.ruledOut.person,
	retired: T.retired.person,
	decidedEarlier: T.decidedEarlier.person,
	files: T.files.person,
	commands: T.commands.person,
	inferred: T.inferred.person,
	receipts: T.receipts.person,
	otherWork: T.otherWork.person,
	abandoned: T.abandoned.person,
	problems: T.problems.person,
} as const;

/** A conversation no checkpoint gave an intent or task: named by its agents, its id in the tooltip. */
export function untitledConversation(agents: readonly string[]): string {
	return agents.length > 0 ? `Untitled conversation (${agents.join(', ')})` : 'Untitled conversation';
}

/** The pane's actions: header icons and the menu of a ruling. */
export const ACTIONS = {
	/** Beside a file of the Files section: the question logos's `why` answers. */
	why: 'Why was this file touched?',
	copy: 'Copy resume for an agent',
	refresh: 'Refresh',
	switch: 'Switch scope or conversation',
	rulingMenu: 'Ruling actions',
	open: 'Open in note',
	retire: 'Retire: it no longer holds',
	reconfirm: 'Reconfirm: it still holds',
	latest: 'Latest in this scope',
} as const;

/** Checkpoint headings each section's bullets come from (docs/format.md §2.4), for line links. */
export { HEADING } from '../../core';

export const EMPTY = {
	noFolder: (root: string): string => `No sessions folder found at "${root}". Set the sessions folder in this plugin's settings, or open the logos vault.`,
	noScopes: (root: string): string => `No projects in "${root}" yet — agents create them with \`logos checkpoint\`.`,
	noCheckpoints: 'No checkpoints in this scope yet — agents write them with `logos checkpoint`.',
	loading: 'Reading the sessions folder…',
};

/** Checks on this handoff (core/answers/receipts.ts), as a person reads them. */
export const RECEIPT_TEXT: Record<ReceiptKind, string> = {
	doneUnverified: 'Claims to be done, with nothing verified',
	nextMultiStep: 'The next step reads as more than one step',
	decisionsWithoutReason: 'Decisions without a reason',
	intentDropped: 'The intent of an earlier checkpoint was dropped',
	placeholders: 'Placeholders instead of findings',
};

export const PROBLEM_TEXT: Record<ProblemKind, string> = {
	unreadable: 'Unreadable file',
	empty: 'Empty checkpoint file',
	malformed: 'Malformed checkpoint',
	conflictCopy: 'Sync conflict copy',
	duplicate: 'Duplicate record',
	dangling: 'Follows a checkpoint that is not there',
	fork: 'Chain forks',
	cycle: 'Chain loops back on itself',
	projectMismatch: 'Project does not match its folder',
};
