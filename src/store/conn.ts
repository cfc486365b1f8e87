/**
 * A thin layer over a sql.js Database: cached statements, typed rows, transactions.
 */
import type { Database, Statement } from 'sql.js';

export type Value = number | string | Uint8Array | null;
export type Row = Record<string, Value>;

/** Deferred work: `run` does it, `drop` forgets it when its transaction rolls back. */
export interface Deferred {
	/** Matches a statement on the tables it writes: such a statement runs it first. */
	tables: RegExp;
	run(): void;
	drop(): void;
}

export class Conn {
	private readonly cache = new Map<string, Statement>();
	private depth = 0;
	private readonly deferred = new Map<string, Deferred>();
	private flushing = false;

	/** `setup` holds connection settings (pragmas): run now and again whenever sql.js reopens. */
	constructor(readonly db: Database, private readonly setup: (db: Database) => void = () => undefined) {
		setup(db);
	}

	private stmt(sql: string): Statement {
		// A statement on a table with deferred rows sees them.
		if (this.deferred.size > 0 && !this.flushing && [...this.deferred.values()].some((d) => d.tables.test(sql))) this.flush();
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
		const s = this.stmt(sql);
		const rows: Row[] = [];
		try {
			s.bind(params);
			// Column names once per query: sql.js's getAsObject asks for them again on every row.
			let names: string[] | null = null;
			while (s.step()) {
				names ??= s.getColumnNames();
				const values = s.get();
				const row: Row = {};
				for (let i = 0; i < names.length; i++) row[names[i]] = values[i];
				rows.push(row);
			}
		} finally {
			s.reset();
		}
		return rows;
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
			this.flush();
			this.db.run('COMMIT');
			return out;
		} catch (err) {
			for (const d of this.deferred.values()) d.drop();
			this.deferred.clear();
			this.db.run('ROLLBACK');
			throw err;
		}
	}

	/**
	 * Work that may wait until the transaction ends or a statement on its tables runs,
	 * whichever comes first (many small inserts made as one statement). Registered once
	 * per name; names run in the order first registered.
	 */
	defer(name: string, work: Deferred): void {
		if (this.depth === 0) work.run();
		else this.deferred.set(name, work);
	}

	/** Runs deferred work now (a statement on its tables does so first, so no read misses it). */
	flush(): void {
		if (this.flushing) return;
		this.flushing = true;
		try {
			for (const [name, work] of this.deferred) {
				this.deferred.delete(name);
				work.run();
			}
		} finally {
			this.flushing = false;
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
		this.flush();
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
		for (const s of this.cache.values()) s.free();
		this.cache.clear();
	}
}

export function num(v: Value | undefined): number {
	return typeof v === 'number' ? v : Number(v ?? 0);
}

export function str(v: Value | undefined): string {
	return v === null || v === undefined ? '' : String(v);
}
