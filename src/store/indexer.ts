/**
 * Keeps the index in step with the vault: one full pass (reconciled by path, mtime and
 * size, so only changed files are read and parsed), then one call per file event. The
 * plugin and the CLI run this same code, so they write the same rows.
 *
 * Placement and folding are the core's (scanVault), run over kept parses (placement.ts).
 *
 * A long pass (a first index, "Rebuild index", a burst of events) goes one scope at a time
 * in slices of a bounded number of files, awaiting the caller's `yieldNow` between them, so
 * the plugin's main thread draws and answers in between (docs/decisions.md, "A long pass in
 * slices"). One operation runs at a time: each waits for the one before it to end.
 */
import { mapBounded } from '../core';
import { compareBytes } from '../core';
import { fileRole } from '../core';
import type { LineSource } from '../core';
import { parseUncommitted } from '../core';
import type { VaultFile } from '../core';
import { projectScopes, resumesStayHome } from '../core';
import { buildScopeModel, combineScopeModels, type ModelCache, type ScopeModel, type VaultModel } from '../core';
import type { IndexedNote, IndexStore, ListedFile } from './store';
import { KeptFiles } from './kept';
import { type Fresh, Placer, prepare, type ReadResult } from './placement';
import { isUnderPath, type Listed, type Listing, VaultFiles } from './vault-files';
import { bulletLineInBytes, keyLineInBytes, type LineBytes } from './record-codec';
import { runPaused, type Steps } from './steps';

export type { Listing } from './vault-files';

export interface IndexerPort {
	/** The text of a listed file; throws when it cannot be read. */
	read(path: string): Promise<string>;
}

export interface IndexerOptions {
	/** The person's agent name: their notes are own notes (docs/decisions.md §6). */
	ownAgent: () => string;
	/** Reads in flight at once during a full pass. */
	concurrency?: number;
	/**
	 * Awaited between the slices of a long pass: the plugin's lets the main thread draw a
	 * frame and take input; none (the CLI's) runs the pass through.
	 */
	yieldNow?: () => Promise<void>;
	/** At most this many files read and parsed, or rows written, in one slice (SLICE_FILES by default). */
	sliceFiles?: number;
	/** A slice also ends once it has worked this long (SLICE_MS by default): slower machines get smaller slices. */
	sliceMs?: number;
	/** Milliseconds, for sliceMs; performance.now by default. */
	clock?: () => number;
	/** Checkpoint rows kept in memory beyond the scope in use (kept.ts DEFAULT_MAX_ROWS by default). */
	keptRows?: number;
}

/**
 * A slice: at most 100 files, and about 15 ms of work, well under the 50 ms of a long task
 * (measured in the browser host at 10,000 checkpoints, scripts/bench-frames.mjs).
 */
export const SLICE_FILES = 100;
export const SLICE_MS = 15;

/** Listed files from which a pass takes the listing in after giving the main thread back. */
const BIG_LISTING = 2000;

/** A scope's files from which building its model starts a task of its own (assemble). */
const OWN_TASK_FILES = 100;

/** Rows of "Rebuild index"'s clearing that weigh one file's work (~0.02 ms a row dropped at 10,000). */
const ROWS_PER_FILE = 5;

/** A clock the wall clock's jumps do not move (src/platform.d.ts: every host has it). */
const monotonic = (): number => performance.now();

/** An uncommitted.md's import as work, in files: four notes (a line each) weigh about one checkpoint. */
function notesWork(read: ReadResult | undefined): number {
	if (!read || 'error' in read) return 1;
	let lines = 1;
	for (let i = read.text.indexOf('\n'); i >= 0; i = read.text.indexOf('\n', i + 1)) lines++;
	return Math.ceil(lines / 4);
}

/** A file's event: its stamp now, with the text the event delivered (else it is read). */
export interface FileEvent {
	file: ListedFile;
	text?: string;
}

/** The person's notes an uncommitted.md no longer holds (docs/decisions.md §6): the caller decides. */
export interface MissingOwn {
	scope: string;
	/** The file's stamp when the notes were found missing: one re-append per rewrite. */
	file: ListedFile;
	notes: IndexedNote[];
}

export interface PassReport {
	/** Files read and parsed (checkpoints and uncommitted.md). */
	read: number;
	removed: number;
	/** Scopes placed again. */
	scopes: number;
	missingOwn: MissingOwn[];
}

