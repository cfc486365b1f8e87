/**
 * Keeps the index in step with the vault: one full pass (reconciled by path, mtime and
 * size, so only changed files are read and parsed), then one call per file event. The
 * plugin and the CLI run this same code, so they write the same rows.
 *
 * Placement and folding are the core's (scanVault), run over kept parses (placement.ts).
 */
import { mapBounded } from '../core';
import { fileRole } from '../core';
import { linesFromMaps } from '../core';
import { parseUncommitted } from '../core';
import type { VaultFile } from '../core';
import { projectScopes, resumesStayHome } from '../core';
import { buildScopeModel, combineScopeModels, type ModelCache, type ScopeModel, type VaultModel } from '../core';
import type { IndexedNote, IndexStore, ListedFile } from './store';
import { KeptFiles } from './kept';
import { Placer, type ReadResult } from './placement';
import { isUnderPath, type Listed, type Listing, VaultFiles } from './vault-files';

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

export class Indexer {
	readonly files = new VaultFiles();
	readonly kept: KeptFiles;
	private readonly placer: Placer;
	private rev = 0;
	private built: { key: string; model: VaultModel } | null = null;
	/** The last model of some scopes (modelOf), with the scopes in its key. */
	private builtPart: { key: string; model: VaultModel } | null = null;
	/** Line maps as kept now: one source for every model, so what views derive from it per scope is kept too. */
	private readonly lines = linesFromMaps({ get: (path) => this.kept.lines(path) });
	/** Each scope's model with the revision of its files it was built at. */
	private scopeModels = new Map<string, { rev: string; part: ScopeModel }>();

	constructor(
		readonly store: IndexStore,
		private readonly port: IndexerPort,
		private readonly opts: IndexerOptions,
	) {
		this.kept = new KeptFiles(store, this.files);
		this.placer = new Placer(store, this.files, this.kept);
	}

	/** Grows with every change the views should see (the store's and the vault's). */
	get revision(): number {
		return this.rev;
	}

	get root(): string {
		return this.files.root;
	}

	/** The whole folder, from a listing: reads only what is new or changed since the index last saw it. */
	async fullPass(listing: Listing): Promise<PassReport> {
		this.files.reset(listing);
		const { changed, removed } = this.store.reconcile(this.files.indexed());
		this.kept.forget(removed);
		const dirty = new Set<string>(this.store.scopesNeedingRead());
		for (const p of [...changed, ...removed]) {
			const found = fileRole(this.files.root, p);
			if (found?.role === 'checkpoint') dirty.add(found.scope);
		}
		for (const s of dirty) this.kept.ensureScope(s);
		const toRead: Listed[] = [];
		for (const s of dirty) for (const f of this.files.checkpointsOf(s)) if (!this.kept.parseOf(f)) toRead.push(f);
		const notes = changed.map((p) => this.files.get(p)).filter((f): f is Listed => f?.role === 'notes');
		const texts = await this.readAll([...toRead, ...notes]);
		const report: PassReport = { read: texts.size, removed: removed.length, scopes: dirty.size, missingOwn: [] };
		this.store.batch(() => {
			for (const s of [...dirty].sort()) this.placer.scope(s, texts);
			for (const f of notes) this.importNotes(f, texts.get(f.path), report.missingOwn);
		});
		// What a first pass found was there before anyone could look (schema.ts, step 7).
		this.store.endBaseline('rows');
		this.rev++;
		return report;
	}

