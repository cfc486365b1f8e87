/**
 * Checkpoint files in the index: one row per file, plus its rulings and decisions
 * with their keys, so the views can answer without reading the vault again.
 */
import { stemOf } from '../core/names';
import { decisionKey, DECISION_WINDOW, isPlaceholder } from '../core/receipts';
import { reviewKey } from '../core/reviews';
import type { LineMap } from '../core/lines';
import type { CheckpointRecord } from '../core/types';
import { type Conn, num, str, type Row } from './conn';
import { decodeLines, decodeRecord, encodeCheckpoint, encodeLines, RECORD_COLUMNS } from './record-codec';

export interface FileStamp {
	mtime: number;
	size: number;
}

/** One copy of a ruling: a `Didn't work` bullet of one checkpoint file. */
export interface IndexedRuling {
	text: string;
	/** reviewKey: lower-case, whitespace runs folded, trimmed (decisions §2). */
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
	/** decisionKey (spec §5). */
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
	lines: LineMap;
}

/** A checkpoint row as the indexer reloads it: record, stamp and, when known, extras. */
export interface StoredRow extends FileStamp {
	record: CheckpointRecord;
	extras: KeptExtras | null;
}

const INSERT_CHECKPOINT = `INSERT OR REPLACE INTO checkpoints (path, name, scope, conversation, id, session,
	host_session, ts, agent, task, follows, auto, auto_closed, handoff, git_commit, flat, empty, copy_of,
	mtime, size, problems, record, digest, lines) VALUES (${new Array(24).fill('?').join(', ')})`;

/**
 * Replaces whatever the index held for the file. `fresh`: the caller knows it held nothing,
 * so the three deletes are skipped (a full pass writes thousands of new rows).
 */
export function writeCheckpoint(c: Conn, r: CheckpointRecord, stamp: FileStamp, extras?: KeptExtras, fresh = false): void {
	const cp = r.checkpoint;
	if (!fresh) deleteCheckpoint(c, r.path);
	c.run(INSERT_CHECKPOINT, [
		r.path, r.name, r.scope, r.conversation, r.id, cp.session, cp.hostSession, cp.ts, cp.agent, cp.task,
		cp.follows, cp.auto ? 1 : 0, cp.autoClosed ? 1 : 0, cp.handoffTo, cp.git.commit, r.flat ? 1 : 0,
		r.empty ? 1 : 0, r.copyOf, stamp.mtime, stamp.size, JSON.stringify(cp.problems), encodeCheckpoint(cp),
		extras?.digest ?? '', extras ? encodeLines(extras.lines) : '',
	]);
	cp.failed.forEach((text, ord) => {
		// decisions §3: a placeholder says nothing was ruled out, so it is no ruling.
		if (isPlaceholder(text)) return;
		c.run('INSERT OR REPLACE INTO rulings (path, ord, scope, text, review_key) VALUES (?, ?, ?, ?, ?)', [r.path, ord, r.scope, text, reviewKey(text)]);
	});
	cp.decisions.forEach((text, ord) => {
		c.run('INSERT OR REPLACE INTO decisions (path, ord, scope, text, decision_key) VALUES (?, ?, ?, ?, ?)', [r.path, ord, r.scope, text, decisionKey(text)]);
	});
}

/** Returns how many checkpoint rows went (0 or 1). */
export function deleteCheckpoint(c: Conn, path: string): number {
	c.run('DELETE FROM rulings WHERE path = ?', [path]);
	c.run('DELETE FROM decisions WHERE path = ?', [path]);
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
	const row = c.get(`SELECT ${RECORD_COLUMNS} FROM checkpoints WHERE path = ?`, [from]);
	if (!row) return false;
	const record = decodeRecord(row);
	const name = baseName(to);
	// The id is the frontmatter session when there is one, else the stem (decisions §9).
	const id = record.checkpoint.session !== '' ? record.id : stemOf(name);
	deleteCheckpoint(c, to);
	c.run('UPDATE checkpoints SET path = ?, name = ?, id = ? WHERE path = ?', [to, name, id, from]);
	c.run('UPDATE rulings SET path = ? WHERE path = ?', [to, from]);
	c.run('UPDATE decisions SET path = ? WHERE path = ?', [to, from]);
	return true;
}

