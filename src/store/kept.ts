/**
 * What the indexer keeps in memory between events: the parses and stored rows of a few
 * recently used scopes (reloaded from the index one scope at a time on need, and let go
 * beyond a bound, docs/decisions.md "A long pass in slices"), and the parsed uncommitted.md
 * and reviewed.md files. A parse counts only while the file's mtime and size are the ones
 * it was taken at.
 */
import type { CachedParse } from '../core';
import { parseReviewed } from '../core';
import type { Checkpoint, CheckpointRecord, Verdict, WorkingNote } from '../core';
import type { FileStamp, IndexStore, KeptExtras, RowKey, StoredRow } from './store';
import { isUnderPath, type Listed, type VaultFiles } from './vault-files';

interface Stamped extends FileStamp {
	path: string;
}

interface KeptParse extends FileStamp, KeptExtras {
	checkpoint: Checkpoint;
}

/**
 * Rows kept beyond the scope in use: the bench vault's biggest scope (2,000 checkpoints) and a
 * few ordinary ones, a tenth of its 10,000 checkpoints' rows and parses (docs/decisions.md,
 * "A long pass in slices").
 */
export const DEFAULT_MAX_ROWS = 2500;

const sameStamp = (a: FileStamp, b: FileStamp): boolean => a.mtime === b.mtime && a.size === b.size;

const idKey = (r: CheckpointRecord): string => `${r.scope}\n${r.id}`;

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
	let set = map.get(key);
	if (!set) map.set(key, (set = new Set()));
	set.add(value);
}

/** An emptied set goes with its key: a released scope's ten thousand record ids would keep theirs. */
function removeFrom(map: Map<string, Set<string>>, key: string, value: string): void {
	const set = map.get(key);
	if (!set) return;
	set.delete(value);
	if (set.size === 0) map.delete(key);
}

/**
 * Paths by key where nearly every key has one path (a record id has one file but for its
 * copies): the path itself, a set only for a key with more.
 */
class PathsByKey {
	private readonly map = new Map<string, string | Set<string>>();

	add(key: string, path: string): void {
		const had = this.map.get(key);
		if (had === undefined) this.map.set(key, path);
		else if (typeof had !== 'string') had.add(path);
		else if (had !== path) this.map.set(key, new Set([had, path]));
	}

	delete(key: string, path: string): void {
		const had = this.map.get(key);
		if (had === path) this.map.delete(key);
		else if (had !== undefined && typeof had !== 'string') {
			had.delete(path);
			if (had.size === 0) this.map.delete(key);
		}
	}

	get(key: string): string[] {
		const had = this.map.get(key);
		return had === undefined ? [] : typeof had === 'string' ? [had] : [...had];
	}

	clear(): void {
		this.map.clear();
	}
}

/** Same placement and the same parse: the row in the store is still right. */
export function sameRecord(a: CheckpointRecord, b: CheckpointRecord): boolean {
	return a.checkpoint === b.checkpoint && a.path === b.path && a.name === b.name && a.stem === b.stem && a.id === b.id
		&& a.scope === b.scope && a.conversation === b.conversation && a.flat === b.flat && a.empty === b.empty
		&& a.copyOf === b.copyOf;
}

function moveKeys<T>(map: Map<string, T>, from: string, to: string): void {
	// Collected first: a key moved under `to` must not be visited again.
	for (const [k, v] of [...map]) {
		if (!isUnderPath(from, k)) continue;
		map.delete(k);
		map.set(to + k.slice(from.length), v);
	}
}

/**
 * Rows decoded per step when a view loads a scope (ensureScopeInPages): ~4 ms each once
 * compiled, and several times that in a start's first pages (250 were a task of 50–60 ms then).
 */
const ROWS_PAGE = 100;

export class KeptFiles {
	private readonly parses = new Map<string, KeptParse>();
	private readonly rows = new Map<string, StoredRow>();
	private readonly rowsByScope = new Map<string, Set<string>>();
	/** Stored rows by scope and record id: a record's copies. */
	private readonly rowsById = new PathsByKey();
	/** Scopes whose rows are loaded, least recently used first. */
	private readonly loaded = new Set<string>();
	private readonly notes = new Map<string, FileStamp & { notes: WorkingNote[] }>();
	private readonly verdicts = new Map<string, FileStamp & { verdicts: Verdict[] }>();
	private readonly errors = new Map<string, FileStamp & { error: string }>();

