/**
 * Reads the shape of a logos vault (docs/format.md §1, docs/decisions.md §4, §5, §9): projects, scopes,
 * and every checkpoint file placed in its scope and conversation. Never throws on a
 * damaged file: what cannot be read becomes a problem the person can see.
 */
import { emptyCheckpoint, isEmptyCheckpoint, parseCheckpoint } from '../format/checkpoint';
import { compareBytes, conflictCopyOf, isCheckpointFile, isIgnoredName, isTranscriptFile, safeName, sortedByKey, stemOf } from '../format/names';
import { textDigest } from '../strings';
import type { Checkpoint, CheckpointRecord, Problem, VaultFile, VaultSnapshot } from '../types';

export {
	compareBytes,
	conflictCopyOf,
	isCheckpointFile,
	isIgnoredName,
	isTranscriptFile,
	safeName,
	safeScope,
	stemOf,
} from '../format/names';
export type { ConflictCopy, ConflictKind } from '../format/names';

export const CONVOS_DIR = '_convos';
export const UNATTACHED = '_unattached';
export const PLANS_DIR = 'plans';
export const NOTES_FILE = 'uncommitted.md';
export const REVIEWED_FILE = 'reviewed.md';

export interface ScopeInfo {
	/** `kestrel` or `kestrel/billing-v2`, as the folders are named. */
	scope: string;
	project: string;
	/** Worktree folder name; '' for a project scope. */
	worktree: string;
	/** Vault-relative folder of the scope. */
	dir: string;
	/** Vault-relative paths, null when the file is not there. */
	uncommitted: string | null;
	reviewed: string | null;
}

export interface TranscriptFile {
	scope: string;
	conversation: string;
	path: string;
}

export interface VaultScan {
	/** The sessions folder, vault-relative, without a trailing `/`. */
	root: string;
	projects: string[];
	scopes: ScopeInfo[];
	/** Every checkpoint file, copies included (they carry `copyOf`). Ordered by path. */
	records: CheckpointRecord[];
	/** Records per scope, copies included. */
	byScope: Map<string, CheckpointRecord[]>;
	transcripts: TranscriptFile[];
	problems: Problem[];
	/** Byte-identical second copies (an interrupted move): counted once, no problem raised. */
	folded: { path: string; canonical: string }[];
}

/**
 * Parses kept from an earlier read (the plugin's index), so a file whose path, mtime and
 * size are unchanged is neither read nor parsed again. Placement and folding still run
 * here for every file: they depend on the file's neighbours, not only on its bytes.
 */
export interface ParseCache {
	/** The earlier parse of this file at this same mtime and size, else undefined (parse `text`). */
	get(file: VaultFile): CachedParse | undefined;
}

export interface CachedParse {
	checkpoint: Checkpoint;
	/** textDigest of the bytes it was parsed from. */
	digest: string;
}

/** Where a file sits relative to the sessions root, if it can be a checkpoint's place. */
interface Place {
	scope: string;
	/** Conversation folder name, null for a file directly in the scope folder. */
	folder: string | null;
	name: string;
}

function isReservedDir(name: string): boolean {
	return name.startsWith('.') || name === CONVOS_DIR || name === PLANS_DIR;
}

/** Maps a root-relative path to the scope/conversation place a file there would have. */
function placeOf(parts: string[]): Place | null {
	if (parts.length < 2) return null;
	const [project, second] = parts;
	if (project.startsWith('.')) return null;
	if (parts.length === 2) return { scope: project, folder: null, name: parts[1] };
	if (parts.length === 4 && second === CONVOS_DIR) return { scope: project, folder: parts[2], name: parts[3] };
	if (isReservedDir(second)) return null;
	const scope = `${project}/${second}`;
	if (parts.length === 3) return { scope, folder: null, name: parts[2] };
	if (parts.length === 5 && parts[2] === CONVOS_DIR) return { scope, folder: parts[3], name: parts[4] };
	return null;
}

export type FileRole = 'checkpoint' | 'notes' | 'reviewed' | 'transcript';

/** What a file is by where it sits and how it is named; null for anything else. */
function classify(parts: string[]): { role: FileRole; place: Place } | null {
	const place = placeOf(parts);
	return place ? roleAt(place) : null;
}

