/**
 * Node fs adapter for the headless CLI: reads the sessions folder into a VaultSnapshot and
 * appends lines for the writer. Never used inside Obsidian.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WriteRefused } from '../core/path-guard';
import type { VaultFile, VaultSnapshot } from '../core/types';
import type { IndexerPort, Listing } from '../store/indexer';
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

function isInside(dir: string, target: string): boolean {
	const rel = path.relative(dir, target);
	return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

interface Visitor {
	dir(vaultPath: string): void;
	/** `vaultPath` is `abs` relative to the vault, with `/` (built during the walk: path.relative is slow). */
	file(abs: string, name: string, vaultPath: string): void;
	unreadable(abs: string, e: unknown): void;
	/**
	 * A markdown name that is not a plain file: a link (never walked, read only when it
	 * resolves to a file inside the vault), a folder, a FIFO (a read would block forever).
	 */
	odd?(abs: string, name: string, kind: 'link' | 'folder' | 'special'): void;
}

/** Walks the sessions folder: no symlink followed, at most MAX_DEPTH folders deep. */
function walkSessions(vaultDir: string, sessionsRel: string, visit: Visitor): void {
	const walk = (dir: string, rel: string, depth: number): void => {
		let entries: fs.Dirent[];
		try {
			entries = fs.readdirSync(dir, { withFileTypes: true });
		} catch (e) {
			visit.unreadable(dir, e);
			return;
		}
		for (const ent of entries) {
			const abs = path.join(dir, ent.name);
			const childRel = `${rel}/${ent.name}`;
			// Symlinks are not followed: a link loop or a link out of the vault must not be walked.
			if (ent.isSymbolicLink()) {
				if (wantsText(ent.name)) visit.odd?.(abs, ent.name, 'link');
				continue;
			}
			if (ent.isDirectory()) {
				visit.dir(childRel);
				if (wantsText(ent.name)) visit.odd?.(abs, ent.name, 'folder');
				if (depth < MAX_DEPTH) walk(abs, childRel, depth + 1);
			} else if (ent.isFile()) {
				visit.file(abs, ent.name, childRel);
			} else if (wantsText(ent.name)) {
				visit.odd?.(abs, ent.name, 'special');
			}
		}
	};
	walk(path.join(vaultDir, sessionsRel), toVaultPath(vaultDir, path.join(vaultDir, sessionsRel)), 1);
}

export function loadSnapshot(vaultDir: string, sessionsRel = 'sessions'): VaultSnapshot {
	const snap: VaultSnapshot = { root: sessionsRel, files: [], dirs: [] };
	let realVault: string | null = null;
	const vaultReal = (): string => {
		if (realVault === null) {
			try {
				realVault = fs.realpathSync(vaultDir);
			} catch {
				realVault = path.resolve(vaultDir);
			}
		}
		return realVault;
	};
	walkSessions(vaultDir, sessionsRel, {
		dir: (p) => snap.dirs.push(p),
		file: (abs, name) => snap.files.push(readFile(vaultDir, abs, name)),
		unreadable: (abs, e) => snap.files.push(unreadable(vaultDir, abs, e)),
		// Where a note should be, the person sees what is there instead among the problems.
		odd: (abs, name, kind) => {
			if (kind === 'link') snap.files.push(readLinked(vaultDir, vaultReal, abs, name));
			else snap.files.push(notAFile(vaultDir, abs, kind === 'folder' ? 'a folder, not a file' : 'not a regular file'));
		},
	});
	return snap;
}

/** The sessions folder's files with their stamps, nothing read: what the index reconciles against. */
export function listSessions(vaultDir: string, sessionsRel = 'sessions'): Listing {
	const listing: Listing = { root: sessionsRel, files: [], dirs: [] };
	walkSessions(vaultDir, sessionsRel, {
		dir: (p) => listing.dirs.push(p),
		file: (abs, _name, rel) => {
			try {
				const st = fs.statSync(abs);
				listing.files.push({ path: rel, mtime: Math.floor(st.mtimeMs), size: st.size });
			} catch {
				// Gone between the listing and the stat: the next pass sees it as removed.
			}
		},
		unreadable: () => undefined,
	});
	return listing;
}

