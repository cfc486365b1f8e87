/**
 * The index in Obsidian's lifecycle. Nothing happens on load: once the layout is ready,
 * sql.js starts, the saved index is opened and reconciled with the sessions folder (only
 * changed files are read), and from then on every file event under the folder goes
 * through one serial queue. The index is saved a moment after it changes and on unload.
 */
import { Component, TFile, TFolder, type App, type PluginManifest, type TAbstractFile } from 'obsidian';
import type { VaultModel } from '../core';
import { openIndexStore, storeSaver } from '../store';
import type { IndexStore } from '../store/store';
import { type FileEvent, Indexer, type MissingOwn, type PassReport } from '../store/indexer';
import { initSql } from '../store/sqlite';
import { indexPath, obsidianBytesPort } from './obsidian-bytes';
import { listSessionsFolderInSteps, obsidianTextPort, stampOf } from './obsidian-listing';
import { isUnder, sessionsRoot } from './obsidian-snapshot';
import { nextTask, pausesAfterLongSteps } from './next-task';

export interface IndexHost {
	readonly app: App;
	readonly manifest: PluginManifest;
	/** The sessions folder setting. */
	folder(): string;
	/** The agent name for the person's notes. */
	agentName(): string;
	/** What the views show changed: they catch up after the burst. */
	changed(): void;
	/** Something the person should hear about; the UI words it (the adapters show nothing). */
	tell(news: IndexNews): void;
}

/** What the index and the person's notes report to the person, as facts. */
export type IndexNews =
	/** The saved index could not be read (damaged, foreign) and was rebuilt from the vault. */
	| { kind: 'index-rebuilt' }
	/** A logos rewrite of uncommitted.md dropped a note of the person's; it was appended again. */
	| { kind: 'note-readded' }
	/** A note of the person's could not be written now; it is kept and tried again. */
	| { kind: 'note-kept'; why: string }
	/** Secrets were masked in a note of the person's before it was stored. */
	| { kind: 'note-masked'; secrets: number };

/** What the index tells the person's-notes logic after a pass or an event. */
export type MissingHandler = (missing: MissingOwn[]) => Promise<void>;

const SAVE_DELAY_MS = 2000;
/** After a start, the loaded index's pages are hashed this much later: the views' first draws come first. */
const PREPARE_AFTER_MS = 1000;

/** A file's change as it came: the file, its stamp then, and the text the cache delivered. */
interface Change {
	file: TFile;
	seen: { path: string; mtime: number; size: number };
	data?: string;
}

export class IndexService extends Component {
	private indexer: Indexer | null = null;
	private saver: ReturnType<typeof storeSaver> | null = null;
	private queue: Promise<unknown> = Promise.resolve();
	/** Changes not yet handed to the indexer, taken as one burst; null once their task has begun or another event came. */
	private burst: Map<string, Change> | null = null;
	private state: 'idle' | 'starting' | 'ready' | 'failed' | 'closed' = 'idle';
	/** Set by the person's-notes logic: re-appends what a logos rewrite dropped (docs/decisions.md §6). */
	onMissing: MissingHandler = () => Promise.resolve();
	/** Settles once the store's counts can be shown: a saved index as soon as it opens, a new one after its first pass. */
	private readonly usable: Promise<boolean>;
	private settleUsable: (ok: boolean) => void = () => undefined;
	/** Whether `usable` settled true: the store's counts can be shown. */
	private countable = false;

	constructor(private readonly host: IndexHost) {
		super();
		this.usable = new Promise((resolve) => {
			this.settleUsable = (ok) => {
				this.countable = ok;
				resolve(ok);
			};
		});
	}

	/** The store once the index is open; null before, and when sql.js could not start. */
	get store(): IndexStore | null {
		return this.state === 'ready' ? this.indexer?.store ?? null : null;
	}

	/** The store once its counts can be shown (opened(): a new index only after its first pass); null before. */
	get countingStore(): IndexStore | null {
		return this.countable ? this.store : null;
	}

	get root(): string {
		return sessionsRoot(this.host.folder());
	}