	/**
	 * A file was created or changed. `text` is what the event delivered (the metadata
	 * cache's `changed` does), else it is read. Returns the person's notes it dropped.
	 */
	async fileChanged(f: ListedFile, text?: string): Promise<MissingOwn[]> {
		const entry = this.files.set(f);
		const missing: MissingOwn[] = [];
		if (entry.role === 'checkpoint' && entry.scope !== null) {
			this.kept.ensureScope(entry.scope);
			if (!this.kept.parseOf(entry) || !this.kept.isStored(entry)) {
				const texts = text === undefined ? await this.readAll([entry]) : new Map<string, ReadResult>([[f.path, { text }]]);
				const scope = entry.scope;
				this.store.batch(() => this.placer.file(entry, texts) || this.placer.scope(scope, texts));
			}
		} else if (entry.role === 'notes' && !this.kept.notesOf(entry)) {
			const read = text === undefined ? (await this.readAll([entry])).get(f.path) : { text };
			this.store.batch(() => this.importNotes(entry, read, missing));
		} else if (entry.role === 'reviewed' && text !== undefined) {
			this.kept.keepVerdicts(entry, text);
		}
		this.rev++;
		return missing;
	}

	/** A folder appeared (an empty project is still a project). */
	folderCreated(path: string): void {
		this.files.dirs.add(path);
		this.rev++;
	}

	/** A file or folder is gone: its rows go, notes are marked absent, its scopes are placed again. */
	removed(path: string): void {
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
	async renamed(from: string, to: string): Promise<MissingOwn[]> {
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
	async rebuild(listing: Listing): Promise<PassReport> {
		this.store.clearDerived();
		this.kept.clear();
		return this.fullPass(listing);
	}

	/**
	 * The whole vault as the views read it, from kept parses: no checkpoint is read again;
	 * an uncommitted.md or reviewed.md not read since it last changed is read now.
	 */
	async model(): Promise<VaultModel> {
		// Nothing changed since the last build (a settings change, a second view): the same model.
		const key = `${this.rev}:${this.store.revision}`;
		if (this.built?.key === key) return this.built.model;
		this.kept.ensureAll();
		const model = await this.assemble(this.files.filesByScope(), true);
		this.built = { key, model };
		return model;
	}

	/**
	 * A model of these scopes alone, from the rows of these scopes only (nothing else is
	 * decoded): about them it answers as model() does, since placement, copies and problems
	 * stay within a scope (vault-model.ts, ScopeModel). Which scopes an answer needs is the
	 * caller's (core/model/scope-needs.ts). The whole model when it is already at hand.
	 */
	async modelOf(scopes: readonly string[]): Promise<VaultModel> {
		const key = `${this.rev}:${this.store.revision}`;
		if (this.built?.key === key) return this.built.model;
		const want = new Set(scopes);
		const partKey = `${key}:${[...want].sort().join('\n')}`;
		if (this.builtPart?.key === partKey) return this.builtPart.model;
		for (const s of want) this.kept.ensureScope(s);
		const model = await this.assemble(this.files.filesByScope(want), false);
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
	async modelFor(scope: string): Promise<VaultModel> {
		const m = await this.modelOf(projectScopes(this.files.scopes(), scope));
		return resumesStayHome(m, scope) ? m : this.model();
	}

	/** Builds the model of these scopes' files, again only for scopes whose files changed. */
	private async assemble(byScope: Map<string, Listed[]>, whole: boolean): Promise<VaultModel> {
		const unread = this.kept.unreadScopeFiles(whole ? undefined : new Set(byScope.keys()));
		const texts = await this.readAll(unread);
		for (const f of unread) {
			const r = texts.get(f.path) as ReadResult;
			if ('error' in r) this.kept.failed(f, r.error);
			else if (f.role === 'notes' && f.scope !== null) this.kept.keepNotes(f, parseUncommitted(r.text, f.scope));
			else this.kept.keepVerdicts(f, r.text);
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
		const live = new Map<string, { rev: string; part: ScopeModel }>();
		for (const [scope, listed] of byScope) {
			const rev = this.files.scopeRevision(scope);
			let kept = this.scopeModels.get(scope);
			if (kept?.rev !== rev) {
				const files: VaultFile[] = listed.map((f) => ({ path: f.path, text: null, mtime: f.mtime, size: f.size, error: this.kept.errorOf(f) }));
				kept = { rev, part: buildScopeModel({ root: this.files.root, files, dirs: [] }, scope, cache) };
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
