/**
 * Node fs adapter for the headless CLI: reads the sessions folder into a VaultSnapshot and
 * appends lines for the writer. Never used inside Obsidian.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { VaultFile, VaultSnapshot } from '../core/types';
import type { AppendPort } from './writer';

/** Deep enough for `<scope>/<worktree>/_convos/<id>/<file>`, shallow enough to stop runaway trees. */
const MAX_DEPTH = 6;

/** Only markdown is read: transcripts can be large and are never parsed. */
function wantsText(name: string): boolean {
	return name.endsWith('.md');
}

function toVaultPath(vaultDir: string, abs: string): string {
	return path.relative(vaultDir, abs).split(path.sep).join('/');
}

export function loadSnapshot(vaultDir: string, sessionsRel = 'sessions'): VaultSnapshot {
	const root = path.join(vaultDir, sessionsRel);
	const snap: VaultSnapshot = { root: sessionsRel, files: [], dirs: [] };
	const walk = (dir: string, depth: number): void => {
		let entries: fs.Dirent[];
		try {
			entries = fs.readdirSync(dir, { withFileTypes: true });
		} catch (e) {
			snap.files.push(unreadable(vaultDir, dir, e));
			return;
		}
		for (const ent of entries) {
			const abs = path.join(dir, ent.name);
			// Symlinks are not followed: a link loop or a link out of the vault must not be walked.
			if (ent.isSymbolicLink()) continue;
			if (ent.isDirectory()) {
				snap.dirs.push(toVaultPath(vaultDir, abs));
				if (depth < MAX_DEPTH) walk(abs, depth + 1);
			} else if (ent.isFile()) {
				snap.files.push(readFile(vaultDir, abs, ent.name));
			}
		}
	};
	walk(root, 1);
	return snap;
}

function readFile(vaultDir: string, abs: string, name: string): VaultFile {
	const rel = toVaultPath(vaultDir, abs);
	try {
		const st = fs.statSync(abs);
		const text = wantsText(name) ? fs.readFileSync(abs, 'utf8') : null;
		return { path: rel, text, mtime: Math.floor(st.mtimeMs), size: st.size };
	} catch (e) {
		return unreadable(vaultDir, abs, e);
	}
}

function unreadable(vaultDir: string, abs: string, e: unknown): VaultFile {
	const code = (e as NodeJS.ErrnoException).code ?? 'error';
	return { path: toVaultPath(vaultDir, abs), text: null, mtime: 0, size: 0, error: `cannot read (${code})` };
}

/**
 * Appends with O_APPEND: a line another writer appended meanwhile is never overwritten.
 * A missing file is created exclusively with its header, so two creators cannot clobber each other.
 */
export function nodeAppendPort(vaultDir: string): AppendPort {
	return {
		appendLine(vaultPath: string, line: string, header: string): Promise<void> {
			const abs = path.join(vaultDir, ...vaultPath.split('/'));
			try {
				fs.writeFileSync(abs, header, { flag: 'wx', mode: 0o600 });
			} catch (e) {
				if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
			}
			const prefix = endsWithoutNewline(abs) ? '\n' : '';
			fs.appendFileSync(abs, `${prefix}${line}\n`);
			return Promise.resolve();
		},
	};
}

function endsWithoutNewline(abs: string): boolean {
	const size = fs.statSync(abs).size;
	if (size === 0) return false;
	const fd = fs.openSync(abs, 'r');
	try {
		const b = Buffer.alloc(1);
		fs.readSync(fd, b, 0, 1, size - 1);
		return b[0] !== 0x0a;
	} finally {
		fs.closeSync(fd);
	}
}