	/**
	 * Scope folders as the index knows them (what a write may target); [] until it is open. Until
	 * the opening pass has taken the folder's listing in, those of the saved index: the status bar
	 * counts from it meanwhile, for the open note's scope.
	 */
	scopes(): string[] {
		if (this.state !== 'ready' || !this.indexer) return [];
		return this.indexer.files.hasListing ? this.indexer.files.scopes() : this.indexer.store.scopes();
	}

	/** Unloaded while the opening waited: nothing more of it runs (the store is being closed). */
	private closed(): boolean {
		return this.state === 'closed';
	}

	/** The scope a vault path belongs to (its deepest scope folder), or null. */
	scopeOf(path: string): string | null {
		const root = this.root;
		if (!isUnder(root, path) || path === root) return null;
		const parts = path.slice(root.length + 1).split('/');
		const known = new Set(this.scopes());
		if (parts.length > 1 && known.has(`${parts[0]}/${parts[1]}`)) return `${parts[0]}/${parts[1]}`;
		return known.has(parts[0]) ? parts[0] : null;
	}

	/** From onLayoutReady: listen now, open the index right after, never on the start path. */
	start(): void {
		if (this.state !== 'idle') return;
		this.state = 'starting';
		this.watch();
		void this.run(() => this.open());
	}

	onunload(): void {
		this.state = 'closed';
		this.settleUsable(false);
		const saver = this.saver;
		const store = this.indexer?.store;
		saver?.detach();
		// Obsidian does not wait for unload; the adapter outlives the plugin, so the save runs on.
		void (saver?.flush() ?? Promise.resolve())
			.catch((e: unknown) => console.error('Logos Continuity: the index could not be saved', e))
			.finally(() => store?.close());
	}

	/**
	 * Whether the index is open, once the opening (if one is under way) has come far enough
	 * for counts: a saved index answers before its opening pass (the status bar does not wait
	 * for it; the views catch up after it), an index made anew only after that pass.
	 */
	async opened(): Promise<boolean> {
		if (this.state === 'idle') return false;
		return (await this.usable) && this.store !== null;
	}

	/** Runs after everything queued before it; the index never sees two changes at once. */
	run<T>(task: () => Promise<T> | T): Promise<T> {
		const p = this.queue.then(task);
		this.queue = p.catch(() => undefined);
		return p;
	}

	/** The vault model the views read, from the index; null when the index is not usable. */
	async model(): Promise<VaultModel | null> {
		if (this.state === 'idle') return null;
		return this.run(async () => {
			if (this.state !== 'ready' || !this.indexer) return null;
			try {
				return this.indexer.model();
			} catch (e) {
				if (!(await this.recover(e))) throw e;
				return this.indexer.model();
			}
		});
	}

	/**
	 * What the resume pane needs of every scope, from the index without building a model:
	 * the scope names (as VaultModel.scopes) and the scope of the newest checkpoint (as the
	 * pane's mostRecentScope finds it in a whole model). Null when the index is not usable.
	 */
	async overview(revision: () => number = () => 0): Promise<{ scopes: string[]; newest: () => string | null; revision: number } | null> {
		if (this.state === 'idle') return null;
		return this.run(() => {
			const ix = this.state === 'ready' ? this.indexer : null;
			if (!ix) return null;
			const scopes = ix.files.scopes();
			// Asked only when no file says which scope to show; scopes[0] when no checkpoint has content, as mostRecentScope.
			const newest = (): string | null => {
				const n = ix.newestScope();
				return n !== null && scopes.includes(n) ? n : scopes[0] ?? null;
			};
			return { scopes, newest, revision: revision() };
		});
	}

	/**
	 * A model that shows every resume of `scope` as the whole vault's model does, built from
	 * the scope's project only (core/model/scope-needs.ts), or from every scope when a walk
	 * back leaves home. Null when the index is not usable.
	 */
	async modelFor(scope: string): Promise<VaultModel | null> {
		if (this.state === 'idle') return null;
		return this.run(async () => {
			if (this.state !== 'ready' || !this.indexer) return null;
			// After a recovery the indexer is a new one.
			const build = (): Promise<VaultModel> => (this.indexer as Indexer).modelFor(scope);
			try {
				return await build();
			} catch (e) {
				if (!(await this.recover(e))) throw e;
				return build();
			}
		});
	}

