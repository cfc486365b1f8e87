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
			// The adapter writes the whole buffer: a copy of exactly these bytes when they are a part of
			// one. A save's bytes are a buffer of their own, never changed after (15 MB not copied again).
			const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
			await adapter.writeBinary(path, whole ? bytes.buffer : bytes.slice().buffer);
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
