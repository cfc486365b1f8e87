/**
 * The status bar's first count on a device with no index yet (docs/decisions.md, "The status
 * bar's first count on a new device"): the uncommitted.md files the new index is reading,
 * counted as it will count them. A new index knows no note of the person's but those in the
 * files, so the counts are the same; with an index file, even a damaged one, the bar waits.
 */
import type { App, TFile } from 'obsidian';
import { fileRole, notePairs, parseUncommitted, pushAll, type WorkingNote } from '../../core';
import { pausesAfterLongSteps } from '../../vault/next-task';
import { countedScopeOf, uncommittedFiles } from './kept-status';
import type { CountedPairs } from './store-status';

/** The uncommitted.md files the index reads (a scope's folder, or a worktree folder in one), with their scopes. */
function notesFiles(app: App, root: string): { file: TFile; scope: string }[] {
	const out: { file: TFile; scope: string }[] = [];
	for (const file of uncommittedFiles(app, root)) {
		const placed = fileRole(root, file.path);
		if (placed?.role === 'notes') out.push({ file, scope: placed.scope });
	}
	return out;
}

/**
 * What the index will count for the active file at `path` (null for none), from the files:
 * per scope and agent the notes and the newest one's time. Undefined when the path alone does
 * not tell which scope the index counts (countedScopeOf).
 */
export async function countedFromFiles(app: App, root: string, path: string | null): Promise<{ scope: string | null; counted: CountedPairs } | undefined> {
	const scope = countedScopeOf(root, path ?? '');
	if (scope === undefined) return undefined;
	const notes: WorkingNote[] = [];
	// 50 files of 400 notes at 10,000 checkpoints: each file a step, a task of its own when they add up.
	const pause = pausesAfterLongSteps();
	for (const f of notesFiles(app, root)) {
		if (scope !== null && f.scope !== scope) continue;
		pushAll(notes, parseUncommitted(await app.vault.cachedRead(f.file), f.scope));
		await pause();
	}
	const pairs = notePairs(notes).map((p) => ({ agent: p.agent, notes: p.notes, lastTs: p.lastTs }));
	return { scope, counted: { pairs, unflushed: 0 } };
}
