/**
 * The indexer's picture of the sessions folder without its texts: every file with its
 * stamp, every folder, and which scope each checkpoint file belongs to. Classification
 * comes from the core's layout rules (fileRole), so the index and a full scan agree.
 */
import { fileRole, type FileRole, isProjectDir } from '../core';
import { compareBytes, isCheckpointNameAt } from '../core';
import { runThrough, type Steps } from './steps';
import type { ListedFile } from './store';

/** Files a step of resetSteps takes in. */
const RESET_STEP = 2500;

/** What an adapter lists without reading: the Obsidian folder tree, or a Node stat walk. */
export interface Listing {
	/** The sessions folder, vault-relative. */
	root: string;
	files: ListedFile[];
	dirs: string[];
}

export interface Listed extends ListedFile {
	role: FileRole | null;
	scope: string | null;
}

export function isUnderPath(folder: string, path: string): boolean {
	return path === folder || path.startsWith(`${folder}/`);
}

/** Takes a path off its scope's list; a list left empty goes, so the scope is no longer one. */
function unlist(map: Map<string, Set<string>>, scope: string, path: string): void {
	const set = map.get(scope);
	if (set?.delete(path) && set.size === 0) map.delete(scope);
}

/** The vault's folders, counting their changes: what is worked out from them holds while the count stands. */
class Folders extends Set<string> {
	changes = 0;

	override add(dir: string): this {
		if (!this.has(dir)) this.changes++;
		return super.add(dir);
	}

	override delete(dir: string): boolean {
		const gone = super.delete(dir);
		if (gone) this.changes++;
		return gone;
	}

	override clear(): void {
		this.changes++;
		super.clear();
	}
}

export class VaultFiles {
	root = '';
	files = new Map<string, Listed>();
	dirs = new Folders();
	/** projects() as of a count of the folders' changes and a root: every model asks, the folders seldom change. */
	private projectList: { changes: number; root: string; list: readonly string[] } | null = null;
	/** Checkpoint files by scope. */
	private byScope = new Map<string, Set<string>>();
	/**
	 * A scope's other files with a role (uncommitted.md, reviewed.md, transcripts), by scope: a
	 * model of a few scopes, and the list of scopes, look at those scopes' files, not every file.
	 */
	private othersByScope = new Map<string, Set<string>>();
	/** Counts changes to each scope's files: a model of the scope holds while its count stands. */
	private scopeRevs = new Map<string, number>();
	/** Grows on every reset: counts from before it mean nothing. */
	private generation = 0;
	/** The folder of the last file set, known to be in `dirs`: a listing names a folder's files together. */
	private lastFolder = '';
	/**
	 * The classification of a checkpoint-named file in lastFolder, once one was classified:
	 * for such names the layout rules look only at the folder, so it holds for every one there.
	 */
	private folderCheckpoints: { role: FileRole; scope: string } | null | undefined;

	reset(listing: Listing): void {
		runThrough(this.resetSteps(listing));
	}

	/**
	 * reset(), a step per `step` files (10,000 files are ~15 ms, a task over 50 ms when a
	 * collection lands in it). The listing is taken in aside and put in place in the last step:
	 * between steps, whoever asks sees the listing before, whole.
	 */
	*resetSteps(listing: Listing, step = RESET_STEP): Steps<void> {
		const next = new VaultFiles();
		next.root = listing.root.replace(/^\/+|\/+$/g, '');
		next.generation = this.generation + 1;
		// What was worked out from the folders before must not hold for these.
		next.dirs.changes = this.dirs.changes + 1;
		for (const d of listing.dirs) next.dirs.add(d);
		for (let i = 0; i < listing.files.length; i++) {
			if (i > 0 && i % step === 0) yield;
			// Nothing is listed before: no earlier entry to look up, no scope to mark changed.
			next.add(listing.files[i], undefined);
		}
		this.root = next.root;
		this.files = next.files;
		this.dirs = next.dirs;
		this.byScope = next.byScope;
		this.othersByScope = next.othersByScope;
		this.scopeRevs = next.scopeRevs;
		this.generation = next.generation;
		this.projectList = null;
		this.forgetFolder();
	}

	/** Whether a listing was taken in (reset): before, no file is known, not even the saved index's. */
	get hasListing(): boolean {
		return this.generation > 0;
	}

	/** Adds or updates a file; returns its classification. */
	set(f: ListedFile): Listed {
		const entry = this.add(f, this.files.get(f.path));
		this.touch(entry);
		return entry;
	}

