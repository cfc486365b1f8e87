/**
 * Vault and metadata-cache events under the sessions folder, turned into one "changed"
 * signal. Every listener is registered on the owning component, so unloading it leaves
 * nothing behind.
 */
import type { App, Component, TAbstractFile } from 'obsidian';
import { isUnder, sessionsRoot } from './obsidian-snapshot';

export function watchSessions(owner: Component, app: App, folder: () => string, changed: () => void): void {
	const touch = (...paths: string[]): void => {
		const root = sessionsRoot(folder());
		if (paths.some((p) => isUnder(root, p))) changed();
	};
	const onFile = (f: TAbstractFile): void => touch(f.path);
	owner.registerEvent(app.vault.on('create', onFile));
	owner.registerEvent(app.vault.on('modify', onFile));
	owner.registerEvent(app.vault.on('delete', onFile));
	// A move into or out of the folder changes it as much as a move inside it.
	owner.registerEvent(app.vault.on('rename', (f, oldPath) => touch(f.path, oldPath)));
	// The cache reports edits it has parsed, including ones the vault saw before it did.
	owner.registerEvent(app.metadataCache.on('changed', onFile));
}
