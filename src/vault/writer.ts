/**
 * The one module that writes into the vault (plugin-decisions.md §1): a verdict line appended
 * to `reviewed.md` and a working note appended to `uncommitted.md`. Both the CLI and the plugin
 * call it; each supplies an AppendPort that never loses a line another writer added meanwhile.
 */
import { scopeFilePath, WriteRefused } from '../core/path-guard';
import { renderVerdict, reviewedHeader } from '../core/reviews';
import { renderNoteLine, uncommittedHeader } from '../core/notes';
import { maskSecrets } from '../core/secrets';
import type { Verdict, WorkingNote } from '../core/types';

export interface AppendPort {
	/** Appends `line` + LF (after an LF if the file lacks one); creates the file with `header` first. */
	appendLine(vaultPath: string, line: string, header: string): Promise<void>;
}

export interface WriteTarget {
	port: AppendPort;
	sessionsRoot: string;
	/** Scope folders that exist on disk. */
	scopes: readonly string[];
}

export async function appendVerdict(t: WriteTarget, scope: string, v: Omit<Verdict, 'line'>): Promise<{ path: string; line: string }> {
	const path = scopeFilePath(t.sessionsRoot, scope, t.scopes, 'reviewed.md');
	const line = renderVerdict({ ...v, line: 0 });
	await t.port.appendLine(path, line, reviewedHeader(scope));
	return { path, line };
}

/** Masks like logos masks notes before anything reaches the disk. */
export async function appendNote(
	t: WriteTarget,
	scope: string,
	agent: string,
	text: string,
	ts: number,
): Promise<{ path: string; line: string; note: WorkingNote; redactions: number }> {
	const masked = maskSecrets(text);
	if (masked.text.replace(/\[REDACTED\]/g, '').trim() === '') throw new WriteRefused('the note is empty once secrets are masked');
	const note: WorkingNote = { scope, text: masked.text, ts, agent, line: 0 };
	const path = scopeFilePath(t.sessionsRoot, scope, t.scopes, 'uncommitted.md');
	const line = renderNoteLine(note);
	await t.port.appendLine(path, line, uncommittedHeader(scope));
	return { path, line, note, redactions: masked.redactions.length };
}