/** A scope's model and the revision of its files it was built at. */
interface KeptModel {
	rev: string;
	part: ScopeModel;
}

/** Scopes whose line maps were read from the index lately (a view asks for the same scope's again and again). */
const LINE_SCOPES = 4;

export class Indexer {
	readonly files = new VaultFiles();
	readonly kept: KeptFiles;
	private readonly placer: Placer;
	private rev = 0;
	private built: { key: string; model: VaultModel } | null = null;
	/** The last model of some scopes (modelOf), with the scopes in its key. */
	private builtPart: { key: string; model: VaultModel } | null = null;
	/**
	 * Line maps as kept now, else as the index holds them: one source for every model, so what
	 * views derive from it per scope is kept too.
	 */
	private readonly lines: LineSource = {
		bullet: (path, heading, k) => bulletLineInBytes(this.lineBytesOf(path), heading, k),
		key: (path, key) => keyLineInBytes(this.lineBytesOf(path), key),
	};
	/** Line maps read from the index by scope (as stored: read in place), most recent last, with the revision they were read at. */
	private lineCache = { key: '', scopes: new Map<string, Map<string, LineBytes>>() };
	/** Each scope's model with the revision of its files it was built at. */
	private scopeModels = new Map<string, KeptModel>();
	/** The operation under way: the next one starts when it ends. */
	private queue: Promise<unknown> = Promise.resolve();
	/** Work done since the last yield, in files, and when that slice began. */
	private work = 0;
	private sliceStart = 0;

	constructor(
		readonly store: IndexStore,
		private readonly port: IndexerPort,
		private readonly opts: IndexerOptions,
	) {
		this.kept = new KeptFiles(store, this.files, opts.keptRows);
		this.placer = new Placer(store, this.files, this.kept);
		this.sliceStart = this.now();
	}

	/** Grows with every change the views should see (the store's and the vault's). */
	get revision(): number {
		return this.rev;
	}

	get root(): string {
		return this.files.root;
	}

	/** The whole folder, from a listing: reads only what is new or changed since the index last saw it. */
	fullPass(listing: Listing): Promise<PassReport> {
		return this.exclusive(() => this.pass(listing));
	}

	private async pass(listing: Listing): Promise<PassReport> {
		this.begin();
		// Taking in a big listing (~15 ms at 10,000 files) begins in a task of its own, since the
		// caller's listing may have used most of the one it is in, and goes in steps with the slices.
		if (listing.files.length >= BIG_LISTING) await this.yieldThen();
		await this.stepped(this.files.resetSteps(listing));
		// Rows of checkpoints gone stay until their scope is placed again (placement.ts ScopePlan).
		const { changed, removed } = await this.stepped(this.store.reconcileSteps(this.files.indexed(), { keepCheckpoints: true }));
		await this.newSlice();
		const dirty = new Set<string>(this.store.scopesNeedingRead());
		const gone: string[] = [];
		// A changed file is listed: its place was worked out as the listing was taken.
		for (const p of changed) {
			const found = this.files.get(p);
			if (found?.role === 'checkpoint' && found.scope !== null) dirty.add(found.scope);
		}
		for (const p of removed) {
			const found = fileRole(this.files.root, p);
			if (found?.role === 'checkpoint') dirty.add(found.scope);
			else gone.push(p);
		}
		// Outside the sessions folder now (its setting changed): no scope of it is placed again.
		if (gone.length > 0) this.store.batch(() => gone.forEach((p) => this.store.removePath(p)));
		this.kept.forget(gone);
		const notes = changed.map((p) => this.files.get(p)).filter((f): f is Listed => f?.role === 'notes');
		const report: PassReport = { read: 0, removed: removed.length, scopes: dirty.size, missingOwn: [] };
		for (const s of [...dirty].sort()) report.read += await this.placeScope(s);
		for (const f of notes) {
			const read = (await this.readAll([f])).get(f.path);
			this.store.batch(() => this.importNotes(f, read, report.missingOwn));
			report.read++;
			await this.worked(notesWork(read));
		}
		// What a first pass found was there before anyone could look (schema.ts, step 7).
		this.store.endBaseline('rows');
		this.rev++;
		return report;
	}

