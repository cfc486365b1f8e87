/**
 * The store's public surface: the index, its file on disk and the sql.js start-up.
 * No `obsidian` import and no Node API, so the plugin (desktop and mobile) and the
 * headless CLI share it.
 */
import type { SqlJsStatic } from 'sql.js';
import { IndexStore, type IndexStoreOptions } from './store';
import { type BaseLater, type BytesPort, createSaver, type FileStat, IndexWriter, type LoadSource, loadIndex, type Saver, type SaverOptions, type SaveReport } from './persist';
import type { UnusableReason } from './open';
import type { Pause } from './steps';

export * from './store';
export type { ScopeActivity, ScopeRecency } from './activity';
export { initSql } from './sqlite';
export { SCHEMA_VERSION } from './migrations';
export { openIndexBytes, createIndexDb, fileKind, type FileKind, isDamageError, type UnusableReason } from './open';
export { salvageOwnNotes } from './salvage';
export type { Pause } from './steps';
export { type Base, type BytesPort, createSaver, type FileStat, IndexWriter, loadIndex, pagesFile, saveIndex, type LoadSource, type Saver, type SaverOptions, type SaveReport, type Timers } from './persist';

export type StoreLoad =
	| { rebuilt: false; source: LoadSource; migratedFrom: number }
	| { rebuilt: true; reason: UnusableReason; detail: string; salvaged: number };

/**
 * The index as last saved, or an empty one to fill from the vault. When `rebuilt` is
 * true the caller re-reads the vault (and recovers the person's notes from
 * uncommitted.md, docs/decisions.md §6; those the damaged file still held are already back);
 * `reason: 'missing'` alone is a first run.
 */
export async function openIndexStore(
	sql: SqlJsStatic, port: BytesPort, path: string, opts: IndexStoreOptions & { pause?: () => Promise<void> } = {},
): Promise<{ store: IndexStore; load: StoreLoad; saved: SavedAs }> {
	// `pause` between steps that may be long at 10,000 checkpoints (the plugin gives the main thread back there).
	const { pause, ...storeOpts } = opts;
	const loaded = await loadIndex(sql, port, path, pause);
	await pause?.();
	const store = new IndexStore(loaded.db, { ...storeOpts, sql });
	const load: StoreLoad = loaded.rebuilt
		? { rebuilt: true, reason: loaded.reason, detail: loaded.detail, salvaged: store.restoreOwnNotes(loaded.salvaged) }
		: { rebuilt: false, source: loaded.source, migratedFrom: loaded.migratedFrom };
	const saved: SavedAs = loaded.rebuilt ? { base: null, stat: null } : { base: loaded.base, stat: loaded.stat };
	return { store, load, saved };
}

/** The index file as loaded, for the writer of later saves (IndexWriter). */
export interface SavedAs {
	base: BaseLater;
	stat: FileStat | null;
}

/**
 * A debounced saver of the store to `path`; every change of the store schedules a save, which
 * writes only the pages changed since the index was written whole (IndexWriter). `saved` is
 * openIndexStore's; without it the first save writes the index whole. `pauses` makes the pause
 * each save awaits between its steps (docs/decisions.md, "A save in tasks"); without it a save
 * runs through.
 */
export function storeSaver(
	store: IndexStore, port: BytesPort, path: string,
	opts: Omit<SaverOptions, 'save'> & { saved?: SavedAs; onSaved?: (r: SaveReport) => void; pauses?: () => Pause },
): Saver & { detach: () => void; prepare: () => void } {
	const writer = new IndexWriter(port, path, {
		base: opts.saved?.base ?? null,
		stat: opts.saved?.stat ?? null,
		// Another device's index in this one's place: the person's notes it holds are kept.
		onReplaced: (bytes) => store.adoptOwnNotesOf(bytes),
	});
	const save = async (): Promise<void> => {
		// A new pause for each save: its clock starts with the save (the plugin's gives the main thread back, steps.ts).
		const report = await writer.save(() => store.export(), opts.pauses?.());
		opts.onSaved?.(report);
	};
	const saver = createSaver({ ...opts, save });
	const detach = store.onChange(() => saver.scheduleSave());
	const prepare = (): void => void writer.prepare();
	return Object.assign(saver, { detach, prepare });
}
