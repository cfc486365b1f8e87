/**
 * Working notes in logos's own tables (docs/format.md §4.1): imported from uncommitted.md the
 * way `logos index` imports them (§4.4), plus the person's own notes (docs/decisions.md §6),
 * the one part of the index that is not derived from the vault.
 */
import type { WorkingNote } from '../core';
import { type Conn, num, str, type Row, TextParams, type Value } from './conn';
import type { SalvagedNote } from './salvage';

export interface IndexedNote {
	id: number;
	scope: string;
	agent: string;
	text: string;
	ts: number;
	/** The logos-style session the note was filed under. */
	session: string;
	/** The person's own note (docs/decisions.md §6). */
	own: boolean;
	/** Not yet written to uncommitted.md. */
	unflushed: boolean;
	dismissed: boolean;
	/** The line is in uncommitted.md now. */
	present: boolean;
}

export interface ImportResult {
	/** Notes new to the index. */
	added: number;
	/** The person's notes that were written to uncommitted.md and are no longer there. */
	missingOwn: IndexedNote[];
	/** Whether anything in the index changed. */
	changed: boolean;
}

export interface ImportOptions {
	/** The person's agent name: new notes by it become own notes (recovery, docs/decisions.md §6). */
	ownAgent?: string;
}

/** `YYYYMMDD-HHMMSS` in local wall-clock time, as logos names sessions (docs/format.md §4.2). */
export type StampFormat = (ts: number) => string;

const NOTE_COLUMNS = `n.id, s.project, s.agent, n.text, n.ts, n.session, n.own, n.unflushed, n.dismissed, n.present
	FROM session_notes n JOIN sessions s ON s.id = n.session`;

/** Notes a person sees as not yet checkpointed: in the file now, or their own and kept. */
const SHOWN = '(n.present = 1 OR (n.own = 1 AND n.dismissed = 0))';

function toNote(row: Row): IndexedNote {
	return {
		id: num(row.id), scope: str(row.project), agent: str(row.agent), text: str(row.text), ts: num(row.ts),
		session: str(row.session), own: num(row.own) === 1, unflushed: num(row.unflushed) === 1,
		dismissed: num(row.dismissed) === 1, present: num(row.present) === 1,
	};
}

const keyOf = (text: string, ts: number): string => `${ts}\u0000${text}`;

/**
 * The open session of (scope, agent), opened when there is none. Its id is taken from
 * the first note's time and walked forward a second at a time past ids in use, as
 * logos does on a collision.
 */
function openSession(c: Conn, scope: string, agent: string, ts: number, stamp: StampFormat): string {
	const open = c.get('SELECT id FROM sessions WHERE project = ? AND agent = ? AND ended = 0 ORDER BY started DESC LIMIT 1', [scope, agent]);
	if (open) return str(open.id);
	let id = `${stamp(ts)}-${agent}`;
	for (let step = 1; c.get('SELECT 1 AS x FROM sessions WHERE id = ?', [id]); step++) {
		id = `${stamp(ts + step)}-${agent}`;
	}
	c.run('INSERT INTO sessions (id, project, agent, started) VALUES (?, ?, ?, ?)', [id, scope, agent, ts]);
	return id;
}

/**
 * Brings the index in line with the notes uncommitted.md holds for the scope now.
 * Never deletes: a note gone from the file is only marked absent, and a session
 * left with nothing shown is closed, as logos closes the sessions a checkpoint folds.
 */