	/**
	 * One scope placed again in slices: its unread files read and parsed a slice at a time
	 * (their texts dropped once parsed), then its rows written a slice at a time, each slice
	 * in a transaction of its own. Returns how many files it read.
	 */
	private async placeScope(scope: string): Promise<number> {
		this.kept.ensureScope(scope);
		const unread = this.files.checkpointsOf(scope).filter((f) => !this.kept.parseOf(f));
		const fresh = new Map<string, Fresh>();
		await this.readInto(unread, fresh);
		// Placing a big scope is one step (scanVault over all its files): it starts a slice of its own.
		await this.newSlice();
		// A file event may not come between: placing needs the whole scope as listed now.
		await this.write(this.placer.plan(scope, fresh), fresh);
		// The index holds what was placed: a pass keeps nothing of it (its parses hold their texts).
		this.kept.release(scope);
		return unread.length;
	}

	/** Files read a slice at a time and parsed as they come (their texts dropped once parsed). */
	private async readInto(files: readonly Listed[], fresh: Map<string, Fresh>): Promise<void> {
		for (let i = 0; i < files.length; i += this.slice) {
			for (const [path, read] of await this.readAll(files.slice(i, i + this.slice))) {
				fresh.set(path, prepare(read));
				await this.worked(1);
			}
		}
	}

	/** A scope's rows, a slice per transaction; the rows of files gone with the last. */
	private async write(plan: ReturnType<Placer['plan']>, fresh: ReadonlyMap<string, Fresh>): Promise<void> {
		let i = 0;
		for (;;) {
			this.store.batch(() => {
				// At least one row a transaction, so the pass always moves on.
				do {
					if (i < plan.writes.length && this.placer.commit(plan.writes[i++], fresh)) this.work++;
				} while (i < plan.writes.length && !this.due());
				if (i >= plan.writes.length) for (const p of plan.removals) this.placer.remove(p);
			});
			if (i >= plan.writes.length) return;
			await this.worked(0);
		}
	}

	private get slice(): number {
		return Math.max(1, this.opts.sliceFiles ?? SLICE_FILES);
	}

	/** A new operation's first slice. */
	private begin(): void {
		this.work = 0;
		this.sliceStart = this.now();
	}

	private now(): number {
		return (this.opts.clock ?? monotonic)();
	}

	/** The slice has done its share: as many files as a slice holds, or its time. */
	private due(): boolean {
		return this.opts.yieldNow !== undefined && (this.work >= this.slice || this.now() - this.sliceStart >= (this.opts.sliceMs ?? SLICE_MS));
	}

	/** Yields once the slice has used half its time: what follows is one step that may be long. */
	private async newSlice(): Promise<void> {
		if (this.now() - this.sliceStart >= (this.opts.sliceMs ?? SLICE_MS) / 2) await this.yieldThen();
	}

	/** Runs the steps, each a slice of its own once the slice before has used half its time. */
	private async stepped<T>(steps: Steps<T>): Promise<T> {
		await this.newSlice();
		return runPaused(steps, () => this.newSlice());
	}

	/** Counts work done; once the slice has done its share, yields to the caller. */
	private async worked(files: number): Promise<void> {
		this.work += files;
		if (this.due()) await this.yieldThen();
	}

	/** Gives the main thread back (when the caller gave a way to), then a new slice begins. */
	private async yieldThen(): Promise<void> {
		if (!this.opts.yieldNow) return;
		await this.opts.yieldNow();
		this.begin();
	}

	/** Runs after every operation started before it; the index never sees two at once. */
	private exclusive<T>(op: () => Promise<T> | T): Promise<T> {
		const p = this.queue.then(op);
		this.queue = p.catch(() => undefined);
		return p;
	}

	/**
	 * A file was created or changed. `text` is what the event delivered (the metadata
	 * cache's `changed` does), else it is read. Returns the person's notes it dropped.
	 */
	fileChanged(f: ListedFile, text?: string): Promise<MissingOwn[]> {
		return this.filesChanged([{ file: f, text }]);
	}

	/**
	 * A burst of created or changed files, in the order they came: each scope placed once,
	 * in slices. Returns the person's notes they dropped.
	 */
	filesChanged(events: readonly FileEvent[]): Promise<MissingOwn[]> {
		return this.exclusive(() => this.changes(events));
	}

