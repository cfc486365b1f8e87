/**
 * Metadata cache shims: the mocks parse a note on create and modify and fire `changed`, but
 * never `resolved` or `deleted`, and keep a renamed note's cache under its old path.
 */
import type { App, CachedMetadata } from 'obsidian';
import { MetadataCache } from 'obsidian-test-mocks/obsidian';
import { TFile } from './classes';

export interface MetadataShims {
	/** Obsidian's first `resolved`: the initial index is complete. The host calls it once the layout is ready. */
	initialResolve(): void;
}

export function shimMetadataCache(app: App): MetadataShims {
	const cache = app.metadataCache;
	const mock = MetadataCache.fromOriginalType2__(cache);

	// SHIM (MetadataCache 'resolved', https://docs.obsidian.md/Reference/TypeScript+API/MetadataCache/on):
	// fired once every file is resolved, at startup and again after changes have been resolved.
	let queued = false;
	const resolvedSoon = (): void => {
		if (queued) return;
		queued = true;
		setTimeout(() => {
			queued = false;
			cache.trigger('resolved');
		}, 0);
	};
	cache.on('changed', resolvedSoon);

	// SHIM (MetadataCache 'deleted', same page): "Called when a file has been deleted. A best-effort
	// previous version of the cached metadata is presented when available."
	app.vault.on('delete', (file) => {
		if (!(file instanceof TFile) || file.extension !== 'md') return;
		const prev: CachedMetadata | null = mock.cache__.get(file.path) ?? null;
		mock.cache__.delete(file.path);
		delete mock.fileCache__[file.path];
		delete cache.resolvedLinks[file.path];
		delete cache.unresolvedLinks[file.path];
		cache.trigger('deleted', file, prev);
		resolvedSoon();
	});

	// SHIM (MetadataCache.getFileCache after Vault 'rename'): Obsidian keys the cache by the new
	// path once a note moves; the mocks keep it under the old one.
	app.vault.on('rename', (file, oldPath) => {
		if (!(file instanceof TFile)) return;
		const entry = mock.cache__.get(oldPath);
		if (entry) {
			mock.cache__.delete(oldPath);
			mock.cache__.set(file.path, entry);
		}
		const meta = mock.fileCache__[oldPath];
		if (meta) {
			delete mock.fileCache__[oldPath];
			mock.fileCache__[file.path] = meta;
		}
		for (const links of [cache.resolvedLinks, cache.unresolvedLinks]) {
			if (links[oldPath]) {
				links[file.path] = links[oldPath];
				delete links[oldPath];
			}
		}
		resolvedSoon();
	});

	return { initialResolve: resolvedSoon };
}