export function importScopeNotes(c: Conn, scope: string, notes: readonly WorkingNote[], stamp: StampFormat, opts: ImportOptions = {}, firstSeen = 0): ImportResult {
	const known = new Map<string, IndexedNote>();
	for (const row of c.all(`SELECT ${NOTE_COLUMNS} WHERE s.project = ?`, [scope])) {
		const note = toNote(row);
		known.set(keyOf(note.text, note.ts), note);
	}
	const seen = new Set<number>();
	const fresh = new Map<string, WorkingNote>();
	for (const n of notes) {
		const key = keyOf(n.text, n.ts);
		const row = known.get(key);
		if (row) seen.add(row.id);
		else if (!fresh.has(key)) fresh.set(key, n);
	}
	let changes = 0;
	const added = [...fresh.values()].sort((a, b) => a.ts - b.ts);
	// One lookup per agent: the open session stays open through the import. Notes do not
	// touch the sessions table, so every session is opened first, in the notes' order.
	const sessions = new Map<string, string>();
	const rows: NewNote[] = [];
	for (const n of added) {
		const agent = n.agent === '' ? 'agent' : n.agent;
		let session = sessions.get(agent);
		if (session === undefined) sessions.set(agent, (session = openSession(c, scope, agent, n.ts, stamp)));
		rows.push({ session, text: n.text, ts: n.ts, own: opts.ownAgent !== undefined && agent === opts.ownAgent ? 1 : 0 });
	}
	insertNotes(c, rows, firstSeen);
	changes += rows.length;
	for (const row of known.values()) {
		const present = seen.has(row.id);
		// A line in the file is written, whatever the last attempt reported.
		const unflushed = present ? false : row.unflushed;
		if (present !== row.present || unflushed !== row.unflushed) {
			c.run('UPDATE session_notes SET present = ?, unflushed = ? WHERE id = ?', [present ? 1 : 0, unflushed ? 1 : 0, row.id]);
			changes++;
		}
	}
	changes += c.run(`UPDATE sessions SET ended = max(1, (SELECT max(ts) FROM session_notes WHERE session = sessions.id))
		WHERE project = ? AND ended = 0 AND NOT EXISTS (
			SELECT 1 FROM session_notes n WHERE n.session = sessions.id AND ${SHOWN})`, [scope]);
	const missingOwn = c.all(`SELECT ${NOTE_COLUMNS}
		WHERE s.project = ? AND n.own = 1 AND n.dismissed = 0 AND n.unflushed = 0 AND n.present = 0
		ORDER BY n.ts, n.id`, [scope]).map(toNote);
	return { added: added.length, missingOwn, changed: changes > 0 };
}

/** A note new to the index, as an import adds it: present, flushed. */
interface NewNote {
	session: string;
	text: string;
	ts: number;
	own: 0 | 1;
}

const INSERT_NOTE = 'INSERT INTO session_notes (session, text, ts, unflushed, own, present, first_seen) VALUES (?, ?, ?, 0, ?, 1, ?)';

/** Below this many notes the tally's trigger counts each (a file event adds a few). */
const BULK_NOTES = 64;

/**
 * BULK_NOTES notes in one statement: a step and a reset of sql.js for 64 rows, not one each
 * (docs/decisions.md, "A first index at the speed of reading").
 */
const INSERT_NOTES_MANY = `INSERT INTO session_notes (session, text, ts, unflushed, own, present, first_seen) VALUES ${
	Array.from({ length: BULK_NOTES }, () => '(CAST(? AS TEXT), CAST(? AS TEXT), ?, 0, ?, 1, ?)').join(', ')}`;
/** The session and text of BULK_NOTES notes bound as bytes (conn.ts TextParams). */
const manyParams = new TextParams();

/**
 * The notes of an import, in order. A first index imports 20,000 notes at 10,000 checkpoints,
 * and the tally's trigger (schema.ts, step 9) costs as much as the insert itself, a run per
 * note (docs/decisions.md, "A first index at the speed of reading"). For a big import it is set
 * aside, inside the import's transaction, and the tally gets each session's count at once, as
 * the trigger would have added them one by one: no index saved between transactions ever lacks
 * it, and the schema stays a new index's.
 */
function insertNotes(c: Conn, rows: readonly NewNote[], firstSeen: number): void {
	if (rows.length < BULK_NOTES) {
		for (const r of rows) c.run(INSERT_NOTE, [r.session, r.text, r.ts, r.own, firstSeen]);
		return;
	}
	const trigger = c.values("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'shown_added'")[0]?.[0];
	if (typeof trigger === 'string') c.run('DROP TRIGGER shown_added');
	// BULK_NOTES rows a statement, in order (their ids as one at a time would give them), the rest one by one.
	let i = 0;
	const many: Value[] = [];
	for (; i + BULK_NOTES <= rows.length; i += BULK_NOTES) {
		many.length = 0;
		const t = manyParams.row();
		for (let j = i; j < i + BULK_NOTES; j++) many.push(t.text(rows[j].session), t.text(rows[j].text), rows[j].ts, rows[j].own, firstSeen);
		c.run(INSERT_NOTES_MANY, many);
	}
	for (; i < rows.length; i++) c.run(INSERT_NOTE, [rows[i].session, rows[i].text, rows[i].ts, rows[i].own, firstSeen]);
	if (typeof trigger !== 'string') return;
	// Every imported note is present, so shown (schema.ts, step 9): the trigger's +1 per note.
	const counts = new Map<string, number>();
	for (const r of rows) counts.set(r.session, (counts.get(r.session) ?? 0) + 1);
	for (const [session, n] of counts) {
		c.run('INSERT INTO session_shown (session, n) VALUES (?, ?) ON CONFLICT (session) DO UPDATE SET n = n + excluded.n', [session, n]);
	}
	c.run(trigger);
}

