/**
 * The status bar's count kept on this device for the next start (docs/decisions.md, "The
 * status bar's count kept for the next start"): what the index counted for the active file,
 * with the uncommitted.md files it had read (path, modification time, size, as the index
 * read them, not as the vault holds them now). A start shows it at once when the vault's
 * uncommitted.md files are exactly those; the index's own count replaces it once open.
 */
import { TFile, TFolder, type App } from 'obsidian';
import { fileRole } from '../../core';
import { isUnder } from '../../vault/obsidian-snapshot';
import { loadKeptList, saveKeptList, type DeviceStorage } from '../since/device-memory';
import type { CountedPairs } from './store-status';

export const KEPT_STATUS_KEY = 'logos-continuity-kept-status';

/** A few active files: the one a start opens is almost always the last one shown. */
export const KEPT_STATUS_MAX = 4;

/** A notes file as the index read it. */
export interface NotesFileStamp {
	path: string;
	mtime: number;
	size: number;
}

export interface KeptStatus {
	v: 1;
	root: string;
	/** The active file's path, '' for none. */
	path: string;
	/** The scope counted for it, null for every scope. */
	scope: string | null;
	/** Per scope and agent: the agent, its notes shown and the newest one's time (abandonment is judged at the start's time). */
	pairs: [string, number, number][];
	unflushed: number;
	/** Every uncommitted.md the index had read, as `path\0mtime\0size`, sorted. */
	files: string[];
}

const stampLine = (f: NotesFileStamp): string => `${f.path}\u0000${f.mtime}\u0000${f.size}`;

/**
 * The vault's uncommitted.md files where a scope's can be: in a folder of the sessions folder
 * or one folder deeper (a worktree scope). Worked out from the vault's file tree: nothing is read.
 */
export function notesFilesNow(app: App, root: string): string[] {
	return uncommittedFiles(app, root).map((f) => stampLine({ path: f.path, mtime: f.stat.mtime, size: f.stat.size })).sort();
}

/** The vault's uncommitted.md files in a folder of the sessions folder or one folder deeper, from its file tree. */
export function uncommittedFiles(app: App, root: string): TFile[] {
	const top = root === '' ? app.vault.getRoot() : app.vault.getAbstractFileByPath(root);
	const out: TFile[] = [];
	const visit = (folder: TFolder, depth: number): void => {
		for (const c of folder.children) {
			if (c instanceof TFile && depth > 0 && c.name === 'uncommitted.md') out.push(c);
			else if (c instanceof TFolder && depth < 2) visit(c, depth + 1);
		}
	};
	if (top instanceof TFolder) visit(top, 0);
	return out;
}

/** The kept count's input, from what the index counted and the notes files it had read. */
export function keptStatusOf(root: string, path: string | null, scope: string | null, counts: CountedPairs, files: readonly NotesFileStamp[]): KeptStatus {
	return {
		v: 1, root, path: path ?? '', scope,
		pairs: counts.pairs.map((p) => [p.agent, p.notes, p.lastTs]),
		unflushed: counts.unflushed,
		files: files.map(stampLine).sort(),
	};
}

/** The pairs as the index gave them. */
export function countedOfKept(k: KeptStatus): CountedPairs {
	return { pairs: k.pairs.map(([agent, notes, lastTs]) => ({ agent, notes, lastTs })), unflushed: k.unflushed };
}

const isTriple = (x: unknown): boolean => Array.isArray(x) && x.length === 3 && typeof x[0] === 'string' && typeof x[1] === 'number' && typeof x[2] === 'number';

/** The shape this version writes; anything else is passed over. */
function isKeptStatus(x: unknown): x is KeptStatus {
	if (x === null || typeof x !== 'object') return false;
	const k = x as Partial<KeptStatus>;
	return (
		k.v === 1 && typeof k.root === 'string' && typeof k.path === 'string' && (k.scope === null || typeof k.scope === 'string') &&
		Array.isArray(k.pairs) && k.pairs.every(isTriple) && typeof k.unflushed === 'number' &&
		Array.isArray(k.files) && k.files.every((f) => typeof f === 'string')
	);
}

function allKept(store: DeviceStorage): KeptStatus[] {
	return loadKeptList(store, KEPT_STATUS_KEY, isKeptStatus);
}

/**
 * Whether the scope kept for the active file is its scope now, from its path alone: none, a
 * file outside the sessions folder, or a checkpoint or uncommitted.md (while it is there, its
 * folder is a scope). Any other file in the sessions folder is in the deepest folder that is
 * a scope, which a checkpoint written since can change without touching any uncommitted.md.
 */
function scopeStands(root: string, path: string, kept: string | null): boolean {
	const scope = countedScopeOf(root, path);
	return scope !== undefined && scope === kept;
}

/**
 * The scope the status bar counts for the active file (`''` for none), from its path alone:
 * null for every scope (no file, or one outside the sessions folder), a checkpoint's or an
 * uncommitted.md's own scope, undefined when only the index can tell (scopeStands).
 */
export function countedScopeOf(root: string, path: string): string | null | undefined {
	if (path === '' || (root !== '' && !isUnder(root, path))) return null;
	const placed = fileRole(root, path);
	return placed?.role === 'checkpoint' || placed?.role === 'notes' ? placed.scope : undefined;
}

/** The kept count for the active file, when the vault's notes files are exactly those the index had read. */
export function keptStatus(app: App, root: string, path: string | null): KeptStatus | null {
	const k = allKept(app).find((x) => x.root === root && x.path === (path ?? ''));
	if (!k || !scopeStands(root, k.path, k.scope)) return null;
	const now = notesFilesNow(app, root);
	return now.length === k.files.length && now.every((line, i) => line === k.files[i]) ? k : null;
}

/** Keeps `k` first in place of the same active file's; a storage that refuses keeps nothing. */
export function keepStatus(store: DeviceStorage, k: KeptStatus): void {
	const others = allKept(store).filter((x) => !(x.root === k.root && x.path === k.path));
	saveKeptList(store, KEPT_STATUS_KEY, [k, ...others].slice(0, KEPT_STATUS_MAX));
}

/** Forgets every kept count: the index changed, and until it is counted again nothing kept is sure. */
export function forgetStatus(store: DeviceStorage): void {
	if (allKept(store).length > 0) saveKeptList(store, KEPT_STATUS_KEY, []);
}
