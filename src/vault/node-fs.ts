/**
 * Node fs adapter for the headless CLI: reads the sessions folder into a VaultSnapshot and
 * appends lines for the writer. Never used inside Obsidian.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { VaultFile, VaultSnapshot } from '../core';
import type { IndexerPort, Listing } from '../store/indexer';

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
	/** A folder about to be listed: the walk's start, then each folder `dir` named. */
	enter?(abs: string, vaultPath: string): void;
	/** Its entries are all visited (and its folders walked). */
	leave?(): void;
	dir(vaultPath: string): void;
	/** A plain file `name` in the folder last entered and not left (`dirAbs`, vault path `dirRel`). */
	file(dirAbs: string, dirRel: string, name: string): void;
	unreadable(abs: string, e: unknown): void;
	/**
	 * A markdown name that is not a plain file: a link (never walked, read only when it
	 * resolves to a file inside the vault), a folder, a FIFO (a read would block forever).
	 */
	odd?(abs: string, name: string, kind: 'link' | 'folder' | 'special'): void;
}

/** Walks the sessions folder: no symlink followed, at most MAX_DEPTH folders deep. */
function walkSessions(vaultDir: string, sessionsRel: string, visit: Visitor, project?: string, onList?: (vaultPath: string) => void): void {
	const walk = (dir: string, rel: string, depth: number): void => {
		onList?.(rel);
		visit.enter?.(dir, rel);
		let entries: fs.Dirent[];
		try {
			entries = fs.readdirSync(dir, { withFileTypes: true });
		} catch (e) {
			visit.unreadable(dir, e);
			visit.leave?.();
			return;
		}
		// By index: a walk lists 838 folders of a dozen entries each, mostly before this is compiled.
		for (let i = 0; i < entries.length; i++) {
			const ent = entries[i];
			// One project: the root's other entries are passed over, that one is walked as ever.
			if (project !== undefined && depth === 1 && ent.name !== project) continue;
			// A plain file is named by its folder and its name: no path is built for each of
			// thousands of files, most of which no answer reads.
			if (ent.isFile()) {
				visit.file(dir, rel, ent.name);
				continue;
			}
			// `dir` is normalised already and a name holds no separator: path.join's normalising is
			// most of a walk's cost over thousands of files.
			const abs = dir + path.sep + ent.name;
			// Symlinks are not followed: a link loop or a link out of the vault must not be walked.
			if (ent.isSymbolicLink()) {
				if (wantsText(ent.name)) visit.odd?.(abs, ent.name, 'link');
			} else if (ent.isDirectory()) {
				const childRel = `${rel}/${ent.name}`;
				visit.dir(childRel);
				if (wantsText(ent.name)) visit.odd?.(abs, ent.name, 'folder');
				if (depth < MAX_DEPTH) walk(abs, childRel, depth + 1);
			} else if (wantsText(ent.name)) {
				visit.odd?.(abs, ent.name, 'special');
			}
		}
		visit.leave?.();
	};
	walk(path.join(vaultDir, sessionsRel), toVaultPath(vaultDir, path.join(vaultDir, sessionsRel)), 1);
}

/** One entry the walk found, not yet read: a plain file, or what stands where a note could be. */
interface Entry {
	abs: string;
	name: string;
	/** Vault-relative, with `/`. */
	path: string;
	kind: 'file' | 'link' | 'folder' | 'special' | 'unreadable';
	error?: unknown;
}

/** One folder the walk listed. */
export interface SessionsFolder {
	abs: string;
	/** Vault-relative, with `/`. */
	rel: string;
	/** Its plain files' names. */
	names: string[];
	/** What the walk met in it, in order: a plain file's name, a folder it walked, an entry of another kind. */
	items: (string | SessionsFolder | Entry)[];
}

/**
 * The sessions folder walked once, nothing read yet: its folders and every entry a snapshot
 * would hold. `read` then reads the entries a question needs (every one for loadSnapshot).
 */
export interface SessionsTree {
	root: string;
	dirs: string[];
	/** Every folder listed, in walk order. */
	folders: SessionsFolder[];
	/** Every entry that is not a plain file (a link, a folder or special file named `.md`, a folder that could not be listed), by vault path. */
	odd: Map<string, Entry>;
	/** Every entry, in walk order: made on first use (`scopes` needs only the names). */
	readonly entries: Entry[];
}

/**
 * `project`: only that top-level folder of the sessions folder, walked exactly as a whole walk
 * walks it. `onList` hears of every folder whose names are asked of the disk.
 */