/** Reads listed files for the indexer: synchronously, the fastest Node has for thousands of small files. */
export function nodeTextPort(vaultDir: string): IndexerPort {
	return {
		read(vaultPath) {
			try {
				return Promise.resolve(fs.readFileSync(path.join(vaultDir, ...vaultPath.split('/')), 'utf8'));
			} catch (e) {
				return Promise.reject(e instanceof Error ? e : new Error(String(e)));
			}
		},
	};
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

function readLinked(vaultDir: string, vaultReal: () => string, abs: string, name: string): VaultFile {
	let target: string;
	let st: fs.Stats;
	try {
		target = fs.realpathSync(abs);
		st = fs.statSync(target);
	} catch (e) {
		// ENOENT: the link dangles; ELOOP: links that point at each other.
		return unreadable(vaultDir, abs, e);
	}
	if (!isInside(vaultReal(), target)) return notAFile(vaultDir, abs, 'a symbolic link out of the vault; not followed');
	if (!st.isFile()) return notAFile(vaultDir, abs, 'a symbolic link to something that is not a file');
	const read = readFile(vaultDir, target, name);
	return { ...read, path: toVaultPath(vaultDir, abs) };
}

function notAFile(vaultDir: string, abs: string, why: string): VaultFile {
	return { path: toVaultPath(vaultDir, abs), text: null, mtime: 0, size: 0, error: `cannot read (${why})` };
}

function unreadable(vaultDir: string, abs: string, e: unknown): VaultFile {
	const code = (e as NodeJS.ErrnoException).code ?? 'error';
	return { path: toVaultPath(vaultDir, abs), text: null, mtime: 0, size: 0, error: `cannot read (${code})` };
}

const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;

/**
 * Every folder below the sessions folder on the way to the target must be a real folder:
 * a link placed in a synced vault must not carry a write out of it. The sessions folder
 * itself may be a link (a person's own layout).
 */
function refuseLinks(vaultDir: string, sessionsRel: string, parts: string[]): void {
	const rootParts = sessionsRel.split('/').filter((p) => p !== '');
	let dir = vaultDir;
	for (let i = 0; i < parts.length - 1; i++) {
		dir = path.join(dir, parts[i]);
		if (i < rootParts.length && parts[i] === rootParts[i]) continue;
		let st: fs.Stats;
		try {
			st = fs.lstatSync(dir);
		} catch {
			throw new WriteRefused(`no folder ${parts.slice(0, i + 1).join('/')}`);
		}
		if (!st.isDirectory()) throw new WriteRefused(`${parts.slice(0, i + 1).join('/')} is not a real folder (a link is not followed for writing)`);
	}
}

/**
 * Appends with O_APPEND: a line another writer appended meanwhile is never overwritten.
 * A missing file is created exclusively with its header, so two creators cannot clobber each other.
 * Links are never written through, and only a regular file is appended to.
 */
export function nodeAppendPort(vaultDir: string, sessionsRel = 'sessions'): AppendPort {
	return {
		appendLine(vaultPath: string, line: string, header: string): Promise<void> {
			try {
				const parts = vaultPath.split('/');
				refuseLinks(vaultDir, sessionsRel, parts);
				const abs = path.join(vaultDir, ...parts);
				appendOnce(abs, vaultPath, line, header, false);
				// Read back by path: a rewrite that replaced the file after it was opened (logos, a
				// sync client) or another writer's torn bytes just before the line leave it missing.
				// Compared as stored: UTF-8 turns a lone surrogate into U+FFFD.
				const stored = Buffer.from(line, 'utf8').toString('utf8');
				for (let tries = 0; tries < 3 && !holdsLine(abs, stored); tries++) appendOnce(abs, vaultPath, line, header, true);
				return Promise.resolve();
			} catch (e) {
				return Promise.reject(e instanceof Error ? e : new Error(String(e)));
			}
		},
	};
}

function holdsLine(abs: string, line: string): boolean {
	let text: string;
	try {
		text = fs.readFileSync(abs, 'utf8');
	} catch {
		return false;
	}
	return text.startsWith(`${line}\n`) || text.includes(`\n${line}\n`);
}

/** One append; `fresh` starts the line on a new line whatever the file ends with. */
function appendOnce(abs: string, vaultPath: string, line: string, header: string, fresh: boolean): void {
	try {
		// O_EXCL also fails on a link, dangling or not, so a link is never created through.
		fs.writeFileSync(abs, header, { flag: 'wx', mode: 0o600 });
	} catch (e) {
		if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
	}
	let fd: number;
	try {
		fd = fs.openSync(abs, fs.constants.O_RDWR | fs.constants.O_APPEND | NO_FOLLOW);
	} catch (e) {
		const code = (e as NodeJS.ErrnoException).code;
		if (code === 'ELOOP') throw new WriteRefused(`${vaultPath} is a symbolic link; not written through`);
		if (code === 'EISDIR') throw new WriteRefused(`${vaultPath} is a folder, not a file`);
		throw e;
	}
	try {
		const st = fs.fstatSync(fd);
		if (!st.isFile()) throw new WriteRefused(`${vaultPath} is not a regular file`);
		const prefix = fresh || (st.size > 0 && lastByte(fd, st.size) !== 0x0a) ? '\n' : '';
		// One write call, so the line lands whole even beside another appender.
		fs.writeSync(fd, `${prefix}${line}\n`);
	} finally {
		fs.closeSync(fd);
	}
}

function lastByte(fd: number, size: number): number {
	const b = Buffer.alloc(1);
	fs.readSync(fd, b, 0, 1, size - 1);
	return b[0];
}
