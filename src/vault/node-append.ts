/**
 * The CLI's AppendPort: one line appended to a note file of a scope folder on disk, never
 * anywhere else — also when the folder or the file is swapped while the line is written
 * (docs/decisions.md, "Writing a line"). Node has no openat, so what the path checks saw is
 * checked again on the open handle before a byte is written.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WriteRefused } from '../core';
import { MAX_NOTES_FILE_BYTES, notesFileTooLarge, type AppendPort } from './writer';

const C = fs.constants;
const NO_FOLLOW = C.O_NOFOLLOW ?? 0;
/** A FIFO put where the file was must not block the open. */
const NON_BLOCK = C.O_NONBLOCK ?? 0;
/** Opens retried when the file is replaced between the check and the open (logos rewrites by rename). */
const ATTEMPTS = 5;

export interface NodeAppendOptions {
	/**
	 * Called after the path checks, just before the open (`checked`), and just after the
	 * open, before the handle is checked (`opened`): the two moments another program could
	 * move things. Tests move the folder there.
	 */
	onStep?: (step: 'checked' | 'opened', abs: string) => void;
}

/** Where a line goes: the path as given and the real path the file must have. */
interface Place {
	vaultPath: string;
	abs: string;
	real: string;
}

type Outcome = 'written' | 'replaced';

/**
 * Appends with O_APPEND: a line another writer appended meanwhile is never overwritten.
 * A missing file is created exclusively, header and line in one write, so two creators
 * cannot clobber each other. Links are never written through, only a regular file with
 * one name is appended to, and a file over MAX_NOTES_FILE_BYTES is left alone.
 */
export function nodeAppendPort(vaultDir: string, sessionsRel = 'sessions', options: NodeAppendOptions = {}): AppendPort {
	return {
		appendLine(vaultPath: string, line: string, header: string): Promise<void> {
			try {
				appendOnce(vaultDir, sessionsRel, vaultPath, line, header, false, options);
				// Read back by path: a rewrite that replaced the file after it was opened (logos, a
				// sync client) or another writer's torn bytes just before the line leave it missing.
				// Compared as stored: UTF-8 turns a lone surrogate into U+FFFD.
				const stored = Buffer.from(line, 'utf8').toString('utf8');
				const abs = path.join(vaultDir, ...vaultPath.split('/'));
				for (let tries = 0; tries < 3 && lineMissing(abs, stored); tries++) appendOnce(vaultDir, sessionsRel, vaultPath, line, header, true, options);
				return Promise.resolve();
			} catch (e) {
				return Promise.reject(e instanceof Error ? e : new Error(String(e)));
			}
		},
	};
}

function appendOnce(vaultDir: string, sessionsRel: string, vaultPath: string, line: string, header: string, fresh: boolean, options: NodeAppendOptions): void {
	for (let i = 0; i < ATTEMPTS; i++) {
		// Every attempt checks the folders again: a swap may be what made the last one fail.
		const place = placeOf(vaultDir, sessionsRel, vaultPath);
		if (tryAppend(place, line, header, fresh, options) === 'written') return;
	}
	throw new WriteRefused(`${vaultPath} was replaced each time it was opened; nothing was written`);
}

/**
 * Every folder below the sessions folder on the way to the target must be a real folder:
 * a link placed in a synced vault must not carry a write out of it. The sessions folder
 * itself may be a link (a person's own layout); the target's real path is taken below it.
 */
function placeOf(vaultDir: string, sessionsRel: string, vaultPath: string): Place {
	const parts = vaultPath.split('/');
	const rootParts = sessionsRel.split('/').filter((p) => p !== '');
	if (parts.length < rootParts.length + 2 || rootParts.some((p, i) => parts[i] !== p)) {
		throw new WriteRefused(`${vaultPath} is not in a folder of ${sessionsRel}/`);
	}
	let dir = path.join(vaultDir, ...rootParts);
	let realRoot: string;
	try {
		realRoot = fs.realpathSync(dir);
	} catch {
		throw new WriteRefused(`no folder ${sessionsRel}`);
	}
	for (let i = rootParts.length; i < parts.length - 1; i++) {
		dir = path.join(dir, parts[i]);
		const st = lstatOrNull(dir);
		if (!st) throw new WriteRefused(`no folder ${parts.slice(0, i + 1).join('/')}`);
		if (!st.isDirectory()) throw new WriteRefused(`${parts.slice(0, i + 1).join('/')} is not a real folder (a link is not followed for writing)`);
	}
	return { vaultPath, abs: path.join(vaultDir, ...parts), real: path.join(realRoot, ...parts.slice(rootParts.length)) };
}