/** classify's answer for a file already placed: by its name and its folder. */
function roleAt(place: Place): { role: FileRole; place: Place } | null {
	const role = roleOf(place.folder, place.name);
	return role === null ? null : { role, place };
}

/** The role of a file named `name` in a scope folder (`folder` null) or in its conversation `folder`. */
function roleOf(folder: string | null, name: string): FileRole | null {
	// Nearly every name is a checkpoint's, and such a name is neither ignored nor a transcript:
	// that is asked first, before the other names are tried one by one.
	if (isCheckpointFile(name)) return folder !== null && folder.startsWith('.') ? null : 'checkpoint';
	if (isIgnoredName(name)) return null;
	if (folder === null && name === NOTES_FILE) return 'notes';
	if (folder === null && name === REVIEWED_FILE) return 'reviewed';
	if (folder !== null && folder.startsWith('.')) return null;
	if (folder !== null && folder !== UNATTACHED && isTranscriptFile(name)) return 'transcript';
	return null;
}

/**
 * The role and scope scanVault gives a file at `path`, without reading it: an index uses
 * it to know which files to read and which scope a change touches.
 */
export function fileRole(root: string, path: string): { role: FileRole; scope: string } | null {
	// Callers classifying thousands of paths pass a trimmed root: no regex for them.
	const trimmed = root.startsWith('/') || root.endsWith('/') ? root.replace(/^\/+|\/+$/g, '') : root;
	const rel = relativeTo(trimmed, path);
	const c = rel ? classify(rel.split('/')) : null;
	return c ? { role: c.role, scope: c.place.scope } : null;
}

function relativeTo(root: string, path: string): string | null {
	if (root === '') return path;
	return path.startsWith(root + '/') ? path.slice(root.length + 1) : null;
}

function problem(kind: Problem['kind'], path: string | null, session: string | null, detail: string): Problem {
	return { kind, path, session, detail };
}

function readCheckpoint(file: VaultFile, problems: Problem[], kept: CachedParse | undefined): Checkpoint | null {
	if (kept) return kept.checkpoint;
	if (file.text === null) {
		problems.push(problem('unreadable', file.path, null, file.error ?? 'the file could not be read'));
		return null;
	}
	try {
		return parseCheckpoint(file.text);
	} catch (e) {
		problems.push(problem('malformed', file.path, null, `could not be parsed: ${String(e)}`));
		return null;
	}
}

/**
 * Why a file logos would skip holds nothing to read. Only what looks cut short is called a
 * torn write: a person's own text in a checkpoint-named file is said to be just that, so
 * nobody goes looking for a crash that never happened.
 */
export function emptyDetail(c: Checkpoint): string {
	const { preamble, sections } = c.annotations;
	// An unclosed frontmatter is kept as the preamble, opening line and all.
	if (/^---\r?(\n|$)/.test(preamble)) return 'frontmatter cut off before its closing `---` (a torn write); skipped';
	if (preamble.trim() !== '' || sections.length > 0) return 'no logos sections in this note (text without a checkpoint section); skipped';
	if (c.session.trim() !== '' || c.agent.trim() !== '') return 'frontmatter with no sections after it (a torn write); skipped';
	return 'empty checkpoint (an abandoned or torn write); skipped';
}

interface Pending {
	record: CheckpointRecord;
	text: string | null;
	/** The kept parse's digest when the text was not read. */
	digest: string | null;
	folder: string | null;
	conflict: boolean;
}

