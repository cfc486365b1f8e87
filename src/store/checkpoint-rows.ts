/**
 * Checkpoint files in the index: one row per file, plus its rulings and decisions
 * with their keys, so the views can answer without reading the vault again.
 */
import { stemOf } from '../core';
import { DECISION_WINDOW, decisionKeys, rulingKeys } from '../core';
import type { CheckpointRecord } from '../core';
import { type Conn, num, type Row, str, TextParams } from './conn';
import { decodeRecord, encodeCheckpointBytes, type LineBytes, RECORD_COLUMNS, recordList } from './record-codec';

export interface FileStamp {
	mtime: number;
	size: number;
}

/** One copy of a ruling: a `Didn't work` bullet of one checkpoint file. */
export interface IndexedRuling {
	text: string;
	/** reviewKey: lower-case, whitespace runs folded, trimmed (docs/decisions.md §2). */
	key: string;
	/** Record id of the checkpoint holding it. */
	session: string;
	path: string;
	/** Index of the bullet among the checkpoint's `Didn't work` bullets. */
	ord: number;
	/** The checkpoint's time (unix seconds). */
	ts: number;
	/** The checkpoint's commit, '' when none. */
	commit: string;
}

export interface IndexedDecision {
	text: string;
	/** decisionKey (docs/format.md §5). */
	key: string;
	session: string;
	path: string;
	ord: number;
	ts: number;
}

/** What a read of the file yields besides the record, so it need not be read again. */
export interface KeptExtras {
	/** textDigest of the file's bytes. */
	digest: string;
	/** The file's line map as stored (encodeLines): kept encoded, read in place (record-codec.ts). */
	lines: LineBytes;
}

/** A checkpoint row as the indexer reloads it: record, stamp and, when known, extras. */
export interface StoredRow extends FileStamp {
	record: CheckpointRecord;
	extras: KeptExtras | null;
}

// name, id and host_session are generated (schema.ts, steps 6 and 10): the `_own` columns hold a
// value only where it is not the one generated; `name_at` says where the name starts in the
// path. A row on the same path is updated in place: it keeps its row id and its page, so a save
// after a change writes few pages (persist.ts IndexWriter), and its first sight (step 7), so an
// edited checkpoint is not news again.
const WRITTEN = ['path', 'scope', 'conversation', 'id_own', 'session', 'host_session_own', 'ts', 'agent', 'task', 'follows',
	'auto', 'auto_closed', 'handoff', 'git_commit', 'flat', 'empty', 'copy_of', 'mtime', 'size', 'problems', 'record', 'digest',
	'lines', 'stamp', 'name_at'];
/** Columns bound as bytes (TextParams) and cast: every text column. */
const TEXT = new Set(['path', 'scope', 'conversation', 'id_own', 'session', 'host_session_own', 'agent', 'task', 'follows', 'handoff',
	'git_commit', 'copy_of', 'problems', 'record', 'digest']);
const INSERT_CHECKPOINT = `INSERT INTO checkpoints (${WRITTEN.join(', ')}, first_seen)
	VALUES (${WRITTEN.map((c) => (TEXT.has(c) ? 'CAST(? AS TEXT)' : '?')).join(', ')}, ?)
	ON CONFLICT(path) DO UPDATE SET ${WRITTEN.filter((c) => c !== 'path').map((c) => `${c} = excluded.${c}`).join(', ')}`;

/** Sums of stamps are taken modulo 2^32: exact in SQLite's integers and in JavaScript's. */
export const STAMP_MODULUS = 2 ** 32;

/** A 32-bit hash of a file's path and stamp (see the stamp index in schema.ts). */
export function stampHash(path: string, mtime: number, size: number): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 0x01000193);
	// mtime in milliseconds outgrows 32 bits: both halves go in.
	h = Math.imul(h ^ (mtime % 0x100000000), 0x01000193);
	h = Math.imul(h ^ Math.floor(mtime / 0x100000000), 0x01000193);
	h = Math.imul(h ^ (size % 0x100000000), 0x01000193);
	h = Math.imul(h ^ Math.floor(size / 0x100000000), 0x01000193);
	// A final mix, so that a one-unit change of mtime or size moves every bit.
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	h ^= h >>> 16;
	return h >>> 0;
}

