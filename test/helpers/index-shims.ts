/**
 * Shims for the index's plugin tests: where obsidian-test-mocks is thinner than Obsidian in
 * a way the index notices. Each is named, says what the real app does, and has a test in
 * index-shims.test.ts pinning that behaviour.
 */
import type { App, CachedMetadata, TAbstractFile } from 'obsidian';
import { TFile } from 'obsidian-test-mocks/obsidian';

interface MemoryAdapterMeta {
	fileMeta: Map<string, { ctime: number; mtime: number; size: number }>;
}

interface MockCache {
	cache__: Map<string, CachedMetadata>;
}

/**
 * SHIM: Obsidian keeps `TFile.stat` (mtime, size) current as the file changes; the mocks
 * give every file `{ ctime: 0, mtime: 0, size: 0 }` forever. Here stat reads what the
 * in-memory adapter recorded for the file's path at its last write.
 */
export function liveStats(app: App): void {
	const meta = (app.vault.adapter as unknown as MemoryAdapterMeta).fileMeta;
	const live = (f: TAbstractFile): void => {
		if (!(f instanceof TFile)) return;
		Object.defineProperty(f, 'stat', {
			configurable: true,
			get: () => ({ ...(meta.get(f.path) ?? { ctime: 0, mtime: 0, size: 0 }) }),
		});
	};
	for (const f of app.vault.getAllLoadedFiles()) live(f);
	app.vault.on('create', live);
}

/**
 * SHIM: Obsidian's metadata cache emits `deleted` (file, previous cache) when a markdown
 * file is deleted, and moves a renamed file's entry to its new path. The mocks do neither.
 */
export function metadataFollowsFiles(app: App): void {
	const cache = (app.metadataCache as unknown as MockCache).cache__;
	app.vault.on('delete', (f) => {
		if (!(f instanceof TFile) || f.extension !== 'md') return;
		const prev = cache.get(f.path) ?? null;
		cache.delete(f.path);
		app.metadataCache.trigger('deleted', f, prev);
	});
	app.vault.on('rename', (f, oldPath) => {
		for (const [path, c] of [...cache]) {
			if (path !== oldPath && !path.startsWith(`${oldPath}/`)) continue;
			cache.delete(path);
			cache.set(f.path + path.slice(oldPath.length), c);
		}
	});
}