function buildRecord(file: VaultFile, place: Place, siblings: Set<string>, problems: Problem[], cache: ParseCache | undefined): Pending {
	const kept = cache?.get(file);
	const parsed = readCheckpoint(file, problems, kept);
	const checkpoint = parsed ?? emptyCheckpoint();
	const conflict = conflictCopyOf(place.name, (n) => siblings.has(n));
	const stem = stemOf(place.name);
	const id = checkpoint.session.trim() || (conflict ? stemOf(conflict.original) : stem);
	const host = safeName(checkpoint.hostSession);
	// docs/format.md §1.4: a conversation is where the file would be filed; frontmatter names it.
	let conversation = place.folder ?? '';
	if (place.folder === null || place.folder === UNATTACHED) conversation = host || stem;
	const empty = parsed === null || isEmptyCheckpoint(checkpoint);
	if (parsed !== null && !empty && checkpoint.problems.length > 0) {
		problems.push(problem('malformed', file.path, id, checkpoint.problems.join('; ')));
	}
	if (parsed !== null && empty) problems.push(problem('empty', file.path, id, emptyDetail(checkpoint)));
	const declared = checkpoint.project.trim();
	if (parsed !== null && declared !== '' && declared !== place.scope) {
		problems.push(problem('projectMismatch', file.path, id,
			`frontmatter project "${declared}" differs from its folder "${place.scope}"; the folder is used`));
	}
	if (conflict) {
		problems.push(problem('conflictCopy', file.path, id,
			`sync conflict copy (${conflict.kind}) of ${conflict.original}; compare and delete it`));
	}
	const record: CheckpointRecord = {
		path: file.path,
		name: place.name,
		stem,
		id,
		scope: place.scope,
		conversation,
		flat: place.folder === null,
		checkpoint,
		empty,
		copyOf: conflict ? id : null,
	};
	return { record, text: file.text, digest: kept?.digest ?? null, folder: place.folder, conflict: conflict !== null };
}

/**
 * docs/decisions.md §9: the canonical copy is `<id>.md` inside `_convos/<host_session>/`, else
 * `<id>.md`, else the first by path. A torn or unreadable file never wins over one
 * with content, so an abandoned claim cannot hide the record it shares an id with.
 */
function canonicalRank(p: Pending): number {
	const r = p.record;
	const host = safeName(r.checkpoint.hostSession);
	let rank = r.empty ? 4 : 0;
	if (r.stem !== r.id) rank += 2;
	else if (host === '' || p.folder !== host) rank += 1;
	return rank;
}

/** Texts when both were read, else their digests (an unchanged file's text is not read again). */
function sameBytes(a: Pending, b: Pending): boolean {
	if (a.text !== null && b.text !== null) return a.text === b.text;
	const da = a.digest ?? (a.text === null ? null : textDigest(a.text));
	const db = b.digest ?? (b.text === null ? null : textDigest(b.text));
	return da !== null && da === db;
}

function foldCopies(group: Pending[], problems: Problem[], folded: VaultScan['folded']): void {
	const candidates = group.filter((p) => !p.conflict);
	if (candidates.length === 0) return;
	candidates.sort((a, b) => canonicalRank(a) - canonicalRank(b) || compareBytes(a.record.path, b.record.path));
	const canonical = candidates[0];
	for (const p of candidates.slice(1)) {
		p.record.copyOf = canonical.record.id;
		if (sameBytes(p, canonical)) {
			folded.push({ path: p.record.path, canonical: canonical.record.path });
		} else {
			problems.push(problem('duplicate', p.record.path, p.record.id,
				`second copy of ${p.record.id} (differs from ${canonical.record.path}); ${canonical.record.path} is used`));
		}
	}
}

export function scopeInfoOf(root: string, scope: string, uncommitted: string | null, reviewed: string | null): ScopeInfo {
	const slash = scope.indexOf('/');
	return {
		scope,
		project: slash < 0 ? scope : scope.slice(0, slash),
		worktree: slash < 0 ? '' : scope.slice(slash + 1),
		dir: root === '' ? scope : `${root}/${scope}`,
		uncommitted,
		reviewed,
	};
}

/** The order of a scan's problems: by path, then kind; a sort that keeps equal ones as found. */
export function problemOrder(a: Problem, b: Problem): number {
	return compareBytes(a.path ?? '', b.path ?? '') || compareBytes(a.kind, b.kind);
}

export function byPath(a: { path: string }, b: { path: string }): number {
	return compareBytes(a.path, b.path);
}

/** The scope a folder of the sessions root opens, when it is a project: top-level, not hidden. */
export function isProjectDir(rel: string): boolean {
	return rel !== '' && !rel.includes('/') && !rel.startsWith('.');
}

/**
 * Reads the whole sessions folder once. With a cache, files it knows at their current
 * stamp may come without text: their kept parse stands in for parsing.
 */