/** How many checkpoint rows there are and the sum of their stamps. */
export function stampTotal(c: Conn): { count: number; sum: number } {
	// One row the triggers keep (schema.ts, step 6). The total stays exact in SQLite's 64-bit
	// integers: under 2^32 per row, fewer than 2^31 rows.
	const [count, sum] = c.values(`SELECT n, total % ${STAMP_MODULUS} FROM stamp_total WHERE id = 1`)[0] ?? [0, 0];
	const rest = num(sum);
	return { count: num(count), sum: rest < 0 ? rest + STAMP_MODULUS : rest };
}

/**
 * Replaces whatever the index held for the file: a row on the same path is updated in place,
 * so a new row costs no delete first. Its rulings and decisions are its record's
 * (rulingsOfScope). `seen` is when the index first saw the file: a row on the same path keeps
 * its own, so an edited checkpoint is not news again.
 */
export function writeCheckpoint(c: Conn, r: CheckpointRecord, stamp: FileStamp, extras: KeptExtras | undefined, seen: number): void {
	const cp = r.checkpoint;
	// The record's bytes are a view of a reused buffer: bound (copied) by this run, before any other row is encoded.
	const t = params.row();
	c.run(INSERT_CHECKPOINT, [
		t.text(r.path), t.text(r.scope), t.text(r.conversation), t.text(r.id === cp.session ? null : r.id), t.text(cp.session),
		t.text(cp.hostSession === r.conversation ? null : cp.hostSession), cp.ts, t.text(cp.agent), t.text(cp.task),
		t.text(cp.follows), cp.auto ? 1 : 0, cp.autoClosed ? 1 : 0, t.text(cp.handoffTo), t.text(cp.git.commit), r.flat ? 1 : 0,
		r.empty ? 1 : 0, t.text(r.copyOf), stamp.mtime, stamp.size, t.text(cp.problems.length === 0 ? '[]' : JSON.stringify(cp.problems)),
		encodeCheckpointBytes(cp, r.scope), t.text(extras?.digest ?? ''), extras ? extras.lines : NO_LINES,
		stampHash(r.path, stamp.mtime, stamp.size), nameAt(r.path), seen,
	]);
}

/**
 * Where the file name starts in the path, in SQLite's characters (schema.ts, step 10): code
 * points, as sql.js encodes the text (a surrogate pair is one character, a lone surrogate one).
 */
export function nameAt(path: string): number {
	const end = path.lastIndexOf('/') + 1;
	let n = end;
	for (let i = 0; i < end - 1; i++) {
		const c = path.charCodeAt(i);
		if (c >= 0xd800 && c <= 0xdbff) {
			const d = path.charCodeAt(i + 1);
			if (d >= 0xdc00 && d <= 0xdfff) {
				n--;
				i++;
			}
		}
	}
	return n;
}

const NO_LINES = new Uint8Array(0);
const params = new TextParams();

/** Returns how many checkpoint rows went (0 or 1). */
export function deleteCheckpoint(c: Conn, path: string): number {
	return c.run('DELETE FROM checkpoints WHERE path = ?', [path]);
}

export function checkpointStamp(c: Conn, path: string): FileStamp | null {
	const row = c.get('SELECT mtime, size FROM checkpoints WHERE path = ?', [path]);
	return row ? { mtime: num(row.mtime), size: num(row.size) } : null;
}

export function allCheckpointStamps(c: Conn): Map<string, FileStamp> {
	const out = new Map<string, FileStamp>();
	for (const [path, mtime, size] of c.values('SELECT path, mtime, size FROM checkpoints')) {
		out.set(str(path), { mtime: num(mtime), size: num(size) });
	}
	return out;
}

