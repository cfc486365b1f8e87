/**
 * The vault model the views read, rebuilt lazily: a file event only bumps the revision,
 * and the next view that asks builds it once for everyone, from the index (nothing
 * unchanged is read again), or from the sessions folder while the index is not usable.
 */
import type { Vault } from 'obsidian';
import { buildVaultModel, mostRecentScope, scopeOfPath, type VaultModel } from '../core';
import { findSessionsFolder, readSnapshot, sessionsRoot } from './obsidian-snapshot';

export interface LoadedModel {
	/** The revision this model was built at; views compare it to skip needless renders. */
	revision: number;
	/** The sessions folder as a vault path. */
	root: string;
	/** False when the sessions folder does not exist in this vault. */
	found: boolean;
	model: VaultModel;
}

/** What a view needs of every scope before it picks one: names, the newest, where a path falls. */
export interface ScopeOverview {
	revision: number;
	root: string;
	found: boolean;
	/** Scope names, sorted, as VaultModel.scopes. */
	scopes: string[];
	/** The scope of the newest checkpoint (the resume pane's default), else the first scope, else null; worked out when asked. */
	newest(): string | null;
	/** The scope a vault path belongs to (its deepest scope folder), or null. */
	scopeOf(path: string): string | null;
}

/** What the index answers without building the whole vault's model. */
export interface IndexedScopes {
	/** `revision` is read when the answer is taken, after the index's earlier work (and its bumps): what it answers is of that revision. */
	overview(revision: () => number): Promise<{ scopes: string[]; newest: () => string | null; revision: number } | null>;
	/** A model that shows every resume of the scope as the whole model does; null when the index is not usable. */
	modelFor(scope: string): Promise<VaultModel | null>;
}

export class ModelSource {
	private rev = 0;
	private pending: Promise<LoadedModel> | null = null;
	private pendingRev = -1;

	constructor(
		private readonly vault: Vault,
		private readonly folder: () => string,
		/** The index's model: nothing unchanged is read again. Null when the index is not usable. */
		private readonly indexed: () => Promise<VaultModel | null> = () => Promise.resolve(null),
		/** The index's answers about one scope; without it (or while it is not usable) the whole model answers. */
		private readonly scoped: IndexedScopes | null = null,
	) {}

	get revision(): number {
		return this.rev;
	}

	/** Something under the sessions folder changed (or the folder setting did). */
	bump(): void {
		this.rev++;
	}

	/** The model at the current revision; concurrent callers share one read. */
	load(): Promise<LoadedModel> {
		if (this.pending && this.pendingRev === this.rev) return this.pending;
		const rev = this.rev;
		this.pendingRev = rev;
		// A failed build is not cached: the next ask tries again.
		this.pending = this.build(rev).catch((e: unknown) => {
			if (this.pendingRev === rev) this.pending = null;
			throw e;
		});
		return this.pending;
	}

	/**
	 * The scopes at the current revision, from the index when it is open (no model is built),
	 * else from the whole model.
	 */
	async overview(): Promise<ScopeOverview> {
		const folder = this.folder();
		const root = sessionsRoot(folder);
		// The revision at the moment the index answers: the bump of the opening pass that ran before
		// it is already in, so the catch-up after that pass does not draw the same pane again.
		const indexed = await this.scoped?.overview(() => this.rev);
		if (!indexed) {
			const loaded = await this.load();
			const { model } = loaded;
			return { revision: loaded.revision, root: loaded.root, found: loaded.found, scopes: model.scopes, newest: () => mostRecentScope(model), scopeOf: (p) => scopeOfPath(model, p) };
		}
		const found = findSessionsFolder(this.vault, folder) !== null;
		const dirs = indexed.scopes.map((s) => ({ scope: s, dir: root === '' ? s : `${root}/${s}` }));
		return {
			revision: indexed.revision, root, found, scopes: indexed.scopes, newest: indexed.newest,
			scopeOf: (p) => deepestScope(dirs, p),
		};
	}

	/**
	 * A model that answers about `scope` (its resume, conversations, history, rulings) as the
	 * whole model does: from the index, the scope's project only (or every scope when that is
	 * what the answer needs); else the whole model.
	 */
	async loadScope(scope: string): Promise<LoadedModel> {
		const revision = this.rev;
		const model = await this.scoped?.modelFor(scope);
		if (!model) return this.load();
		const folder = this.folder();
		return { revision, root: sessionsRoot(folder), found: findSessionsFolder(this.vault, folder) !== null, model };
	}

	private async build(revision: number): Promise<LoadedModel> {
		const folder = this.folder();
		const root = sessionsRoot(folder);
		const found = findSessionsFolder(this.vault, folder) !== null;
		const model = (await this.indexed()) ?? buildVaultModel(await readSnapshot(this.vault, folder));
		return { revision, root, found, model };
	}
}

/** scopeOfPath's rule over scope folders known by name: the deepest folder holding the path. */
function deepestScope(dirs: readonly { scope: string; dir: string }[], path: string): string | null {
	let best: { scope: string; dir: string } | null = null;
	for (const s of dirs) {
		if ((path === s.dir || path.startsWith(`${s.dir}/`)) && (!best || s.dir.length > best.dir.length)) best = s;
	}
	return best?.scope ?? null;
}