/** Paths of checkpoint files under a folder (a folder rename moves them all). */
export function checkpointPathsUnder(c: Conn, folder: string): string[] {
	const prefix = `${folder}/`;
	return c.all('SELECT path FROM checkpoints WHERE substr(path, 1, ?) = ?', [prefix.length, prefix]).map((r) => str(r.path));
}

/** Newest first by file name, as logos orders them (spec §1.3); path breaks ties. */
export function checkpointsOfScope(c: Conn, scope: string): CheckpointRecord[] {
	return c.all(`SELECT ${RECORD_COLUMNS} FROM checkpoints WHERE scope = ? ORDER BY name DESC, path DESC`, [scope]).map(decodeRecord);
}

export function checkpointAt(c: Conn, path: string): CheckpointRecord | null {
	const row = c.get(`SELECT ${RECORD_COLUMNS} FROM checkpoints WHERE path = ?`, [path]);
	return row ? decodeRecord(row) : null;
}

/** Copies (conflict copies, second files of a record) never double a ruling (decisions §5). */
export function rulingsOfScope(c: Conn, scope: string): IndexedRuling[] {
	const rows = c.all(`SELECT r.text, r.review_key, r.path, r.ord, k.id, k.ts, k.git_commit
		FROM rulings r JOIN checkpoints k ON k.path = r.path
		WHERE r.scope = ? AND k.copy_of IS NULL
		ORDER BY k.name DESC, k.path DESC, r.ord`, [scope]);
	return rows.map((row: Row) => ({
		text: str(row.text), key: str(row.review_key), session: str(row.id), path: str(row.path),
		ord: num(row.ord), ts: num(row.ts), commit: str(row.git_commit),
	}));
}

/** Decisions of the scope's newest `window` checkpoints (spec §7), newest first. */
export function decisionsOfScope(c: Conn, scope: string, window: number = DECISION_WINDOW): IndexedDecision[] {
	const rows = c.all(`SELECT d.text, d.decision_key, d.path, d.ord, k.id, k.ts
		FROM decisions d JOIN (
			SELECT path, name, id, ts FROM checkpoints
			WHERE scope = ? AND copy_of IS NULL AND empty = 0
			ORDER BY name DESC, path DESC LIMIT ?
		) k ON k.path = d.path
		ORDER BY k.name DESC, k.path DESC, d.ord`, [scope, window]);
	return rows.map((row: Row) => ({
		text: str(row.text), key: str(row.decision_key), session: str(row.id), path: str(row.path),
		ord: num(row.ord), ts: num(row.ts),
	}));
}

/** Rows of one scope, or all: what the indexer places again without reading. */
export function storedRows(c: Conn, scope?: string): StoredRow[] {
	const sql = `SELECT mtime, size, digest, lines, ${RECORD_COLUMNS} FROM checkpoints${scope === undefined ? '' : ' WHERE scope = ?'}`;
	return c.all(sql, scope === undefined ? [] : [scope]).map((row) => {
		const digest = str(row.digest);
		const lines = decodeLines(row.lines);
		return {
			mtime: num(row.mtime), size: num(row.size), record: decodeRecord(row),
			extras: digest === '' || lines === null ? null : { digest, lines },
		};
	});
}

/** decisions §6: the first checkpoint of the scope written after `ts`, copies and torn files aside. */
export function firstCheckpointAfter(c: Conn, scope: string, ts: number): CheckpointRecord | null {
	const row = c.get(`SELECT ${RECORD_COLUMNS} FROM checkpoints WHERE scope = ? AND ts > ? AND copy_of IS NULL AND empty = 0
		ORDER BY ts, name LIMIT 1`, [scope, ts]);
	return row ? decodeRecord(row) : null;
}

/** Scopes holding a row whose file must be read again (unreadable last time, or from an older index). */
export function scopesNeedingRead(c: Conn): string[] {
	return c.all("SELECT DISTINCT scope FROM checkpoints WHERE digest = '' OR lines = ''").map((r) => str(r.scope));
}

export function checkpointScopes(c: Conn): string[] {
	return c.all('SELECT DISTINCT scope FROM checkpoints ORDER BY scope').map((r) => str(r.scope));
}