	constructor(
		private readonly store: IndexStore,
		private readonly files: VaultFiles,
		/** Rows kept loaded beyond the scope in use: scopes used longest ago go first. */
		private readonly maxRows = DEFAULT_MAX_ROWS,
	) {}

	/** Loads what the index holds for a scope, once while it stays kept: its rows and their parses. */
	ensureScope(scope: string): void {
		if (this.loaded.has(scope)) {
			// Most recently used now.
			this.loaded.delete(scope);
			this.loaded.add(scope);
			return;
		}
		for (const row of this.store.storedRows(scope)) this.adopt(row);
		this.loaded.add(scope);
		this.trim(scope);
	}

	/**
	 * ensureScope a page of rows at a time, awaiting `between` after each (where the indexer
	 * gives the main thread back once its slice is used): a 2,000-checkpoint scope's rows
	 * are ~80 ms of decoding in one step otherwise.
	 */
	async ensureScopeInPages(scope: string, between: () => Promise<void>): Promise<void> {
		if (this.loaded.has(scope)) {
			this.ensureScope(scope);
			return;
		}
		let after: RowKey | null = null;
		for (;;) {
			const page = this.store.storedRowsPage(scope, after, ROWS_PAGE);
			for (const row of page.rows) this.adopt(row);
			if (page.last === null || page.rows.length < ROWS_PAGE) break;
			after = page.last;
			await between();
		}
		this.loaded.add(scope);
		this.trim(scope);
	}

	/** Whether the scope's rows are loaded now. */
	isLoaded(scope: string): boolean {
		return this.loaded.has(scope);
	}

	/** Lets go of the scopes used longest ago while more rows than the bound are kept; `keep` stays. */
	private trim(keep: string): void {
		const rowsOf = (scope: string): number => this.rowsByScope.get(scope)?.size ?? 0;
		let total = 0;
		for (const scope of this.loaded) if (scope !== keep) total += rowsOf(scope);
		// Deleting while iterating a Set is safe: a deleted entry is not visited.
		for (const scope of this.loaded) {
			if (total <= this.maxRows) break;
			if (scope === keep) continue;
			total -= rowsOf(scope);
			this.release(scope);
		}
	}

	/** Forgets a scope's rows and checkpoint parses: the index holds them, ensureScope reloads them. */
	release(scope: string): void {
		this.loaded.delete(scope);
		for (const path of this.storedPathsOf(scope)) {
			this.forgetStored(path);
			this.parses.delete(path);
		}
		for (const f of this.files.checkpointsOf(scope)) this.parses.delete(f.path);
	}

	private adopt(row: StoredRow): void {
		const path = row.record.path;
		this.setRow(row);
		if (row.extras && !this.parses.has(path)) {
			this.parses.set(path, { mtime: row.mtime, size: row.size, checkpoint: row.record.checkpoint, ...row.extras });
		}
	}

	private setRow(row: StoredRow): void {
		const path = row.record.path;
		this.forgetStored(path);
		this.rows.set(path, row);
		addTo(this.rowsByScope, row.record.scope, path);
		this.rowsById.add(idKey(row.record), path);
	}

	/** Stored rows of the scope whose record has this id. */
	pathsWithId(scope: string, id: string): string[] {
		return this.rowsById.get(`${scope}\n${id}`);
	}

	parseOf(f: Stamped): CachedParse | undefined {
		const p = this.parses.get(f.path);
		return p && sameStamp(p, f) ? p : undefined;
	}

	extrasOf(f: Stamped): KeptExtras | null {
		const p = this.parses.get(f.path);
		return p && sameStamp(p, f) ? { digest: p.digest, lines: p.lines } : null;
	}

	lines(path: string): KeptExtras['lines'] | undefined {
		return this.parses.get(path)?.lines;
	}

	keepParse(f: Stamped, checkpoint: Checkpoint, extras: KeptExtras): void {
		this.parses.set(f.path, { mtime: f.mtime, size: f.size, checkpoint, ...extras });
		this.errors.delete(f.path);
	}

