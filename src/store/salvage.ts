/**
 * The person's own notes (docs/decisions.md §6) read out of an index file that cannot be used:
 * everything else in it is derived from the vault and read again, these are not. What
 * can be read is kept; whatever a damaged page hides comes back from uncommitted.md, as
 * when the file is lost.
 */
import type { Database, SqlJsStatic } from 'sql.js';
import { checkedBytes } from './checksum';
import { fileKind } from './open';

export interface SalvagedNote {
	scope: string;
	agent: string;
	text: string;
	ts: number;
	unflushed: boolean;
	dismissed: boolean;
}

function toSalvaged(row: unknown[]): SalvagedNote | null {
	const [scope, agent, text, ts, unflushed, dismissed] = row;
	if (typeof scope !== 'string' || scope === '' || typeof agent !== 'string' || typeof text !== 'string' || text === '') return null;
	if (typeof ts !== 'number' || !Number.isSafeInteger(ts)) return null;
	return { scope, agent, text, ts, unflushed: unflushed === 1, dismissed: dismissed === 1 };
}

/** Rows one at a time, so that a damaged page stops the reading, not what was read before it. */
function readRows(db: Database, query: string, params: (string | number)[] = []): unknown[][] {
	const out: unknown[][] = [];
	let stmt;
	try {
		stmt = db.prepare(query);
		stmt.bind(params);
		while (stmt.step()) out.push(stmt.get());
	} catch {
		// What was read stands; the rest is recovered from uncommitted.md.
	} finally {
		try {
			stmt?.free();
		} catch {
			// a statement of a damaged database may fail to finalize as well
		}
	}
	return out;
}

const NOTE = 'SELECT id, session, text, ts, unflushed, dismissed FROM session_notes';

/**
 * Each table read by itself, once by a scan and once through an index, and joined here:
 * a damaged page of one index or one table then hides as few notes as it can.
 */
export function salvageFromDb(db: Database): SalvagedNote[] {
	const sessions = new Map<string, unknown[]>();
	for (const [id, project, agent] of readRows(db, 'SELECT id, project, agent FROM sessions NOT INDEXED')) sessions.set(String(id), [project, agent]);
	const rows = [
		...readRows(db, `${NOTE} NOT INDEXED WHERE own = 1`),
		...readRows(db, `${NOTE} INDEXED BY session_notes_own WHERE own = 1`),
	];
	const found = new Map<string, { id: number; note: SalvagedNote }>();
	for (const [id, session, text, ts, unflushed, dismissed] of rows) {
		const sid = String(session);
		if (!sessions.has(sid)) sessions.set(sid, readRows(db, 'SELECT project, agent FROM sessions WHERE id = ?', [sid])[0] ?? []);
		const [scope, agent] = sessions.get(sid) ?? [];
		const note = toSalvaged([scope, agent, text, ts, unflushed, dismissed]);
		if (note && typeof id === 'number') found.set(`${note.scope}\u0000${note.ts}\u0000${note.text}`, { id, note });
	}
	return [...found.values()].sort((a, b) => a.note.ts - b.note.ts || a.id - b.id).map((f) => f.note);
}

/**
 * A file cut short, zero-filled to the length its header states: SQLite refuses to read
 * anything from a file shorter than that, though the pages still there are whole.
 */
function padded(bytes: Uint8Array): Uint8Array {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const raw = view.getUint16(16);
	const length = (raw === 1 ? 65536 : raw) * view.getUint32(28);
	// A damaged header may state any length: 256 MiB at most.
	if (length <= bytes.length || length > 2 ** 28) return bytes;
	const out = new Uint8Array(length);
	out.set(bytes);
	return out;
}

/**
 * The own notes an unusable file still holds, when it is this plugin's index (another
 * program's file has nothing of the person's). Never throws.
 */
export function salvageOwnNotes(sql: SqlJsStatic, saved: Uint8Array | null): SalvagedNote[] {
	if (saved === null) return [];
	const { bytes } = checkedBytes(saved);
	if (fileKind(bytes) !== 'index') return [];
	let db: Database | null = null;
	try {
		db = new sql.Database(padded(bytes));
		return salvageFromDb(db);
	} catch {
		return [];
	} finally {
		try {
			db?.close();
		} catch {
			// nothing more to read from it
		}
	}
}