export function scanVault(snap: VaultSnapshot, cache?: ParseCache): VaultScan {
	const root = snap.root.replace(/^\/+|\/+$/g, '');
	// A project is a top folder (isProjectDir): only the first part of each folder counts.
	const tops = new Set<string>();
	const files: { file: VaultFile; parts: string[] }[] = [];
	for (const d of snap.dirs) {
		const rel = relativeTo(root, d.replace(/\/+$/, ''));
		if (rel) tops.add(rel.split('/', 1)[0]);
	}
	for (const file of snap.files) {
		const rel = relativeTo(root, file.path);
		if (!rel) continue;
		const parts = rel.split('/');
		if (parts.length > 1) tops.add(parts[0]);
		files.push({ file, parts });
	}

	const projects = [...tops].filter(isProjectDir).sort(compareBytes);
	const projectSet = new Set(projects);
	// docs/format.md §1.3: a folder is a scope only when it holds a record (a checkpoint file, in it or
	// in one of its conversations, or uncommitted.md); an empty project folder is not one.
	const scopeSet = new Set<string>();
	// Names per folder, for iCloud's ` 2` rule (a copy only beside its original).
	const namesIn = new Map<string, Set<string>>();
	const placed: { file: VaultFile; place: Place; folderKey: string }[] = [];
	const notes = new Map<string, string>();
	const reviewed = new Map<string, string>();
	const transcripts: TranscriptFile[] = [];

	// One string per scope for all its records: each file's path gives a copy of its own.
	const scopeNames = new Map<string, string>();
	for (const { file, parts } of files) {
		const c = classify(parts);
		if (!c || !projectSet.has(parts[0])) continue;
		const place = c.place;
		const scope = scopeNames.get(place.scope);
		if (scope === undefined) scopeNames.set(place.scope, place.scope);
		else place.scope = scope;
		if (c.role === 'notes') {
			notes.set(place.scope, file.path);
			scopeSet.add(place.scope);
			continue;
		}
		if (c.role === 'reviewed') {
			reviewed.set(place.scope, file.path);
			continue;
		}
		if (c.role === 'transcript') {
			transcripts.push({ scope: place.scope, conversation: place.folder as string, path: file.path });
			continue;
		}
		scopeSet.add(place.scope);
		const folderKey = file.path.slice(0, file.path.length - place.name.length);
		let names = namesIn.get(folderKey);
		if (!names) namesIn.set(folderKey, (names = new Set()));
		names.add(place.name);
		placed.push({ file, place, folderKey });
	}

	const problems: Problem[] = [];
	const groups = new Map<string, Pending[]>();
	const pendings: Pending[] = [];
	for (const { file, place, folderKey } of placed) {
		const p = buildRecord(file, place, namesIn.get(folderKey) as Set<string>, problems, cache);
		pendings.push(p);
		const key = `${p.record.scope}\n${p.record.id}`;
		const group = groups.get(key);
		if (group) group.push(p);
		else groups.set(key, [p]);
	}
	const folded: VaultScan['folded'] = [];
	for (const group of groups.values()) foldCopies(group, problems, folded);

	const records = sortedByKey(pendings.map((p) => p.record), (r) => r.path, byPath);
	const byScope = new Map<string, CheckpointRecord[]>();
	for (const r of records) {
		const list = byScope.get(r.scope);
		if (list) list.push(r);
		else byScope.set(r.scope, [r]);
	}
	const scopes = [...scopeSet].sort(compareBytes).map((scope) => scopeInfoOf(root, scope, notes.get(scope) ?? null, reviewed.get(scope) ?? null));
	problems.sort(problemOrder);
	// Path order, not file order: a scan of one scope's files gives the same lists (vault-model.ts).
	transcripts.sort(byPath);
	folded.sort(byPath);
	return { root, projects, scopes, records, byScope, transcripts, problems, folded };
}

/**
 * The scopes scanVault finds among these folders and files, from their names alone (spec
 * §1.3: a folder is a scope when it holds a checkpoint file or uncommitted.md, whatever
 * their bytes), so a question about one scope can be checked and answered without reading
 * the others. Sorted, as VaultScan.scopes.
 */
