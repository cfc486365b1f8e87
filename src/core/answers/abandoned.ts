/**
 * What can be done about an abandoned session. Closing one is logos's job (`logos
 * sessions <project> --close <id>`): it also rewrites `uncommitted.md`, and the session id
 * lives in logos's own cache, not in the vault. The plugin explains, offers the command
 * with the project quoted for a POSIX shell, and shows the session closed once logos has
 * written its auto-closed record (docs/decisions.md, "Abandoned sessions").
 */
import { QUIET_AFTER } from './continuity';
import { history } from '../model/history';
import type { VaultScan } from '../model/scan';
import { Memo } from '../memo';
import type { CheckpointRecord } from '../types';
import type { ClosedSession } from './resume-types';

export type { ClosedSession } from './resume-types';

/** How logos labels an auto-closed record in its session list. */
export const AUTO_CLOSED_RECORD_LABEL = 'auto-closed — not a real handoff';

/** One word for a POSIX shell: single quotes, each `'` written `'\''`. Newlines, `$()`, backticks stay literal. */
export function shellQuote(s: string): string {
	return `'${s.replace(/'/g, `'\\''`)}'`;
}

export interface SessionsCommand {
	/** What to copy. */
	command: string;
	/** Set when logos cannot be given this project by name: what the person should do instead. */
	caveat: string | null;
}

/**
 * `logos sessions <project>`, the project quoted. logos 0.4.8 reads an argument starting
 * with `-` as an option (and `--` does not help), so such a project is reached by running
 * the bare command inside the project's own folder.
 */
export function sessionsCommand(project: string): SessionsCommand {
	if (project.startsWith('-')) {
		return { command: 'logos sessions', caveat: `logos reads a name starting with "-" as an option: run this in the folder of ${project}` };
	}
	return { command: `logos sessions ${shellQuote(project)}`, caveat: null };
}


/** A history's auto-closed records with a time, newest first: few, kept per history (a scope's whole list is walked once). */
const autoClosed = new Memo<readonly CheckpointRecord[], readonly CheckpointRecord[]>();

/** The scope's auto-closed records closed within the quiet window (14 days) before `now`, newest first. */
export function closedSessions(scan: VaultScan, scope: string, now: number): ClosedSession[] {
	return autoClosed.get(history(scan, scope).entries, (entries) => entries.filter((r) => r.checkpoint.autoClosed && r.checkpoint.ts > 0))
		.filter((r) => now - r.checkpoint.ts <= QUIET_AFTER && r.checkpoint.ts <= now)
		.map((r) => ({ record: r, agent: r.checkpoint.agent.trim() || r.stem.slice(16) || 'an agent', closedTs: r.checkpoint.ts }));
}
