/**
 * Where `index --db PATH` may write, and how (docs/decisions.md, Index file of the CLI).
 * PATH is whatever the person typed: it may name a checkpoint, a folder, another program's
 * database or an index another run is writing right now. Only this plugin's index, an empty
 * file or nothing at all is written; nothing beside it is renamed or deleted.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { fileKind } from '../store/open';

/** A refusal worded for the person; the command turns it into a usage error (exit 2). */
export class IndexFileRefused extends Error {}

/** The real path of `p`, through whatever part of it exists (the rest is taken as given). */
function realish(p: string): string {
	const rest: string[] = [];
	let at = p;
	for (;;) {
		try {
			return path.join(fs.realpathSync(at), ...rest.reverse());
		} catch {
			const up = path.dirname(at);
			if (up === at) return p;
			rest.push(path.basename(at));
			at = up;
		}
	}
}

const inside = (dir: string, p: string): boolean => {
	const rel = path.relative(dir, p);
	return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
};

function firstBytes(file: string, n: number): Uint8Array {
	const fd = fs.openSync(file, 'r');
	try {
		const buf = Buffer.alloc(n);
		const got = fs.readSync(fd, buf, 0, n, 0);
		return new Uint8Array(buf.buffer, buf.byteOffset, got);
	} finally {
		fs.closeSync(fd);
	}
}

export interface Places {
	vaultDir: string;
	sessionsDir: string;
}

/**
 * Refuses a PATH the index must not be written to. Inside the vault only a dot-folder at its
 * top is allowed (Obsidian's configuration folder, whatever it is called, where the plugin
 * keeps its own index): everything else there is the person's or logos's. An existing file
 * must be this plugin's index, damaged or not (its header says so), or empty.
 */
export function checkIndexTarget(db: string, places: Places): void {
	const real = realish(db);
	const sessions = realish(places.sessionsDir);
	const vault = realish(places.vaultDir);
	if (inside(sessions, real)) throw new IndexFileRefused(`${db} is inside the sessions folder; the index goes elsewhere`);
	const top = path.relative(vault, real).split(path.sep)[0];
	if (inside(vault, real) && !(top.startsWith('.') && top !== '.' && top !== '..' && real !== path.join(vault, top))) {
		throw new IndexFileRefused(`${db} is inside the vault; the index goes outside it or in its configuration folder`);
	}
	let st: fs.Stats;
	try {
		st = fs.lstatSync(db);
	} catch (e) {
		if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
		throw new IndexFileRefused(`${db} cannot be examined (${(e as Error).message})`);
	}
	if (st.isDirectory()) throw new IndexFileRefused(`${db} is a folder; give the index file's path`);
	if (st.isSymbolicLink()) throw new IndexFileRefused(`${db} is a symbolic link; give the index file itself`);
	if (!st.isFile()) throw new IndexFileRefused(`${db} is not a regular file`);
	const kind = fileKind(firstBytes(db, 100));
	if (kind === 'sqlite') throw new IndexFileRefused(`${db} is another program's SQLite database; it is left as it is`);
	if (kind === 'other') throw new IndexFileRefused(`${db} is not an index of this plugin; it is left as it is`);
}

const LOCK_HEAD = 'logos-continuity index lock';

export const lockPath = (db: string): string => `${db}.lock`;

export interface LockOptions {
	/** How long to wait for another run to finish before refusing. */
	waitMs?: number;
	pollMs?: number;
	/** Whether a process runs: replaceable in tests. */
	alive?: (pid: number) => boolean;
	sleep?: (ms: number) => Promise<void>;
}

function processAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		// EPERM: it runs, as another user.
		return (e as NodeJS.ErrnoException).code === 'EPERM';
	}
}

function readLock(file: string): string | null {
	try {
		return fs.readFileSync(file, 'utf8');
	} catch {
		return null;
	}
}

/**
 * One `index` run per database at a time: `PATH.lock`, created only when absent (O_EXCL),
 * holds the run's pid. Another run waits for it; a lock whose process is gone (a run that
 * was killed) is taken over. A file at that name that is not such a lock is never removed.
 * Returns the release.
 */
export async function lockIndex(db: string, opts: LockOptions = {}): Promise<() => void> {
	const file = lockPath(db);
	const alive = opts.alive ?? processAlive;
	const sleep = opts.sleep ?? ((ms: number) => wait(ms));
	const poll = opts.pollMs ?? 100;
	const mine = `${LOCK_HEAD}\npid ${process.pid}\n`;
	for (let waited = 0; ; waited += poll) {
		try {
			fs.writeFileSync(file, mine, { flag: 'wx' });
			return () => {
				if (readLock(file) === mine) fs.rmSync(file, { force: true });
			};
		} catch (e) {
			if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new IndexFileRefused(`cannot lock ${db} (${(e as Error).message})`);
		}
		const held = readLock(file);
		if (held === null) continue; // released between the two calls: try again at once
		const m = new RegExp(`^${LOCK_HEAD}\\npid (\\d+)\\n$`).exec(held);
		// A lock still being written reads empty for a moment.
		if (!m && held !== '') throw new IndexFileRefused(`${file} exists and is not a lock of this plugin; it is left as it is`);
		if (m && !alive(Number(m[1]))) {
			// Left by a run that no longer exists; removed only if it is still that same lock.
			if (readLock(file) === held) fs.rmSync(file, { force: true });
			continue;
		}
		if (waited >= (opts.waitMs ?? 30_000)) {
			throw new IndexFileRefused(`another index run${m ? ` (pid ${m[1]})` : ''} is updating ${db}; try again when it is done`);
		}
		await sleep(poll);
	}
}

/**
 * The new index in place in one rename (atomic on one Node file system), from a temporary
 * name of this run's own: a crash leaves the old index whole and at most a stray temp file.
 */
export function writeIndexFile(db: string, bytes: Uint8Array): void {
	fs.mkdirSync(path.dirname(db), { recursive: true });
	let tmp = '';
	for (let attempt = 0; ; attempt++) {
		tmp = `${db}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
		try {
			fs.writeFileSync(tmp, bytes, { flag: 'wx' });
			break;
		} catch (e) {
			if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 5) throw e;
		}
	}
	try {
		fs.renameSync(tmp, db);
	} catch (e) {
		fs.rmSync(tmp, { force: true });
		throw e;
	}
}
