/**
 * The plugin's index: checkpoints, rulings, decisions and working notes in one sql.js
 * database, queried by the views and the CLI instead of the vault. Everything but the
 * person's own notes is derived from the vault and can be rebuilt from it.
 */
import { format } from 'date-fns';
import type { Database, SqlJsStatic } from 'sql.js';
import type { CheckpointRecord, WorkingNote } from '../core';
import type { LineBytes } from './record-codec';
import { type Newest, newestOf, newestScope, scopeActivity, type ScopeActivity, scopeRecency, type ScopeRecency } from './activity';
import {
	allCheckpointStamps, checkpointAt, checkpointPathsUnder, checkpointScopes, checkpointsOfScope, checkpointStamp,
	decisionsOfScope, deleteCheckpoint, listCounts, firstCheckpointAfter, type FileStamp, type IndexedDecision, type IndexedRuling, type KeptExtras,
	moveCheckpoint, scopesNeedingRead, STAMP_MODULUS, stampHash, stampTotal, type RowKey, type StoredRow, storedLines, storedLinesOfScope, storedRows, storedRowsPage, rulingsOfScope, writeCheckpoint,
} from './checkpoint-rows';
import { Conn } from './conn';
import {
	addOwn, allNoteFiles, clearDerivedNotesStep, countShown, deleteNoteFile, dismissOwn, type ImportOptions,
	type ImportResult, importScopeNotes, type IndexedNote, noteFileAt, type NotePair, noteScopes, ownNotes, pendingOwn, restoreOwn, setFlushed,
	shownNotePairs, shownNotes, type StampFormat, writeNoteFile,
} from './note-rows';
import { baselinePending, newItemsOfScope, newPathsOfScope, newsOfScope, type NewItems, type ScopeNews, seeVerdictLines, setBaseline } from './news';
import { createIndexDb, isDamageError } from './open';
import { runThrough, type Steps } from './steps';
import { salvageFromDb, salvageOwnNotes, type SalvagedNote } from './salvage';

export type { SalvagedNote } from './salvage';
export type { NewItems, ScopeNews } from './news';
export type { FileStamp, RowKey, ImportOptions, ImportResult, IndexedDecision, IndexedNote, IndexedRuling, KeptExtras, NotePair, StampFormat, StoredRow };

/** What `cli stats` prints: how much the index holds. */
export interface IndexStats {
	checkpoints: number;
	scopes: number;
	rulings: number;
	decisions: number;
	noteFiles: number;
	sessions: number;
	notes: number;
	/** Notes a person sees as not yet checkpointed. */
	uncommitted: number;
	own: number;
	unflushed: number;
	schemaVersion: number;
}

export interface ListedFile extends FileStamp {
	path: string;
}

export interface NoteImportOptions extends ImportOptions {
	/** The uncommitted.md the notes came from, so reconciliation can skip it next time. */
	file?: ListedFile;
}

export interface IndexStoreOptions {
	/** Local `YYYYMMDD-HHMMSS` for a unix time; date-fns in the machine's zone by default. */
	formatStamp?: StampFormat;
	/** Milliseconds now, for when the index first sees a row ("since I last looked"); Date.now by default. */
	clock?: () => number;
}

export const localStamp: StampFormat = (ts) => format(new Date(ts * 1000), 'yyyyMMdd-HHmmss');

const sameStamp = (a: FileStamp, b: FileStamp): boolean => a.mtime === b.mtime && a.size === b.size;

/** Listed files a step of reconcileSteps compares. */
const RECONCILE_STEP = 2500;

/**
 * sql.js keeps the whole file in memory and has no other writer, so: a page cache that does
 * not spill mid-transaction on a full pass (the default 2 MB does, which costs more than the
 * pages), and the rollback journal in memory rather than in its emulated file system.
 */
function connectionSettings(db: Database): void {
	db.run('PRAGMA cache_size = -32768');
	db.run('PRAGMA journal_mode = MEMORY');
}