	/**
	 * A query found the index damaged (damage the checks on opening could not see): the
	 * store goes on with a fresh index holding the person's notes it could still read, and
	 * the vault is read again, with the notice of a damaged file on start. Runs in the queue.
	 */
	private async recover(err: unknown): Promise<boolean> {
		const store = this.indexer?.store;
		if (!store || this.state !== 'ready' || !store.replaceIfDamaged(err)) return false;
		this.host.tell({ kind: 'index-rebuilt' });
		this.indexer = this.newIndexer(store);
		this.saver?.scheduleSave();
		await this.fullPass(this.indexer);
		return true;
	}

	/** The sessions folder setting changed: reconcile with the new folder. */
	resync(): Promise<void> {
		return this.apply((ix) => this.fullPass(ix));
	}

	/**
	 * "Rebuild index": everything derived is dropped and read again; the person's notes stay.
	 * The pass's report, or null when the index is not open or the rebuild gave way to a recovery.
	 */
	async rebuild(): Promise<PassReport | null> {
		let done: PassReport | null = null;
		await this.apply(async (ix) => {
			// The folder walked and stamped in steps, as a start's pass does: one task of 40–80 ms at 10,000 files otherwise.
			const report = await ix.rebuild(await listSessionsFolderInSteps(this.host.app.vault, this.host.folder(), pausesAfterLongSteps()));
			await this.onMissing(report.missingOwn);
			done = report;
		});
		return done;
	}

	private async open(): Promise<void> {
		try {
			const { app, manifest } = this.host;
			const pause = pausesAfterLongSteps();
			// Imported here, not at the top: decoding the embedded wasm waits until it is needed.
			const { SQL_WASM } = await import('../store/wasm-bytes');
			const sql = await initSql(SQL_WASM);
			// Compiling sql.js and checking the saved file are each a task of their own (docs/decisions.md, "A start in tasks").
			await pause();
			const port = obsidianBytesPort(app.vault.adapter);
			const path = indexPath(app.vault, manifest);
			const { store, load, saved } = await openIndexStore(sql, port, path, { pause });
			if (this.state === 'closed') {
				store.close();
				return;
			}
			// A first run is no news; a damaged or foreign file is, once, and never an error dialog.
			if (load.rebuilt && load.reason !== 'missing') this.host.tell({ kind: 'index-rebuilt' });
			this.saver = storeSaver(store, port, path, {
				// A save writes the pages changed since the file was loaded or last written whole.
				saved,
				delayMs: SAVE_DELAY_MS,
				timers: { setTimeout: (run, ms) => window.setTimeout(run, ms), clearTimeout: (h) => window.clearTimeout(h as number) },
				onError: (e) => console.error('Logos Continuity: the index could not be saved', e),
				// Hashing and copying a 15 MB index are steps: a save gives the main thread back between them (docs/decisions.md, "A save in tasks").
				pauses: () => pausesAfterLongSteps(),
			});
			this.indexer = this.newIndexer(store);
			this.state = 'ready';
			// The damaged file is replaced even when the vault gives nothing to write.
			if (load.rebuilt) this.saver.scheduleSave();
			else {
				// What the saved index counts is shown while the pass checks it against the folder,
				// in a task of its own: the opening's last steps and the pass's first are each ~10–20 ms
				// at 10,000 checkpoints, and the views count on this one (their work runs as its microtasks).
				await nextTask();
				if (this.closed()) return;
				this.settleUsable(true);
				await nextTask();
				if (this.closed()) return;
			}
			try {
				await this.fullPass(this.indexer);
			} catch (e) {
				if (!(await this.recover(e))) throw e;
			}
			// The views catch up from here: their first answers in a task after the pass's last step.
			await pause();
		} catch (e) {
			if (this.state !== 'closed') this.state = 'failed';
			console.error('Logos Continuity: the index could not be opened; reading the vault directly', e);
		}
		this.settleUsable(this.store !== null);
		this.host.changed();
		// What the first save measures against, hashed in steps once the views have drawn (a save that comes first hashes it itself).
		const saver = this.saver;
		if (saver) {
			const timer = window.setTimeout(() => saver.prepare(), PREPARE_AFTER_MS);
			this.register(() => window.clearTimeout(timer));
		}
	}

