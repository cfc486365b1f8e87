/**
 * Obsidian adapter: reads the sessions folder of the open vault into a VaultSnapshot, the
 * same shape the Node fs adapter gives the CLI. Walks the folder tree Obsidian already
 * holds (no adapter listing) and reads markdown through the vault's cache.
 */
import { normalizePath, TFile, TFolder, type Vault } from 'obsidian';
import type { VaultFile, VaultSnapshot } from '../core';
import { mapBounded } from '../core';

/** Deep enough for `<scope>/<worktree>/_convos/<id>/<file>`, as the CLI's adapter. */
const MAX_DEPTH = 6;
/** Reads in flight at once: enough to overlap I/O, few enough not to stall the UI on mobile. */
export const READ_CONCURRENCY = 8;

/** The sessions folder as a vault path, without a trailing `/`. */
export function sessionsRoot(folder: string): string {
	return normalizePath(folder).replace(/\/+$/, '');
}

/** True when `path` is the sessions folder or inside it. */
export function isUnder(root: string, path: string): boolean {
	return path === root || path.startsWith(`${root}/`);
}

export function findSessionsFolder(vault: Vault, folder: string): TFolder | null {
	const f = vault.getAbstractFileByPath(sessionsRoot(folder));
	return f instanceof TFolder ? f : null;
}

/** Only markdown is read: transcripts can be large and are never parsed. */
function wantsText(file: TFile): boolean {
	return file.extension === 'md';
}

export function collect(folder: TFolder, depth: number, files: TFile[], dirs: string[]): void {
	for (const child of folder.children) {
		if (child instanceof TFolder) {
			dirs.push(child.path);
			if (depth < MAX_DEPTH) collect(child, depth + 1, files, dirs);
		} else if (child instanceof TFile) {
			files.push(child);
		}
	}
}

async function readOne(vault: Vault, file: TFile): Promise<VaultFile> {
	const base = { path: file.path, mtime: file.stat.mtime, size: file.stat.size };
	if (!wantsText(file)) return { ...base, text: null };
	try {
		return { ...base, text: await vault.cachedRead(file) };
	} catch (e) {
		return { ...base, text: null, error: `cannot read (${e instanceof Error ? e.message : String(e)})` };
	}
}

/**
 * Everything under the sessions folder. Never throws: a missing folder is an empty
 * snapshot, a file that cannot be read has `text: null` and the reason in `error`.
 */
export async function readSnapshot(vault: Vault, folder: string, concurrency = READ_CONCURRENCY): Promise<VaultSnapshot> {
	const root = sessionsRoot(folder);
	const snap: VaultSnapshot = { root, files: [], dirs: [] };
	const top = findSessionsFolder(vault, folder);
	if (!top) return snap;
	const files: TFile[] = [];
	collect(top, 1, files, snap.dirs);
	snap.files = await mapBounded(files, concurrency, (f) => readOne(vault, f));
	return snap;
}

/**
 * One project's folder (a scope and its worktree scopes, with everything under them), read
 * as readSnapshot reads the whole folder; null when the project has no folder or more than
 * `maxFiles` markdown files (reading those one by one would cost more than the index does).
 */
export async function readProjectSnapshot(vault: Vault, folder: string, project: string, maxFiles: number): Promise<VaultSnapshot | null> {
	const root = sessionsRoot(folder);
	const top = vault.getAbstractFileByPath(root === '' ? project : `${root}/${project}`);
	if (!(top instanceof TFolder)) return null;
	const snap: VaultSnapshot = { root, files: [], dirs: [top.path] };
	const files: TFile[] = [];
	// The project folder is at depth 1 of the sessions folder.
	collect(top, 2, files, snap.dirs);
	if (files.reduce((n, f) => n + (wantsText(f) ? 1 : 0), 0) > maxFiles) return null;
	snap.files = await mapBounded(files, READ_CONCURRENCY, (f) => readOne(vault, f));
	return snap;
}