function baseName(path: string): string {
	return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * Moves one file's rows to a new path. Name and stem follow the path; scope and
 * conversation do not, since only the core's layout rules can place a file: a move
 * between folders is followed by a fresh upsert from the caller.
 */
export function moveCheckpoint(c: Conn, from: string, to: string): boolean {
	const row = c.get(`SELECT mtime, size, ${RECORD_COLUMNS} FROM checkpoints WHERE path = ?`, [from]);
	if (!row) return false;
	const record = decodeRecord(row);
	const name = baseName(to);
	// The id is the frontmatter session when there is one, else the stem (docs/decisions.md §9).
	const id = record.checkpoint.session !== '' ? record.id : stemOf(name);
	deleteCheckpoint(c, to);
	// The name follows the path (a generated column) from where it starts in the new path.
	const idOwn = id === record.checkpoint.session ? null : id;
	c.run('UPDATE checkpoints SET path = ?, name_at = ?, id_own = ?, stamp = ? WHERE path = ?', [to, nameAt(to), idOwn, stampHash(to, num(row.mtime), num(row.size)), from]);
	return true;
}

/** Paths of checkpoint files under a folder (a folder rename moves them all). */
export function checkpointPathsUnder(c: Conn, folder: string): string[] {
	const prefix = `${folder}/`;
	return c.all('SELECT path FROM checkpoints WHERE substr(path, 1, ?) = ?', [prefix.length, prefix]).map((r) => str(r.path));
}

/** Newest first by file name, as logos orders them (docs/format.md §1.3); path breaks ties. */
export function checkpointsOfScope(c: Conn, scope: string): CheckpointRecord[] {
	return c.all(`SELECT ${RECORD_COLUMNS} FROM checkpoints WHERE scope = ? ORDER BY name DESC, path DESC`, [scope]).map(decodeRecord);
}

export function checkpointAt(c: Conn, path: string): CheckpointRecord | null {
	const row = c.get(`SELECT ${RECORD_COLUMNS} FROM checkpoints WHERE path = ?`, [path]);
	return row ? decodeRecord(row) : null;
}

/**
 * Copies (conflict copies, second files of a record) never double a ruling (docs/decisions.md §5).
 * docs/decisions.md §3: a placeholder says nothing was ruled out, so it is no ruling.
 */
export function rulingsOfScope(c: Conn, scope: string): IndexedRuling[] {
	const out: IndexedRuling[] = [];
	const rows = c.values(`SELECT path, id, ts, git_commit, record FROM checkpoints
		WHERE scope = ? AND copy_of IS NULL ORDER BY name DESC, path DESC`, [scope]);
	for (const [path, id, ts, commit, record] of rows) {
		const failed = recordList(str(record), 'failed');
		if (failed.length === 0) continue;
		rulingKeys(failed).forEach((key, ord) => {
			if (key !== null) out.push({ text: failed[ord], key, session: str(id), path: str(path), ord, ts: num(ts), commit: str(commit) });
		});
	}
	return out;
}

/** Decisions of the scope's newest `window` checkpoints (docs/format.md §7), newest first. */
export function decisionsOfScope(c: Conn, scope: string, window: number = DECISION_WINDOW): IndexedDecision[] {
	const out: IndexedDecision[] = [];
	const rows = c.values(`SELECT path, id, ts, record FROM checkpoints
		WHERE scope = ? AND copy_of IS NULL AND empty = 0 ORDER BY name DESC, path DESC LIMIT ?`, [scope, window]);
	for (const [path, id, ts, record] of rows) {
		const decisions = recordList(str(record), 'decisions');
		decisionKeys(decisions).forEach((key, ord) => {
			out.push({ text: decisions[ord], key, session: str(id), path: str(path), ord, ts: num(ts) });
		});
	}
	return out;
}

/** How many rulings and decisions the index holds (what `cli stats` prints). */
export function listCounts(c: Conn): { rulings: number; decisions: number } {
	let rulings = 0;
	let decisions = 0;
	for (const [record] of c.values('SELECT record FROM checkpoints')) {
		const text = str(record);
		for (const key of rulingKeys(recordList(text, 'failed'))) if (key !== null) rulings++;
		decisions += recordList(text, 'decisions').length;
	}
	return { rulings, decisions };
}

/**
 * Rows of one scope, or all: what the indexer places again without reading. Each row is
 * decoded as it is read: the raw rows (record JSON, line bytes) of the whole index are never
 * held at once.
 */
export function storedRows(c: Conn, scope?: string): StoredRow[] {
	const sql = `SELECT mtime, size, digest, lines, ${RECORD_COLUMNS} FROM checkpoints${scope === undefined ? '' : ' WHERE scope = ?'}`;
	const out: StoredRow[] = [];
	c.each(sql, scope === undefined ? [] : [scope], (row) => out.push(storedRowOf(row)));
	return out;
}

/** The stored line map, or null when none was kept (an unreadable file). */
function lineBytesOf(stored: Row[string]): LineBytes | null {
	return stored instanceof Uint8Array && stored.length > 0 ? stored : null;
}

function storedRowOf(row: Row): StoredRow {
	const digest = str(row.digest);
	// Left encoded: a whole model decodes every row, and most of their maps are never asked for.
	const lines = digest === '' ? null : lineBytesOf(row.lines);
	return {
		mtime: num(row.mtime), size: num(row.size), record: decodeRecord(row),
		extras: digest === '' || lines === null ? null : { digest, lines },
	};
}

/** Where a page of a scope's rows ends: the `(scope, name)` index's order, the row id after the name. */
export interface RowKey {
	name: string;
	rid: number;
}

/**
 * A scope's rows after `after` (from the first when null), at most `limit`, in the order of
 * the `(scope, name)` index, which holds the row id after the name: each page is a walk along
 * the index from where the last one ended, so a big scope is decoded a page at a time.
 */
export function storedRowsPage(c: Conn, scope: string, after: RowKey | null, limit: number): { rows: StoredRow[]; last: RowKey | null } {
	const rows: StoredRow[] = [];
	let last: RowKey | null = null;
	c.each(`SELECT rid, mtime, size, digest, lines, ${RECORD_COLUMNS} FROM checkpoints WHERE scope = ? AND (name, rid) > (?, ?) ORDER BY name, rid LIMIT ?`,
		[scope, after?.name ?? '', after?.rid ?? -1, limit], (row) => {
			const stored = storedRowOf(row);
			rows.push(stored);
			last = { name: stored.record.name, rid: num(row.rid) };
		});
	return { rows, last };
}

/** The line map stored with a checkpoint's row, encoded; undefined when there is none (its file was never read whole). */
export function storedLines(c: Conn, path: string): LineBytes | undefined {
	const row = c.get('SELECT digest, lines FROM checkpoints WHERE path = ?', [path]);
	if (!row || str(row.digest) === '') return undefined;
	return lineBytesOf(row.lines) ?? undefined;
}

/** The line maps stored with a scope's rows, encoded, by path (rows without one left out). */
export function storedLinesOfScope(c: Conn, scope: string): Map<string, LineBytes> {
	const out = new Map<string, LineBytes>();
	c.each("SELECT path, lines FROM checkpoints WHERE scope = ? AND digest <> ''", [scope], (row) => {
		const lines = lineBytesOf(row.lines);
		if (lines) out.set(str(row.path), lines);
	});
	return out;
}

/** docs/decisions.md §6: the first checkpoint of the scope written after `ts`, copies and torn files aside. */
export function firstCheckpointAfter(c: Conn, scope: string, ts: number): CheckpointRecord | null {
	const row = c.get(`SELECT ${RECORD_COLUMNS} FROM checkpoints WHERE scope = ? AND ts > ? AND copy_of IS NULL AND empty = 0
		ORDER BY ts, name LIMIT 1`, [scope, ts]);
	return row ? decodeRecord(row) : null;
}

/** Scopes holding a row whose file must be read again (unreadable last time, or from an older index). */
export function scopesNeedingRead(c: Conn): string[] {
	return c.all("SELECT DISTINCT scope FROM checkpoints WHERE digest = ''").map((r) => str(r.scope));
}

/**
 * Every scope holding a checkpoint, sorted: from one scope to the next along the
 * `(scope, name)` index, a seek per scope, where DISTINCT walked every row (~50 ms at 10,000
 * checkpoints in the browser).
 */
export function checkpointScopes(c: Conn): string[] {
	return c
		.all(
			`WITH RECURSIVE next(scope) AS (
				SELECT min(scope) FROM checkpoints
				UNION ALL SELECT (SELECT min(scope) FROM checkpoints WHERE scope > next.scope) FROM next WHERE next.scope IS NOT NULL
			) SELECT scope FROM next WHERE scope IS NOT NULL`,
		)
		.map((r) => str(r.scope));
}