/** One checked open and, when every check holds, one write. */
function tryAppend(place: Place, line: string, header: string, fresh: boolean, options: NodeAppendOptions): Outcome {
	const { vaultPath, abs } = place;
	const before = lstatOrNull(abs);
	if (before) {
		if (before.isSymbolicLink()) throw new WriteRefused(`${vaultPath} is a symbolic link; not written through`);
		if (before.isDirectory()) throw new WriteRefused(`${vaultPath} is a folder, not a file`);
		checkFile(before, vaultPath);
	}
	options.onStep?.('checked', abs);
	const create = before === null;
	let fd: number;
	try {
		// O_EXCL also fails on a link, dangling or not, so a link is never created through.
		fd = fs.openSync(abs, C.O_RDWR | C.O_APPEND | NO_FOLLOW | NON_BLOCK | (create ? C.O_CREAT | C.O_EXCL : 0), 0o600);
	} catch (e) {
		const code = (e as NodeJS.ErrnoException).code;
		// Created or removed by another writer since the check, or the folder moved: look again.
		if (code === 'EEXIST' || code === 'ENOENT') return 'replaced';
		if (code === 'ELOOP') throw new WriteRefused(`${vaultPath} is a symbolic link; not written through`);
		if (code === 'EISDIR') throw new WriteRefused(`${vaultPath} is a folder, not a file`);
		if (code === 'ENXIO') throw new WriteRefused(`${vaultPath} is not a regular file`);
		throw e;
	}
	let st: fs.Stats | null = null;
	let done = false;
	try {
		options.onStep?.('opened', abs);
		st = fs.fstatSync(fd);
		if (handleMoved(fd, st, before, place)) return 'replaced';
		const prefix = create ? `${header}${header === '' || header.endsWith('\n') ? '' : '\n'}` : fresh || (st.size > 0 && lastByte(fd, st.size) !== 0x0a) ? '\n' : '';
		// One write call, so the line lands whole even beside another appender.
		fs.writeSync(fd, `${prefix}${line}\n`);
		done = true;
		return 'written';
	} finally {
		if (create && !done && st) removeCreated(fd, st);
		fs.closeSync(fd);
	}
}

/** What the file must be, seen by the check before the open and again on the handle. */
function checkFile(st: fs.Stats, vaultPath: string): void {
	if (!st.isFile()) throw new WriteRefused(`${vaultPath} is not a regular file`);
	// Another name of the same file may be anywhere on the disk, outside the vault too.
	if (st.nlink > 1) throw new WriteRefused(`${vaultPath} is a hard link (the file has ${st.nlink} names, some perhaps outside the vault); not written`);
	if (st.size > MAX_NOTES_FILE_BYTES) throw new WriteRefused(notesFileTooLarge(vaultPath, st.size));
}

/**
 * The checks on the open handle. True when the file was replaced since the check (the
 * caller opens again); throws WriteRefused when the handle is not the file the checks
 * allowed: not a regular file, more than one name, too large, or not at its real place.
 */
function handleMoved(fd: number, st: fs.Stats, before: fs.Stats | null, place: Place): boolean {
	if (!st.isFile()) throw new WriteRefused(`${place.vaultPath} is not a regular file`);
	// No name left: renamed over or removed since the open; the line would be lost.
	if (st.nlink === 0) return true;
	checkFile(st, place.vaultPath);
	if (before && (st.dev !== before.dev || st.ino !== before.ino)) return true;
	const moved = `the folder of ${place.vaultPath} was moved or replaced while the file was opened; nothing was written`;
	const where = handlePath(fd);
	if (where !== null) {
		if (where.endsWith(' (deleted)')) return true;
		if (where !== place.real) throw new WriteRefused(moved);
	}
	let folder: string;
	try {
		folder = fs.realpathSync(path.dirname(place.abs));
	} catch {
		throw new WriteRefused(moved);
	}
	if (folder !== path.dirname(place.real)) throw new WriteRefused(moved);
	const now = lstatOrNull(place.abs);
	return !now || now.dev !== st.dev || now.ino !== st.ino;
}

/** Where the open handle really is, from the kernel (Linux); null where that cannot be asked. */
function handlePath(fd: number): string | null {
	if (process.platform !== 'linux') return null;
	try {
		return fs.readlinkSync(`/proc/self/fd/${fd}`);
	} catch {
		return null;
	}
}

/** A file this port created and then refused to write is removed again, wherever it landed. */
function removeCreated(fd: number, st: fs.Stats): void {
	const where = handlePath(fd);
	if (where === null || where.endsWith(' (deleted)')) return;
	const now = lstatOrNull(where);
	if (!now || now.dev !== st.dev || now.ino !== st.ino || now.size !== 0) return;
	try {
		fs.unlinkSync(where);
	} catch {
		// Left empty: nothing of the line was written into it.
	}
}

function lstatOrNull(p: string): fs.Stats | null {
	try {
		return fs.lstatSync(p);
	} catch (e) {
		if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
		throw e;
	}
}

/**
 * True when the file lacks the line and should get it again. A file too large to read back
 * is not appended to again: each copy would only add to it.
 */
function lineMissing(abs: string, line: string): boolean {
	let fd: number;
	try {
		fd = fs.openSync(abs, C.O_RDONLY | NO_FOLLOW | NON_BLOCK);
	} catch {
		return true;
	}
	try {
		const st = fs.fstatSync(fd);
		if (!st.isFile()) return true;
		if (st.size > MAX_NOTES_FILE_BYTES) return false;
		const text = fs.readFileSync(fd, 'utf8');
		return !(text.startsWith(`${line}\n`) || text.includes(`\n${line}\n`));
	} finally {
		fs.closeSync(fd);
	}
}

function lastByte(fd: number, size: number): number {
	const b = Buffer.alloc(1);
	fs.readSync(fd, b, 0, 1, size - 1);
	return b[0];
}
