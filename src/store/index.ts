/**
 * The store's public surface: the index, its file on disk and the sql.js start-up.
 * No `obsidian` import and no Node API, so the plugin (desktop and mobile) and the
 * headless CLI share it.
 */
import type { SqlJsStatic } from 'sql.js';
import { IndexStore, type IndexStoreOptions } from './store';
import { type BytesPort, createSaver, type LoadSource, loadIndex, type Saver, type SaverOptions, saveIndex } from './persist';
import type { UnusableReason } from './open';

export * from './store';
export type { ScopeActivity } from './activity';
export { initSql } from './sqlite';
export { SCHEMA_VERSION } from './migrations';
export { openIndexBytes, createIndexDb, fileKind, type FileKind, isDamageError, type UnusableReason } from './open';
export { salvageOwnNotes } from './salvage';
export { type BytesPort, createSaver, loadIndex, saveIndex, type LoadSource, type Saver, type SaverOptions, type Timers } from './persist';

export type StoreLoad =
	| { rebuilt: false; source: LoadSource; migratedFrom: number }
	| { rebuilt: true; reason: UnusableReason; detail: string; salvaged: number };

/**
 * The index as last saved, or an empty one to fill from the vault. When `rebuilt` is
 * true the caller re-reads the vault (and recovers the person's notes from
 * uncommitted.md, docs/decisions.md §6; those the damaged file still held are already back);
 * `reason: 'missing'` alone is a first run.
 */
export async function openIndexStore(sql: SqlJsStatic, port: BytesPort, path: string, opts: IndexStoreOptions = {}): Promise<{ store: IndexStore; load: StoreLoad }> {
	const loaded = await loadIndex(sql, port, path);
	const store = new IndexStore(loaded.db, { ...opts, sql });
	const load: StoreLoad = loaded.rebuilt
		? { rebuilt: true, reason: loaded.reason, detail: loaded.detail, salvaged: store.restoreOwnNotes(loaded.salvaged) }
		: { rebuilt: false, source: loaded.source, migratedFrom: loaded.migratedFrom };
	return { store, load };
}

/** A debounced saver of the store to `path`; every change of the store schedules a save. */
export function storeSaver(store: IndexStore, port: BytesPort, path: string, opts: Omit<SaverOptions, 'save'>): Saver & { detach: () => void } {
	const saver = createSaver({ ...opts, save: () => saveIndex(port, path, store.export()) });
	const detach = store.onChange(() => saver.scheduleSave());
	return Object.assign(saver, { detach });
}
