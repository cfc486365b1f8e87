/**
 * Opening index bytes, trusting nothing: a crash, a sync client or another program
 * may have left a torn, empty or unrelated file where the index should be.
 */
import type { Database, SqlJsStatic } from 'sql.js';
import { type Checked, checkedBytes } from './checksum';
import { applicationId, migrate, migrateSteps, SCHEMA_VERSION, userVersion } from './migrations';
import { runThrough, type Steps } from './steps';
import { APPLICATION_ID } from './schema';

export type UnusableReason = 'missing' | 'unreadable' | 'empty' | 'truncated' | 'corrupt' | 'foreign' | 'foreignVersion';

export interface Unusable {
	reason: UnusableReason;
	detail: string;
}

export type Opened = ({ ok: true; db: Database; migratedFrom: number }) | ({ ok: false } & Unusable);

const MAGIC = 'SQLite format 3\u0000';

/**
 * The header states the file's length (page size × page count) whenever that count
 * is current. SQLite reads a short file as if padded with zeros and may call it
 * sound, so the length is checked here.
 */
function headerProblem(bytes: Uint8Array): Unusable | null {
	if (bytes.length === 0) return { reason: 'empty', detail: 'the index file is empty' };
	if (bytes.length < 100) return { reason: 'truncated', detail: `the index file is only ${bytes.length} bytes long` };
	for (let i = 0; i < MAGIC.length; i++) {
		if (bytes[i] !== MAGIC.charCodeAt(i)) return { reason: 'corrupt', detail: 'the index file is not an SQLite database' };
	}
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const rawPage = view.getUint16(16);
	const pageSize = rawPage === 1 ? 65536 : rawPage;
	const pages = view.getUint32(28);
	const countIsCurrent = view.getUint32(24) === view.getUint32(92);
	if (countIsCurrent && pages > 0 && pages * pageSize !== bytes.length) {
		return { reason: 'truncated', detail: `the index file holds ${bytes.length} of ${pages * pageSize} bytes` };
	}
	return null;
}

/** Ours, and a version we can read or migrate? */
function ownerProblem(db: Database): Unusable | null {
	if (applicationId(db) !== APPLICATION_ID) return { reason: 'foreign', detail: 'the file is not this plugin\'s index' };
	const version = userVersion(db);
	if (version > SCHEMA_VERSION) {
		return { reason: 'foreignVersion', detail: `index schema version ${version} is newer than this plugin knows (${SCHEMA_VERSION})` };
	}
	if (version < 1) return { reason: 'foreign', detail: 'the index file has no schema version' };
	return null;
}

/** Every table and view a current index has, with its columns. */
type Shape = { name: string; columns: string[] }[];

const shapes = new WeakMap<SqlJsStatic, Shape>();

function shapeOf(db: Database): Shape {
	const names = db.exec("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name");
	return (names[0]?.values ?? []).map(([name]) => {
		// table_xinfo: generated columns (name, id, host_session) are queried like any other.
		const cols = db.exec(`PRAGMA table_xinfo(${JSON.stringify(String(name))})`);
		return { name: String(name), columns: (cols[0]?.values ?? []).map((c) => String(c[1])) };
	});
}

function currentShape(sql: SqlJsStatic): Shape {
	let shape = shapes.get(sql);
	if (!shape) {
		const fresh = createIndexDb(sql);
		shape = shapeOf(fresh);
		fresh.close();
		shapes.set(sql, shape);
	}
	return shape;
}

/**
 * Whether every table and view the plugin queries is there with its columns. The version
 * number alone does not say so: a flipped byte inside a stored CREATE statement, or tables
 * dropped by another program, pass the integrity check and would make every query fail.
 */
function shapeProblem(sql: SqlJsStatic, db: Database): Unusable | null {
	let found: Shape;
	try {
		found = shapeOf(db);
	} catch (err) {
		return { reason: 'corrupt', detail: `the index's tables cannot be read (${err instanceof Error ? err.message : String(err)})` };
	}
	for (const { name, columns } of currentShape(sql)) {
		const have = found.find((t) => t.name === name);
		const missing = have ? columns.filter((c) => !have.columns.includes(c)) : columns;
		if (missing.length > 0) return { reason: 'corrupt', detail: `the index's ${name} table lacks ${missing.join(', ')} although its schema version says otherwise` };
	}
	return null;
}