/** The person's note, unflushed until its line is written. Returns its id. */
export function addOwn(c: Conn, scope: string, agent: string, text: string, ts: number, stamp: StampFormat): number {
	const same = c.get(`SELECT n.id, n.present FROM session_notes n JOIN sessions s ON s.id = n.session
		WHERE s.project = ? AND n.text = ? AND n.ts = ?`, [scope, text, ts]);
	if (same) {
		const unflushed = num(same.present) === 1 ? 0 : 1;
		c.run('UPDATE session_notes SET own = 1, dismissed = 0, unflushed = ? WHERE id = ?', [unflushed, num(same.id)]);
		return num(same.id);
	}
	const session = openSession(c, scope, agent === '' ? 'agent' : agent, ts, stamp);
	c.run('INSERT INTO session_notes (session, text, ts, unflushed, own, present) VALUES (?, ?, ?, 1, 1, 0)', [session, text, ts]);
	return num(c.get('SELECT last_insert_rowid() AS id')?.id);
}

/**
 * Own notes read out of a damaged index, put back with what was known of them (written or
 * not, dismissed or not). Their lines count as absent until uncommitted.md is read again.
 * Returns how many were new here.
 */
export function restoreOwn(c: Conn, notes: readonly SalvagedNote[], stamp: StampFormat, opts: { onlyNew?: boolean } = {}): number {
	let added = 0;
	for (const n of notes) {
		const same = c.get(`SELECT n.id FROM session_notes n JOIN sessions s ON s.id = n.session
			WHERE s.project = ? AND n.text = ? AND n.ts = ?`, [n.scope, n.text, n.ts]);
		// onlyNew: notes of another device's index; what this index knows of a note stands.
		if (same && opts.onlyNew) continue;
		if (same) {
			c.run('UPDATE session_notes SET own = 1, dismissed = ?, unflushed = ? WHERE id = ?', [n.dismissed ? 1 : 0, n.unflushed ? 1 : 0, num(same.id)]);
			continue;
		}
		const session = openSession(c, n.scope, n.agent === '' ? 'agent' : n.agent, n.ts, stamp);
		c.run('INSERT INTO session_notes (session, text, ts, unflushed, own, dismissed, present) VALUES (?, ?, ?, ?, 1, ?, 0)',
			[session, n.text, n.ts, n.unflushed ? 1 : 0, n.dismissed ? 1 : 0]);
		added++;
	}
	return added;
}

export function setFlushed(c: Conn, id: number): boolean {
	return c.run('UPDATE session_notes SET unflushed = 0 WHERE id = ? AND own = 1 AND unflushed = 1', [id]) > 0;
}

/** The row stays, so neither a re-import nor a recovery adopts the note again. */
export function dismissOwn(c: Conn, id: number): boolean {
	return c.run('UPDATE session_notes SET dismissed = 1 WHERE id = ? AND own = 1 AND dismissed = 0', [id]) > 0;
}

export function pendingOwn(c: Conn): IndexedNote[] {
	return c.all(`SELECT ${NOTE_COLUMNS} WHERE n.own = 1 AND n.dismissed = 0 AND n.unflushed = 1 ORDER BY n.ts, n.id`).map(toNote);
}

export function ownNotes(c: Conn, scope?: string): IndexedNote[] {
	const where = scope === undefined ? '' : 'AND s.project = ?';
	return c.all(`SELECT ${NOTE_COLUMNS} WHERE n.own = 1 AND n.dismissed = 0 ${where} ORDER BY n.ts, n.id`, scope === undefined ? [] : [scope]).map(toNote);
}

