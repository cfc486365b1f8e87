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
import { scanVault, type CachedParse, type ParseCache } from '../core';
import { lineMap } from '../core';
import { parseCheckpoint } from '../core';
import { textDigest } from '../core';
import type { CheckpointRecord, VaultFile } from '../core';
import type { IndexStore, KeptExtras } from './store';
import { encodeLines } from './record-codec';
import { type KeptFiles, sameRecord } from './kept';
import type { Listed, VaultFiles } from './vault-files';

export type ReadResult = { text: string } | { error: string };

/**
 * A file as read, made ready to place: its parse with what is kept beside it, or the reason
 * it has none. `text` alone when it could not be parsed: the scan parses it again and says why.
 * Parsed when read, so a read's text is dropped before its scope is placed.
 */
export type Fresh = { parse: CachedParse & KeptExtras } | { error: string } | { text: string };

export function prepare(r: ReadResult | undefined): Fresh {
	if (!r) return { error: 'cannot read (no answer)' };
	if ('error' in r) return r;
	try {
		return { parse: { checkpoint: parseCheckpoint(r.text), digest: textDigest(r.text), lines: encodeLines(lineMap(r.text)) } };
	} catch {
		return { text: r.text };
	}
}

export function prepareAll(texts: ReadonlyMap<string, ReadResult>): Map<string, Fresh> {
	const out = new Map<string, Fresh>();
	for (const [path, r] of texts) out.set(path, prepare(r));
	return out;
}

/**
 * A scope's placement as rows to write, in the order that keeps a pass cut short between
 * them completable: rows whose file the index already holds at its stamp first, then the
 * new and changed files, whose stamps tell the next start to place the scope again while
 * any is unwritten; the rows of files gone last of all (docs/decisions.md, "A long pass in slices").
 */
export interface ScopePlan {
	writes: CheckpointRecord[];
	removals: string[];
}

const folderOf = (path: string): string => path.slice(0, path.lastIndexOf('/') + 1);

export class Placer {
	constructor(
		private readonly store: IndexStore,
		private readonly files: VaultFiles,
		private readonly kept: KeptFiles,
	) {}

	/** Every checkpoint file of the scope placed again; rows of files gone are dropped. */
	scope(scope: string, fresh: ReadonlyMap<string, Fresh>): void {
		const plan = this.plan(scope, fresh);
		for (const rec of plan.writes) this.commit(rec, fresh);
		for (const path of plan.removals) this.remove(path);
	}

	/** The rows placing the whole scope writes (scope() writes them at once; a long pass in slices). */
	plan(scope: string, fresh: ReadonlyMap<string, Fresh>): ScopePlan {
		const records = this.scan(this.files.checkpointsOf(scope), fresh);
		const placed = new Set(records.map((r) => r.path));
		const settled = (rec: CheckpointRecord): boolean => {
			const f = this.files.get(rec.path);
			return f !== undefined && this.kept.isStored(f);
		};
		const writes = [...records.filter(settled), ...records.filter((r) => !settled(r))];
		const removals = this.kept.storedPathsOf(scope).filter((p) => !placed.has(p));
		return { writes, removals };
	}

	/**
	 * One changed file, when its record id stays what it was: the files sharing that id are
	 * placed again with their folders. Returns false (nothing written) when the scope must.
	 */
	file(f: Listed, fresh: ReadonlyMap<string, Fresh>): boolean {
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

	private scan(listed: readonly Listed[], fresh: ReadonlyMap<string, Fresh>): CheckpointRecord[] {
		const files: VaultFile[] = listed.map((f) => {
			const r = fresh.get(f.path);
			if (r && 'error' in r) this.kept.failed(f, r.error);
			const text = r && 'text' in r ? r.text : null;
			return { path: f.path, text, mtime: f.mtime, size: f.size, error: this.kept.errorOf(f) };
		});
		const cache: ParseCache = {
			get: (file) => {
				const r = fresh.get(file.path);
				if (r === undefined) return this.kept.parseOf(file);
				return 'parse' in r ? r.parse : undefined;
			},
		};
		return scanVault({ root: this.files.root, files, dirs: [] }, cache).records;
	}

	/** Writes the record's row unless the index holds it already; returns whether it wrote. */
	commit(rec: CheckpointRecord, fresh: ReadonlyMap<string, Fresh>): boolean {
		const f = this.files.get(rec.path) as Listed;
		const r = fresh.get(rec.path);
		if (r && 'parse' in r) this.kept.keepParse(f, rec.checkpoint, { digest: r.parse.digest, lines: r.parse.lines });
		else if (r && 'text' in r) this.kept.keepParse(f, rec.checkpoint, { digest: textDigest(r.text), lines: encodeLines(lineMap(r.text)) });
		const prev = this.kept.stored(rec.path);
		const extras: KeptExtras | null = this.kept.extrasOf(f);
		const same = prev && prev.mtime === f.mtime && prev.size === f.size && sameRecord(prev.record, rec) && (prev.extras !== null) === (extras !== null);
		if (same) return false;
		this.store.upsertCheckpoint(rec, f.mtime, f.size, extras ?? undefined);
		this.kept.setStored(rec, f, extras);
		return true;
	}

	/** A stored row whose file is gone from the scope. */
	remove(path: string): void {
		this.store.removePath(path);
		this.kept.forgetStored(path);
		this.kept.forgetParse(path);
	}
}