	private async changes(events: readonly FileEvent[]): Promise<MissingOwn[]> {
		this.begin();
		const missing: MissingOwn[] = [];
		const texts = new Map<string, string | undefined>();
		// The last event of a file says what it is now.
		for (const e of events) texts.set(e.file.path, e.text);
		const byScope = new Map<string, Listed[]>();
		const others: Listed[] = [];
		// A file changed twice in the burst is taken once (a set, not a search of the list: a sync may bring thousands).
		const taken = new Set<string>();
		for (const e of events) {
			const entry = this.files.set(e.file);
			if (taken.has(entry.path)) continue;
			taken.add(entry.path);
			if (entry.role === 'checkpoint' && entry.scope !== null) {
				const list = byScope.get(entry.scope) ?? [];
				list.push(entry);
				byScope.set(entry.scope, list);
			} else others.push(entry);
		}
		for (const [scope, changed] of [...byScope].sort((a, b) => compareBytes(a[0], b[0]))) {
			this.kept.ensureScope(scope);
			const stale = changed.map((f) => this.files.get(f.path) as Listed).filter((f) => !this.kept.parseOf(f) || !this.kept.isStored(f));
			if (stale.length === 0) continue;
			const fresh = new Map<string, Fresh>();
			for (const f of stale) {
				const text = texts.get(f.path);
				if (text === undefined) continue;
				fresh.set(f.path, prepare({ text }));
				await this.worked(1);
			}
			await this.readInto(stale.filter((f) => !fresh.has(f.path)), fresh);
			// A few files whose record ids stay: each placed with its copies; else the whole scope.
			const alone = stale.length <= this.slice && this.store.batch(() => stale.every((f) => this.placer.file(f, fresh)));
			if (alone) await this.worked(stale.length);
			else await this.write(this.placer.plan(scope, fresh), fresh);
		}
		for (const entry of others) {
			const now = this.files.get(entry.path) as Listed;
			const text = texts.get(entry.path);
			if (now.role === 'notes' && !this.kept.notesOf(now)) {
				const read = text === undefined ? (await this.readAll([now])).get(now.path) : { text };
				this.store.batch(() => this.importNotes(now, read, missing));
				await this.worked(notesWork(read));
			} else if (now.role === 'reviewed' && text !== undefined) {
				this.kept.keepVerdicts(now, text);
			}
		}
		this.rev++;
		return missing;
	}

	/** A folder appeared (an empty project is still a project). */
	folderCreated(path: string): Promise<void> {
		return this.exclusive(() => {
			this.files.dirs.add(path);
			this.rev++;
		});
	}

	/** A file or folder is gone: its rows go, notes are marked absent, its scopes are placed again. */
	removed(path: string): Promise<void> {
		return this.exclusive(() => this.remove(path));
	}

	private remove(path: string): void {
		const gone = this.files.remove(path);
		const scopes = new Set<string>();
		for (const f of gone) if (f.role === 'checkpoint' && f.scope) scopes.add(f.scope);
		for (const s of this.kept.storedScopesUnder(path)) scopes.add(s);
		this.store.batch(() => {
			this.store.removePath(path);
			this.kept.forgetUnder(path);
			for (const s of scopes) {
				this.kept.ensureScope(s);
				this.placer.scope(s, new Map());
			}
		});
		this.rev++;
	}

	/**
	 * A file or folder moved. A moved checkpoint is the same checkpoint: its parse moves
	 * with it and it is placed again in its new scope and conversation, without a read.
	 */
	renamed(from: string, to: string): Promise<MissingOwn[]> {
		return this.exclusive(() => this.rename(from, to));
	}

	private async rename(from: string, to: string): Promise<MissingOwn[]> {
		const dirs = [...this.files.dirs].filter((d) => isUnderPath(from, d));
		const moved = this.files.remove(from);
		for (const d of dirs) this.files.dirs.add(to + d.slice(from.length));
		const scopes = new Set<string>(this.kept.storedScopesUnder(from));
		const entries = moved.map((f) => this.files.set({ path: to + f.path.slice(from.length), mtime: f.mtime, size: f.size }));
		for (const f of [...moved, ...entries]) if (f.role === 'checkpoint' && f.scope) scopes.add(f.scope);
		const notes = entries.filter((f) => f.role === 'notes');
		const texts = await this.readAll(notes);
		const missing: MissingOwn[] = [];
		this.store.batch(() => {
			this.store.renamePath(from, to);
			this.kept.move(from, to);
			for (const s of scopes) {
				this.kept.ensureScope(s);
				this.placer.scope(s, new Map());
			}
			for (const f of notes) this.importNotes(f, texts.get(f.path), missing);
		});
		this.rev++;
		return missing;
	}