export function scopesOfPaths(snapRoot: string, dirs: readonly string[], paths: readonly string[]): string[] {
	return listScopes(snapRoot, dirs, paths).scopes;
}

/** The checkpoint files of one scope, copies included; [] for an unknown scope. */
export function recordsOf(scan: VaultScan, scope: string): CheckpointRecord[] {
	return scan.byScope.get(scope) ?? [];
}

/** A folder of checkpoint files as the listing places it: the place its files share (name ''), and their names. */
export interface ListedFolder {
	/** Vault path of the folder with a trailing `/`: a file's path is this and its name. */
	key: string;
	place: Place;
	/** Its checkpoint-named files. */
	names: string[];
	/** The same names as a set, for the sync-conflict rules: made on first need. */
	siblings: Set<string> | null;
}

/** A checkpoint file as the listing places it, not read. */
interface ListedFile {
	path: string;
	place: Place;
	folder: ListedFolder;
}

/**
 * The checkpoint and notes files of every scope from the names alone, placed as scanVault
 * places them: what a question about the newest record of each scope starts from.
 */
export interface ScopeListing {
	/** Every scope, sorted (as scopesOfPaths). */
	scopes: string[];
	/** The folders holding each scope's checkpoint files (the scope's own, its conversations'). */
	folders: Map<string, ListedFolder[]>;
	notes: Map<string, string>;
}

export function listScopes(snapRoot: string, _dirs: readonly string[], paths: readonly string[]): ScopeListing {
	const byKey = new Map<string, string[]>();
	for (const path of paths) {
		const slash = path.lastIndexOf('/');
		const key = path.slice(0, slash + 1);
		const names = byKey.get(key);
		if (names) names.push(path.slice(slash + 1));
		else byKey.set(key, [path.slice(slash + 1)]);
	}
	return listScopesOfFolders(snapRoot, [...byKey].map(([key, names]) => ({ key, names })));
}

/**
 * listScopes from the names grouped by folder, as a walk finds them: each folder is placed
 * once (as classify places its files: the place but the name is the folder's), then each
 * name by itself, and no object is made per file (`scopes` lists 10,000 of them). A folder
 * may come more than once. `key` is the folder's vault path with a trailing `/`.
 */
export function listScopesOfFolders(snapRoot: string, groups: Iterable<{ key: string; names: readonly string[] }>): ScopeListing {
	const root = snapRoot.replace(/^\/+|\/+$/g, '');
	const listing: ScopeListing = { scopes: [], folders: new Map(), notes: new Map() };
	const scopes = new Set<string>();
	const listed = new Map<string, ListedFolder>();
	for (const { key, names } of groups) {
		if (key === '') continue;
		const rel = relativeTo(root, key.slice(0, -1));
		const parts = rel === null ? null : rel.split('/');
		// A placed file's project is one of the listed ones: it has a folder under the root.
		const at = parts !== null && isProjectDir(parts[0]) ? placeOf([...parts, '']) : null;
		if (!at) continue;
		let folder = listed.get(key) ?? null;
		for (const name of names) {
			const role = roleOf(at.folder, name);
			if (role === 'notes') {
				listing.notes.set(at.scope, key + name);
				scopes.add(at.scope);
			} else if (role === 'checkpoint') {
				scopes.add(at.scope);
				if (!folder) {
					folder = { key, place: at, names: [], siblings: null };
					listed.set(key, folder);
					const list = listing.folders.get(at.scope);
					if (list) list.push(folder);
					else listing.folders.set(at.scope, [folder]);
				}
				folder.names.push(name);
			}
		}
	}
	listing.scopes = [...scopes].sort(compareBytes);
	return listing;
}

function siblingsOf(folder: ListedFolder): Set<string> {
	return (folder.siblings ??= new Set(folder.names));
}

/** Whether `name` in `folder` is a sync client's copy (docs/decisions.md §5): by the name, and for iCloud's ` 2` by its folder's names. */
function isConflictListed(folder: ListedFolder, name: string): boolean {
	// conflictCopyOf's own first test, made before a callback is made for each of 10,000 names.
	if (!name.includes(' ') && !name.includes('.sync-conflict-')) return false;
	return conflictCopyOf(name, (n) => siblingsOf(folder).has(n)) !== null;
}