export class IndexStore {
	private readonly conn: Conn;
	private readonly stamp: StampFormat;
	private rev = 0;
	private readonly listeners = new Set<() => void>();
	/** Inside batch(): changes are announced once, when it ends. */
	private batching = 0;
	private batchChanged = false;
	private readonly sql: SqlJsStatic | null;
	private readonly clock: () => number;
	/** First reads still taken as seen (news_baseline), read once per database. */
	private baseline: Set<string> | null = null;

	/** Takes a database that `openIndexBytes`/`loadIndex` opened (current schema). */
	constructor(db: Database, opts: IndexStoreOptions & { sql?: SqlJsStatic } = {}) {
		this.conn = new Conn(db, connectionSettings);
		this.stamp = opts.formatStamp ?? localStamp;
		this.sql = opts.sql ?? null;
		this.clock = opts.clock ?? Date.now;
	}

	/**
	 * When a row written now counts as first seen: the clock's time, or 0 (seen) while the
	 * first reads of a new, upgraded or rebuilt index are still to come (see schema.ts, step 7).
	 */
	private seenNow(what: 'rows' | 'verdicts'): number {
		this.baseline ??= baselinePending(this.conn);
		return this.baseline.has(what) ? 0 : this.clock();
	}

	/** The first full pass (`rows`) or the first read of the reviewed.md files (`verdicts`) is done: what comes next is news. */
	endBaseline(what: 'rows' | 'verdicts'): void {
		this.baseline ??= baselinePending(this.conn);
		if (!this.baseline.has(what)) return;
		setBaseline(this.conn, what, false);
		this.baseline.delete(what);
		this.changed();
	}

	static create(sql: SqlJsStatic, opts: IndexStoreOptions = {}): IndexStore {
		return new IndexStore(createIndexDb(sql), { ...opts, sql });
	}

	/**
	 * Own notes read out of a damaged index (see salvage.ts), put back into this one before
	 * the vault is read. Returns how many were added.
	 */
	restoreOwnNotes(notes: readonly SalvagedNote[]): number {
		if (notes.length === 0) return 0;
		const added = this.conn.tx(() => restoreOwn(this.conn, notes, this.stamp));
		this.changed();
		return added;
	}

	/**
	 * The person's own notes in another index file (another device's, found where this one's
	 * was), added when this index does not hold them; those it holds keep their state here.
	 * Returns how many were added.
	 */
	adoptOwnNotesOf(bytes: Uint8Array): number {
		if (this.sql === null) return 0;
		const notes = salvageOwnNotes(this.sql, bytes);
		if (notes.length === 0) return 0;
		const added = this.conn.tx(() => restoreOwn(this.conn, notes, this.stamp, { onlyNew: true }));
		if (added > 0) this.changed();
		return added;
	}

	/**
	 * After a query failed: when the error says the database itself is damaged (damage the
	 * checks on opening could not see), the store carries on with a fresh, empty index
	 * holding the person's notes that could still be read. The caller reads the vault
	 * again with a new Indexer, as after a damaged file on start. Returns whether it did.
	 */
	replaceIfDamaged(err: unknown): boolean {
		if (!isDamageError(err) || this.sql === null) return false;
		const old = this.conn.db;
		const notes = salvageFromDb(old);
		const fresh = createIndexDb(this.sql);
		this.conn.replace(fresh);
		this.baseline = null;
		try {
			old.close();
		} catch {
			// the damaged database is dropped either way
		}
		if (notes.length > 0) this.conn.tx(() => restoreOwn(this.conn, notes, this.stamp));
		this.changed();
		return true;
	}

	/** Grows by one with every change; views re-render when it moved. */
	get revision(): number {
		return this.rev;
	}

