/**
 * Shared shapes of the logos domain. Pure data: no behaviour, no I/O.
 * Field names follow docs/decisions.md §11.
 */

/** Git state as logos records it in frontmatter (docs/format.md §2.2, keys 13–21). */
export interface GitState {
	branch: string;
	commit: string;
	commitSubject: string;
	/** Number of dirty paths (0 when absent). */
	uncommitted: number;
	uncommittedUnreadable: boolean;
	worktree: string;
	remote: string;
	repoRoot: string;
	touched: string[];
}

/** A transcript distillation (docs/format.md §2.6). */
export interface Inference {
	by: string;
	/** `inferred_at` exactly as written (RFC 3339 text). */
	at: string;
	turns: number;
	verified: string[];
	failed: string[];
	decided: string[];
}

/** A section logos does not know, kept so a person's annotations can be shown. */
export interface ExtraSection {
	heading: string;
	text: string;
	/** 0-based line of the `## ` heading in the raw file. */
	line: number;
}

/** What logos drops on reading: shown to people, never rendered back. */
export interface Annotations {
	/** Body text before the first `## ` heading, trimmed. */
	preamble: string;
	/** Unknown headings, in file order. */
	sections: ExtraSection[];
}

export interface Checkpoint {
	session: string;
	hostSession: string;
	project: string;
	agent: string;
	task: string;
	intent: string;
	state: string;
	decisions: string[];
	/** The `Didn't work` bullets: rulings. */
	failed: string[];
	verified: string[];
	blockers: string[];
	commands: string[];
	questions: string[];
	files: string[];
	next: string;
	handoffTo: string;
	auto: boolean;
	autoClosed: boolean;
	/** Session id named by the `follows` relation, '' when none. */
	follows: string;
	/** Unix seconds: `checkpointed`, else `first_seen` at 00:00 UTC, else 0. */
	ts: number;
	/** `first_seen` exactly as written ('' when absent). */
	firstSeen: string;
	/** `checkpointed` exactly as written ('' when absent). */
	checkpointed: string;
	transcriptTurns: number;
	git: GitState;
	inferred: Inference | null;
	annotations: Annotations;
	/** Reading problems a person should see (YAML error, no frontmatter…). Never fatal. */
	problems: string[];
}

/**
 * One file of the vault as the core sees it. Adapters (Node fs, Obsidian) build these.
 * `path` is vault-relative with `/` separators; `text` is null when it could not be read.
 */
export interface VaultFile {
	path: string;
	text: string | null;
	mtime: number;
	size: number;
	/** Why `text` is null, for the person. */
	error?: string;
}

/** Everything under the sessions folder, read once. */
export interface VaultSnapshot {
	/** The sessions folder, vault-relative (`sessions`, or `logos/sessions`). */
	root: string;
	files: VaultFile[];
	/** Every folder under `root`, vault-relative, so empty projects are still projects. */
	dirs: string[];
}

export type ProblemKind =
	| 'unreadable'
	| 'empty'
	| 'malformed'
	| 'conflictCopy'
	| 'duplicate'
	| 'dangling'
	| 'fork'
	| 'cycle'
	| 'projectMismatch';

export interface Problem {
	kind: ProblemKind;
	path: string | null;
	session: string | null;
	detail: string;
}

/** A checkpoint file placed in its scope and conversation. */
export interface CheckpointRecord {
	/** Vault-relative path. */
	path: string;
	/** Base name, e.g. `20261116-091204-claude.md`. */
	name: string;
	stem: string;
	/** Record identity: frontmatter `session`, else the stem (docs/decisions.md §9). */
	id: string;
	scope: string;
	/** Conversation id: folder name, `host_session`, or the stem for singletons. */
	conversation: string;
	/** True when the file sits directly in the scope folder (older layout). */
	flat: boolean;
	checkpoint: Checkpoint;
	empty: boolean;
	/** Set when this file is a sync-client conflict copy or a second copy of a record. */
	copyOf: string | null;
}

export interface WorkingNote {
	scope: string;
	text: string;
	ts: number;
	agent: string;
	/** 0-based line in `uncommitted.md`. */
	line: number;
}

export type VerdictKind = 'retired' | 'reconfirmed';

export interface Verdict {
	kind: VerdictKind;
	text: string;
	/** 4–40 hex, '' when not given. */
	commit: string;
	/** Unix seconds, null when the line had no time. */
	ts: number | null;
	line: number;
	/**
	 * An undo that restored "no verdict" (`<!-- ts=N undo -->`, docs/decisions.md §2): the ruling
	 * reads as live from this line on. Absent on every other line.
	 */
	undo?: true;
}