	/** "Rebuild index": everything derived goes (the person's notes stay), then a full pass reads every file. */
	rebuild(listing: Listing): Promise<PassReport> {
		return this.exclusive(async () => {
			// Each scope is absent until its slice writes it again; an index saved between is completed by the next start.
			this.begin();
			while (this.store.clearDerivedStep(this.slice * ROWS_PER_FILE)) await this.worked(this.slice);
			this.kept.clear();
			return this.pass(listing);
		});
	}

	/**
	 * The whole vault as the views read it, from kept parses: no checkpoint is read again;
	 * an uncommitted.md or reviewed.md not read since it last changed is read now.
	 */
	model(): Promise<VaultModel> {
		return this.exclusive(() => this.wholeModel());
	}

	private async wholeModel(): Promise<VaultModel> {
		// Nothing changed since the last build (a settings change, a second view): the same model.
		const key = `${this.rev}:${this.store.revision}`;
		if (this.built?.key === key) return this.built.model;
		const model = await this.assemble(this.files.scopesWithFiles(), true);
		this.built = { key, model };
		return model;
	}

	/**
	 * A model of these scopes alone, from the rows of these scopes only (nothing else is
	 * decoded): about them it answers as model() does, since placement, copies and problems
	 * stay within a scope (vault-model.ts, ScopeModel). Which scopes an answer needs is the
	 * caller's (core/model/scope-needs.ts). The whole model when it is already at hand.
	 */
	modelOf(scopes: readonly string[]): Promise<VaultModel> {
		return this.exclusive(() => this.partModel(scopes));
	}

	private async partModel(scopes: readonly string[]): Promise<VaultModel> {
		const key = `${this.rev}:${this.store.revision}`;
		if (this.built?.key === key) return this.built.model;
		const want = new Set(scopes);
		const partKey = `${key}:${[...want].sort().join('\n')}`;
		if (this.builtPart?.key === partKey) return this.builtPart.model;
		const model = await this.assemble(this.files.scopesWithFiles(want), false);
		this.builtPart = { key: partKey, model };
		return model;
	}

	/**
	 * The scope of the vault's newest checkpoint by file name, the first by path among equal
	 * names, copies and torn files left out: what mostRecentScope finds in a whole model. From
	 * the store's newest row of each listed scope (the rows are the listing's after a pass).
	 */
	newestScope(): string | null {
		return this.store.newestScope(this.files.scopes());
	}

	/**
	 * A model that shows every resume of `scope` (and its conversations, history, rulings) as
	 * model() does: the scope's project only, or every scope when a walk back leaves home
	 * (core/model/scope-needs.ts).
	 */
	modelFor(scope: string): Promise<VaultModel> {
		return this.exclusive(async () => {
			const m = await this.partModel(projectScopes(this.files.scopes(), scope));
			return resumesStayHome(m, scope) ? m : this.wholeModel();
		});
	}

