/**
 * The resume's titles, once: per part, what a person reads in the pane and what an agent reads in
 * the copied resume (`resume --markdown`). The agent's words and their order follow logos's own
 * resume (docs/decisions.md §10), so an agent reads what logos would have printed; the person's
 * view was renamed for readability. Where the two differ, the reason is written beside the pair.
 * `agent: null` marks a part the agent's copy does not have, `person: null` one the pane does not
 * title; the reason is beside it too.
 */
export interface Title {
	readonly person: string | null;
	readonly agent: string | null;
}

export const RESUME_TITLES = {
	// The handoff block at the top of the pane, one labelled row each.
	/** The agent's copy has no block: the handoff is its opening lines and sections. */
	handoff: { person: 'Handoff', agent: null },
	/** The agent's copy says it in a sentence: "Last checkpoint `id` by agent, 2 hours ago." */
	who: { person: 'Stopped', agent: null },
	/** The pane's line on what the latest changed against the checkpoint before it; the agent's copy has no such line. */
	changed: { person: 'Changed', agent: null },
	/** The agent's copy says it in a sentence: "Repository: branch@commit …". */
	branch: { person: 'Branch', agent: null },
	/** Task and intent: the pane shows two rows; logos puts both under one heading. */
	doing: { person: null, agent: 'They were doing' },
	task: { person: 'Task', agent: 'Task' },
	intent: { person: 'Intent', agent: 'Intent' },
	next: { person: 'Next step', agent: 'Next step' },
	/** logos's wording tells the agent what to do with it; the pane's row label is shorter. */
	blocked: { person: 'Blocked by', agent: 'Known broken — do not build on it' },
	/** logos's wording tells the agent what to do with it; the pane's row label is shorter. */
	verified: { person: 'Verified', agent: 'Verified — safe to continue from' },
	/** The pane's row counting working notes; the agent's copy lists them (`notes` below). */
	notesSince: { person: 'Since then', agent: null },

	// The sections: the pane's order is this one; the agent's copy keeps logos's order.
	decided: { person: 'Decided', agent: 'Decided' },
	failed: { person: "Already tried, didn't work", agent: "Already tried, didn't work" },
	questions: { person: 'Still open', agent: 'Still open' },
	state: { person: 'State', agent: 'State' },
	/** logos's heading; the pane says plainly what they are. */
	notes: { person: 'Working notes, not yet checkpointed', agent: 'Recorded since, not yet checkpointed' },
	/** logos says "project"; the pane says "scope", the word the person picks in its switcher. */
	ruledOut: { person: 'Ruled out earlier in this scope', agent: 'Ruled out earlier in this project' },
	/** The agent's copy leaves retired rulings out, as logos's hand-over does; the person sees them. */
	retired: { person: 'Retired', agent: null },
	decidedEarlier: { person: 'Decided earlier', agent: 'Decided earlier' },
	/** logos's heading; the pane's section is a list of files a person opens. */
	files: { person: 'Files', agent: 'Files touched' },
	/** logos's heading says why the commands matter; the pane's says what they are. */
	commands: { person: 'Commands run', agent: 'Shown by running' },
	/** Transcript guesses are for the person to weigh; an agent gets only what was recorded. */
	inferred: { person: 'Inferred from the transcript — unverified', agent: null },
	/** The pane's checks on the handoff are for the person who decides whether to trust it. */
	receipts: { person: 'Checks on this handoff', agent: null },
	/** logos's heading; the pane names them by what they are: conversations the person can open. */
	otherWork: { person: 'Other open conversations', agent: 'Other open work' },
	/** For the person tidying the vault; an agent resuming has no use for them. */
	abandoned: { person: 'Abandoned sessions', agent: null },
	/** The agent's copy quotes its notices at the top, untitled. */
	problems: { person: 'Notices', agent: null },
} as const satisfies Record<string, Title>;