export function walkTree(vaultDir: string, sessionsRel = 'sessions', project?: string, onList?: (vaultPath: string) => void): SessionsTree {
	const folders: SessionsFolder[] = [];
	const dirs: string[] = [];
	const odd = new Map<string, Entry>();
	const open: SessionsFolder[] = [];
	const add = (e: Entry): void => {
		odd.set(e.path, e);
		open[open.length - 1].items.push(e);
	};
	walkSessions(vaultDir, sessionsRel, {
		enter: (abs, rel) => {
			const folder: SessionsFolder = { abs, rel, names: [], items: [] };
			if (open.length > 0) open[open.length - 1].items.push(folder);
			folders.push(folder);
			open.push(folder);
		},
		leave: () => void open.pop(),
		dir: (p) => dirs.push(p),
		file: (_dir, _rel, name) => {
			const folder = open[open.length - 1];
			folder.names.push(name);
			folder.items.push(name);
		},
		unreadable: (abs, e) => add({ abs, name: path.basename(abs), path: toVaultPath(vaultDir, abs), kind: 'unreadable', error: e }),
		odd: (abs, name, kind) => add({ abs, name, path: toVaultPath(vaultDir, abs), kind }),
	}, project, onList);
	let entries: Entry[] | null = null;
	return {
		root: sessionsRel,
		dirs,
		folders,
		odd,
		get entries() {
			return (entries ??= entriesOf(folders[0]));
		},
	};
}

/** A folder's entries and its folders', in walk order. */
function entriesOf(top: SessionsFolder | undefined): Entry[] {
	const out: Entry[] = [];
	const visit = (folder: SessionsFolder): void => {
		for (const item of folder.items) {
			if (typeof item === 'string') out.push({ abs: folder.abs + path.sep + item, name: item, path: `${folder.rel}/${item}`, kind: 'file' });
			else if ('items' in item) visit(item);
			else out.push(item);
		}
	};
	if (top) visit(top);
	return out;
}

/** The tree's names by folder (`sessions/p/` and the names in it), as the scope listing takes them (core listScopesOfFolders). */
export function namesByFolder(tree: SessionsTree): { key: string; names: readonly string[] }[] {
	const out: { key: string; names: readonly string[] }[] = tree.folders.map((f) => ({ key: `${f.rel}/`, names: f.names }));
	for (const e of tree.odd.values()) {
		const slash = e.path.lastIndexOf('/');
		out.push({ key: e.path.slice(0, slash + 1), names: [e.path.slice(slash + 1)] });
	}
	return out;
}

/**
 * A snapshot of the tree's folders and of the entries `wanted` keeps (by vault path), read
 * now; `onRead` hears of every path whose bytes or stamp were asked of the disk.
 */
export function readTree(vaultDir: string, tree: Pick<SessionsTree, 'root' | 'dirs' | 'entries'>, wanted: (vaultPath: string) => boolean = () => true, onRead?: (vaultPath: string) => void): VaultSnapshot {
	const snap: VaultSnapshot = { root: tree.root, files: [], dirs: tree.dirs };
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
	for (const e of tree.entries) {
		if (!wanted(e.path)) continue;
		onRead?.(e.path);
		if (e.kind === 'file') snap.files.push(readFile(vaultDir, e.abs, e.name, e.path));
		else if (e.kind === 'unreadable') snap.files.push(unreadable(vaultDir, e.abs, e.error));
		// Where a note should be, the person sees what is there instead among the problems.
		else if (e.kind === 'link') snap.files.push(readLinked(vaultDir, vaultReal, e.abs, e.name));
		else snap.files.push(notAFile(vaultDir, e.abs, e.kind === 'folder' ? 'a folder, not a file' : 'not a regular file'));
	}
	return snap;
}

export function loadSnapshot(vaultDir: string, sessionsRel = 'sessions'): VaultSnapshot {
	return readTree(vaultDir, walkTree(vaultDir, sessionsRel));
}

/** The sessions folder's files with their stamps, nothing read: what the index reconciles against. */
export function listSessions(vaultDir: string, sessionsRel = 'sessions'): Listing {
	const listing: Listing = { root: sessionsRel, files: [], dirs: [] };
	walkSessions(vaultDir, sessionsRel, {
		dir: (p) => listing.dirs.push(p),
		file: (dir, dirRel, name) => {
			const abs = dir + path.sep + name;
			const rel = `${dirRel}/${name}`;
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

function readFile(vaultDir: string, abs: string, name: string, rel = toVaultPath(vaultDir, abs)): VaultFile {
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

export { nodeAppendPort, type NodeAppendOptions } from './node-append';