/** Opens, checks and migrates; anything unusable is described, never thrown. */
export function openIndexBytes(sql: SqlJsStatic, saved: Uint8Array | null, checked?: Checked): Opened {
	return runThrough(openIndexBytesSteps(sql, saved, checked));
}

/**
 * openIndexBytes(), a step after sql.js has taken the bytes in (it copies the whole file) and
 * after the first query (SQLite reads the header and the schema): at 10,000 checkpoints each is
 * 10–25 ms, and together, with a collection landing, a task over 50 ms.
 */
export function* openIndexBytesSteps(sql: SqlJsStatic, saved: Uint8Array | null, checked?: Checked): Steps<Opened> {
	if (saved === null) return { ok: false, reason: 'missing', detail: 'there is no index file' };
	// `checked`: the checksum already taken (in steps, loadIndex), else taken here.
	const { bytes, state } = checked ?? checkedBytes(saved);
	// Any change since the save, even one every SQLite check passes (a page copied over another).
	if (state === 'mismatch') return { ok: false, reason: 'corrupt', detail: 'the index file is not what was saved (its checksum does not match)' };
	const bad = headerProblem(bytes);
	if (bad) return { ok: false, ...bad };
	const verified = state === 'verified';
	let db: Database | null = null;
	// Closed unless handed over: on a failure, and if the steps are left unfinished.
	let handed = false;
	try {
		db = new sql.Database(bytes);
		yield;
		// Bytes that match the checksum written with them are the database this plugin exported:
		// its pages and its tables are sound. Others (saved before checksums) get quick_check
		// (every page read as integrity_check does, without matching each index against its
		// table: a few times faster, and the index is a cache) and the shape check below;
		// damage these miss shows as SQLITE_CORRUPT later, and the store starts afresh then.
		if (!verified) {
			const check = db.exec('PRAGMA quick_check');
			const verdict = String(check[0]?.values[0]?.[0] ?? '');
			if (verdict !== 'ok') throw new Error(`integrity check: ${verdict || 'no answer'}`);
		}
		const owner = ownerProblem(db);
		if (owner) return { ok: false, ...owner };
		yield;
		const { from } = migrate(db);
		const shape = verified && from === SCHEMA_VERSION ? null : shapeProblem(sql, db);
		if (shape) return { ok: false, ...shape };
		handed = true;
		return { ok: true, db, migratedFrom: from };
	} catch (err) {
		return { ok: false, reason: 'corrupt', detail: err instanceof Error ? err.message : String(err) };
	} finally {
		if (!handed) db?.close();
	}
}

/** What a file's first bytes say it is, without opening it. */
export type FileKind = 'empty' | 'index' | 'sqlite' | 'other';

/**
 * SQLite keeps `application_id` in the header (offset 68), so this plugin's index is known
 * by its first 100 bytes, damaged pages or not; another program's database is `sqlite`.
 */
export function fileKind(bytes: Uint8Array): FileKind {
	if (bytes.length === 0) return 'empty';
	if (bytes.length < 100 || [...MAGIC].some((c, i) => bytes[i] !== c.charCodeAt(0))) return 'other';
	const view = new DataView(bytes.buffer, bytes.byteOffset, 100);
	return view.getUint32(68) === APPLICATION_ID ? 'index' : 'sqlite';
}

/** The SQLite error codes that mean the file's pages are damaged, as sql.js words them. */
const DAMAGED = /database disk image is malformed|file is not a database|SQLITE_CORRUPT|SQLITE_NOTADB/i;

/** Whether an error from a query means the database itself is damaged (not the query). */
export function isDamageError(err: unknown): boolean {
	return err instanceof Error && DAMAGED.test(err.message);
}

/** A new, empty index at the current schema version. */
export function createIndexDb(sql: SqlJsStatic): Database {
	return runThrough(createIndexDbSteps(sql));
}

/** createIndexDb(), a step per schema version (a first start gives the main thread back between them). */
export function* createIndexDbSteps(sql: SqlJsStatic): Steps<Database> {
	const db = new sql.Database();
	try {
		// Rows of about a kilobyte leave much of a 4 KB page unused; 8 KB pages waste less.
		db.run('PRAGMA page_size = 8192');
		yield* migrateSteps(db);
		yield;
		// Later steps drop what earlier ones made: a new index starts without their leftovers.
		db.run('VACUUM');
		return db;
	} catch (err) {
		db.close();
		throw err;
	}
}
