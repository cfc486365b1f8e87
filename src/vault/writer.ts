/**
 * The one module that writes into the vault (docs/decisions.md §1): a verdict line appended
 * to `reviewed.md` and a working note appended to `uncommitted.md`. Both the CLI and the plugin
 * call it; each supplies an AppendPort that never loses a line another writer added meanwhile.
 */
import { scopeFilePath, WriteRefused } from '../core';
import { undoFor, verdictFor, type NewVerdict, type VerdictRequest } from '../core';
import type { RulingRow } from '../core';
import { renderVerdict, reviewedHeader } from '../core';
import { maskNoteText, renderNoteLine, uncommittedHeader } from '../core';
import type { Verdict, WorkingNote } from '../core';
import type { VaultModel } from '../core';

/**
 * A notes file above this is not appended to: every port reads the whole file back, and
 * past a few hundred MB it cannot (docs/decisions.md, "Writing a line").
 */
export const MAX_NOTES_FILE_BYTES = 64 * 1024 * 1024;

export function notesFileTooLarge(vaultPath: string, size: number): string {
	const mb = (size / (1024 * 1024)).toFixed(1);
	return `${vaultPath} is ${mb} MB, over the ${MAX_NOTES_FILE_BYTES / (1024 * 1024)} MB limit for appending; nothing was written`;
}

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

/**
 * A person's verdict on a ruling (retire or reconfirm), checked against the vault before
 * it is written: the scope exists, the commit is one, and a checkpoint or working note of
 * the scope records the ruling. Throws WriteRefused, having written nothing, otherwise.
 */
export async function recordVerdict(
	t: WriteTarget,
	model: VaultModel,
	scope: string,
	req: VerdictRequest,
): Promise<{ path: string; line: string; verdict: NewVerdict; ruling: RulingRow }> {
	const { verdict, ruling } = verdictFor(model, scope, req);
	const written = await appendVerdict(t, scope, verdict);
	return { ...written, verdict, ruling };
}

/** Undoes `given` by appending the verdict in effect before it; `verdicts` are the file's lines now. */
export async function recordUndo(
	t: WriteTarget,
	scope: string,
	verdicts: readonly Verdict[],
	given: NewVerdict,
	now: number,
): Promise<{ path: string; line: string; verdict: NewVerdict }> {
	const verdict = undoFor(verdicts, given, now);
	const written = await appendVerdict(t, scope, verdict);
	return { ...written, verdict };
}

/** Masks like logos masks notes, and more, on the line as it will be written (notes.ts maskNoteText). */
export async function appendNote(
	t: WriteTarget,
	scope: string,
	agent: string,
	text: string,
	ts: number,
): Promise<{ path: string; line: string; note: WorkingNote; redactions: number }> {
	const masked = maskNoteText(text);
	if (masked.text.replace(/\[REDACTED\]/g, '').trim() === '') throw new WriteRefused('the note is empty once secrets are masked');
	const note: WorkingNote = { scope, text: masked.text, ts, agent, line: 0 };
	const path = scopeFilePath(t.sessionsRoot, scope, t.scopes, 'uncommitted.md');
	const line = renderNoteLine(note);
	await t.port.appendLine(path, line, uncommittedHeader(scope));
	return { path, line, note, redactions: masked.redactions.length };
}