	private newIndexer(store: IndexStore): Indexer {
		return new Indexer(store, obsidianTextPort(this.host.app.vault), { ownAgent: () => this.host.agentName(), yieldNow: nextTask });
	}

	private async fullPass(ix: Indexer): Promise<void> {
		// The folder tree walked, then its files stamped a thousand at a time: the pass begins in a task of its own.
		const listing = await listSessionsFolderInSteps(this.host.app.vault, this.host.folder(), pausesAfterLongSteps());
		const report = await ix.fullPass(listing);
		await this.onMissing(report.missingOwn);
	}

	/** Queued work on the open index; views catch up afterwards whatever happened. */
	private apply(work: (ix: Indexer) => Promise<void> | void): Promise<void> {
		return this.run(async () => {
			try {
				if (this.state === 'ready' && this.indexer) await work(this.indexer);
			} catch (e) {
				// The full pass of the recovery covers the work that failed.
				if (!(await this.recover(e))) throw e;
			} finally {
				if (this.state !== 'closed') this.host.changed();
			}
		});
	}

	private watch(): void {
		const { vault, metadataCache } = this.host.app;
		// The cache hands over the text it parsed (docs/decisions.md §8): no second read.
		this.registerEvent(metadataCache.on('changed', (file, data) => this.onChanged(file, data)));
		this.registerEvent(metadataCache.on('deleted', (file) => this.onRemoved(file.path)));
		this.registerEvent(vault.on('create', (f) => (f instanceof TFile ? this.onChanged(f) : this.onFolder(f))));
		// Folders and files the cache does not parse (transcripts) are announced only here.
		this.registerEvent(vault.on('delete', (f) => this.onRemoved(f.path)));
		this.registerEvent(vault.on('rename', (f, oldPath) => this.onRenamed(f, oldPath)));
	}

	private under(path: string): boolean {
		return isUnder(this.root, path);
	}

	/**
	 * Changes that come together (a sync, a script) are one burst: one queued task places
	 * each scope once, in slices. Any other event closes the burst, so events keep their order.
	 */
	private onChanged(file: TFile, data?: string): void {
		if (!this.under(file.path)) return;
		const change: Change = { file, seen: stampOf(file), data };
		if (this.burst) {
			this.burst.set(file.path, change);
			return;
		}
		const burst = new Map([[file.path, change]]);
		this.burst = burst;
		void this.apply(async (ix) => {
			if (this.burst === burst) this.burst = null;
			const events: FileEvent[] = [...burst.values()].map(({ file: f, seen, data: text }) => {
				// Queued behind other work, the file may have changed again: its text then is stale.
				const now = stampOf(f);
				const fresh = now.path === seen.path && now.mtime === seen.mtime && now.size === seen.size;
				return { file: now, text: fresh ? text : undefined };
			});
			await this.onMissing(await ix.filesChanged(events));
		});
	}

	/** Any event but a change: queued after the changes before it. */
	private other(work: (ix: Indexer) => Promise<void> | void): void {
		this.burst = null;
		void this.apply(work);
	}

	private onFolder(f: TAbstractFile): void {
		if (f instanceof TFolder && this.under(f.path)) this.other((ix) => ix.folderCreated(f.path));
	}

	private onRemoved(path: string): void {
		if (this.under(path)) this.other((ix) => ix.removed(path));
	}

	private onRenamed(f: TAbstractFile, oldPath: string): void {
		const from = this.under(oldPath);
		const to = this.under(f.path);
		if (from && to) this.other(async (ix) => this.onMissing(await ix.renamed(oldPath, f.path)));
		else if (from) this.onRemoved(oldPath);
		else if (to && f instanceof TFile) this.onChanged(f);
		// A folder moved in from elsewhere: its whole tree is new, a full pass reads it.
		else if (to) this.other((ix) => this.fullPass(ix));
	}
}
