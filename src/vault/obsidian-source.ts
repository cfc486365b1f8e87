/**
 * The vault model the views read, rebuilt lazily: a file event only bumps the revision,
 * and the next view that asks builds it once for everyone, from the index (nothing
 * unchanged is read again), or from the sessions folder while the index is not usable.
 */
import type { Vault } from 'obsidian';
import { buildVaultModel, type VaultModel } from '../core/model/vault-model';
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

export class ModelSource {
	private rev = 0;
	private pending: Promise<LoadedModel> | null = null;
	private pendingRev = -1;

	constructor(
		private readonly vault: Vault,
		private readonly folder: () => string,
		/** The index's model: nothing unchanged is read again. Null when the index is not usable. */
		private readonly indexed: () => Promise<VaultModel | null> = () => Promise.resolve(null),
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

	private async build(revision: number): Promise<LoadedModel> {
		const folder = this.folder();
		const root = sessionsRoot(folder);
		const found = findSessionsFolder(this.vault, folder) !== null;
		const model = (await this.indexed()) ?? buildVaultModel(await readSnapshot(this.vault, folder));
		return { revision, root, found, model };
	}
}