	failed(f: Stamped, error: string): void {
		this.errors.set(f.path, { mtime: f.mtime, size: f.size, error });
	}

	errorOf(f: Stamped): string | undefined {
		const e = this.errors.get(f.path);
		return e && sameStamp(e, f) ? e.error : undefined;
	}

	stored(path: string): StoredRow | undefined {
		return this.rows.get(path);
	}

	/** The store's row matches this file's stamp, with its extras. */
	isStored(f: Stamped): boolean {
		const row = this.rows.get(f.path);
		return row !== undefined && sameStamp(row, f) && row.extras !== null;
	}

	setStored(record: CheckpointRecord, f: Stamped, extras: KeptExtras | null): void {
		this.setRow({ record, mtime: f.mtime, size: f.size, extras });
	}

	forgetParse(path: string): void {
		this.parses.delete(path);
	}

	forgetStored(path: string): void {
		const row = this.rows.get(path);
		if (!row) return;
		removeFrom(this.rowsByScope, row.record.scope, path);
		this.rowsById.delete(idKey(row.record), path);
		this.rows.delete(path);
	}

	storedPathsOf(scope: string): string[] {
		return [...(this.rowsByScope.get(scope) ?? [])];
	}

	/** Scopes of stored rows at or under a path (loaded ones; the listing names the rest). */
	storedScopesUnder(path: string): string[] {
		const out = new Set<string>();
		for (const [p, row] of this.rows) if (isUnderPath(path, p)) out.add(row.record.scope);
		return [...out];
	}

	forget(paths: readonly string[]): void {
		for (const p of paths) this.forgetUnder(p);
	}

	forgetUnder(path: string): void {
		for (const p of [...this.rows.keys()]) if (isUnderPath(path, p)) this.forgetStored(p);
		for (const map of [this.parses, this.notes, this.verdicts, this.errors]) {
			for (const k of [...map.keys()]) if (isUnderPath(path, k)) map.delete(k);
		}
	}

	/** Parses follow a move (same bytes); rows are written again at the new place. */
	move(from: string, to: string): void {
		for (const p of [...this.rows.keys()]) if (isUnderPath(from, p)) this.forgetStored(p);
		moveKeys(this.parses, from, to);
		moveKeys(this.verdicts, from, to);
		moveKeys(this.errors, from, to);
		for (const k of [...this.notes.keys()]) if (isUnderPath(from, k)) this.notes.delete(k);
	}

	clear(): void {
		for (const map of [this.parses, this.rows, this.rowsByScope, this.rowsById, this.notes, this.verdicts, this.errors]) map.clear();
		this.loaded.clear();
	}

	keepNotes(f: Stamped, notes: WorkingNote[]): void {
		this.notes.set(f.path, { mtime: f.mtime, size: f.size, notes });
		this.errors.delete(f.path);
	}

	notesOf(f: Stamped): WorkingNote[] | undefined {
		const n = this.notes.get(f.path);
		return n && sameStamp(n, f) ? n.notes : undefined;
	}

	/** A reviewed.md as read now; its verdict lines go to the index, which notes the ones it never saw ("since I last looked"). */
	keepVerdicts(f: Stamped & { scope?: string | null }, text: string): void {
		const verdicts = parseReviewed(text);
		this.verdicts.set(f.path, { mtime: f.mtime, size: f.size, verdicts });
		this.errors.delete(f.path);
		if (f.scope) {
			const lines = text.split('\n');
			this.store.seeVerdictLines(f.scope, verdicts.map((v) => lines[v.line].trim()));
		}
	}

	verdictsOf(f: Stamped): Verdict[] | undefined {
		const v = this.verdicts.get(f.path);
		return v && sameStamp(v, f) ? v.verdicts : undefined;
	}

	/** The listing's files a model of these scopes (all by default) needs read: scope files not kept at their stamp. */
	unreadScopeFiles(scopes?: ReadonlySet<string>): Listed[] {
		const out: Listed[] = [];
		for (const f of this.files.otherFiles(scopes)) {
			if (f.role === 'notes' && !this.notesOf(f) && !this.errorOf(f)) out.push(f);
			if (f.role === 'reviewed' && !this.verdictsOf(f) && !this.errorOf(f)) out.push(f);
		}
		return out;
	}
}
