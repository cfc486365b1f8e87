/**
 * Placing checkpoint files into scopes and conversations, and folding copies, with the
 * core's scanVault over kept parses: the rows written are what a full scan would give.
 *
 * A scope is the widest reach of a change (folding is per scope and record id; conflict
 * copies are judged by the names in their folder). A changed file whose record id stays
 * the same reaches less: its own folder's names are unchanged, so only the files that
 * share its id can change. Those, with their folders, are placed alone; anything else
 * (a new file, a new id) places the whole scope.
 */
import { scanVault, type ParseCache } from '../core';
import { lineMap } from '../core';
import { textDigest } from '../core';
import type { CheckpointRecord, VaultFile } from '../core';
import type { IndexStore, KeptExtras } from './store';
import { type KeptFiles, sameRecord } from './kept';
import type { Listed, VaultFiles } from './vault-files';

export type ReadResult = { text: string } | { error: string };

const folderOf = (path: string): string => path.slice(0, path.lastIndexOf('/') + 1);

export class Placer {
	constructor(
		private readonly store: IndexStore,
		private readonly files: VaultFiles,
		private readonly kept: KeptFiles,
	) {}

	/** Every checkpoint file of the scope placed again; rows of files gone are dropped. */
	scope(scope: string, fresh: ReadonlyMap<string, ReadResult>): void {
		const records = this.scan(this.files.checkpointsOf(scope), fresh);
		const placed = new Set<string>();
		for (const rec of records) {
			placed.add(rec.path);
			this.commit(rec, fresh);
		}
		for (const path of this.kept.storedPathsOf(scope)) {
			if (placed.has(path)) continue;
			this.store.removePath(path);
			this.kept.forgetStored(path);
		}
	}

	/**
	 * One changed file, when its record id stays what it was: the files sharing that id are
	 * placed again with their folders. Returns false (nothing written) when the scope must.
	 */
	file(f: Listed, fresh: ReadonlyMap<string, ReadResult>): boolean {
		const prev = this.kept.stored(f.path);
		if (!prev || f.scope === null) return false;
		const members = new Set(this.kept.pathsWithId(f.scope, prev.record.id));
		members.add(f.path);
		const folders = new Set([...members].map(folderOf));
		const listed = this.files.checkpointsOf(f.scope).filter((x) => folders.has(folderOf(x.path)));
		const records = this.scan(listed, fresh);
		const mine = records.find((r) => r.path === f.path);
		if (!mine || mine.id !== prev.record.id) return false;
		for (const rec of records) if (members.has(rec.path)) this.commit(rec, fresh);
		return true;
	}

	private scan(listed: readonly Listed[], fresh: ReadonlyMap<string, ReadResult>): CheckpointRecord[] {
		const files: VaultFile[] = listed.map((f) => {
			const r = fresh.get(f.path);
			if (r && 'error' in r) this.kept.failed(f, r.error);
			const text = r && 'text' in r ? r.text : null;
			return { path: f.path, text, mtime: f.mtime, size: f.size, error: this.kept.errorOf(f) };
		});
		const cache: ParseCache = { get: (file) => (fresh.has(file.path) ? undefined : this.kept.parseOf(file)) };
		return scanVault({ root: this.files.root, files, dirs: [] }, cache).records;
	}

	private commit(rec: CheckpointRecord, fresh: ReadonlyMap<string, ReadResult>): void {
		const f = this.files.get(rec.path) as Listed;
		const r = fresh.get(rec.path);
		if (r && 'text' in r) this.kept.keepParse(f, rec.checkpoint, { digest: textDigest(r.text), lines: lineMap(r.text) });
		const prev = this.kept.stored(rec.path);
		const extras: KeptExtras | null = this.kept.extrasOf(f);
		const same = prev && prev.mtime === f.mtime && prev.size === f.size && sameRecord(prev.record, rec) && (prev.extras !== null) === (extras !== null);
		if (same) return;
		this.store.upsertCheckpoint(rec, f.mtime, f.size, extras ?? undefined);
		this.kept.setStored(rec, f, extras);
	}
}
