/**
 * The index file inside Obsidian: the store's BytesPort over the vault adapter, in the
 * plugin's own folder (docs/decisions.md §1), built with `vault.configDir`, never `.obsidian`.
 */
import { normalizePath, type DataAdapter, type PluginManifest, type Vault } from 'obsidian';
import type { BytesPort } from '../store/persist';

/** `<configDir>/plugins/<id>/index.db`. */
export function indexPath(vault: Vault, manifest: PluginManifest): string {
	return normalizePath(`${vault.configDir}/plugins/${manifest.id}/index.db`);
}

function parentOf(path: string): string {
	const slash = path.lastIndexOf('/');
	return slash < 0 ? '' : path.slice(0, slash);
}

export function obsidianBytesPort(adapter: DataAdapter): BytesPort {
	return {
		async read(path) {
			if (!(await adapter.exists(path))) return null;
			return new Uint8Array(await adapter.readBinary(path));
		},
		async write(path, bytes) {
			const dir = parentOf(path);
			if (dir !== '' && !(await adapter.exists(dir))) await adapter.mkdir(dir);
			// A copy in a plain ArrayBuffer of exactly these bytes: the adapter writes the whole buffer.
			await adapter.writeBinary(path, bytes.slice().buffer);
		},
		rename: (from, to) => adapter.rename(from, to),
		remove: (path) => adapter.remove(path),
		exists: (path) => adapter.exists(path),
		// Tells the store whether another device replaced the index file since it was written.
		async stat(path) {
			const st = await adapter.stat(path);
			return st && st.type === 'file' ? { mtime: st.mtime, size: st.size } : null;
		},
	};
}