	/** Called after every change (the plugin schedules a save). Returns the unsubscribe. */
	onChange(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private changed(): void {
		if (this.batching > 0) {
			this.batchChanged = true;
			return;
		}
		this.rev++;
		for (const l of this.listeners) l();
	}

	/** Several changes in one transaction, announced once (one revision, one save). */
	batch<T>(work: () => T): T {
		this.batching++;
		let out: T;
		try {
			out = this.conn.tx(work);
		} finally {
			this.batching--;
		}
		if (this.batching === 0 && this.batchChanged) {
			this.batchChanged = false;
			this.changed();
		}
		return out;
	}

	/** `extras` lets a later start place the file without reading it (see storedRows). */
	upsertCheckpoint(record: CheckpointRecord, mtime: number, size: number, extras?: KeptExtras): void {
		const seen = this.seenNow('rows');
		this.conn.tx(() => writeCheckpoint(this.conn, record, { mtime, size }, extras, seen));
		this.changed();
	}

	scopesNeedingRead(): string[] {
		return scopesNeedingRead(this.conn);
	}

	/** Checkpoint rows of a scope (or all), for the indexer's in-memory cache. */
	storedRows(scope?: string): StoredRow[] {
		return storedRows(this.conn, scope);
	}

	/** A page of a scope's checkpoint rows after `after` (checkpoint-rows.ts storedRowsPage). */
	storedRowsPage(scope: string, after: RowKey | null, limit: number): { rows: StoredRow[]; last: RowKey | null } {
		return storedRowsPage(this.conn, scope, after, limit);
	}

	/** A checkpoint's stored line map (where its sections and keys sit), encoded, for a view that points at a line. */
	linesAt(path: string): LineBytes | undefined {
		return storedLines(this.conn, path);
	}

	/** The stored line maps of a scope's checkpoints, encoded, by path: one query for a view that points at many. */
	linesOfScope(scope: string): Map<string, LineBytes> {
		return storedLinesOfScope(this.conn, scope);
	}

	/**
	 * A file or folder is gone. A checkpoint's rows go; an uncommitted.md's notes are
	 * marked absent (never deleted). Returns whether the index held anything there.
	 */
	removePath(path: string): boolean {
		const hit = this.conn.tx(() => this.removeUnchecked(path));
		if (hit) this.changed();
		return hit;
	}

	private removeUnchecked(path: string): boolean {
		let hit = deleteCheckpoint(this.conn, path) > 0;
		for (const p of checkpointPathsUnder(this.conn, path)) hit = deleteCheckpoint(this.conn, p) > 0 || hit;
		for (const f of allNoteFiles(this.conn)) {
			if (f.path !== path && !f.path.startsWith(`${path}/`)) continue;
			deleteNoteFile(this.conn, f.path);
			importScopeNotes(this.conn, f.scope, [], this.stamp);
			hit = true;
		}
		return hit;
	}

	/**
	 * A file or folder moved. Checkpoint rows follow it (scope and conversation stay as
	 * they were; a move that changes them is followed by an upsert). An uncommitted.md
	 * that moved counts as removed: its new path is imported as a new file.
	 */
	renamePath(from: string, to: string): boolean {
		const hit = this.conn.tx(() => {
			let moved = moveCheckpoint(this.conn, from, to);
			for (const p of checkpointPathsUnder(this.conn, from)) {
				moved = moveCheckpoint(this.conn, p, to + p.slice(from.length)) || moved;
			}
			const notes = allNoteFiles(this.conn).some((f) => f.path === from || f.path.startsWith(`${from}/`));
			if (notes) this.removeUnchecked(from);
			return moved || notes;
		});
		if (hit) this.changed();
		return hit;
	}

	/** Every uncommitted.md the index read, with the modification time and size it read it at. */
	noteFileStamps(): { path: string; mtime: number; size: number }[] {
		return allNoteFiles(this.conn).map(({ path, mtime, size }) => ({ path, mtime, size }));
	}

	/** What the index last read of a file: checkpoint or uncommitted.md. */
	fileStamp(path: string): FileStamp | null {
		const cp = checkpointStamp(this.conn, path);
		if (cp) return cp;
		const nf = noteFileAt(this.conn, path);
		return nf ? { mtime: nf.mtime, size: nf.size } : null;
	}

	/**
	 * Compares the vault's listing (checkpoints and uncommitted.md files) with what the
	 * index read. `changed` are files new or different by mtime or size: only these need
	 * parsing again. `removed` are files the index knew that are gone; their rows are
	 * dropped (notes marked absent) here, except checkpoint rows when `keepCheckpoints`:
	 * the caller drops those when it places their scope again, so an index saved before
	 * that still tells the next start the scope is to be placed (docs/decisions.md, "A long
	 * pass in slices").
	 */
	reconcile(listing: readonly ListedFile[], opts: { keepCheckpoints?: boolean } = {}): { changed: string[]; removed: string[] } {
		return runThrough(this.reconcileSteps(listing, opts));
	}

	/**
	 * reconcile(), a step per `step` files listed: at 10,000 checkpoints the comparison is 10–20
	 * ms once compiled and several times that in a fresh page's first run, as one step. What is
	 * stored is read at the start and the rows of files gone dropped at the end; the caller keeps
	 * other writers of the listed files' rows waiting meanwhile (the indexer's queue).
	 */
	*reconcileSteps(listing: readonly ListedFile[], opts: { keepCheckpoints?: boolean } = {}, step = RECONCILE_STEP): Steps<{ changed: string[]; removed: string[] }> {
		if (yield* this.unchangedSteps(listing, step)) return { changed: [], removed: [] };
		yield;
		const known = allCheckpointStamps(this.conn);
		const checkpoints = opts.keepCheckpoints ? new Set(known.keys()) : new Set<string>();
		for (const f of allNoteFiles(this.conn)) known.set(f.path, f);
		const changed: string[] = [];
		const listed = new Set<string>();
		for (let i = 0; i < listing.length; i++) {
			if (i > 0 && i % step === 0) yield;
			const f = listing[i];
			listed.add(f.path);
			const had = known.get(f.path);
			if (!had || !sameStamp(had, f)) changed.push(f.path);
		}
		yield;
		const removed = [...known.keys()].filter((p) => !listed.has(p)).sort();
		const dropNow = removed.filter((p) => !checkpoints.has(p));
		if (dropNow.length > 0) {
			this.conn.tx(() => {
				for (const p of dropNow) this.removeUnchecked(p);
			});
			this.changed();
		}
		return { changed, removed };
	}

	/**
	 * Whether the listing is what the index read, without reading every row: uncommitted.md
	 * files (a few) by their stamps, checkpoints by their count and the sum of their stamp
	 * hashes (a change of any path, mtime or size moves the sum, but for a 2^-32 chance).
	 */
	private *unchangedSteps(listing: readonly ListedFile[], step: number): Steps<boolean> {
		const stored = stampTotal(this.conn);
		const notes = new Map(allNoteFiles(this.conn).map((f) => [f.path, f]));
		if (listing.length !== stored.count + notes.size) return false;
		// A path is looked up among the notes only when it ends like one of them (they are all
		// uncommitted.md: one name to test).
		const names = [...new Set([...notes.keys()].map((p) => p.slice(p.lastIndexOf('/'))))];
		const mayBeNote = names.length === 1 ? (p: string): boolean => p.endsWith(names[0]) : (p: string): boolean => names.some((n) => p.endsWith(n));
		// Below 2^53 for any vault of fewer than two million files: one modulo at the end.
		let sum = 0;
		let notesSeen = 0;
		for (let i = 0; i < listing.length; i++) {
			if (i > 0 && i % step === 0) yield;
			const f = listing[i];
			const note = mayBeNote(f.path) ? notes.get(f.path) : undefined;
			if (note) {
				if (!sameStamp(note, f)) return false;
				notesSeen++;
			} else {
				sum += stampHash(f.path, f.mtime, f.size);
			}
		}
		return notesSeen === notes.size && sum % STAMP_MODULUS === stored.sum;
	}

	/**
	 * Imports the notes uncommitted.md holds for a scope now (all of them: a note
	 * missing here is marked absent). De-duplicates on (scope, text, ts), never deletes.
	 */
	importNotes(scope: string, notes: readonly WorkingNote[], opts: NoteImportOptions = {}): ImportResult {
		const out = this.conn.tx(() => {
			const r = importScopeNotes(this.conn, scope, notes, this.stamp, opts, this.seenNow('rows'));
			if (opts.file) {
				const before = noteFileAt(this.conn, opts.file.path);
				const f = { path: opts.file.path, scope, mtime: opts.file.mtime, size: opts.file.size };
				if (!before || !sameStamp(before, f) || before.scope !== scope) {
					writeNoteFile(this.conn, f);
					// A new stamp is worth saving even when no note changed.
					return { ...r, changed: true };
				}
			}
			return r;
		});
		if (out.changed) this.changed();
		return out;
	}

	/** The person's note, stored before it is written; returns its id. */
	addOwnNote(scope: string, agent: string, text: string, ts: number): number {
		const id = this.conn.tx(() => addOwn(this.conn, scope, agent, text, ts, this.stamp));
		this.changed();
		return id;
	}

	/** Its line is in uncommitted.md. */
	markFlushed(id: number): boolean {
		const hit = setFlushed(this.conn, id);
		if (hit) this.changed();
		return hit;
	}

	dismissOwnNote(id: number): boolean {
		const hit = dismissOwn(this.conn, id);
		if (hit) this.changed();
		return hit;
	}

	/** Own notes whose line has not been written yet (retry them). */
	pendingOwnNotes(): IndexedNote[] {
		return pendingOwn(this.conn);
	}

	/** The person's notes not dismissed, in one scope or all. */
	ownNotes(scope?: string): IndexedNote[] {
		return ownNotes(this.conn, scope);
	}

	/** "Rebuild index": drops everything derived from the vault, keeps the person's notes. */
	clearDerived(): void {
		while (this.clearDerivedStep(-1));
	}

	/**
	 * clearDerived a step at a time, at most `rows` rows a step (-1: all), each a transaction:
	 * true while something derived is left. Dropping 10,000 checkpoint rows and their indexes'
	 * entries is hundreds of ms of one task on an index just opened (docs/decisions.md, "A start in tasks").
	 */
	clearDerivedStep(rows: number): boolean {
		const more = this.conn.tx(() => {
			// What the rebuild reads again was seen before it: no news (verdict lines are kept).
			setBaseline(this.conn, 'rows', true);
			const gone = this.conn.run('DELETE FROM checkpoints WHERE rowid IN (SELECT rowid FROM checkpoints LIMIT ?)', [rows]);
			return (rows >= 0 && gone >= rows) || clearDerivedNotesStep(this.conn, rows < 0 ? -1 : rows - gone);
		});
		this.baseline = null;
		this.changed();
		return more;
	}

	checkpointsOfScope(scope: string): CheckpointRecord[] {
		return checkpointsOfScope(this.conn, scope);
	}

	/** The first checkpoint of the scope newer than `ts` (docs/decisions.md §6), or null. */
	firstCheckpointAfter(scope: string, ts: number): CheckpointRecord | null {
		return firstCheckpointAfter(this.conn, scope, ts);
	}

	checkpointAt(path: string): CheckpointRecord | null {
		return checkpointAt(this.conn, path);
	}

	rulingsOfScope(scope: string): IndexedRuling[] {
		return rulingsOfScope(this.conn, scope);
	}

	decisionsOfScope(scope: string, window?: number): IndexedDecision[] {
		return decisionsOfScope(this.conn, scope, window);
	}

	/** Notes not yet checkpointed as a person sees them: in uncommitted.md now, or their own. */
	notesOfScope(scope: string): IndexedNote[] {
		return shownNotes(this.conn, scope);
	}

	/** The notes of notesOfScope (of every scope without one) counted by scope and agent, with the newest time. */
	notePairs(scope?: string): NotePair[] {
		return shownNotePairs(this.conn, scope);
	}

	uncommittedCount(scope?: string): number {
		return countShown(this.conn, scope);
	}

	/** Every scope with a checkpoint or a note, sorted. */
	scopes(): string[] {
		return [...new Set([...checkpointScopes(this.conn), ...noteScopes(this.conn)])].sort();
	}

	stats(): IndexStats {
		const count = (sql: string): number => Number(this.conn.get(sql)?.n ?? 0);
		const lists = listCounts(this.conn);
		return {
			checkpoints: count('SELECT count(*) AS n FROM checkpoints'),
			scopes: this.scopes().length,
			rulings: lists.rulings,
			decisions: lists.decisions,
			noteFiles: count('SELECT count(*) AS n FROM note_files'),
			sessions: count('SELECT count(*) AS n FROM sessions'),
			notes: count('SELECT count(*) AS n FROM session_notes'),
			uncommitted: this.uncommittedCount(),
			own: count('SELECT count(*) AS n FROM session_notes WHERE own = 1 AND dismissed = 0'),
			unflushed: this.pendingOwnNotes().length,
			schemaVersion: count('SELECT user_version AS n FROM pragma_user_version'),
		};
	}

	/**
	 * The verdict lines of a scope's reviewed.md as read now (each line trimmed); lines new to
	 * the index are first seen now. Returns how many were new.
	 */
	seeVerdictLines(scope: string, lines: readonly string[]): number {
		const added = seeVerdictLines(this.conn, scope, lines, this.seenNow('verdicts'));
		if (added > 0) this.changed();
		return added;
	}

	/**
	 * What the scope gained after `since` (milliseconds, the clock's), by kind: counts from the
	 * first-seen columns. `ownLines` are verdict lines this device wrote, never news.
	 */
	newsOfScope(scope: string, since: number, ownLines: readonly string[] = []): ScopeNews {
		return newsOfScope(this.conn, scope, since, ownLines);
	}

	/** The same, with the items, for a view to mark them. */
	newItemsOfScope(scope: string, since: number, ownLines: readonly string[] = []): NewItems {
		return newItemsOfScope(this.conn, scope, since, ownLines);
	}

	/** The checkpoints of the scope first seen after `since` (news.ts). */
	newPathsOfScope(scope: string, since: number): string[] {
		return newPathsOfScope(this.conn, scope, since);
	}

	export(): Uint8Array {
		return this.conn.export();
	}

	close(): void {
		this.conn.close();
	}

	/**
	 * How recently each scope was checkpointed and whether it is quiet at `now` (decisions
	 * §9), as core's continuity report says from a full scan. `scopes` defaults to the ones
	 * the index knows; a caller that knows more (empty folders) passes them.
	 */
	/** The scope of the newest live checkpoint among `scopes` (activity.ts). */
	newestScope(scopes: readonly string[]): string | null {
		return newestScope(this.conn, scopes, this.newestOfScope);
	}

	scopeActivity(now: number, scopes: readonly string[] = this.scopes()): ScopeActivity[] {
		return scopeActivity(this.conn, scopes, now, this.newestOfScope);
	}

	scopeRecency(now: number, scopes: readonly string[]): ScopeRecency[] {
		return scopeRecency(scopes, now, this.newestOfScope);
	}

	private newest: { rev: number; byScope: Map<string, Newest | null> } = { rev: -1, byScope: new Map() };

	/**
	 * A scope's newest checkpoint, asked again and again until the index changes (the pane's
	 * default scope, then its quiet labels, on every refresh): kept per revision.
	 */
	private readonly newestOfScope = (scope: string): Newest | null => {
		if (this.newest.rev !== this.rev) this.newest = { rev: this.rev, byScope: new Map() };
		let n = this.newest.byScope.get(scope);
		if (n === undefined) this.newest.byScope.set(scope, (n = newestOf(this.conn, scope)));
		return n;
	};

	/** The scopes of scopeActivity that are quiet at `now`. */
	quietScopes(now: number, scopes?: readonly string[]): ScopeActivity[] {
		return this.scopeActivity(now, scopes).filter((a) => a.quiet);
	}
}
