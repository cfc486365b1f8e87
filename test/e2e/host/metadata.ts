/**
 * Metadata cache shims: the mocks parse a note on create and modify and fire `changed`, but
 * never `resolved` or `deleted`, keep a renamed note's cache under its old path, and throw on
 * frontmatter that is not valid YAML.
 */
import type { App, CachedMetadata, TFile as TFileOriginal } from 'obsidian';
import { MetadataCache } from 'obsidian-test-mocks/obsidian';
import { TFile } from './classes';

/** What the shim reaches of the mocks' cache: its parser, the vault it reads, its events. */
interface MockParser {
	parseFileMetadata(file: TFileOriginal): void;
	app__: { vault: { readSync__(file: TFileOriginal): string } };
	trigger(name: string, ...data: unknown[]): void;
}

/** The text with the frontmatter's lines emptied: same line numbers, no YAML to parse. */
function blankFrontmatter(text: string): string {
	const lines = text.split('\n');
	if (lines[0]?.trimEnd() !== '---') return text;
	const end = lines.findIndex((l, i) => i > 0 && l.trimEnd() === '---');
	if (end < 0) return text;
	for (let i = 1; i < end; i++) lines[i] = '';
	return lines.join('\n');
}

/**
 * SHIM (CachedMetadata.frontmatter, https://docs.obsidian.md/Reference/TypeScript+API/CachedMetadata/frontmatter):
 * Obsidian caches a note whose frontmatter is not valid YAML without `frontmatter` (its
 * properties show as invalid); the mocks' parser throws out of the vault event that created or
 * changed the note, so the vault never finishes loading. Installed before the app is built.
 */
export function shimFrontmatterErrors(): void {
	const proto = MetadataCache.prototype as unknown as MockParser;
	const parse = proto.parseFileMetadata;
	proto.parseFileMetadata = function (this: MockParser, file: TFileOriginal): void {
		try {
			parse.call(this, file);
			return;
		} catch {
			// Parsed again below without the frontmatter's values.
		}
		const vault = this.app__.vault;
		const read = vault.readSync__;
		const trigger = this.trigger;
		const text = read.call(vault, file);
		let cache: unknown = null;
		vault.readSync__ = () => blankFrontmatter(text);
		this.trigger = (_name: string, ...data: unknown[]) => {
			cache = data[2];
		};
		try {
			parse.call(this, file);
		} finally {
			vault.readSync__ = read;
			this.trigger = trigger;
		}
		// Listeners get the note's real text, as Obsidian hands over the text it parsed.
		this.trigger('changed', file, text, cache);
	};
}

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
