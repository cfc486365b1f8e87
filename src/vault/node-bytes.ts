/**
 * The index file on a Node file system (the headless CLI), behind the store's BytesPort.
 * Paths are the file system's own: the database lives wherever `--db` says.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BytesPort } from '../store/persist';

export function nodeBytesPort(): BytesPort {
	return {
		async read(file) {
			try {
				const buf = await fs.promises.readFile(file);
				// A view of Node's buffer, not a copy of it (the index runs to megabytes).
				return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
			} catch (e) {
				if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
				throw e;
			}
		},
		async write(file, bytes) {
			await fs.promises.mkdir(path.dirname(file), { recursive: true });
			await fs.promises.writeFile(file, bytes);
		},
		rename: (from, to) => fs.promises.rename(from, to),
		remove: (file) => fs.promises.rm(file, { force: true }),
		async stat(file) {
			try {
				const st = await fs.promises.stat(file);
				return st.isFile() ? { mtime: st.mtimeMs, size: st.size } : null;
			} catch (e) {
				if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
				throw e;
			}
		},
		exists: async (file) => {
			try {
				await fs.promises.access(file);
				return true;
			} catch {
				return false;
			}
		},
	};
}