	/**
	 * Builds the model of these scopes' files, again only for scopes whose files changed: only
	 * those scopes' files are looked at (a change costs its scope, not the vault's every file).
	 */
	private async assemble(scopes: readonly string[], whole: boolean): Promise<VaultModel> {
		const unread = this.kept.unreadScopeFiles(whole ? undefined : new Set(scopes));
		// Work of many slices (a big scope's rows to decode, every scope's notes to parse) starts in a task of
		// its own unless the indexer's last slice began just now: what asked for the model (a view) has used
		// some of its task already, and how much is not known here (docs/decisions.md, "A start in tasks").
		const stale = (scope: string): boolean => this.scopeModels.get(scope)?.rev !== this.files.scopeRevision(scope);
		const heavy = unread.length >= this.slice / 2 || scopes.some((scope) => stale(scope) && !this.kept.isLoaded(scope) && this.files.checkpointsOf(scope).length >= this.slice);
		if (heavy) await this.newSlice();
		this.begin();
		const texts = await this.readAll(unread);
		for (const f of unread) {
			const r = texts.get(f.path) as ReadResult;
			if ('error' in r) this.kept.failed(f, r.error);
			else if (f.role === 'notes' && f.scope !== null) this.kept.keepNotes(f, parseUncommitted(r.text, f.scope));
			else this.kept.keepVerdicts(f, r.text);
			// The 50 uncommitted.md of 10,000 checkpoints are 20,000 notes to parse: a slice's share at a time.
			await this.worked(notesWork(r));
		}
		for (const f of unread) this.files.touch(f);
		// Every reviewed.md has been read once: later lines are news (schema.ts, step 7).
		this.store.endBaseline('verdicts');
		const lines = this.lines;
		const cache: ModelCache = {
			get: (file) => this.kept.parseOf(file),
			notes: (file) => this.kept.notesOf(file),
			verdicts: (file) => this.kept.verdictsOf(file),
			lines,
		};
		// Only scopes whose files changed since their model was built are built again.
		const parts: ScopeModel[] = [];
		const live = new Map<string, KeptModel>();
		for (const scope of scopes) {
			const rev = this.files.scopeRevision(scope);
			let kept = this.scopeModels.get(scope);
			if (kept?.rev !== rev) {
				const listed = this.files.filesOf(scope);
				// Only a scope built again is loaded: a few are kept loaded (kept.ts), the rest reloaded on need.
				// A big scope's rows are decoded a page per slice; building its model is one step.
				await this.kept.ensureScopeInPages(scope, () => this.worked(0));
				// Building it is 13–18 ms for 2,000 records, and up to 26 for 165 in a fresh page
				// (before its code is compiled): past a hundred files, a task of its own.
				if (listed.length >= OWN_TASK_FILES) await this.yieldThen();
				else await this.newSlice();
				const files: VaultFile[] = listed.map((f) => ({ path: f.path, text: null, mtime: f.mtime, size: f.size, error: this.kept.errorOf(f) }));
				kept = { rev, part: buildScopeModel({ root: this.files.root, files, dirs: [] }, scope, cache) };
				// Views catch up after a pass or a burst: scope by scope, in slices too.
				await this.worked(listed.length);
			}
			live.set(scope, kept);
			parts.push(kept.part);
		}
		// A whole build forgets the scopes that are gone; a partial one only adds to what is kept.
		if (whole) this.scopeModels = live;
		else for (const [scope, kept] of live) this.scopeModels.set(scope, kept);
		const model = combineScopeModels(this.files.root, this.files.projects(), parts, lines);
		// The person's notes not written yet are theirs all the same (docs/decisions.md §6).
		for (const n of this.store.pendingOwnNotes()) {
			const list = model.notes.get(n.scope);
			// A copy: the list is the kept parse of uncommitted.md, shared by later builds.
			if (list) model.notes.set(n.scope, [...list, { scope: n.scope, text: n.text, ts: n.ts, agent: n.agent, line: -1 }]);
		}
		return model;
	}

	/**
	 * A file's line map: kept with its parse while its scope is loaded, else read from its row
	 * (a model outlives the parses it was built from: kept.ts keeps a few scopes only).
	 */
	private lineBytesOf(path: string): LineBytes | undefined {
		const kept = this.kept.lines(path);
		if (kept) return kept;
		const scope = this.files.get(path)?.scope;
		if (!scope) return this.store.linesAt(path);
		const key = `${this.rev}:${this.store.revision}`;
		if (this.lineCache.key !== key) this.lineCache = { key, scopes: new Map() };
		const scopes = this.lineCache.scopes;
		let maps = scopes.get(scope);
		if (!maps) {
			// A scope's maps in one query: a view pointing at a big scope's bullets asks for hundreds.
			maps = this.store.linesOfScope(scope);
			if (scopes.size >= LINE_SCOPES) scopes.delete(scopes.keys().next().value as string);
			scopes.set(scope, maps);
		}
		return maps.get(path);
	}

	private async readAll(files: readonly Listed[]): Promise<Map<string, ReadResult>> {
		const results = await mapBounded(files, this.opts.concurrency ?? 8, async (f): Promise<ReadResult> => {
			try {
				return { text: await this.port.read(f.path) };
			} catch (e) {
				return { error: `cannot read (${e instanceof Error ? e.message : String(e)})` };
			}
		});
		return new Map(files.map((f, i) => [f.path, results[i]]));
	}

	private importNotes(f: Listed, read: ReadResult | undefined, missing: MissingOwn[]): void {
		if (f.scope === null || !read) return;
		if ('error' in read) {
			this.kept.failed(f, read.error);
			return;
		}
		const notes = parseUncommitted(read.text, f.scope);
		this.kept.keepNotes(f, notes);
		const r = this.store.importNotes(f.scope, notes, { ownAgent: this.opts.ownAgent(), file: f });
		if (r.missingOwn.length > 0) missing.push({ scope: f.scope, file: { path: f.path, mtime: f.mtime, size: f.size }, notes: r.missingOwn });
	}
}