	private add(f: ListedFile, before: Listed | undefined): Listed {
		const at = f.path.lastIndexOf('/');
		const sameFolder = at > 0 && at === this.lastFolder.length && f.path.startsWith(this.lastFolder);
		const checkpointName = at > 0 && isCheckpointNameAt(f.path, at + 1);
		let found: { role: FileRole | null; scope: string | null } | null;
		if (before) found = before;
		else if (sameFolder && checkpointName && this.folderCheckpoints !== undefined) found = this.folderCheckpoints;
		else found = fileRole(this.root, f.path);
		const entry: Listed = { path: f.path, mtime: f.mtime, size: f.size, role: found?.role ?? null, scope: found?.scope ?? null };
		this.files.set(f.path, entry);
		if (entry.role !== null && entry.scope !== null) {
			const into = entry.role === 'checkpoint' ? this.byScope : this.othersByScope;
			let set = into.get(entry.scope);
			if (!set) into.set(entry.scope, (set = new Set()));
			set.add(f.path);
		}
		// A file's folders exist: events may announce the file before its folder.
		if (at > 0 && !sameFolder) {
			for (let i = at; i > 0; i = f.path.lastIndexOf('/', i - 1)) {
				const dir = f.path.slice(0, i);
				if (this.dirs.has(dir)) break;
				this.dirs.add(dir);
			}
			this.lastFolder = f.path.slice(0, at);
			this.folderCheckpoints = undefined;
		}
		if (checkpointName && !before) this.folderCheckpoints = entry.role === null ? null : { role: entry.role, scope: entry.scope as string };
		return entry;
	}

	/** Marks the file's scope changed; also for a file already listed whose parse or read state moved on. */
	touch(f: Listed): void {
		if (f.role !== null && f.scope !== null) this.scopeRevs.set(f.scope, (this.scopeRevs.get(f.scope) ?? 0) + 1);
	}

	/** Changes the scope's files went through; unequal values mean the scope must be looked at again. */
	scopeRevision(scope: string): string {
		return `${this.generation}:${this.scopeRevs.get(scope) ?? 0}`;
	}

	/** The scopes (of these only, when given) with a file that has a role: what a model of them is built from (filesOf). */
	scopesWithFiles(scopes?: ReadonlySet<string>): string[] {
		const has = (scope: string): boolean => this.byScope.has(scope) || this.othersByScope.has(scope);
		return scopes ? [...scopes].filter(has) : [...new Set([...this.byScope.keys(), ...this.othersByScope.keys()])];
	}

	/** A scope's files with a role: its checkpoints, then its other files. */
	filesOf(scope: string): Listed[] {
		const list = this.listed(this.byScope.get(scope));
		for (const f of this.listed(this.othersByScope.get(scope))) list.push(f);
		return list;
	}

	/** The uncommitted.md, reviewed.md and transcripts of these scopes (of every scope when not given). */
	otherFiles(scopes?: ReadonlySet<string>): Listed[] {
		const out: Listed[] = [];
		for (const [scope, paths] of this.othersByScope) if (!scopes || scopes.has(scope)) for (const f of this.listed(paths)) out.push(f);
		return out;
	}

	private listed(paths: ReadonlySet<string> | undefined): Listed[] {
		const out: Listed[] = [];
		for (const p of paths ?? []) {
			const f = this.files.get(p);
			if (f) out.push(f);
		}
		return out;
	}

	/** The sessions folder's project folders, root-relative (a look at every folder only after folders changed). */
	projects(): readonly string[] {
		const kept = this.projectList;
		if (kept && kept.changes === this.dirs.changes && kept.root === this.root) return kept.list;
		const prefix = this.root === '' ? '' : `${this.root}/`;
		const out: string[] = [];
		for (const d of this.dirs) if (d.startsWith(prefix) && isProjectDir(d.slice(prefix.length))) out.push(d.slice(prefix.length));
		this.projectList = { changes: this.dirs.changes, root: this.root, list: out };
		return out;
	}

	private forgetFolder(): void {
		this.lastFolder = '';
		this.folderCheckpoints = undefined;
	}

	/** Forgets a file or a folder with everything under it; returns what went. */
	remove(path: string): Listed[] {
		const gone: Listed[] = [];
		const direct = this.files.get(path);
		const candidates = direct ? [direct] : [...this.files.values()].filter((f) => isUnderPath(path, f.path));
		for (const f of candidates) {
			this.files.delete(f.path);
			if (f.scope !== null) for (const map of [this.byScope, this.othersByScope]) unlist(map, f.scope, f.path);
			this.touch(f);
			gone.push(f);
		}
		if (!direct) for (const d of [...this.dirs]) if (isUnderPath(path, d)) this.dirs.delete(d);
		this.forgetFolder();
		return gone;
	}

	get(path: string): Listed | undefined {
		return this.files.get(path);
	}

	checkpointsOf(scope: string): Listed[] {
		return this.listed(this.byScope.get(scope));
	}

	ofRole(role: FileRole): Listed[] {
		return [...this.files.values()].filter((f) => f.role === role);
	}

	/** The scopes scanVault finds: every folder holding a checkpoint or notes (docs/format.md §1.3). */
	scopes(): string[] {
		const out = new Set(this.byScope.keys());
		for (const [scope, paths] of this.othersByScope) if (!out.has(scope) && this.listed(paths).some((f) => f.role === 'notes')) out.add(scope);
		// In the scan's order (byte order), so a list of these is VaultModel.scopes.
		return [...out].sort(compareBytes);
	}

	/** The files the store reconciles by stamp: checkpoints and uncommitted.md. */
	indexed(): Listed[] {
		return [...this.files.values()].filter((f) => f.role === 'checkpoint' || f.role === 'notes');
	}
}