/**
 * docs/decisions.md "What a CLI command reads": the count `scopes` and `continuity` report,
 * from the names alone: the scope's checkpoint-named files, sync-conflict copies left out,
 * a name found in two folders (an interrupted move) counted once. Torn files and a second
 * file naming the same session in its frontmatter are counted: only their bytes say so.
 */
export function checkpointFileCount(listing: ScopeListing, scope: string): number {
	const names = new Set<string>();
	for (const f of listing.folders.get(scope) ?? []) for (const name of f.names) if (!isConflictListed(f, name)) names.add(name);
	return names.size;
}

const listedFile = (folder: ListedFolder, name: string): ListedFile =>
	({ path: folder.key + name, place: { scope: folder.place.scope, folder: folder.place.folder, name }, folder });

/** History's order, newest first: by name, then by path (the path is made only when two names are the same). */
function newerListed(aFolder: ListedFolder, aName: string, bFolder: ListedFolder, bName: string): number {
	return compareBytes(bName, aName) || (aFolder === bFolder ? 0 : compareBytes(bFolder.key + bName, aFolder.key + aName));
}

/**
 * The files newest first by name (then path, as history orders them), picked one at a time:
 * the newest is nearly always the answer, and sorting every file of a scope to find it
 * would cost more than reading it. Past a few, the rest is sorted.
 */
function* newestFirstListed(folders: readonly ListedFolder[]): Generator<ListedFile> {
	let last: ListedFile | null = null;
	for (let picked = 0; ; picked++) {
		if (picked === 4 && last !== null) {
			const after = last;
			const rest: ListedFile[] = [];
			for (const f of folders) for (const n of f.names) if (newerListed(f, n, after.folder, after.place.name) > 0) rest.push(listedFile(f, n));
			rest.sort((a, b) => newerListed(a.folder, a.place.name, b.folder, b.place.name));
			yield* rest;
			return;
		}
		let bestFolder: ListedFolder | null = null;
		let bestName = '';
		for (const f of folders) {
			for (const n of f.names) {
				// Only files after the last one picked, in the order.
				if (last !== null && newerListed(f, n, last.folder, last.place.name) <= 0) continue;
				if (bestFolder === null || newerListed(f, n, bestFolder, bestName) < 0) {
					bestFolder = f;
					bestName = n;
				}
			}
		}
		if (bestFolder === null) return;
		last = listedFile(bestFolder, bestName);
		yield last;
	}
}

/**
 * `history(scan, scope).entries[0]` of a scan of every file, found by reading the scope's
 * files newest first by name (as logos does, docs/format.md §1.3) until the newest that is
 * neither empty nor a copy. A copy is known from the names when the record's id is its file
 * stem (the only files that can outrank it are named the same, docs/decisions.md §9);
 * otherwise any file's frontmatter may claim the id, and `undefined` says that only a read
 * of the whole scope can tell. `read` gives a listed file's bytes.
 */
export function newestRecord(listing: ScopeListing, scope: string, read: (path: string) => VaultFile): CheckpointRecord | null | undefined {
	const folders = listing.folders.get(scope) ?? [];
	const built = new Map<string, Pending>();
	const pendingOf = (f: ListedFile): Pending => {
		let p = built.get(f.path);
		if (!p) {
			p = buildRecord(read(f.path), f.place, siblingsOf(f.folder), [], undefined);
			built.set(f.path, p);
		}
		return p;
	};
	for (const f of newestFirstListed(folders)) {
		if (isConflictListed(f.folder, f.place.name)) continue;
		const p = pendingOf(f);
		const r = p.record;
		if (r.empty) continue;
		if (r.stem !== r.id) return undefined;
		// Every other file that can share this id and outrank it bears the same name.
		const group = [p];
		for (const other of folders) {
			if (other === f.folder || !other.names.includes(f.place.name) || isConflictListed(other, f.place.name)) continue;
			const q = pendingOf(listedFile(other, f.place.name));
			if (q.record.id === r.id) group.push(q);
		}
		group.sort((a, b) => canonicalRank(a) - canonicalRank(b) || compareBytes(a.record.path, b.record.path));
		if (group[0] === p) return r;
	}
	return null;
}
