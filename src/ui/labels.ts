/**
 * Words the resume pane shows, in one place so the pane, its tests and the copy for an
 * agent say the same thing. Section titles follow logos's resume order (docs/decisions.md §10).
 */
import type { ProblemKind } from '../core/types';
import type { ReceiptKind } from '../core/resume-types';

export const RESUME_VIEW_TYPE = 'logos-resume';

/** logos's own AutoLabel (docs/format.md §2.5). */
export const AUTO_LABEL = 'auto — not written by an agent, unverified';
export const AUTO_CLOSED_LABEL = 'closed automatically — not a real handoff';

export const SECTION = {
	doing: 'They were doing',
	verified: 'Verified — safe to continue from',
	blockers: 'Known broken — do not build on it',
	commands: 'Shown by running',
	state: 'State',
	decided: 'Decided',
	failed: "Already tried, didn't work",
	questions: 'Still open',
	files: 'Files touched',
	inferred: 'Inferred from the transcript — unverified',
	ruledOut: 'Ruled out earlier in this scope',
	decidedEarlier: 'Decided earlier',
	next: 'Next step',
	notes: 'Recorded since, not yet checkpointed',
	abandoned: 'Abandoned sessions',
	otherWork: 'Other open conversations',
	receipts: 'Receipts',
	problems: 'Notices',
} as const;

/** Checkpoint headings each section's bullets come from (docs/format.md §2.4), for line links. */
export { HEADING } from '../core/checkpoint-body';

export const EMPTY = {
	noFolder: (root: string): string => `No sessions folder found at "${root}". Set the sessions folder in this plugin's settings, or open the logos vault.`,
	noScopes: (root: string): string => `No projects in "${root}" yet — agents create them with \`logos checkpoint\`.`,
	noCheckpoints: 'No checkpoints in this scope yet — agents write them with `logos checkpoint`.',
	loading: 'Reading the sessions folder…',
};

/**
 * A quiet scope in the pane's scope picker (docs/decisions.md §9): no checkpoint, or none for more
 * than 14 days. `lastDay` is the newest checkpoint's local date, '' when its time is unknown.
 */
export const QUIET = {
	label: (lastDay: string | null): string =>
		lastDay === null ? 'quiet, no checkpoint' : lastDay === '' ? 'quiet' : `quiet, last checkpoint ${lastDay}`,
};

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