/** Oldest first, as uncommitted.md lists them. */
export function shownNotes(c: Conn, scope: string): IndexedNote[] {
	return c.all(`SELECT ${NOTE_COLUMNS} WHERE s.project = ? AND ${SHOWN} ORDER BY n.ts, n.id`, [scope]).map(toNote);
}

/** Per scope and agent: how many notes are shown and the newest one's time (what the status bar counts). */
export interface NotePair {
	scope: string;
	agent: string;
	notes: number;
	lastTs: number;
}

/** shownNotes folded by scope and agent in SQL: no note is decoded. */
export function shownNotePairs(c: Conn, scope?: string): NotePair[] {
	const where = scope === undefined ? '' : 'AND s.project = ?';
	// Each session's count from its tally (schema.ts, step 9) and its newest shown note from the
	// end of its index: per session, never per note.
	return c.values(`SELECT s.project, s.agent, sum(t.n), max((SELECT n.ts FROM session_notes n WHERE n.session = s.id AND ${SHOWN} ORDER BY n.ts DESC LIMIT 1))
		FROM session_shown t JOIN sessions s ON s.id = t.session WHERE t.n > 0 ${where} GROUP BY s.project, s.agent`, scope === undefined ? [] : [scope])
		.map(([p, a, n, t]) => ({ scope: str(p), agent: str(a), notes: num(n), lastTs: num(t) }));
}

export function countShown(c: Conn, scope?: string): number {
	const where = scope === undefined ? '' : 'AND s.project = ?';
	const row = c.get(`SELECT coalesce(sum(t.n), 0) AS n FROM session_shown t JOIN sessions s ON s.id = t.session WHERE t.n > 0 ${where}`, scope === undefined ? [] : [scope]);
	return num(row?.n);
}

/**
 * "Rebuild index": only the person's own notes stay, marked absent until re-imported. At most
 * `rows` notes a call (-1: all); true while some remain. The notes files' rows get a stamp no
 * file has first, and go last: an index saved between two calls reads every uncommitted.md
 * again, and one deleted meanwhile (logos deletes it once nothing is open) is reconciled as
 * removed, its notes left over marked absent, not shown for good.
 */
export function clearDerivedNotesStep(c: Conn, rows: number): boolean {
	c.run('UPDATE note_files SET mtime = -1 WHERE mtime <> -1');
	let left = rows;
	left -= c.run('DELETE FROM session_notes WHERE rowid IN (SELECT rowid FROM session_notes WHERE own = 0 LIMIT ?)', [left]);
	if (rows >= 0 && left <= 0) return true;
	left -= c.run('UPDATE session_notes SET present = 0 WHERE rowid IN (SELECT rowid FROM session_notes WHERE present = 1 LIMIT ?)', [left]);
	if (rows >= 0 && left <= 0) return true;
	c.run('DELETE FROM sessions WHERE NOT EXISTS (SELECT 1 FROM session_notes n WHERE n.session = sessions.id)');
	c.run('DELETE FROM note_files');
	return false;
}

export function noteScopes(c: Conn): string[] {
	return c.all('SELECT DISTINCT project FROM sessions ORDER BY project').map((r) => str(r.project));
}

export interface NoteFile {
	path: string;
	scope: string;
	mtime: number;
	size: number;
}

export function writeNoteFile(c: Conn, f: NoteFile): void {
	c.run('INSERT OR REPLACE INTO note_files (path, scope, mtime, size) VALUES (?, ?, ?, ?)', [f.path, f.scope, f.mtime, f.size]);
}

export function noteFileAt(c: Conn, path: string): NoteFile | null {
	const row = c.get('SELECT path, scope, mtime, size FROM note_files WHERE path = ?', [path]);
	return row ? { path: str(row.path), scope: str(row.scope), mtime: num(row.mtime), size: num(row.size) } : null;
}

export function allNoteFiles(c: Conn): NoteFile[] {
	return c.all('SELECT path, scope, mtime, size FROM note_files').map((row) => ({
		path: str(row.path), scope: str(row.scope), mtime: num(row.mtime), size: num(row.size),
	}));
}

export function deleteNoteFile(c: Conn, path: string): void {
	c.run('DELETE FROM note_files WHERE path = ?', [path]);
}
