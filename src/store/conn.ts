/**
 * A thin layer over a sql.js Database: cached statements, typed rows, transactions.
 */
import type { Database, Statement } from 'sql.js';

export type Value = number | string | Uint8Array | null;
export type Row = Record<string, Value>;

const utf8 = new TextEncoder();
const SURROGATE = /[\ud800-\udfff]/;

/**
 * Strings bound as their UTF-8 bytes, for parameters the statement casts (`CAST(? AS TEXT)`):
 * sql.js binds a string by measuring and encoding it a character at a time in JavaScript,
 * where bytes are copied in at once, and the runtime's encoder writes them (docs/decisions.md,
 * "A first index at the speed of reading"). A string holding any surrogate is bound as it is:
 * the encoder writes U+FFFD for a lone one where sql.js writes the unit itself, and both ways
 * must store the same text. One buffer per row: `row()` starts it again once the row is bound.
 */
export class TextParams {
	private buf = new Uint8Array(4096);
	private at = 0;

	/** A new row: the bytes of the last one are bound (copied) already. */
	row(): this {
		this.at = 0;
		return this;
	}

	text(s: string | null): Value {
		if (s === null || SURROGATE.test(s)) return s;
		// At most three bytes per UTF-16 unit; a new buffer leaves the views already made on the old one.
		if (this.buf.length - this.at < s.length * 3) {
			this.buf = new Uint8Array(Math.max(this.buf.length * 2, s.length * 3));
			this.at = 0;
		}
		const written = utf8.encodeInto(s, this.buf.subarray(this.at)).written;
		const view = this.buf.subarray(this.at, this.at + written);
		this.at += written;
		return view;
	}
}

export class Conn {
	private readonly cache = new Map<string, Statement>();
	private depth = 0;

	/** `setup` holds connection settings (pragmas): run now and again whenever sql.js reopens. */
	constructor(private current: Database, private readonly setup: (db: Database) => void = () => undefined) {
		setup(current);
	}

	get db(): Database {
		return this.current;
	}

	/** Another database in place of this one (a damaged index replaced); the old one is left to the caller. */
	replace(db: Database): void {
		this.forget();
		this.depth = 0;
		this.current = db;
		this.setup(db);
	}

	private stmt(sql: string): Statement {
		let s = this.cache.get(sql);
		if (!s) {
			s = this.db.prepare(sql);
			this.cache.set(sql, s);
		}
		return s;
	}

	/** Runs one statement; returns how many rows it changed. */
	run(sql: string, params: Value[] = []): number {
		const s = this.stmt(sql);
		try {
			s.bind(params);
			s.step();
		} finally {
			s.reset();
		}
		return this.db.getRowsModified();
	}

	all(sql: string, params: Value[] = []): Row[] {
		const rows: Row[] = [];
		this.rows(sql, params, true, (row) => rows.push(row));
		return rows;
	}

	/**
	 * Each row as an object, handed over as it is stepped to: one object, refilled for every
	 * row, so `visit` reads it and keeps none of it. A caller that turns thousands of rows into
	 * something else (a whole model decodes every checkpoint row) holds one raw row at a time,
	 * and makes no object per row: with twenty-odd columns V8 keeps such an object as a
	 * dictionary, about 1.6 KB each.
	 */
	each(sql: string, params: Value[], visit: (row: Readonly<Row>) => void): void {
		this.rows(sql, params, false, visit);
	}

	private rows(sql: string, params: Value[], fresh: boolean, visit: (row: Row) => void): void {
		const s = this.stmt(sql);
		try {
			s.bind(params);
			// Column names once per query: sql.js's getAsObject asks for them again on every row.
			let names: string[] | null = null;
			let row: Row = {};
			while (s.step()) {
				names ??= s.getColumnNames();
				const values = s.get();
				if (fresh) row = {};
				for (let i = 0; i < names.length; i++) row[names[i]] = values[i];
				visit(row);
			}
		} finally {
			s.reset();
		}
	}

	/** Rows as arrays in column order: much cheaper than objects when there are thousands. */
	values(sql: string, params: Value[] = []): Value[][] {
		const s = this.stmt(sql);
		const rows: Value[][] = [];
		try {
			s.bind(params);
			while (s.step()) rows.push(s.get());
		} finally {
			s.reset();
		}
		return rows;
	}

	get(sql: string, params: Value[] = []): Row | null {
		return this.all(sql, params)[0] ?? null;
	}

	/** All-or-nothing: a throw inside leaves the database as it was. Nested calls join the outer one. */
	tx<T>(work: () => T): T {
		if (this.depth > 0) return this.nested(work);
		this.db.run('BEGIN');
		try {
			const out = this.nested(work);
			this.db.run('COMMIT');
			return out;
		} catch (err) {
			this.db.run('ROLLBACK');
			throw err;
		}
	}

	private nested<T>(work: () => T): T {
		this.depth++;
		try {
			return work();
		} finally {
			this.depth--;
		}
	}

	/** sql.js closes and reopens the database to export it, which frees every statement. */
	export(): Uint8Array {
		this.forget();
		const bytes = this.db.export();
		this.setup(this.db);
		return bytes;
	}

	close(): void {
		this.forget();
		this.db.close();
	}

	private forget(): void {
		for (const s of this.cache.values()) {
			try {
				s.free();
			} catch {
				// a statement of a damaged database may fail to finalize; it is dropped all the same
			}
		}
		this.cache.clear();
	}
}

export function num(v: Value | undefined): number {
	return typeof v === 'number' ? v : Number(v ?? 0);
}

export function str(v: Value | undefined): string {
	return v === null || v === undefined ? '' : String(v);
}
